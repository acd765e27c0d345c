import Foundation
import GateSpeedPlatform
import GateSpeedFrames
@testable import V4L2Camera

/// A monotonic clock that only moves when something sleeps or waits on it: no real sleeping.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double
    private(set) var sleeps: [Double] = []

    init(start: Double = 1000) { time = start }

    var now: Double { lock.withLock { time } }

    func advance(by seconds: Double) { lock.withLock { time += seconds } }

    func sleep(_ seconds: Double) {
        lock.withLock {
            sleeps.append(seconds)
            time += seconds
        }
    }
}

/// Collects log lines: the messages, and the level of each.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(level: LogLevel, message: String)] = []
    var lines: [String] { lock.withLock { stored.map(\.message) } }
    var levels: [LogLevel] { lock.withLock { stored.map(\.level) } }

    /// A log whose journald-style lines (`<6>message`) this recorder takes apart.
    var log: Log { Log(level: .debug, style: .journald, write: { [self] line in append(line) }) }

    func append(_ line: String) {
        var text = Substring(line)
        if text.hasSuffix("\n") { text = text.dropLast() }
        var level = LogLevel.info
        if text.hasPrefix("<"), let close = text.firstIndex(of: ">"),
           let priority = Int(text[text.index(after: text.startIndex)..<close]) {
            level = LogLevel.allCases.first { $0.syslogPriority == priority } ?? .info
            text = text[text.index(after: close)...]
        }
        lock.withLock { stored.append((level, String(text))) }
    }
}

/// A source over `device` with a test clock and log.
func makeSource(_ device: FakeV4L2Device, settings: CameraSettings = CameraSettings(),
                clock: TestClock = TestClock(), log: LogRecorder = LogRecorder(),
                deviceRoot: String = "/dev") -> V4L2CameraSource<FakeV4L2Device> {
    device.clock = clock
    let environment = CameraEnvironment(log: log.log, now: { clock.now }, sleep: { clock.sleep($0) },
                                        deviceRoot: deviceRoot)
    return V4L2CameraSource(settings: settings, device: device, environment: environment)
}

/// A 30 fps timeline with a little jitter (seconds), starting at `start`.
func frameTimes(count: Int, start: Double = 5123.25, jitter: [Double] = [0.0004, -0.0007, 0.0011, -0.0002]) -> [Double] {
    (0..<count).map { start + Double($0) / 30 + jitter[$0 % jitter.count] }
}

/// Calls `nextFrame` and records what it delivered.
struct Delivered {
    var timestamp: Double
    var sequence: UInt64
    var lumaBase: UnsafeRawPointer
    var firstLuma: UInt8
}

func pull(_ source: V4L2CameraSource<FakeV4L2Device>) -> (FrameOutcome, Delivered?) {
    var delivered: Delivered?
    let outcome = source.nextFrame { frame in
        delivered = Delivered(timestamp: frame.timestamp, sequence: frame.sequence, lumaBase: frame.luma.base,
                              firstLuma: frame.luma.sample(x: 0, y: 0))
    }
    return (outcome, delivered)
}
