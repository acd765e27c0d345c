import GateSpeedFrames

/// What the live view draws for the course: one line per post, in the sensor's normalised
/// coordinates (the frames are the camera's, before rotation, mirror and crop).
///
/// Fraction posts (the image rule) are vertical lines of the view at their x; marked posts
/// (`{"base", "top"}`) are the line from base to top, with the base marked by a square.
/// Marked posts without tops get a short upright stroke from the base.
public struct LivePosts: Sendable, Equatable {
    public struct Segment: Sendable, Equatable {
        /// Normalised sensor coordinates (0...1, top-left origin) of the two ends.
        public var x0: Double, y0: Double, x1: Double, y1: Double
        /// Whether the first end is a post's base (drawn with a square).
        public var marksBase: Bool
    }

    public var segments: [Segment]

    public init(segments: [Segment] = []) { self.segments = segments }

    /// Plain fraction posts: vertical lines at each view x, top to bottom of the view.
    public init(viewX: [Double], geometry: FrameGeometry) {
        segments = viewX.map { x in
            let bottom = geometry.sensorPoint(viewX: x, viewY: 1), top = geometry.sensorPoint(viewX: x, viewY: 0)
            return Segment(x0: bottom.x, y0: bottom.y, x1: top.x, y1: top.y, marksBase: false)
        }
    }

    /// Marked posts: bases and (optional) tops in view coordinates.
    /// `stroke`: the length, as a fraction of the view height, drawn upward from a base without a top.
    public init(bases: [(x: Double, y: Double)], tops: [(x: Double, y: Double)?], geometry: FrameGeometry,
                stroke: Double = 0.15) {
        var made: [Segment] = []
        for index in 0..<bases.count {
            let base = bases[index]
            let marked: (x: Double, y: Double)? = index < tops.count ? tops[index] : nil
            let top = marked ?? (base.x, base.y - stroke)
            let b = geometry.sensorPoint(viewX: base.x, viewY: base.y)
            let t = geometry.sensorPoint(viewX: top.x, viewY: max(0, top.y))
            made.append(Segment(x0: b.x, y0: b.y, x1: t.x, y1: t.y, marksBase: true))
        }
        segments = made
    }
}
