import GateSpeedFrames

/// The reduced grid the detector works on, laid out in *view* coordinates.
///
/// Cell `(column, row)` covers the view rectangle
/// `[column / columns, (column + 1) / columns) x [row / rows, (row + 1) / rows)` (normalised,
/// top-left origin). Its value is the mean luma (0-255) of the 2 x 2 sensor pixels at the
/// cell's sampling point, found through `FrameGeometry`, so rotation, mirroring and cropping
/// cost nothing per frame: they are folded into a table of byte offsets built once per size.
///
/// The sampling point is not the same in every row: row `r` samples at
/// `column + 0.5 + rowShift(r)` cells across. Staggering the rows this way means a person
/// several rows tall is sampled at four different sub-cell phases, so the centre measured over
/// their rows carries almost none of the quantisation bias a regular grid would give (which
/// differs from post to post and so would not cancel out of the elapsed time).
public struct AnalysisGrid: Sendable {
    public let columns: Int
    public let rows: Int
    public var cellCount: Int { columns * rows }

    /// Horizontal offset of row `row`'s sampling points from the cell centres, in cells.
    @inline(__always)
    public static func rowShift(_ row: Int) -> Double {
        switch row & 3 {
        case 0: -0.375
        case 1: 0.125
        case 2: -0.125
        default: 0.375
        }
    }

    /// Byte offset of each cell's top-left sample from the plane base, row-major by cell.
    private var offsets: [Int]
    /// Byte distance to the right-hand and lower neighbours of that sample.
    private var rightStep = 1
    private var downStep = 1
    /// Pixels the texture neighbourhood reaches beyond the 2 x 2 block on each side (0 or 2).
    private var textureReach = 0
    /// The sensor plane layout the table was built for.
    private var builtFor: (width: Int, height: Int, rowStride: Int, pixelStride: Int) = (0, 0, 0, 0)
    /// Byte offset of each cell's chroma sample (the same offset in the blue and red planes).
    private var chromaOffsets: [Int] = []
    private var chromaBuiltFor: (width: Int, height: Int, rowStride: Int, pixelStride: Int) = (0, 0, 0, 0)
    public let geometry: FrameGeometry

    /// View pixels per cell along x, for converting cell distances to pixels.
    public private(set) var viewPixelsPerColumn: Double = 1

    public init(columns: Int, viewAspect: Double, geometry: FrameGeometry) {
        self.columns = max(16, columns)
        self.rows = max(8, Int((Double(self.columns) / max(0.05, viewAspect)).rounded()))
        self.geometry = geometry
        offsets = [Int](repeating: 0, count: self.columns * self.rows)
    }

    /// Rebuilds the offset table when the plane's size or layout differs from the last one.
    /// Returns true when it did (the caller relearns the background then).
    @discardableResult
    public mutating func prepare(for plane: Plane) -> Bool {
        if builtFor == (plane.width, plane.height, plane.rowStride, plane.pixelStride) { return false }
        builtFor = (plane.width, plane.height, plane.rowStride, plane.pixelStride)
        rightStep = plane.width > 1 ? plane.pixelStride : 0
        downStep = plane.height > 1 ? plane.rowStride : 0
        let w = Double(plane.width), h = Double(plane.height)
        // Keep a margin around the 2 x 2 block for the texture neighbourhood.
        let reach = (plane.width >= 8 && plane.height >= 8) ? 2 : 0
        textureReach = reach
        let minX = reach, minY = reach
        let maxX = max(minX, plane.width - 2 - reach), maxY = max(minY, plane.height - 2 - reach)
        for row in 0..<rows {
            let v = (Double(row) + 0.5) / Double(rows)
            for column in 0..<columns {
                let u = (Double(column) + 0.5 + Self.rowShift(row)) / Double(columns)
                let s = geometry.sensorPoint(viewX: u, viewY: v)
                let px = min(maxX, max(minX, Int(s.x * w - 0.5)))
                let py = min(maxY, max(minY, Int(s.y * h - 0.5)))
                offsets[row * columns + column] = plane.offset(x: px, y: py)
            }
        }
        let view = geometry.viewSize(sensorWidth: plane.width, sensorHeight: plane.height)
        viewPixelsPerColumn = view.width / Double(columns)
        return true
    }

