import Foundation
import Testing
import GateSpeedTestSupport

/// `Deploy/gatespeed.service` is accepted by systemd and carries the directives the
/// appliance depends on; the udev rule gives the gpio group the GPIO chips.
struct DeployUnitTests {
    static let analyzer = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let unitText: String

    init() throws {
        unitText = try readText(repositoryRoot() + "/Deploy/gatespeed.service")
    }

    /// Runs `systemd-analyze verify` on a copy of `text` named gatespeed.service whose
    /// ExecStart points at /bin/true (the real binary is not installed here). Returns the
    /// exit status and the lines that complain about the unit itself.
    func verify(_ text: String) throws -> (status: Int32, complaints: [String]) {
        let directory = try TemporaryDirectory()
        let copy = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("ExecStart=") ? "ExecStart=/bin/true run --config /etc/gatespeed/config.json" : String(line)
        }.joined(separator: "\n")
        try directory.write(copy, to: "gatespeed.service")
        let result = try runProgram(Self.analyzer ?? "systemd-analyze", ["verify", directory.path + "/gatespeed.service"],
                                    environment: ["SYSTEMD_LOG_COLOR": "0", "PATH": "/usr/bin:/bin"])
        let complaints = result.output.split(separator: "\n").map(String.init).filter {
            $0.contains("gatespeed.service") || $0.contains("Unknown") || $0.contains("ignoring")
        }
        return (result.status, complaints)
    }

    @Test(.enabled(if: analyzer != nil, "systemd-analyze is not installed (apt-get install systemd) - unit not verified"))
    func systemdAcceptsTheUnit() throws {
        let result = try verify(unitText)
        #expect(result.status == 0)
        #expect(result.complaints.isEmpty, "systemd-analyze verify: \(result.complaints.joined(separator: "\n"))")
    }

    /// The check above would notice a broken unit: a misspelt directive and a bad value are reported.
    @Test(.enabled(if: analyzer != nil, "systemd-analyze is not installed (apt-get install systemd) - unit not verified"))
    func verificationCatchesABrokenUnit() throws {
        let broken = unitText.replacingOccurrences(of: "WatchdogSec=10", with: "WatchdogSec=ten\nProtectSystm=strict")
        let result = try verify(broken)
        #expect(result.complaints.contains { $0.contains("ProtectSystm") })
        #expect(result.complaints.contains { $0.contains("ten") || $0.contains("WatchdogSec") })
    }

    @Test(arguments: [
        "Type=notify",
        "ExecStart=/usr/local/bin/gatespeed run --config /etc/gatespeed/config.json",
        "WatchdogSec=10", "Restart=always", "RestartSec=2", "TimeoutStopSec=5",
        "User=gatespeed", "SupplementaryGroups=video gpio audio",
        "StateDirectory=gatespeed", "ConfigurationDirectory=gatespeed",
        "ProtectSystem=strict", "ProtectHome=yes", "NoNewPrivileges=yes", "PrivateTmp=yes",
        "DevicePolicy=closed", "DeviceAllow=char-video4linux rw", "DeviceAllow=char-media rw",
        "DeviceAllow=char-gpiochip rw", "DeviceAllow=char-alsa rw",
        "RestrictAddressFamilies=AF_UNIX AF_INET", "IPAddressDeny=any", "ProtectKernelTunables=yes", "ProtectKernelModules=yes",
        "ProtectControlGroups=yes", "AmbientCapabilities=CAP_SYS_NICE", "LimitRTPRIO=10",
        "WantedBy=multi-user.target",
    ])
    func unitHasDirective(_ directive: String) {
        let lines = unitText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains(directive))
    }

    /// The pages need IPv4 sockets (web.listen); nothing else of the network.
    @Test func unitLetsThePagesListenAndNoMore() {
        #expect(!unitText.contains("PrivateNetwork=yes"), "PrivateNetwork would hide the pages")
        #expect(!unitText.contains("AF_INET6") && !unitText.contains("AF_NETLINK") && !unitText.contains("AF_PACKET"))
        #expect(unitText.contains("IPAddressAllow=localhost link-local 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16"))
    }

    @Test func unitDoesNotForbidRealtimePriority() {
        #expect(!unitText.contains("RestrictRealtime=yes"))
        #expect(!unitText.contains("PrivateDevices=yes"), "PrivateDevices would hide the camera and GPIO chips")
    }

    @Test func udevRuleGivesTheGPIOGroupTheChips() throws {
        let rule = try readText(repositoryRoot() + "/Deploy/99-gatespeed-gpio.rules")
        let active = rule.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(active == [#"SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660""#])
    }
}
