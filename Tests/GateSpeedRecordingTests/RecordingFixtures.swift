import FFmpegMedia
import Foundation
import GateSpeedFrames
import Synchronization
@testable import GateSpeedRecording

/// A simulated ride for the recorder: 30 fps with jitter, a bright block (the rider)
/// crossing the posts left to right between `start` and `finish`, and the overlay the
/// frame loop would hand over at each frame.
struct SyntheticRide {
    static let width = 640
    static let height = 480
    /// Posts placed so the result panel (centre) does not overlap a post line.
    static let posts = [0.1, 0.2, 0.3, 0.8, 0.9]
    let start: Double
    let finish: Double

    func riderX(at t: Double) -> Double {
        let first = Self.posts[0], last = Self.posts[Self.posts.count - 1]
        return first + (last - first) * (t - start) / (finish - start)
    }

    func crossingTime(post index: Int) -> Double {
        let first = Self.posts[0], last = Self.posts[Self.posts.count - 1]
        return start + (finish - start) * (Self.posts[index] - first) / (last - first)
    }

    func overlay(at t: Double, speedKmh: Double, scoreboard: OverlayState.Scoreboard) -> OverlayState {
        var state = OverlayState(postXs: Self.posts, status: .ready, scoreboard: scoreboard)
        let passed = Self.posts.indices.filter { crossingTime(post: $0) <= t }.count
        state.light(passed: passed, leftToRight: true)
        if t >= start && t < finish {
            state.status = .nextPost(number: passed + 1, elapsedSeconds: t - start)
        } else if t >= finish {
            state.result = OverlayState.Result(speedKmh: speedKmh, pass: speedKmh >= 30, thresholdKmh: 30)
        }
        return state
    }

    /// The empty course: dark checkerboard (a little texture so the encoder has work).
    static let background: [UInt8] = {
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { luma[y * width + x] = UInt8(60 + ((x / 16 + y / 16) % 2) * 6) } }
        return luma
    }()

    /// Draws the scene at time `t` into `image`: the background and the rider as a bright
    /// block in the lower half.
    func render(at t: Double, into image: inout I420Image) {
        let w = Self.width, h = Self.height
        let riderCentre = Int(riderX(at: min(max(t, start - 1), finish + 1)) * Double(w))
        image.bytes.withUnsafeMutableBufferPointer { pixels in
            Self.background.withUnsafeBufferPointer { background in
                for index in 0..<(w * h) { pixels[index] = background[index] }
            }
            let left = max(0, riderCentre - 19), right = min(w, riderCentre + 20)
            guard left < right else { return }
            for y in (h * 11 / 20 + 1)..<(h * 4 / 5) {
                for x in left..<right { pixels[y * w + x] = 200 }
            }
        }
        image.timestamp = t
    }
}

/// 30 fps timestamps with ±3 ms jitter and an occasional missing frame.
func cameraTimes(from start: Double, to end: Double) -> [Double] {
    var times: [Double] = []
    var seed: UInt64 = 12345
    var t = start
    var frame = 0
    while t < end {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        let jitter = (Double(seed >> 33 % 1000) / 1000 - 0.5) * 0.006
        frame += 1
        if frame % 97 != 0 { times.append(t + jitter) }  // every 97th frame missing
        t = start + Double(frame) / 30
    }
    return times
}

/// Collects `onClip` reports.
final class ClipReports: Sendable {
    private let clips = Mutex<[WrittenClip]>([])
    var sink: @Sendable (WrittenClip) -> Void { { clip in self.clips.withLock { $0.append(clip) } } }
    var all: [WrittenClip] { clips.withLock { $0 } }
}

func temporaryDirectory(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "gatespeed-\(name)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Every frame of a video file, copied (timestamps in seconds from the file's start).
func decodeAll(_ path: String) throws -> (frames: [I420Image], statistics: FrameSourceStatistics) {
    let source = try VideoFileSource(path: path)
    var frames: [I420Image] = []
    while true {
        var image = I420Image(width: source.frameWidth, height: source.frameHeight)
        let outcome = source.nextFrame { frame in image.copy(from: frame) }
        switch outcome {
        case .delivered: frames.append(image)
        case .skipped: continue
        case .endOfStream, .fault: return (frames, source.statistics)
        }
    }
}
