/// The sunlight on a `SimulatedScene`'s ground: fixed shadows (trees, buildings) and a cloud's
/// shadow sweeping across. Works in world pixels (the background texture's, before any camera
/// motion); rows above the horizon (the sky) are never shaded.
///
/// A ground pixel's light is `1 - sunShare × (1 - sun)`, where `sun` (0…1) is how much direct sun
/// reaches it: 1 in full sun, 0 in a fixed shadow or under the cloud. Without a cloud the light
/// never changes, and is baked into the background once.
struct SimulatedLighting: Sendable {
    /// The horizon of `BackgroundTexture`, fraction of the view height from the top.
    static let horizon = 0.32

    let width: Int, height: Int
    let sunShare: Float
    let cloud: SimulatedCloud?
    /// Whether anything shades the ground at all.
    let isActive: Bool
    /// First row below the horizon.
    let groundRow: Int
    /// Per world pixel: the share of direct sun the fixed shadows let through (1 above the horizon).
    private let open: [Float]
    /// Per world column: the share of direct sun the cloud lets through at the current frame.
    private(set) var sunColumns: [Float]

    init(scene: SimulatedScene) {
        width = scene.width
        height = scene.height
        sunShare = Float(max(0, min(1, scene.sunShare)))
        cloud = scene.cloud
        isActive = !scene.fixedShadows.isEmpty || scene.cloud != nil
        groundRow = Int(Double(scene.height) * Self.horizon)
        var open = [Float](repeating: 1, count: isActive ? scene.width * scene.height : 0)
        if !scene.fixedShadows.isEmpty {
            for y in groundRow..<height {
                let vy = (Double(y) + 0.5) / Double(height)
                for x in 0..<width {
                    let vx = (Double(x) + 0.5) / Double(width)
                    var through = 1.0
                    for shadow in scene.fixedShadows {
                        through *= 1 - shadow.cover(x: vx, y: vy, width: width, height: height)
                    }
                    open[y * width + x] = Float(through)
                }
            }
        }
        self.open = open
        sunColumns = [Float](repeating: 1, count: isActive ? scene.width : 0)
    }

    /// Whether the light changes from frame to frame (a cloud passes).
    var changes: Bool { cloud != nil }

    /// Works out the cloud's shadow at scene time `t`.
    mutating func update(at t: Double) {
        guard let cloud else { return }
        let w = width
        for x in 0..<w { sunColumns[x] = Float(cloud.sun(x: (Double(x) + 0.5) / Double(w), at: t)) }
    }

    /// Direct sun reaching world pixel (`x`, `y`) (clamped to the texture), 0…1.
    @inline(__always)
    func sun(x: Int, y: Int) -> Float {
        guard isActive else { return 1 }
        let cx = min(width - 1, max(0, x)), cy = min(height - 1, max(0, y))
        guard cy >= groundRow else { return 1 }
        return open[cy * width + cx] * sunColumns[cx]
    }

    /// Light at world pixel (`x`, `y`): 1 in full sun (and in the sky), `1 - sunShare` in shadow.
    @inline(__always)
    func light(x: Int, y: Int) -> Float {
        guard isActive else { return 1 }
        let cy = min(height - 1, max(0, y))
        guard cy >= groundRow else { return 1 }
        return 1 - sunShare * (1 - sun(x: x, y: y))
    }
}

/// e^x for x ≤ 0 (and small positive x), without Foundation: (1 + x/64 + …)^64 by squaring.
@inline(__always)
func exponential(_ x: Double) -> Double {
    guard x > -60 else { return 0 }
    let r = x / 64
    var e = 1 + r * (1 + r / 2 * (1 + r / 3 * (1 + r / 4)))
    for _ in 0..<6 { e *= e }
    return e
}
