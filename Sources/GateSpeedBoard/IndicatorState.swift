import GateSpeedCore

/// The posts crossed so far in a run, as a bit set (bit 0 = post 1). No allocation.
public struct PostSet: Hashable, Sendable {
    public var bits: UInt8

    public init(bits: UInt8 = 0) { self.bits = bits & 0b1_1111 }

    /// The posts given by number (1...5); numbers out of range are ignored.
    public init(_ posts: [Int]) {
        var bits: UInt8 = 0
        for post in posts where (1...BoardProfile.postCount).contains(post) { bits |= 1 << UInt8(post - 1) }
        self.bits = bits
    }

    public static let none = PostSet()
    public static let all = PostSet(bits: 0b1_1111)

    public func contains(_ post: Int) -> Bool {
        (1...BoardProfile.postCount).contains(post) && bits & (1 << UInt8(post - 1)) != 0
    }

    public mutating func insert(_ post: Int) {
        guard (1...BoardProfile.postCount).contains(post) else { return }
        bits |= 1 << UInt8(post - 1)
    }

    public var count: Int { bits.nonzeroBitCount }
}

/// What the LEDs should show. Times (`since`) are seconds on the same clock as the time
/// passed to `LEDPatterns.levels(for:at:)`.
public enum IndicatorState: Hashable, Sendable {
    /// Learning the course; the status LED blinks slowly.
    case calibrating
    /// Armed, waiting for a rider; everything off but a steady status LED.
    case ready
    /// A run in progress: each crossed post stays lit.
    case running(litPosts: PostSet, direction: Direction)
    /// A valid run finished at `since`.
    case result(pass: Bool, since: Double)
    /// The run was invalid at `since`; waiting to be re-armed.
    case invalid(since: Double)
    /// Camera lost, disk full, ...: the status LED blinks fast.
    case fault
}
