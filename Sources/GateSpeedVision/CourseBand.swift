/// The part of the view where a rider's feet can be: the ground around the course (for
/// instance 3 m either side of the post line and a few metres beyond the end posts) as the
/// camera sees it, a convex polygon of 3 to 8 vertices in normalised view coordinates (0...1,
/// top-left origin; vertices may lie outside the view).
///
/// A person whose feet stand outside it (a spectator behind the course, a coach in front of it)
/// is never the rider. Points on an edge are inside.
public struct CourseBand: Sendable, Equatable {
    /// A vertex, normalised view coordinates.
    public struct Point: Sendable, Equatable {
        public var x: Double, y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    public static let maximumVertices = 8

    /// The vertices as given.
    public let vertices: [Point]
    /// Each edge as a half-plane `a * x + b * y <= c` (unit normal `(a, b)` pointing out).
    private let edges: [HalfPlane]
    /// Width and height of the bounding box, normalised view units.
    public let extentX: Double, extentY: Double

    struct HalfPlane: Sendable, Equatable {
        var a: Double, b: Double, c: Double
        /// How far the edge moves out per unit of `margin`: the band's extent along the normal.
        var reach: Double
    }

    /// Nil unless `vertices` are 3 to 8 points, in either winding order, forming a convex polygon
    /// with a non-zero area (repeated points and collinear vertices are allowed).
    public init?(vertices: [Point]) {
        guard vertices.count >= 3, vertices.count <= Self.maximumVertices,
              vertices.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let n = vertices.count
        var twiceArea = 0.0
        for i in 0..<n {
            let p = vertices[i], q = vertices[(i + 1) % n]
            twiceArea += p.x * q.y - q.x * p.y
        }
        let scale = max(1e-12, vertices.map { abs($0.x) + abs($0.y) }.max() ?? 1)
        guard abs(twiceArea) > 1e-9 * scale * scale else { return nil }
        // Convex: every turn goes the same way as the whole outline (zero turns are collinear points).
        let sense = twiceArea > 0 ? 1.0 : -1.0
        for i in 0..<n {
            let p = vertices[i], q = vertices[(i + 1) % n], r = vertices[(i + 2) % n]
            let turn = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x)
            if turn * sense < -1e-12 * scale * scale { return nil }
        }
        let minX = vertices.map(\.x).min()!, maxX = vertices.map(\.x).max()!
        let minY = vertices.map(\.y).min()!, maxY = vertices.map(\.y).max()!
        var edges: [HalfPlane] = []
        for i in 0..<n {
            let p = vertices[i], q = vertices[(i + 1) % n]
            let dx = q.x - p.x, dy = q.y - p.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-12 * scale else { continue }   // a repeated point
            // The outward normal is on the right of the edge for a positive (x right, y down) area.
            let a = sense * dy / length, b = -sense * dx / length
            edges.append(HalfPlane(a: a, b: b, c: a * p.x + b * p.y,
                                   reach: abs(a) * (maxX - minX) + abs(b) * (maxY - minY)))
        }
        guard edges.count >= 3 else { return nil }
        self.vertices = vertices
        self.edges = edges
        extentX = maxX - minX
        extentY = maxY - minY
    }

    /// True when the view point `(x, y)` lies in the band or on its outline.
    @inline(__always)
    public func contains(x: Double, y: Double) -> Bool { contains(x: x, y: y, margin: 0) }

    /// True when `(x, y)` lies in the band grown by `margin` (a fraction of the band's own extent,
    /// so 0.1 moves each edge out by a tenth of the band's size across that edge).
    public func contains(x: Double, y: Double, margin: Double) -> Bool {
        edges.withUnsafeBufferPointer { edges in
            for e in edges where e.a * x + e.b * y > e.c + margin * e.reach + 1e-12 { return false }
            return true
        }
    }
}
