/// The small amount of 3-D arithmetic the perspective simulator needs, written here so that it
/// shares nothing with the geometry code it is the independent truth for.
///
/// A point or direction in metres. In world (course) coordinates x runs along the post line
/// from post 1, y across it (away from the camera), z up from the ground.
struct PerspectiveVector: Sendable, Equatable {
    var x: Double, y: Double, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    static let up = PerspectiveVector(0, 0, 1)

    @inline(__always) static func + (a: Self, b: Self) -> Self { Self(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inline(__always) static func - (a: Self, b: Self) -> Self { Self(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inline(__always) static func * (a: Self, s: Double) -> Self { Self(a.x * s, a.y * s, a.z * s) }
    @inline(__always) func dot(_ b: Self) -> Double { x * b.x + y * b.y + z * b.z }
    @inline(__always) func cross(_ b: Self) -> Self {
        Self(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }
    @inline(__always) var length: Double { dot(self).squareRoot() }
    @inline(__always) var normalised: Self { self * (1 / length) }
}

/// Degrees to radians.
@inline(__always)
func perspectiveRadians(_ degrees: Double) -> Double { degrees * (3.141592653589793 / 180) }

/// Sine and cosine of `x` radians to about 1e-15 (range reduction to ±π/4, then Taylor series),
/// more accurate than the figure painter's `sine`, because the projection is the truth.
@inline(__always)
func perspectiveSineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    let halfPi = 1.5707963267948966
    let quadrant = (x / halfPi).rounded()
    // Two-part π/2 (Cody-Waite) keeps the reduction exact for the angles used here.
    let r = (x - quadrant * 1.5707963267341256) - quadrant * 6.077100506506192e-11
    let r2 = r * r
    let s = r * (1 - r2 / 6 * (1 - r2 / 20 * (1 - r2 / 42 * (1 - r2 / 72 * (1 - r2 / 110 * (1 - r2 / 156 * (1 - r2 / 210)))))))
    let c = 1 - r2 / 2 * (1 - r2 / 12 * (1 - r2 / 30 * (1 - r2 / 56 * (1 - r2 / 90 * (1 - r2 / 132 * (1 - r2 / 182))))))
    switch Int(quadrant) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

/// A fixed-seed hash of a lattice cell to -1...1, for textures fixed to the world.
@inline(__always)
func perspectiveLatticeValue(_ ix: Int, _ iy: Int, salt: UInt64) -> Double {
    var z = UInt64(bitPattern: Int64(ix)) &* 0x9E37_79B9_7F4A_7C15
    z ^= UInt64(bitPattern: Int64(iy)) &* 0xC2B2_AE3D_27D4_EB4F
    z ^= salt
    z = (z ^ (z >> 32)) &* 0xD6E8_FEB8_6659_FD93
    z ^= z >> 32
    return Double(z >> 11) * (2.0 / 9_007_199_254_740_992.0) - 1
}

/// Smooth value noise in -1...1 with one lattice cell per unit of `x` and `y` (both well inside
/// ±1e15: callers keep far-away points out).
@inline(__always)
func perspectiveValueNoise(_ x: Double, _ y: Double, salt: UInt64) -> Double {
    // Floor without a library call (the values are far inside Int's range).
    var ix = Int(x), iy = Int(y)
    if Double(ix) > x { ix -= 1 }
    if Double(iy) > y { iy -= 1 }
    var u = x - Double(ix), v = y - Double(iy)
    u = u * u * (3 - 2 * u)
    v = v * v * (3 - 2 * v)
    let a = perspectiveLatticeValue(ix, iy, salt: salt), b = perspectiveLatticeValue(ix + 1, iy, salt: salt)
    let c = perspectiveLatticeValue(ix, iy + 1, salt: salt), d = perspectiveLatticeValue(ix + 1, iy + 1, salt: salt)
    let lower = a + (b - a) * u, upper = c + (d - c) * u
    return lower + (upper - lower) * v
}