    /// True when the two chroma planes share one layout, so one offset table serves both.
    public static func chromaUsable(blue: Plane?, red: Plane?) -> Bool {
        guard let blue, let red else { return false }
        return blue.width == red.width && blue.height == red.height && blue.rowStride == red.rowStride
            && blue.pixelStride == red.pixelStride
    }

    /// Builds the chroma offset table for `plane` (either chroma plane) when its layout is new.
    /// Chroma is sampled at the same view points as luma, one sample per cell.
    public mutating func prepareChroma(for plane: Plane) {
        if chromaBuiltFor == (plane.width, plane.height, plane.rowStride, plane.pixelStride) { return }
        chromaBuiltFor = (plane.width, plane.height, plane.rowStride, plane.pixelStride)
        chromaOffsets = [Int](repeating: 0, count: cellCount)
        let w = Double(plane.width), h = Double(plane.height)
        for row in 0..<rows {
            let v = (Double(row) + 0.5) / Double(rows)
            for column in 0..<columns {
                let u = (Double(column) + 0.5 + Self.rowShift(row)) / Double(columns)
                let s = geometry.sensorPoint(viewX: u, viewY: v)
                let px = min(plane.width - 1, max(0, Int(s.x * w)))
                let py = min(plane.height - 1, max(0, Int(s.y * h)))
                chromaOffsets[row * columns + column] = plane.offset(x: px, y: py)
            }
        }
    }

    /// Fills `blue` and `red` with each cell's chroma (0-255, 128 = no colour).
    /// `prepareChroma(for:)` first.
    @inline(__always)
    public func sampleChroma(blue bluePlane: Plane, red redPlane: Plane,
                             into blue: UnsafeMutablePointer<Float>, _ red: UnsafeMutablePointer<Float>) {
        let b = bluePlane.base.assumingMemoryBound(to: UInt8.self)
        let r = redPlane.base.assumingMemoryBound(to: UInt8.self)
        chromaOffsets.withUnsafeBufferPointer { table in
            for i in 0..<table.count {
                blue[i] = Float(b[table[i]])
                red[i] = Float(r[table[i]])
            }
        }
    }

    /// Fills `cells` (count `cellCount`) with the mean luma of each cell. `prepare(for:)` first.
    @inline(__always)
    public func sample(_ plane: Plane, into cells: UnsafeMutablePointer<Float>) {
        let base = plane.base.assumingMemoryBound(to: UInt8.self)
        let right = rightStep, down = downStep, diagonal = rightStep + downStep
        offsets.withUnsafeBufferPointer { table in
            for i in 0..<table.count {
                let p = base + table[i]
                let sum = Int(p[0]) + Int(p[right]) + Int(p[down]) + Int(p[diagonal])
                cells[i] = Float(sum) * 0.25
            }
        }
    }

    /// Like `sample`, and also fills `texture` with each cell's local spread: max - min over the
    /// 6 x 6 pixels around its 2 x 2 block, i.e. how much the cell's value can move when two
    /// frames are shaken a pixel in opposite directions. Used while learning the course only.
    public func sample(_ plane: Plane, into cells: UnsafeMutablePointer<Float>, texture: UnsafeMutablePointer<Float>) {
        sample(plane, into: cells)
        let base = plane.base.assumingMemoryBound(to: UInt8.self)
        let right = rightStep, down = downStep, reach = textureReach
        offsets.withUnsafeBufferPointer { table in
            for i in 0..<table.count {
                var low: UInt8 = 255, high: UInt8 = 0
                for dy in -reach...(1 + reach) {
                    for dx in -reach...(1 + reach) {
                        let v = base[table[i] + dy * down + dx * right]
                        low = min(low, v); high = max(high, v)
                    }
                }
                texture[i] = Float(high - low)
            }
        }
    }
}
