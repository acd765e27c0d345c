/// Which way the rider travels across the view. Post 1 is the leftmost post.
public enum Direction: String, Sendable, Equatable, CaseIterable {
    /// From post 1 towards post N (increasing normalised x).
    case leftToRight = "ltr"
    /// From post N towards post 1 (decreasing normalised x).
    case rightToLeft = "rtl"

    /// The other way.
    public var reversed: Direction {
        self == .leftToRight ? .rightToLeft : .leftToRight
    }

    /// +1 for left-to-right, -1 for right-to-left: the step from one post number to the next.
    public var postStep: Int {
        self == .leftToRight ? 1 : -1
    }
}
