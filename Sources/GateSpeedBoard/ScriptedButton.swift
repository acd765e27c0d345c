/// Simulated button: plays scripted edges on a virtual clock. Waiting advances the clock
/// to the next edge (if it comes within the timeout) or by the timeout, so tests and the
/// demo never sleep.
public struct ScriptedButton: ButtonEdgeSource {
    private let edges: [ButtonEdge]
    private var nextIndex = 0
    public private(set) var clockSeconds: Double

    /// `edges` in any order; they are played sorted by time.
    public init(edges: [ButtonEdge], startTime: Double = 0) {
        self.edges = edges.sorted { $0.time < $1.time }
        self.clockSeconds = startTime
    }

    /// A press at `time` held for `heldSeconds`.
    public static func press(at time: Double, heldSeconds: Double) -> [ButtonEdge] {
        [ButtonEdge(pressed: true, time: time), ButtonEdge(pressed: false, time: time + heldSeconds)]
    }

    public var isExhausted: Bool { nextIndex >= edges.count }

    public mutating func nextEdge(timeoutSeconds: Double) -> ButtonEdge? {
        let deadline = clockSeconds + max(0, timeoutSeconds)
        guard nextIndex < edges.count, edges[nextIndex].time <= deadline else {
            clockSeconds = deadline
            return nil
        }
        let edge = edges[nextIndex]
        nextIndex += 1
        clockSeconds = max(clockSeconds, edge.time)
        return edge
    }
}
