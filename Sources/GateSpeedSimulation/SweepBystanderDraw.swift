/// What `SceneSweep` drew for one person who is not riding.
public struct SweepBystanderDraw: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Walks to and fro on the rider's ground line, across posts.
        case walkerOnCourse = "walker on course"
        /// Walks to and fro behind the course (higher in the view, smaller).
        case walkerBehind = "walker behind"
        /// Stands beside an end post, on the rider's ground line.
        case standingBeside = "standing beside"
        /// Stands behind the course.
        case standingBehind = "standing behind"
        /// Stands on the course while it is learnt, then walks off past the nearer edge.
        case occupant = "on course at calibration"
    }

    public var kind: Kind
    /// Head-to-feet height, fraction of the view height.
    public var heightFraction: Double
    /// Walking speed, metres per second on the course's scale (0 standing).
    public var speedMetresPerSecond: Double
    /// Scene seconds in view (for the occupant: from the start until they have walked off).
    public var appears: Double, leaves: Double

    public init(kind: Kind, heightFraction: Double, speedMetresPerSecond: Double, appears: Double, leaves: Double) {
        self.kind = kind
        self.heightFraction = heightFraction
        self.speedMetresPerSecond = speedMetresPerSecond
        self.appears = appears
        self.leaves = leaves
    }

    /// One phrase, e.g. "walker on course 1.2 m/s 7.5 % 3.1-9.0 s".
    var phrase: String {
        var text = kind.rawValue
        if speedMetresPerSecond > 0 { text += " " + SweepText.number(speedMetresPerSecond, 1) + " m/s" }
        text += " " + SweepText.percent(heightFraction, 1) + " " + SweepText.number(appears, 1) + "-"
        text += leaves.isFinite ? SweepText.number(leaves, 1) + " s" : "end"
        return text
    }
}
