/// A shadow fixed to the ground of a `SimulatedScene`: a tree's crown or a building's edge.
/// Positions are normalised view coordinates (0…1, top-left origin) of the camera's view before
/// any bump or shake; the shadow moves with the world when the camera moves.
public struct SimulatedShadow: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// A tree's crown: an ellipse centred at (`x`, `y`), radii `rx` (view widths) and `ry`
        /// (view heights).
        case ellipse(x: Double, y: Double, rx: Double, ry: Double)
        /// A building's: the ground on one side of a straight edge running from x `topX` on the
        /// horizon row to x `bottomX` on the bottom row (`left`: the side of smaller x).
        case edge(topX: Double, bottomX: Double, left: Bool)
    }

    public var shape: Shape
    /// Width of the soft edge (penumbra), view heights.
    public var softness: Double

    public init(shape: Shape, softness: Double = 0.01) {
        self.shape = shape
        self.softness = softness
    }

    /// How much of the sun this shadow hides at view point (`x`, `y`) of a `width` x `height`
    /// view: 1 inside, 0 outside, smooth across the soft edge.
    func cover(x: Double, y: Double, width: Int, height: Int) -> Double {
        let aspect = Double(width) / Double(height)
        let soft = max(1e-6, softness)
        switch shape {
        case .ellipse(let cx, let cy, let rx, let ry):
            // Distance outside the ellipse, approximately in view heights.
            let u = (x - cx) / rx, v = (y - cy) / ry
            let r = (u * u + v * v).squareRoot()
            let outside = (r - 1) * min(rx * aspect, ry)
            return Self.step(-outside / soft)
        case .edge(let topX, let bottomX, let left):
            let horizon = SimulatedLighting.horizon
            let f = max(0, (y - horizon) / (1 - horizon))
            let edgeX = topX + (bottomX - topX) * f
            let signed = (left ? edgeX - x : x - edgeX) * aspect
            return Self.step(signed / soft)
        }
    }

    /// 0 below -0.5, 1 above 0.5, smooth between.
    static func step(_ s: Double) -> Double {
        let u = max(0, min(1, s + 0.5))
        return u * u * (3 - 2 * u)
    }
}

/// A cloud crossing the sun: its shadow's front enters the view on one side at `arrives`, sweeps
/// across at `speed` and, `length` view widths behind it, its back edge follows. Normalised view
/// widths and seconds.
public struct SimulatedCloud: Sendable, Equatable {
    /// Scene seconds at which the shadow's front reaches the view's edge it comes from.
    public var arrives: Double
    /// View widths per second (a cloud's shadow moves at wind speed: 5–15 m/s is 0.15–0.45
    /// view widths per second on the standard course).
    public var speed: Double
    /// Extent of the shadow along its motion, view widths (behind its front).
    public var length: Double
    /// Comes from the left (else from the right).
    public var fromLeft: Bool
    /// Width of the shadow's soft edges, view widths.
    public var softness: Double

    public init(arrives: Double, speed: Double, length: Double, fromLeft: Bool = true, softness: Double = 0.05) {
        self.arrives = arrives
        self.speed = speed
        self.length = length
        self.fromLeft = fromLeft
        self.softness = softness
    }

    /// How much of the sun reaches view x `x` at scene time `t` (1 in full sun, 0 under the cloud).
    public func sun(x: Double, at t: Double) -> Double {
        let along = fromLeft ? x : 1 - x
        let front = (t - arrives) * speed
        let soft = max(1e-6, softness)
        let behindFront = SimulatedShadow.step((front - along) / soft)
        let beforeBack = SimulatedShadow.step((along - (front - length)) / soft)
        return 1 - behindFront * beforeBack
    }

    /// Scene seconds at which the cloud's shadow has wholly left the view.
    public var gone: Double { arrives + (1 + length + softness) / speed }
}

/// Something lying on the ground for a while (a bag dropped and later picked up): a box standing
/// on the ground, fixed to the world. View fractions, luma levels, scene seconds.
public struct SimulatedObject: Sendable, Equatable {
    /// Centre of its base, normalised view coordinates.
    public var x: Double, groundY: Double
    /// Size, fractions of the view height.
    public var widthFraction: Double, heightFraction: Double
    public var luma: Double
    public var chromaBlue = 128.0, chromaRed = 128.0
    /// Scene seconds during which it lies there.
    public var appears: Double, leaves: Double

    public init(x: Double, groundY: Double, widthFraction: Double, heightFraction: Double, luma: Double,
                appears: Double, leaves: Double = .infinity) {
        self.x = x
        self.groundY = groundY
        self.widthFraction = widthFraction
        self.heightFraction = heightFraction
        self.luma = luma
        self.appears = appears
        self.leaves = leaves
    }

    func isPresent(at t: Double) -> Bool { t >= appears && t < leaves }
}
