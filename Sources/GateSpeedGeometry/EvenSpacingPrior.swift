/// Slalom posts are laid out evenly with a tape, so each inner post is expected at i·L/(n − 1)
/// along the course (post i of n, L the course length). The solve adds one soft residual per inner
/// post, (position − expected) / `sigmaMetres`: without it the inner posts are free, and a camera far
/// from a nearly square-on course can slide along the course (trading its pan against the inner
/// posts' spacing) while fitting the marks almost as well.
///
/// A course that really is laid out unevenly by more than `warningSigmas` sigma shows up as a
/// warning naming the post (the marks and the tape disagree), not as a refusal.
enum EvenSpacingPrior {
    /// 1-sigma of an inner post's distance from its evenly spaced place, metres: how well a tape
    /// lays a post (a hand's breadth or two), not a measurement the user gives.
    static let sigmaMetres = 0.25
    /// A post this many sigmas from its evenly spaced place is named in a warning.
    static let warningSigmas = 3.0

    /// Where post `index` (0-based) of `count` would stand on an evenly spaced course `length` long, metres.
    static func expectedAlong(index: Int, count: Int, length: Double) -> Double {
        guard count > 1 else { return 0 }
        return length * Double(index) / Double(count - 1)
    }

    /// The whitened residual of inner post `index` standing at `along`.
    static func residual(along: Double, index: Int, count: Int, length: Double) -> Double {
        (along - expectedAlong(index: index, count: count, length: length)) / sigmaMetres
    }

    /// Warnings for inner posts the solve puts more than `warningSigmas` sigma from their evenly
    /// spaced places, each naming the post.
    static func warnings(postAlong: [Double], length: Double) -> [String] {
        let count = postAlong.count
        guard count > 2 else { return [] }
        return (1..<(count - 1)).compactMap { i in
            let expected = expectedAlong(index: i, count: count, length: length)
            let off = postAlong[i] - expected
            guard (off / sigmaMetres).magnitude > warningSigmas else { return nil }
            return "posts[\(i)]: the marks put it at \(NumberText.fixed(postAlong[i], 2)) m along the course, "
                + "\(NumberText.fixed(off.magnitude, 2)) m from where even spacing puts it (\(NumberText.trimmed(expected, 2)) m); "
                + "check that mark, or the spacing of the posts"
        }
    }
}
