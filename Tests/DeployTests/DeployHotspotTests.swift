import Foundation
import Testing
import GateSpeedTestSupport

/// `Deploy/install.sh --hotspot NAME`, with fake `nmcli`, `systemctl`, `hostnamectl` and `apt-get`
/// on PATH that record their arguments (one call a line in `calls`). The fake nmcli remembers the
/// connections it was asked to add, as NetworkManager would.
struct DeployHotspotTests {
    let script = repositoryRoot() + "/Deploy/install.sh"

    /// A temporary root (with /etc/hosts as Raspberry Pi OS has it) and the fakes.
    final class Board {
        let directory: TemporaryDirectory
        var root: String { directory.path + "/root" }
        var fakes: String { directory.path + "/bin" }

        init() throws {
            directory = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory.path + "/root/etc", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: directory.path + "/bin", withIntermediateDirectories: true)
            try directory.write("127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n", to: "root/etc/hosts")
            let log = directory.path + "/calls", connections = directory.path + "/connections"
            for tool in ["systemctl", "hostnamectl", "apt-get"] {
                try fake(tool, "echo \"\(tool) $*\" >> '\(log)'")
            }
            try fake("nmcli", """
                echo "nmcli $*" >> '\(log)'
                case "$*" in
                  "-t -f NAME connection show") cat '\(connections)' 2>/dev/null ;;
                  "connection add "*) echo gatespeed-hotspot >> '\(connections)' ;;
                esac
                """)
        }

        private func fake(_ name: String, _ body: String) throws {
            let path = fakes + "/" + name
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, 0o755) == 0)
        }

        /// The recorded calls, one a line.
        var calls: [String] { ((try? readText(directory.path + "/calls")) ?? "").split(separator: "\n").map(String.init) }
        var hosts: String { (try? readText(root + "/etc/hosts")) ?? "" }
    }

    func hotspot(_ arguments: [String], on board: Board) throws -> (status: Int32, output: String) {
        try runProgram("/bin/bash", [script] + arguments,
                       environment: ["PATH": board.fakes + ":/usr/bin:/bin", "ROOT": board.root])
    }

    @Test func makesTheHotspotWithAPrintedPassphraseAndAvahi() throws {
        let board = try Board()
        let result = try hotspot(["--hotspot", "Slalom Club"], on: board)
        #expect(result.status == 0, "\(result.output)")
        let add = try #require(board.calls.first { $0.hasPrefix("nmcli connection add") })
        for setting in ["type wifi ifname wlan0 con-name gatespeed-hotspot autoconnect yes ssid Slalom Club",
                        "802-11-wireless.mode ap", "ipv4.method shared", "ipv4.addresses 10.42.0.1/24",
                        "ipv6.method disabled", "wifi-sec.key-mgmt wpa-psk", "wifi-sec.psk "] {
            #expect(add.contains(setting), "\(setting) in \(add)")
        }
        let passphrase = try #require(add.components(separatedBy: "wifi-sec.psk ").last)
        #expect(passphrase.count == 16)
        #expect(result.output.components(separatedBy: passphrase).count == 2, "the passphrase is printed exactly once")
        #expect(result.output.contains("hotspot passphrase (shown only now; write it down): \(passphrase)"))
        #expect(board.calls.contains("apt-get install -y --no-install-recommends avahi-daemon"))
        #expect(board.calls.contains("systemctl enable --now avahi-daemon.service"))
        #expect(board.calls.last == "nmcli connection up gatespeed-hotspot")
        #expect(result.output.contains("http://10.42.0.1:8080"))
        #expect(!board.calls.contains { $0.hasPrefix("hostnamectl") }, "the name is changed only when asked")
        #expect(board.hosts.contains("127.0.1.1\traspberrypi"))
        #expect(!board.calls.contains { $0.contains("gatespeed.service") }, "the service is left alone")
    }

    @Test func reRunningModifiesTheSameConnectionAndKeepsItsPassphrase() throws {
        let board = try Board()
        #expect(try hotspot(["--hotspot", "GateSpeed", "--hotspot-password", "first-pass-123"], on: board).status == 0)
        let again = try hotspot(["--hotspot", "GateSpeed-2"], on: board)
        #expect(again.status == 0, "\(again.output)")
        #expect(board.calls.filter { $0.hasPrefix("nmcli connection add") }.count == 1)
        let modify = try #require(board.calls.first { $0.hasPrefix("nmcli connection modify gatespeed-hotspot") })
        #expect(modify.contains("802-11-wireless.ssid GateSpeed-2"))
        #expect(modify.contains("ipv4.addresses 10.42.0.1/24"))
        #expect(!modify.contains("wifi-sec.psk"), "no new passphrase: the old one stays")
        #expect(again.output.contains("kept the hotspot's passphrase"))
        let third = try hotspot(["--hotspot", "GateSpeed", "--hotspot-password", "second-pass-456"], on: board)
        #expect(third.status == 0)
        #expect(board.calls.last { $0.hasPrefix("nmcli connection modify") }?.hasSuffix("wifi-sec.psk second-pass-456") == true)
        #expect(!third.output.contains("second-pass-456"), "a given passphrase is not echoed")
    }

    @Test func hostnameOnlyWhenAskedAndHostsFollows() throws {
        let board = try Board()
        let result = try hotspot(["--hotspot", "GateSpeed", "--hostname", "--hotspot-password", "course-pass"], on: board)
        #expect(result.status == 0, "\(result.output)")
        #expect(board.calls.contains("hostnamectl set-hostname gatespeed"))
        #expect(board.hosts == "127.0.0.1\tlocalhost\n127.0.1.1\tgatespeed\n")
        #expect(result.output.contains("http://gatespeed.local:8080"))
        #expect(try hotspot(["--hotspot", "GateSpeed", "--hostname"], on: board).status == 0)
        #expect(board.hosts == "127.0.0.1\tlocalhost\n127.0.1.1\tgatespeed\n", "idempotent")
    }

    @Test func dryRunChangesNothing() throws {
        let board = try Board()
        let result = try hotspot(["--hotspot", "GateSpeed", "--hostname", "--dry-run"], on: board)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("would run: nmcli connection add"))
        #expect(result.output.contains("wifi-sec.psk ********"))
        #expect(board.calls == ["nmcli -t -f NAME connection show"], "only the look at what exists")
        #expect(board.hosts.contains("raspberrypi"))
    }

    @Test func withoutNetworkManagerItSaysSoAndChangesNothing() throws {
        let board = try Board()
        #expect(unlink(board.fakes + "/nmcli") == 0)
        let result = try runProgram("/bin/bash", [script, "--hotspot", "GateSpeed"],
                                    environment: ["PATH": board.fakes + ":/nonexistent", "ROOT": board.root])
        #expect(result.status == 1)
        #expect(result.output.contains("needs NetworkManager"))
        #expect(board.calls.isEmpty)
    }

    @Test(arguments: [["--hotspot"], ["--hotspot", "GateSpeed", "--hotspot-password", "short"],
                      ["--hotspot", String(repeating: "x", count: 33)], ["--hostname"], ["--hotspot-password", "long-enough"]])
    func badHotspotUsageExitsTwo(_ arguments: [String]) throws {
        let board = try Board()
        let result = try hotspot(arguments, on: board)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains("install.sh: "))
        #expect(board.calls.isEmpty)
    }
}
