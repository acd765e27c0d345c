/// One slalom pole, rasterised once: a vertical cylinder 5 cm across (widened so that it is at
/// least 1 pixel wide in the picture) standing on the ground at (x, 0), up to the pole height,
/// painted in bands of about 25 cm, alternately orange and near-black, the bottom band orange.
///
/// The pole is kept as a list of blends (pixel, coverage, value) so the renderer can paint it in
/// painter's order with the people: a rider passing behind the post line is hidden by it.
struct PerspectivePole: Sendable {
    /// Camera depth of the pole's foot, metres.
    let depth: Double
    /// Luma blends, applied in order: `value = value + (shade - value) * coverage`.
    private let index: [Int32], coverage: [Float], shade: [Float]
    /// Chroma blends at half resolution (empty for grey scenes).
    private let chromaIndex: [Int32], chromaCoverage: [Float], chromaBlue: [Float], chromaRed: [Float]

    static let radius = 0.025
    static let orange = (luma: Float(160), blue: Float(80), red: Float(180))
    static let dark = (luma: Float(35), blue: Float(128), red: Float(128))

    init(x: Double, heightMetres: Double, camera: PerspectiveCameraPose, colour: Bool) {
        let foot = camera.cameraFrame(PerspectiveVector(x, 0, 0))
        depth = foot.z
        var raster = PerspectiveRasteriser(capacity: 64, width: camera.width)
        // At least one pixel wide: radius no less than half a pixel at the pole's distance.
        let radius = max(Self.radius, 0.5 * max(foot.z, 0) / camera.focal)
        let bands = max(2, Int((heightMetres / 0.25).rounded()))
        var index: [Int32] = [], coverage: [Float] = [], shade: [Float] = []
        var chromaIndex: [Int32] = [], chromaCoverage: [Float] = [], blue: [Float] = [], red: [Float] = []
        let w = camera.width, h = camera.height
        for band in 0..<bands {
            let z0 = heightMetres * Double(band) / Double(bands), z1 = heightMetres * Double(band + 1) / Double(bands)
            raster.reset()
            var visible = true
            for i in 0..<24 where visible {
                let t = perspectiveSineCosine(6.283185307179586 * Double(i) / 24)
                for z in [z0, z1] {
                    // The ends as 24-gons, enlarged to the circle's area (by 1.0057).
                    let r = radius * 1.005741
                    guard let p = camera.pixel(of: PerspectiveVector(x + r * t.cos, r * t.sin, z)) else {
                        visible = false
                        break
                    }
                    raster.add(p.x, p.y)
                }
            }
            guard visible else { continue }
            raster.buildHull()
            let colours = band % 2 == 0 ? Self.orange : Self.dark
            raster.fill(scale: 1, width: w, height: h) { row, x0, x1, c in
                for x in x0..<x1 where c[x] > 0 {
                    index.append(Int32(row * w + x)); coverage.append(min(1, c[x])); shade.append(colours.luma)
                }
            }
            if colour {
                let cw = w / 2
                raster.fill(scale: 0.5, width: cw, height: h / 2) { row, x0, x1, c in
                    for x in x0..<x1 where c[x] > 0 {
                        chromaIndex.append(Int32(row * cw + x)); chromaCoverage.append(min(1, c[x]))
                        blue.append(colours.blue); red.append(colours.red)
                    }
                }
            }
        }
        self.index = index; self.coverage = coverage; self.shade = shade
        self.chromaIndex = chromaIndex; self.chromaCoverage = chromaCoverage
        self.chromaBlue = blue; self.chromaRed = red
    }

    /// Paints the pole over a luma canvas of the camera's size.
    func paint(luma canvas: UnsafeMutablePointer<Float>) {
        for i in index.indices {
            let p = Int(index[i])
            canvas[p] += (shade[i] - canvas[p]) * coverage[i]
        }
    }

    /// Paints the pole's chroma over half-resolution Cb and Cr canvases.
    func paint(blue: UnsafeMutablePointer<Float>, red: UnsafeMutablePointer<Float>) {
        for i in chromaIndex.indices {
            let p = Int(chromaIndex[i])
            blue[p] += (chromaBlue[i] - blue[p]) * chromaCoverage[i]
            red[p] += (chromaRed[i] - red[p]) * chromaCoverage[i]
        }
    }
}
