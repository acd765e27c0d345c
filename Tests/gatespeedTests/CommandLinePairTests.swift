import Foundation
import Testing

/// `gatespeed pair`: lists and revokes the paired tokens in web-tokens.json beside the journal.
@Suite struct CommandLinePairTests {
    let cli = CommandLineEndToEndTests()

    /// A folder with a config whose journal is in it; the config's path.
    private func stateFolder() throws -> (folder: String, config: String) {
        let folder = try cli.temporaryDirectory()
        let config = folder + "/config.json"
        try "{\"journal\": {\"path\": \"\(folder)/results.jsonl\"}}".write(toFile: config, atomically: true, encoding: .utf8)
        return (folder, config)
    }

    @Test func listShowsDatesAndLabelsAndRevokeEmptiesTheFile() throws {
        let (folder, config) = try stateFolder()
        let hash = String(repeating: "ab", count: 32)
        try "{\"version\":1,\"tokens\":[{\"sha256\":\"\(hash)\",\"created\":\"2026-12-01T18:00:00Z\",\"label\":\"Pixel phone\"}]}"
            .write(toFile: folder + "/web-tokens.json", atomically: true, encoding: .utf8)
        let list = try cli.gatespeed(["pair", "--list", "--config", config])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("1 paired token"))
        #expect(list.stdout.contains("2026-12-01T18:00:00Z  Pixel phone"))
        let revoke = try cli.gatespeed(["pair", "--revoke", "--config", config])
        #expect(revoke.status == 0, "\(revoke.stderr)")
        #expect(revoke.stdout.contains("revoked 1 paired token"))
        let after = try String(contentsOfFile: folder + "/web-tokens.json", encoding: .utf8)
        #expect(after.contains("\"tokens\":[]"))
        #expect(try cli.gatespeed(["pair", "--config", config]).stdout.contains("0 paired tokens"))
    }

    @Test func aCorruptFileIsSetAsideWithAWarning() throws {
        let (folder, config) = try stateFolder()
        try "{\"version\":1,\"tokens\":[".write(toFile: folder + "/web-tokens.json", atomically: true, encoding: .utf8)
        let list = try cli.gatespeed(["pair", "--config", config])
        #expect(list.status == 0)
        #expect(list.stderr.contains("set aside as \(folder)/web-tokens.json.corrupt-1"))
        #expect(FileManager.default.fileExists(atPath: folder + "/web-tokens.json.corrupt-1"))
    }

    @Test func listAndRevokeTogetherIsBadUsage() throws {
        let (_, config) = try stateFolder()
        let outcome = try cli.gatespeed(["pair", "--list", "--revoke", "--config", config])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--list and --revoke do not go together"))
    }
}
