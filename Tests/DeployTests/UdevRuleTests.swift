import Foundation
import Testing
import GateSpeedTestSupport

/// One udev rule file for the GPIO chips, and every document and script names that one.
@Suite struct UdevRuleTests {
    static let ruleFile = "Deploy/99-gatespeed-gpio.rules"

    @Test func theRepositoryHoldsOneUdevRuleFile() {
        let root = URL(fileURLWithPath: repositoryRoot())
        // Hidden folders (.build, .git, .ci) hold no rules and are not walked.
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])?
            .compactMap { ($0 as? URL)?.path } ?? []
        let rules = files.filter { $0.hasSuffix(".rules") }.map { String($0.dropFirst(root.path.count + 1)) }
        #expect(rules == [Self.ruleFile])
    }

    @Test(arguments: ["README.md", "Board/README.md", "Deploy/install.sh"])
    func everyMentionNamesThatFile(_ file: String) throws {
        let text = try readText(repositoryRoot() + "/" + file)
        let named = text.components(separatedBy: "-gatespeed-gpio.rules").dropLast().map { String($0.suffix(2)) }
        #expect(!named.isEmpty, "\(file) mentions the rule")
        #expect(named.allSatisfy { $0 == "99" }, "\(file) names \(named.map { $0 + "-gatespeed-gpio.rules" })")
    }
}
