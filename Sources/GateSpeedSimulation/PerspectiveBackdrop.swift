/// The empty world as the camera sees it, without the poles: flat ground (an asphalt strip with
/// white edge lines along the course, grass beyond), a treeline 60 m behind the post line, and
/// sky with clouds. Every texture is fixed to the world (metres), and each pixel is rendered by
/// casting rays through 2 × 2 points of it and shading what they hit, once per scene.
struct PerspectiveBackdrop: Sendable {
    let width: Int, height: Int
    /// Luma 0-255, row-major, `width * height`.
    private(set) var luma: [Float]
    /// Chroma (Cb, Cr) at half resolution, `(width / 2) * (height / 2)` each; empty when grey.
    private(set) var chromaBlue: [Float], chromaRed: [Float]

    /// Half-width of the asphalt strip either side of the post line, metres.
    static let stripHalfWidth = 3.5
    /// Width of the painted edge lines, metres.
    static let lineWidth = 0.2
    /// Distance of the treeline behind the post line, metres.
    static let treelineDistance = 60.0

    init(camera: PerspectiveCameraPose, seed: UInt64, colour: Bool) {
        width = camera.width
        height = camera.height
        let salt = seed &* 0x2545_F491_4F6C_DD1D
        luma = [Float](repeating: 0, count: width * height)
        let cw = width / 2, ch = height / 2
        chromaBlue = colour ? [Float](repeating: 0, count: cw * ch) : []
        chromaRed = chromaBlue
        let w = width
        for y in 0..<height {
            for x in 0..<w {
                var sum = (luma: 0.0, blue: 0.0, red: 0.0)
                for sy in 0..<2 {
                    for sx in 0..<2 {
                        let ray = camera.ray(u: Double(x) + 0.25 + 0.5 * Double(sx), v: Double(y) + 0.25 + 0.5 * Double(sy))
                        let s = Self.shade(from: camera.centre, along: ray, salt: salt)
                        sum.luma += s.luma; sum.blue += s.blue; sum.red += s.red
                    }
                }
                luma[y * w + x] = Float(sum.luma / 4)
                if colour && x / 2 < cw && y / 2 < ch {
                    let i = (y / 2) * cw + x / 2
                    chromaBlue[i] += Float(sum.blue / 16)
                    chromaRed[i] += Float(sum.red / 16)
                }
            }
        }
    }

    /// Luma and chroma of whatever the ray from `origin` along `d` meets first.
    static func shade(from origin: PerspectiveVector, along d: PerspectiveVector, salt: UInt64)
        -> (luma: Double, blue: Double, red: Double) {
        let length = d.length
        // The ground, when the ray meets it before the treeline.
        var groundHit: PerspectiveVector? = nil
        if d.z < 0 {
            let g = origin + d * (-origin.z / d.z)
            if g.y < treelineDistance { return ground(g, distance: (g - origin).length, salt: salt) }
            groundHit = g
        }
        // The treeline: a vertical face at y = treelineDistance, its top varying with x.
        if d.y > 0 {
            let p = origin + d * ((treelineDistance - origin.y) / d.y)
            if p.z >= 0 && abs(p.x) < 1e6 {
                let top = 7 + 2.5 * perspectiveValueNoise(p.x / 12, 0.5, salt: salt ^ 0x51)
                    + 1.5 * perspectiveValueNoise(p.x / 3, 3.5, salt: salt ^ 0x52)
                    + 0.8 * perspectiveValueNoise(p.x / 1, 6.5, salt: salt ^ 0x55)
                if p.z <= top {
                    let leaves = 14 * perspectiveValueNoise(p.x / 1.6, p.z / 1.6, salt: salt ^ 0x53)
                        + 8 * perspectiveValueNoise(p.x / 0.5, p.z / 0.5, salt: salt ^ 0x54)
                    return (78 + leaves + 10 * (p.z / top), 118, 116)
                }
            }
        }
        // Ground beyond the treeline (seen over it from high up).
        if let g = groundHit { return ground(g, distance: (g - origin).length, salt: salt) }
        // Sky: brighter toward the horizon, clouds on a layer 800 m up.
        let elevation = max(0, d.z / length)
        var value = 200 - 40 * min(1, elevation * 3)
        if elevation > 0.005 {
            let t = (800 - origin.z) / d.z
            let c = origin + d * t
            let cloud = perspectiveValueNoise(c.x / 300, c.y / 300, salt: salt ^ 0x31)
            value += 18 * max(0, cloud) * min(1, elevation * 8)
        }
        return (value, 150 - 10 * (1 - min(1, elevation * 3)), 118)
    }

    /// Asphalt strip with edge lines, or grass, at ground point `g` seen from `distance` metres.
    private static func ground(_ g: PerspectiveVector, distance: Double, salt: UInt64)
        -> (luma: Double, blue: Double, red: Double) {
        // Texture contrast fades with distance, toward a hazy grey-green.
        let haze = (luma: 125.0, blue: 114.0, red: 118.0)
        guard distance < 5000 else { return haze }
        let fade = 1 / (1 + distance / 250)
        let across = abs(g.y)
        var value: Double, blue: Double, red: Double
        if across <= stripHalfWidth {
            value = 100 + 6 * perspectiveValueNoise(g.x / 2.5, g.y / 2.5, salt: salt ^ 0x11)
                + 5 * perspectiveValueNoise(g.x / 0.15, g.y / 0.15, salt: salt ^ 0x12)
                + 4 * perspectiveValueNoise(g.x / 0.03, g.y / 0.03, salt: salt ^ 0x13)
            blue = 127; red = 129
            if across >= stripHalfWidth - lineWidth { value = 215; blue = 128; red = 128 }
        } else {
            value = 118 + 14 * perspectiveValueNoise(g.x / 5, g.y / 5, salt: salt ^ 0x21)
                + 8 * perspectiveValueNoise(g.x / 1.1, g.y / 1.1, salt: salt ^ 0x22)
                + 6 * perspectiveValueNoise(g.x / 0.23, g.y / 0.23, salt: salt ^ 0x23)
                + 7 * perspectiveValueNoise(g.x / 0.05, g.y / 0.05, salt: salt ^ 0x26)
            blue = 110 + 3 * perspectiveValueNoise(g.x / 3, g.y / 3, salt: salt ^ 0x24)
            red = 114 + 2 * perspectiveValueNoise(g.x / 3, g.y / 3, salt: salt ^ 0x25)
        }
        return (haze.luma + (value - haze.luma) * fade, haze.blue + (blue - haze.blue) * fade,
                haze.red + (red - haze.red) * fade)
    }
}
