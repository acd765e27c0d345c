import Foundation
import GateSpeedPlatform
import Synchronization
import Testing
@testable import GateSpeedWeb

/// Paired tokens kept hashed in `web-tokens.json`, across restarts, revocable from outside.
@Suite struct TokenFileTests {
    /// Pairs one phone on `pairing` at monotonic time `now`; its token.
    private func pairPhone(_ pairing: Pairing, now: Double, label: String = "Phone/1.0") -> String? {
        let id = pairing.begin(now: now, label: label)
        guard pairing.buttonPressed(now: now + 1), case .token(let token) = pairing.claim(id, now: now + 2) else { return nil }
        return token
    }

    private func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func aPairedTokenSurvivesARestartAndOnlyItsHashIsStored() throws {
        let file = TokenFile(path: temporaryFolder("tokens-restart") + "/web-tokens.json")
        let first = Pairing(fixedToken: nil, tokenFile: file, wallClock: { "2026-12-01T18:30:00Z" })
        let token = try #require(pairPhone(first, now: 10, label: "Mozilla/5.0 (Android)\u{1}"))
        let stored = text(file.path)
        #expect(!stored.contains(token), "the token itself is never written")
        #expect(stored.contains(SHA256.hex(token)))
        #expect(stored.contains("2026-12-01T18:30:00Z"))
        #expect(stored.contains("Mozilla"))
        let restarted = Pairing(fixedToken: nil, tokenFile: file)
        #expect(restarted.authorizes("Bearer \(token)", now: 0))
        #expect(!restarted.authorizes("Bearer \(token)0", now: 0))
        #expect(restarted.tokens.map(\.label) == ["Mozilla/5.0 (Android)"], "control characters are dropped")
    }

    @Test func revokingFromOutsideAnswersNoWithinASecond() throws {
        let file = TokenFile(path: temporaryFolder("tokens-revoke") + "/web-tokens.json")
        let service = Pairing(fixedToken: nil, tokenFile: file)
        let token = try #require(pairPhone(service, now: 10))
        #expect(service.authorizes("Bearer \(token)", now: 20))
        try TokenFile(path: file.path).save([])  // what `gatespeed pair --revoke` does
        #expect(service.authorizes("Bearer \(token)", now: 20.5), "the file is looked at once a second at most")
        #expect(!service.authorizes("Bearer \(token)", now: 21))
    }

    @Test func deletingTheFileRevokes() throws {
        let file = TokenFile(path: temporaryFolder("tokens-delete") + "/web-tokens.json")
        let service = Pairing(fixedToken: nil, tokenFile: file)
        let token = try #require(pairPhone(service, now: 10))
        #expect(unlink(file.path) == 0)
        #expect(!service.authorizes("Bearer \(token)", now: 30))
    }

    @Test func theConfigTokenIsComparedByHashAndSurvivesRevocation() throws {
        let file = TokenFile(path: temporaryFolder("tokens-fixed") + "/web-tokens.json")
        let service = Pairing(fixedToken: "script-token-0123456789", tokenFile: file)
        service.revokeAll()
        #expect(service.authorizes("Bearer script-token-0123456789", now: 0))
        #expect(!service.authorizes("Bearer script-token-012345678", now: 0))
        #expect(!text(file.path).contains("script-token"))
    }

    @Test func aLongPressPairsThisPhoneAndRevokesEveryOther() throws {
        let file = TokenFile(path: temporaryFolder("tokens-long") + "/web-tokens.json")
        let service = Pairing(fixedToken: nil, tokenFile: file)
        let old = try #require(pairPhone(service, now: 10))
        let id = service.begin(now: 100)
        #expect(service.buttonPressed(now: 101, revokingOthers: true))
        guard case .token(let new) = service.claim(id, now: 102) else {
            Issue.record("no token")
            return
        }
        #expect(!service.authorizes("Bearer \(old)", now: 103))
        #expect(service.authorizes("Bearer \(new)", now: 103))
        #expect(Pairing(fixedToken: nil, tokenFile: file).tokens.count == 1, "the file has only the new one")
        #expect(!service.buttonPressed(now: 110, revokingOthers: true), "no phone waiting: a long press revokes nothing")
        #expect(service.authorizes("Bearer \(new)", now: 111))
    }

    @Test(arguments: [
        "not json at all",
        "[]",
        "{\"version\":2,\"tokens\":[]}",
        "{\"version\":1,\"tokens\":{}}",
        "{\"version\":1,\"tokens\":[{\"sha256\":\"abc\",\"created\":\"x\",\"label\":\"y\"}]}",
        "{\"version\":1,\"tokens\":[{\"sha256\":\"" + String(repeating: "0", count: 64) + "\",\"created\":1,\"label\":\"y\"}]}",
        "{\"version\":1,\"tokens\":[" + String(repeating: "[", count: 5000) + "]}",
        String(repeating: " ", count: TokenFile.maximumBytes + 1),
    ])
    func aBadFileIsSetAsideLoggedAndMeansNoTokens(_ content: String) throws {
        let folder = temporaryFolder("tokens-corrupt")
        let path = folder + "/web-tokens.json"
        try writeFile(path, Array(content.utf8))
        let lines = Mutex<[String]>([])
        let service = Pairing(fixedToken: nil, tokenFile: TokenFile(path: path), log: Log(write: { line in lines.withLock { $0.append(line) } }))
        #expect(service.tokens.isEmpty)
        #expect(text(path + ".corrupt-1") == content, "set aside intact")
        #expect(access(path, F_OK) != 0)
        #expect(lines.withLock { $0.count } == 1)
        #expect(lines.withLock { $0.first?.contains("set aside as \(path).corrupt-1") ?? false })
        #expect(lines.withLock { $0.first?.hasPrefix("warning: pages: ") ?? false }, "a bad token file is a warning")
        // Pairing again starts a good file; a second bad one goes to .corrupt-2.
        #expect(pairPhone(service, now: 10) != nil)
        #expect(Pairing(fixedToken: nil, tokenFile: TokenFile(path: path)).tokens.count == 1)
        try writeFile(path, Array("{".utf8))
        _ = Pairing(fixedToken: nil, tokenFile: TokenFile(path: path))
        #expect(access(path + ".corrupt-2", F_OK) == 0)
    }

    @Test func aFolderOrLinkInItsPlaceIsNotFollowed() throws {
        let folder = temporaryFolder("tokens-link")
        let path = folder + "/web-tokens.json"
        try writeFile(folder + "/elsewhere.json", Array(TokenFile.encode([]).utf8))
        #expect(symlink(folder + "/elsewhere.json", path) == 0)
        guard case .setAside = TokenFile(path: path).load() else {
            Issue.record("a symbolic link was followed")
            return
        }
        #expect(access(folder + "/elsewhere.json", F_OK) == 0, "the link's target is left alone")
    }

    @Test func theFileSitsBesideTheJournal() {
        #expect(TokenFile.besideJournal("/var/lib/gatespeed/results.jsonl").path == "/var/lib/gatespeed/web-tokens.json")
        #expect(TokenFile.besideJournal("results.jsonl").path == "./web-tokens.json")
    }
}
