/// What `SceneSweep` drew for one rider of a sweep scene.
public struct SweepRiderDraw: Sendable, Equatable {
    public var direction: TravelDirection
    /// Head-to-feet height, fraction of the view height.
    public var heightFraction: Double
    /// Where the feet touch the ground, fraction of the view height from the top.
    public var groundY: Double
    /// Speed at the start post, km/h.
    public var startSpeedKmh: Double
    /// Constant acceleration from the start post on, m/s² (negative: braking); 0 for a steady rider.
    public var acceleration: Double
    /// Clothing luma minus the ground's (`SceneSweep.groundLuma`), levels before the scene's
    /// contrast scale: negative is darker than the ground, positive brighter.
    public var contrast: Double
    /// Clothing chroma (0-255, 128 grey), seen only in colour scenes.
    public var chromaBlue: Double, chromaRed: Double
    /// Seconds from the previous rider's finish to this rider's start (nil for the first rider).
    public var gapSeconds: Double?

    public init(direction: TravelDirection, heightFraction: Double, groundY: Double, startSpeedKmh: Double,
                acceleration: Double, contrast: Double, chromaBlue: Double = 128, chromaRed: Double = 128,
                gapSeconds: Double? = nil) {
        self.direction = direction
        self.heightFraction = heightFraction
        self.groundY = groundY
        self.startSpeedKmh = startSpeedKmh
        self.acceleration = acceleration
        self.contrast = contrast
        self.chromaBlue = chromaBlue
        self.chromaRed = chromaRed
        self.gapSeconds = gapSeconds
    }

    /// How far the clothes' chroma lies from the grass (L1 distance, 0-255 scale).
    public var chromaDistance: Double {
        (chromaBlue - SceneSweep.groundChromaBlue).magnitude + (chromaRed - SceneSweep.groundChromaRed).magnitude
    }

    /// One phrase: direction, speed, acceleration and clothes, e.g. "L>R 31 km/h +0.8 m/s² luma -45".
    func phrase(colour: Bool) -> String {
        var text = (direction == .leftToRight ? "L>R " : "R>L ") + SweepText.number(startSpeedKmh, 0) + " km/h"
        if acceleration != 0 { text += (acceleration > 0 ? " +" : " ") + SweepText.number(acceleration, 2) + " m/s²" }
        text += " luma " + (contrast > 0 ? "+" : "") + SweepText.number(contrast, 0)
        if colour { text += " cb/cr " + SweepText.number(chromaBlue, 0) + "/" + SweepText.number(chromaRed, 0) }
        if let gapSeconds { text += " after " + SweepText.number(gapSeconds, 1) + " s" }
        return text
    }
}
