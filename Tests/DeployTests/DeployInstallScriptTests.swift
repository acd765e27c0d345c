import Foundation
import Testing
import GateSpeedTestSupport

/// `Deploy/install.sh`, exercised in a temporary root with systemd and udev left alone.
struct DeployInstallScriptTests {
    let script = repositoryRoot() + "/Deploy/install.sh"

    func install(_ arguments: [String], root: String) throws -> (status: Int32, output: String) {
        try runProgram("/bin/bash", [script] + arguments,
                       environment: ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "ROOT": root])
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func scriptParses() throws {
        let result = try runProgram("/bin/bash", ["-n", script])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func dryRunListsEveryActionAndChangesNothing() throws {
        let root = try TemporaryDirectory()
        let result = try install(["--dry-run", "--binary", "/bin/true"], root: root.path)
        #expect(result.status == 0, "\(result.output)")
        let expectedInOrder = [
            "would run: \(repositoryRoot())/Deploy/install-deps.sh",
            "would run: install -D -m 0755 /bin/true \(root.path)/usr/local/bin/gatespeed",
            "groupadd --system gpio",
            "would run: install -D -m 0644 \(repositoryRoot())/Deploy/99-gatespeed-gpio.rules \(root.path)/etc/udev/rules.d/99-gatespeed-gpio.rules",
            "would run: udevadm control --reload",
            "useradd --system --user-group",
            "would run: install -m 0644 \(repositoryRoot())/Deploy/config.example.json \(root.path)/etc/gatespeed/config.json",
            "would run: install -D -m 0644 \(repositoryRoot())/Deploy/gatespeed.service \(root.path)/etc/systemd/system/gatespeed.service",
            "would run: install -D -m 0644 \(repositoryRoot())/Deploy/gatespeed-modules.conf \(root.path)/etc/modules-load.d/gatespeed.conf",
            "would run: systemctl daemon-reload",
            "would run: systemctl restart systemd-modules-load.service",
            "would run: systemctl enable gatespeed.service",
            "would run: systemctl restart gatespeed.service",
        ]
        var remaining = Substring(result.output)
        for action in expectedInOrder {
            guard let range = remaining.range(of: action) else {
                Issue.record("missing or out of order: \(action)\n\(result.output)")
                return
            }
            remaining = remaining[range.upperBound...]
        }
        let created = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(created.isEmpty, "a dry run wrote \(created)")
    }

    @Test func dryRunWithoutBinaryBuildsInRelease() throws {
        let root = try TemporaryDirectory()
        let result = try install(["--dry-run", "--skip-deps"], root: root.path)
        #expect(result.status == 0)
        #expect(result.output.contains("build -c release --product gatespeed"))
        #expect(!result.output.contains("install-deps.sh"))
    }

    @Test func stagedInstallPlacesFilesAndKeepsAnEditedConfig() throws {
        let root = try TemporaryDirectory()
        let options = ["--binary", "/bin/true", "--skip-deps", "--no-systemctl"]
        let first = try install(options, root: root.path)
        #expect(first.status == 0, "\(first.output)")
        #expect(FileManager.default.isExecutableFile(atPath: root.path + "/usr/local/bin/gatespeed"))
        #expect(exists(root.path + "/etc/systemd/system/gatespeed.service"))
        #expect(exists(root.path + "/etc/udev/rules.d/99-gatespeed-gpio.rules"), "no gpio group: plain Debian")
        #expect(try readText(root.path + "/etc/modules-load.d/gatespeed.conf")
                == readText(repositoryRoot() + "/Deploy/gatespeed-modules.conf"))
        #expect(first.output.contains("skipped (--no-systemctl): systemctl enable gatespeed.service"))
        let configPath = root.path + "/etc/gatespeed/config.json"
        #expect(try readText(configPath) == readText(repositoryRoot() + "/Deploy/config.example.json"))

        let edited = #"{"course": {"length_m": 30}}"#
        try edited.write(toFile: configPath, atomically: false, encoding: .utf8)
        let second = try install(options, root: root.path)
        #expect(second.status == 0)
        #expect(second.output.contains("keeping existing \(configPath)"))
        #expect(try readText(configPath) == edited)
    }

    @Test func raspberryPiOSAlreadyHasTheGPIOGroup() throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path + "/etc", withIntermediateDirectories: true)
        try root.write("video:x:44:\naudio:x:29:\ngpio:x:997:\n", to: "etc/group")
        let result = try install(["--binary", "/bin/true", "--skip-deps", "--no-systemctl"], root: root.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(!exists(root.path + "/etc/udev/rules.d/99-gatespeed-gpio.rules"))
        #expect(!result.output.contains("groupadd"))
    }

    @Test func uninstallKeepsResultsUnlessPurged() throws {
        let root = try TemporaryDirectory()
        let options = ["--binary", "/bin/true", "--skip-deps", "--no-systemctl"]
        #expect(try install(options, root: root.path).status == 0)
        try FileManager.default.createDirectory(atPath: root.path + "/var/lib/gatespeed/clips", withIntermediateDirectories: true)
        try root.write("{}\n", to: "var/lib/gatespeed/results.jsonl")

        let uninstall = try install(["--uninstall", "--no-systemctl"], root: root.path)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(uninstall.output.contains("skipped (--no-systemctl): systemctl disable --now gatespeed.service"))
        #expect(!exists(root.path + "/usr/local/bin/gatespeed"))
        #expect(!exists(root.path + "/etc/systemd/system/gatespeed.service"))
        #expect(!exists(root.path + "/etc/udev/rules.d/99-gatespeed-gpio.rules"))
        #expect(!exists(root.path + "/etc/modules-load.d/gatespeed.conf"))
        #expect(exists(root.path + "/etc/gatespeed/config.json"))
        #expect(exists(root.path + "/var/lib/gatespeed/results.jsonl"))

        let purge = try install(["--uninstall", "--purge", "--no-systemctl"], root: root.path)
        #expect(purge.status == 0, "\(purge.output)")
        #expect(!exists(root.path + "/etc/gatespeed"))
        #expect(!exists(root.path + "/var/lib/gatespeed"))
    }

    @Test func uninstallOfNothingSucceeds() throws {
        let root = try TemporaryDirectory()
        let result = try install(["--uninstall", "--no-systemctl"], root: root.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("kept \(root.path)/etc/gatespeed/config.json"))
    }

    @Test(arguments: [["--frobnicate"], ["--purge"], ["--binary"], ["--root"]])
    func badUsageExitsWithStatusTwo(_ arguments: [String]) throws {
        let root = try TemporaryDirectory()
        let result = try install(arguments + ["--dry-run"], root: root.path)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains("install.sh: "))
    }

    /// The modules named are the cores that register the unit's DeviceAllow= classes: each
    /// class of the unit whose core is a module on Debian's kernel has its module in the file.
    @Test func modulesLoadFileNamesTheCoresOfTheUnitsDeviceClasses() throws {
        let modules = try readText(repositoryRoot() + "/Deploy/gatespeed-modules.conf")
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init)
        #expect(modules == ["videodev", "snd"])
        let unit = try readText(repositoryRoot() + "/Deploy/gatespeed.service")
        for deviceClass in ["char-video4linux", "char-media", "char-alsa"] {
            #expect(unit.contains("DeviceAllow=\(deviceClass) rw"), "the unit no longer allows \(deviceClass)")
        }
    }
}
