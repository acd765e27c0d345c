import MicroHTTPServer
import Synchronization

/// `/live.jpg` (the newest frame) and `/live.mjpeg` (a multipart stream of them). A stream pulls
/// the next frame only when the client has taken the last, so a slow viewer skips frames instead
/// of queueing them, and holds up nobody else.
enum LiveResponses {
    /// How long `/live.jpg` waits for a first frame, seconds.
    static let stillWaitSeconds = 2.0
    /// A stream without a new frame for this long sends the last one again (so a viewer that
    /// left is noticed while the camera is away), seconds.
    static let repeatSeconds = 5.0
    static let boundary = "gatespeedframe"

    static func still(_ live: LiveFeed) -> HTTPResponse {
        live.beginWatching()
        defer { live.endWatching() }
        guard let frame = live.nextJPEG(0, stillWaitSeconds) else {
            return .text("no view yet\n", status: 503, headers: [("Retry-After", "1")])
        }
        return .bytes(frame.bytes, contentType: "image/jpeg", headers: [("Cache-Control", "no-store")])
    }

    static func stream(_ live: LiveFeed) -> HTTPResponse {
        live.beginWatching()
        let state = Mutex<(sequence: UInt64, last: [UInt8], waited: Double)>((0, [], 0))
        let stream = HTTPStream(next: { timeout in
            let after = state.withLock { $0.sequence }
            if let frame = live.nextJPEG(after, timeout) {
                state.withLock { $0 = (frame.sequence, frame.bytes, 0) }
                return .data(part(frame.bytes))
            }
            let again = state.withLock { state -> [UInt8]? in
                state.waited += timeout
                guard state.waited >= repeatSeconds, !state.last.isEmpty else { return nil }
                state.waited = 0
                return state.last
            }
            return again.map { .data(part($0)) } ?? .wait
        }, finished: { live.endWatching() })
        return .stream(stream, contentType: "multipart/x-mixed-replace; boundary=\(boundary)")
    }

    static func part(_ jpeg: [UInt8]) -> [UInt8] {
        Array("--\(boundary)\r\nContent-Type: image/jpeg\r\nContent-Length: \(jpeg.count)\r\n\r\n".utf8) + jpeg
            + Array("\r\n".utf8)
    }
}
