/// Zero-mean normalised correlation of pairs of values, summed a pair at a time: how well a view
/// matches the course learnt before it, read through a shift (`ViewShift`) or a shift and a roll
/// (`CourseAlignment`).
public struct NormalisedCorrelation: Sendable {
    @usableFromInline var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0, count = 0.0

    @inlinable public init() {}

    /// Adds one pair: `a` from the learnt course, `b` from the view.
    @inlinable public mutating func add(_ a: Double, _ b: Double) {
        sa += a; sb += b; saa += a * a; sbb += b * b; sab += a * b; count += 1
    }

    /// The correlation, -1...1; -1 with fewer than two pairs or no spread on either side.
    @inlinable public var value: Double {
        guard count > 1 else { return -1 }
        let va = saa - sa * sa / count, vb = sbb - sb * sb / count
        guard va > 0, vb > 0 else { return -1 }
        return (sab - sa * sb / count) / (va * vb).squareRoot()
    }

    /// Offset of a parabola's top through three equally spaced values, in steps (within ±1): where
    /// between three trial shifts the correlation peaks.
    @inlinable public static func peak(_ left: Double, _ centre: Double, _ right: Double) -> Double {
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return left > right ? -1 : (right > left ? 1 : 0) }
        return min(1, max(-1, 0.5 * (left - right) / curvature))
    }
}
