import GateSpeedBoard
import Synchronization

/// An LED output that remembers every picture it was asked to show.
struct RecordingLEDs: LEDOutput, Sendable {
    var shown: [LEDLevels] = []
    mutating func show(_ levels: LEDLevels) { shown.append(levels) }
}

/// A button line that fails the way a vanished GPIO chip would.
struct FailingButton: ButtonEdgeSource, Sendable {
    struct Unplugged: Error, CustomStringConvertible { var description: String { "chip gone" } }
    var clockSeconds: Double = 0
    mutating func nextEdge(timeoutSeconds: Double) throws -> ButtonEdge? { throw Unplugged() }
}

/// Collects values from any thread.
final class Collector<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
