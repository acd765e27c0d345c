import Foundation
import GateSpeedPlatform
import GateSpeedEvents
import GateSpeedRecording
import GateSpeedWeb
import LoopbackHTTPClient
import Testing

/// `/clips/…` serves the clips folder and nothing outside it.
@Suite struct ClipServingTests {
    static let clip = (0..<5000).map { UInt8($0 % 256) }

    func prepared(_ name: String) throws -> PagesUnderTest {
        let web = try PagesUnderTest(name)
        try writeFile(web.clips + "/2026-12-01/session-1/run-0001-31kmh-pass.mp4", Self.clip)
        try writeFile(web.folder + "/secret.mp4", Array("secret".utf8))
        try writeFile(web.folder + "/outside/other.mp4", Array("other".utf8))
        try FileManager.default.createSymbolicLink(atPath: web.clips + "/2026-12-01/session-1/link.mp4",
                                                   withDestinationPath: web.folder + "/secret.mp4")
        try FileManager.default.createSymbolicLink(atPath: web.clips + "/escape", withDestinationPath: web.folder + "/outside")
        try writeFile(web.clips + "/2026-12-01/session-1/index.json", Array("{}".utf8))
        return web
    }

    @Test func aClipIsServedWholeAndInRanges() throws {
        let web = try prepared("clips")
        let whole = try web.get("/clips/2026-12-01/session-1/run-0001-31kmh-pass.mp4")
        #expect(whole.status == 200)
        #expect(whole.headers["content-type"] == "video/mp4")
        #expect(whole.headers["accept-ranges"] == "bytes")
        #expect(whole.body == Self.clip)
        let part = try web.get("/clips/2026-12-01/session-1/run-0001-31kmh-pass.mp4", headers: ["Range": "bytes=1000-1999"])
        #expect(part.status == 206)
        #expect(part.headers["content-range"] == "bytes 1000-1999/5000")
        #expect(part.body == Array(Self.clip[1000..<2000]))
    }

    @Test(arguments: [
        "/clips/../secret.mp4",
        "/clips/%2e%2e/secret.mp4",
        "/clips/%2E%2E/secret.mp4",
        "/clips/2026-12-01/../../secret.mp4",
        "/clips/2026-12-01/session-1/%2e%2e/%2e%2e/%2e%2e/secret.mp4",
        "/clips/..%2fsecret.mp4",
        "/clips/%2fetc%2fpasswd",
        "/clips/2026-12-01/session-1/link.mp4",
        "/clips/escape/other.mp4",
        "/clips/2026-12-01/session-1/index.json",
        "/clips/2026-12-01/session-1/missing.mp4",
        "/clips/2026-12-01/session-1/run-0001-31kmh-pass.mp4/../../../../secret.mp4",
    ])
    func nothingOutsideTheFolderIsServed(path: String) throws {
        let web = try prepared("confined")
        let response = try web.get(path)
        #expect(response.status == 404, "\(path): \(response.status)")
        #expect(!response.text.contains("secret") && !response.text.contains("other"))
    }

    /// The raw request line, not normalised by any client.
    @Test func aRawDotDotRequestLineIsRefused() throws {
        let web = try prepared("rawdots")
        let connection = try LoopbackConnection(port: web.port)
        try connection.send("GET /clips/../../secret.mp4 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        try connection.receiveAll(timeoutSeconds: 10)
        let response = try LoopbackHTTP.parse(connection.received)
        #expect(response.status == 404)
        #expect(!response.text.contains("secret"))
    }

    @Test func aClipCanBeMarkedFavouriteInItsIndex() throws {
        let folder = temporaryFolder("favourite")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = SessionID(date: "2026-12-01", number: 2)
        let library = try ClipLibrary(root: folder + "/clips", session: session,
                                      storageGuard: StorageGuard(minimumFreeBytes: 0, freeBytes: { _ in nil }, log: .silent))
        let reservation = try #require(library.reserveHighlightClip(expectedBytes: 100))
        try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: reservation.path))
        let entry = try library.commit(reservation)
        let web = try PagesUnderTest("favourite-pages") { setup in
            setup.clipsDirectory = folder + "/clips"
            setup.setFavourite = { try library.setFavourite($0, file: $1, session: $2) }
        }
        let url = "/clips/2026-12-01/session-2/\(entry.file)"
        #expect(try web.send("POST", "/api/clips/favourite", body: #"{"clip": "\#(url)"}"#, token: nil).status == 401)
        let marked = try web.send("POST", "/api/clips/favourite", body: #"{"clip": "\#(url)", "favourite": true}"#)
        #expect(marked.status == 200, "\(marked.text)")
        let index = try String(contentsOfFile: folder + "/clips/2026-12-01/session-2/index.json", encoding: .utf8)
        #expect(index.contains("\"favourite\" : true") || index.contains("\"favourite\":true"), "\(index)")
        #expect(try web.send("POST", "/api/clips/favourite", body: #"{"clip": "/clips/2026-12-01/session-2/nope.mp4"}"#)
            .status == 404)
        #expect(try web.send("POST", "/api/clips/favourite", body: #"{"clip": "/clips/../x/session-1/a.mp4"}"#).status == 422)
    }
}
