/// The empty course as the camera sees it: sky, a treeline, textured ground, a fence rail
/// and the five posts. Rendered once per scene; frames are cut from it.
struct BackgroundTexture: Sendable {
    let width: Int
    let height: Int
    /// Luma 0-255, row-major, `width * height`.
    private(set) var pixels: [Float]

    init(width: Int, height: Int, posts: [Double], seed: UInt64) {
        self.width = width
        self.height = height
        var random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D)
        pixels = [Float](repeating: 0, count: width * height)
        // Smooth blotches: value noise on a coarse lattice, bilinearly interpolated.
        let latticeW = 24, latticeH = 18
        var lattice = [Float](repeating: 0, count: (latticeW + 1) * (latticeH + 1))
        for i in lattice.indices { lattice[i] = Float(random.uniform(-22...22)) }
        let horizon = Int(Double(height) * 0.32)
        let fenceTop = Int(Double(height) * 0.55), fenceBottom = fenceTop + max(2, height / 120)
        for y in 0..<height {
            let ly = Double(y) / Double(height) * Double(latticeH)
            let y0 = min(latticeH - 1, Int(ly)), fy = Float(ly - Double(y0))
            for x in 0..<width {
                let lx = Double(x) / Double(width) * Double(latticeW)
                let x0 = min(latticeW - 1, Int(lx)), fx = Float(lx - Double(x0))
                let a = lattice[y0 * (latticeW + 1) + x0], b = lattice[y0 * (latticeW + 1) + x0 + 1]
                let c = lattice[(y0 + 1) * (latticeW + 1) + x0], d = lattice[(y0 + 1) * (latticeW + 1) + x0 + 1]
                let blotch = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
                var value: Float
                if y < horizon {
                    value = 185 + Float(y) / Float(horizon) * 20 + blotch * 0.3          // sky
                } else if y < horizon + height / 10 {
                    value = 85 + blotch + Float(random.uniform(-14...14))                // treeline
                } else {
                    value = 120 + blotch + Float(random.uniform(-9...9))                 // ground
                }
                if y >= fenceTop && y < fenceBottom { value = 60 }
                pixels[y * width + x] = value
            }
        }
        // Posts: dark poles from the ground up, a few pixels wide, with a bright band.
        let poleWidth = max(2, width / 160)
        let poleTop = Int(Double(height) * 0.45), poleBottom = Int(Double(height) * 0.9)
        for post in posts {
            let centre = Int(post * Double(width))
            for y in poleTop..<min(height, poleBottom) {
                for x in max(0, centre - poleWidth / 2)..<min(width, centre + (poleWidth + 1) / 2) {
                    let band = (y - poleTop) % 24 < 8
                    pixels[y * width + x] = band ? 230 : 35
                }
            }
        }
    }

    /// Luma at pixel (x, y), clamped to the edges.
    @inline(__always)
    func value(x: Int, y: Int) -> Float {
        pixels[min(height - 1, max(0, y)) * width + min(width - 1, max(0, x))]
    }

    /// Luma at pixel position (x, y) between pixel centres (pixel (i, j) covers i…i+1, j…j+1),
    /// bilinearly interpolated, clamped to the edges.
    @inline(__always)
    func value(x: Double, y: Double) -> Float {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        let a = value(x: x0, y: y0), b = value(x: x0 + 1, y: y0)
        let c = value(x: x0, y: y0 + 1), d = value(x: x0 + 1, y: y0 + 1)
        return (a + (b - a) * ax) * (1 - ay) + (c + (d - c) * ax) * ay
    }

    /// Multiplies every pixel by the light `lighting` gives it (fixed shadows, baked once).
    mutating func light(by lighting: SimulatedLighting) {
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] *= lighting.light(x: x, y: y) }
        }
    }
}
