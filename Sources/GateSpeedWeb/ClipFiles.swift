import Foundation
import GateSpeedPlatform
import GateSpeedEvents
import MicroHTTPServer

/// `/clips/…`: files under the clips folder and nothing else. Every segment of the (decoded)
/// path is a plain entry name (no `..`, no `/`, no NUL: `ConfinedDirectory.problem`) and every
/// step is opened by descriptor without following links, so neither `../`, `%2e%2e`, nor a link
/// planted in the folder reaches outside it. Only MP4 files are served (`video/mp4`, with Range).
struct ClipFiles: Sendable {
    let root: String

    init(root: String) { self.root = root }

    func response(_ segments: [String], _ request: HTTPRequest) -> HTTPResponse {
        guard let file = segments.last, !segments.isEmpty, segments.count <= 4,
              segments.allSatisfy({ ConfinedDirectory.problem(withName: $0) == nil }),
              file.lowercased().hasSuffix(".mp4") else {
            return .text("not found\n", status: 404)
        }
        do {
            let folder = try ConfinedDirectory.openRoot(root, create: false).subdirectory(Array(segments.dropLast()), create: false)
            guard let opened = try folder.openForReading(file) else { return .text("not found\n", status: 404) }
            return .file(HTTPFile(descriptor: opened.descriptor, size: UInt64(opened.bytes)), contentType: "video/mp4",
                         request: request, headers: [("Cache-Control", "no-cache")])
        } catch {
            return .text("not found\n", status: 404)
        }
    }

    /// The session and file name of a clip URL `/clips/DATE/session-N/FILE` (the clip library's layout).
    func session(ofURL url: String) -> (SessionID, String)? {
        let segments = url.split(separator: "/").map(String.init)
        guard segments.count == 4, segments[0] == "clips",
              segments.allSatisfy({ ConfinedDirectory.problem(withName: $0) == nil }),
              segments[2].hasPrefix("session-"), let number = Int(segments[2].dropFirst(8)), number > 0 else { return nil }
        return (SessionID(date: segments[1], number: number), segments[3])
    }
}

/// Pulls a JSON object out of a request body (nil when it is not one).
enum WebBody {
    static func object(_ body: [UInt8]) -> [String: Any]? {
        guard !body.isEmpty else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}
