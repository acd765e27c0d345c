/// Someone on the perspective course who is not riding: standing at a ground point, or walking
/// to and fro between two ground points.
///
/// Positions are world (course) metres (x along the post line, y across it, negative nearer the
/// camera); speed metres per second; times scene seconds.
public struct PerspectiveBystander: Sendable, Equatable {
    /// The two ground points walked between; equal for someone standing.
    public var fromX: Double, fromY: Double
    public var toX: Double, toY: Double
    /// Walking speed, metres per second.
    public var speed: Double
    /// Head-to-feet height, metres.
    public var heightMetres: Double
    /// Clothing brightness (0-255) before the light level, and chroma for colour scenes.
    public var luma: Double
    public var chromaBlue = 128.0, chromaRed = 128.0
    /// Scene seconds during which the bystander is there.
    public var appears: Double, leaves: Double

    public init(fromX: Double, fromY: Double, toX: Double? = nil, toY: Double? = nil, speed: Double = 1.2,
                heightMetres: Double = 1.75, luma: Double = 70, chromaBlue: Double = 128, chromaRed: Double = 128,
                appears: Double = 0, leaves: Double = .infinity) {
        self.fromX = fromX; self.fromY = fromY
        self.toX = toX ?? fromX; self.toY = toY ?? fromY
        self.speed = speed
        self.heightMetres = heightMetres
        self.luma = luma
        self.chromaBlue = chromaBlue; self.chromaRed = chromaRed
        self.appears = appears; self.leaves = leaves
    }

    /// Someone who stays where they are, facing the camera (their legs do not move).
    public var isStanding: Bool { span == 0 || speed <= 0 }

    /// Whether the bystander is in the scene at time `t`.
    public func isPresent(at t: Double) -> Bool { t >= appears && t < leaves }

    private var span: Double { ((toX - fromX) * (toX - fromX) + (toY - fromY) * (toY - fromY)).squareRoot() }

    /// Metres walked since appearing.
    private func walked(at t: Double) -> Double { max(0, t - appears) * speed }

    /// Ground position (x, y), metres, at scene time `t`: out and back along the segment.
    public func position(at t: Double) -> (x: Double, y: Double) {
        let span = self.span
        guard !isStanding else { return (fromX, fromY) }
        let leg = walked(at: t).truncatingRemainder(dividingBy: 2 * span)
        let offset = leg <= span ? leg : 2 * span - leg
        return (fromX + (toX - fromX) * offset / span, fromY + (toY - fromY) * offset / span)
    }

    func stance(at t: Double) -> PerspectiveStance {
        let p = position(at: t)
        var hx = 0.0, hy = -1.0                          // standing: facing the camera
        var gait = PerspectiveGait.standing
        if !isStanding {
            let span = self.span
            let outward = walked(at: t).truncatingRemainder(dividingBy: 2 * span) <= span
            hx = (toX - fromX) / span * (outward ? 1 : -1)
            hy = (toY - fromY) / span * (outward ? 1 : -1)
            gait = .walking(phase: 6.283185307179586 * walked(at: t) / 1.4)
        }
        return PerspectiveStance(groundX: p.x, groundY: p.y, headingX: hx, headingY: hy, shearX: 0, shearY: 0,
                                 gait: gait, heightMetres: heightMetres,
                                 luma: luma, chromaBlue: chromaBlue, chromaRed: chromaRed)
    }
}
