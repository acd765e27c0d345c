/// Light that changes over part of the view only: a cloud's shadow sweeping across the ground,
/// the ground darkening under a cloud while the sky does not. A field of gains, one per tile of
/// `tileWidth x tileHeight` cells, by which the background model multiplies the learnt course
/// instead of its one global gain (see `BackgroundModel.classify(cells:mask:time:step:settings:light:)`).
///
/// - Estimate: a tile's gain is the median ratio of current to learnt luma over its cells (cells
///   learnt darker than `darkestLearnt` left out), so a person covering less than half a tile
///   does not move it; each tile row is then smoothed by a median of five tiles (the border
///   tile repeated), so a person up to two tiles wide is not taken for light, while a shadow's
///   edge, whose gains fall or rise steadily across, stays where it is.
/// - Test: a cell is background when its value lies within its threshold of the learnt value
///   times some gain between the lowest and highest of its tile's and its four neighbours'
///   gains: the soft edge of a shadow inside a tile and the horizon between shaded ground and
///   lit sky are both explained.
/// - Columns: within each tile row, a gain per column of cells too (`LocalLightColumns`), for a
///   band of light narrower than the tiles' median keeps.
/// - On only while needed: switched on by the caller when much of the view is foreground under
///   the global gain (`VisionSettings.localLightTrigger`), off again once every tile's gain has
///   stayed within `VisionSettings.localLightSpread` of the median for `localLightSettleSeconds`.
///   A view in even light never pays for it.
///
/// Allocation-free per frame: every buffer is sized for the grid.
struct LocalLight: Sendable {
    /// Tile size in cells: a multiple of eight across, so eight-cell groups never straddle tiles.
    static let tileWidth = 16, tileHeight = 12
    /// Cells learnt darker than this (luma levels) tell nothing of the light (ratios of noise).
    static let darkestLearnt: Float = 8
    /// Ratio histogram: `bins` bins of `1 / binsPerUnit` from 0.
    static let binsPerUnit: Float = 64
    static let bins = 256
    /// Seconds the gains must stay even before the field is switched off.
    static let settleSeconds = 1.0

    let columns: Int, rows: Int
    let tileColumns: Int, tileRows: Int
    /// Per tile: the median ratio, then the row-smoothed gain, then the range of the neighbourhood.
    private(set) var raw: [Float]
    private(set) var gains: [Float]
    private(set) var low: [Float]
    private(set) var high: [Float]
    private var histogram: [Int32]
    /// For the median of the tile gains (in sixteenths, see `LevelHistogram`).
    private var gainHistogram = LevelHistogram()
    private(set) var isActive = false
    /// The median of the tile gains (the gain the rest of the detector uses while active).
    private(set) var medianGain: Float = 1
    private var evenSince = -Double.infinity
    /// Boxes of the people being followed (grid cells, inclusive bounds), left out of the
    /// estimate: a person is not light, however many tiles they cover (a rider close to the
    /// camera). At most `RiderTracker.maximumTracks`.
    private var people = [(x0: Int, x1: Int, y0: Int, y1: Int)](repeating: (1, 0, 1, 0), count: RiderTracker.maximumTracks)
    private var peopleCount = 0
    /// Tiles whose cells were mostly left out for a person: filled from below or their row before smoothing.
    private var unknown: [Bool]
    /// The gains per column within each tile row, for the cell test (`LocalLightColumns`).
    private(set) var fine: LocalLightColumns
    /// Whether the column gains may explain cells this frame: a light front was seen since the
    /// field came on, and some tile's own median (before smoothing) lies beyond the spread from
    /// the median gain, so the light is uneven somewhere. The field also comes on for a large
    /// rider alone (much of the view foreground), and then only the tiles, which leave people
    /// out, say what light is.
    private(set) var columnsExplain = false
    /// Whether a light front (`LightFronts`) was seen since the field came on: a cloud's shadow,
    /// not only much of the view foreground (a large rider, people together).
    private(set) var sawFront = false

    /// Notes that a light front was seen (see `sawFront`).
    mutating func noteFront() { sawFront = true }

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        tileColumns = (self.columns + Self.tileWidth - 1) / Self.tileWidth
        tileRows = (self.rows + Self.tileHeight - 1) / Self.tileHeight
        let tiles = tileColumns * tileRows
        raw = [Float](repeating: 1, count: tiles)
        gains = raw; low = raw; high = raw
        histogram = [Int32](repeating: 0, count: Self.bins)
        unknown = [Bool](repeating: false, count: tiles)
        fine = LocalLightColumns(columns: self.columns, tileRows: tileRows)
    }

    /// Leaves out of the next estimates the cells of `blob` (normalised view box), grown by
    /// `margin` of its height on every side (the person moves between frames); call
    /// `clearPeople()` first each frame.
    mutating func leaveOut(_ blob: Blob, margin: Double) {
        guard peopleCount < people.count else { return }
        let c = Double(columns), r = Double(rows), grow = margin * blob.height
        let x0 = ((blob.minX - grow * r / c) * c).rounded(.down), x1 = ((blob.maxX + grow * r / c) * c).rounded(.up)
        let y0 = ((blob.minY - grow) * r).rounded(.down), y1 = ((blob.maxY + grow) * r).rounded(.up)
        guard x0 < c, y0 < r, x1 >= 0, y1 >= 0 else { return }
        people[peopleCount] = (Int(max(0, x0)), Int(min(c - 1, x1)), Int(max(0, y0)), Int(min(r - 1, y1)))
        peopleCount &+= 1
    }

    mutating func clearPeople() { peopleCount = 0 }

    /// Switches the field off (a new course is learnt).
    mutating func reset() {
        isActive = false
        evenSince = -.infinity
        for k in 0..<gains.count { raw[k] = 1; gains[k] = 1; low[k] = 1; high[k] = 1 }
        fine.reset()
        columnsExplain = false
        sawFront = false
    }

    /// Switches the field on (the caller saw much of the view change under the global gain).
    mutating func activate(time: Double) {
        isActive = true
        sawFront = false
        evenSince = -.infinity
    }

    /// Estimates the field from this frame's `cells` and the learnt `means` (both row-major,
    /// luma levels), `fallback` being the global gain for tiles with nothing to measure. Then
    /// switches the field off if its gains have stayed within `spread` of their median for
    /// `settleSeconds` (the light is even again, the global gain does the work).
    mutating func estimate(cells: UnsafePointer<Float>, means: UnsafePointer<Float>, fallback: Float,
                           time: Double, spread: Float) {
        let w = columns, h = rows, tw = tileColumns, th = tileRows
        let peopleCount = peopleCount
        histogram.withUnsafeMutableBufferPointer { histogramBuffer in
        people.withUnsafeMutableBufferPointer { people in
        unknown.withUnsafeMutableBufferPointer { unknown in
        raw.withUnsafeMutableBufferPointer { rawBuffer in
            let bins = histogramBuffer.baseAddress!, raw = rawBuffer.baseAddress!
            let top = Self.bins &- 1
            for ty in 0..<th {
                let y0 = ty &* Self.tileHeight, y1 = min(h, y0 &+ Self.tileHeight)
                for tx in 0..<tw {
                    let x0 = tx &* Self.tileWidth, x1 = min(w, x0 &+ Self.tileWidth)
                    histogramBuffer.update(repeating: 0)
                    var counted: Int32 = 0
                    var overlapping = 0   // people boxes over this tile: moved to the front of `people`
                    for k in 0..<peopleCount {
                        let b = people[k]
                        if b.x0 < x1 && b.x1 >= x0 && b.y0 < y1 && b.y1 >= y0 {
                            people.swapAt(k, overlapping); overlapping &+= 1
                        }
                    }
                    for y in y0..<y1 {
                        let row = y &* w
                        for x in x0..<x1 {
                            if overlapping > 0 {
                                var inPerson = false
                                for k in 0..<overlapping {
                                    let b = people[k]
                                    if x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1 { inPerson = true; break }
                                }
                                if inPerson { continue }
                            }
                            let m = means[row &+ x]
                            guard m >= Self.darkestLearnt else { continue }
                            let scaled = cells[row &+ x] / m * Self.binsPerUnit
                            let bin = scaled < Float(top) ? Int(max(0, scaled)) : top
                            bins[bin] &+= 1
                            counted &+= 1
                        }
                    }
                    let area = Int32((y1 &- y0) &* (x1 &- x0))
                    guard counted &* 4 >= area, counted > 0 else {
                        raw[ty &* tw &+ tx] = fallback; unknown[ty &* tw &+ tx] = overlapping > 0; continue
                    }
                    raw[ty &* tw &+ tx] = Self.median(bins, count: counted)
                    unknown[ty &* tw &+ tx] = false
                }
            }
        }}}}
        fillUnknownTiles()
        smooth()
        gainHistogram.clear()
        for k in 0..<gains.count { gainHistogram.add(gains[k] * 16) }
        medianGain = max(0.25, gainHistogram.median / 16)
        var largest: Float = 0, largestRaw: Float = 0
        for k in 0..<gains.count {
            largest = max(largest, abs(gains[k] - medianGain)); largestRaw = max(largestRaw, abs(raw[k] - medianGain))
        }
        columnsExplain = sawFront && largestRaw > spread * medianGain
        // The column gains are read only while they may explain cells (the cell test, the colour
        // test and the pooled evidence all ask `columnsExplain` first), so they are measured only
        // then: the field is also on for a large rider alone, for the whole run.
        if columnsExplain {
            people.withUnsafeBufferPointer { people in
            raw.withUnsafeBufferPointer { raw in
                fine.estimate(cells: cells, means: means, rows: h, excluded: { x, y in
                    for k in 0..<peopleCount {
                        let b = people[k]
                        if x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1 { return true }
                    }
                    return false
                }, fallback: { tx, ty in raw[ty * tw + tx] })
            }}
        }
        if largest <= spread * medianGain {
            if evenSince == -.infinity { evenSince = time }
            if time - evenSince >= Self.settleSeconds { isActive = false }
        } else {
            evenSince = -.infinity
        }
    }

    /// The median ratio of a histogram of `count` entries, interpolated within its bin.
    private static func median(_ bins: UnsafeMutablePointer<Int32>, count: Int32) -> Float {
        let half = Float(count) / 2
        var before: Float = 0
        for bin in 0..<Self.bins {
            let here = Float(bins[bin])
            if before + here >= half {
                let within = here > 0 ? (half - before) / here : 0.5
                return (Float(bin) + within) / Self.binsPerUnit
            }
            before += here
        }
        return Float(Self.bins) / Self.binsPerUnit
    }

    /// Gives each tile a person covers the gain of the nearest measured tile below it in its
    /// column, the ground the person stands on, which a cloud's shadow covers down to the view's
    /// bottom just as it covers them (a tile across its front, in the same row, does not); where
    /// nothing below is measured, that of the nearest measured tile in its row (the global gain
    /// where the row has none). Either way, what the light does to a region left out is measured
    /// next to it: a part of a shadow's front followed as if it were a person is still learnt.
    private mutating func fillUnknownTiles() {
        let tw = tileColumns, th = tileRows
        for ty in 0..<th {
            let row = ty * tw
            for tx in 0..<tw where unknown[row + tx] {
                var below = ty + 1
                while below < th && unknown[below * tw + tx] { below += 1 }
                if below < th { raw[row + tx] = raw[below * tw + tx]; continue }
                for d in 1..<tw {
                    if tx - d >= 0, !unknown[row + tx - d] { raw[row + tx] = raw[row + tx - d]; break }
                    if tx + d < tw, !unknown[row + tx + d] { raw[row + tx] = raw[row + tx + d]; break }
                }
            }
        }
    }

    /// Median of five along each tile row (border tiles repeated), then each tile's range over
    /// itself and its four neighbours.
    private mutating func smooth() {
        let tw = tileColumns, th = tileRows
        for ty in 0..<th {
            for tx in 0..<tw {
                func at(_ dx: Int) -> Float { raw[ty * tw + min(tw - 1, max(0, tx + dx))] }
                gains[ty * tw + tx] = Self.medianOfFive((at(-2), at(-1), at(0), at(1), at(2)))
            }
        }
        for ty in 0..<th {
            for tx in 0..<tw {
                let k = ty * tw + tx
                var lo = gains[k], hi = gains[k]
                if tx > 0 { lo = min(lo, gains[k - 1]); hi = max(hi, gains[k - 1]) }
                if tx + 1 < tw { lo = min(lo, gains[k + 1]); hi = max(hi, gains[k + 1]) }
                if ty > 0 { lo = min(lo, gains[k - tw]); hi = max(hi, gains[k - tw]) }
                if ty + 1 < th { lo = min(lo, gains[k + tw]); hi = max(hi, gains[k + tw]) }
                low[k] = lo; high[k] = hi
            }
        }
    }

    /// The median of five values: a partial sorting network, no allocation.
    private static func medianOfFive(_ v: (Float, Float, Float, Float, Float)) -> Float {
        var (a, b, c, d, e) = v
        if a > b { swap(&a, &b) }
        if d > e { swap(&d, &e) }
        if a > d { swap(&a, &d); swap(&b, &e) }   // a is the least of a, b, d, e: not the median
        if c > b { swap(&b, &c) }                 // now the median of b, c, d, e without the largest
        if b > e { swap(&b, &e) }
        // The median of the five is the middle of {b, c, d} after dropping a (least) and e (largest of b, e).
        return max(min(b, c), min(max(b, c), d))
    }

    /// The tile of cell (`x`, `y`).
    @inline(__always)
    func tile(x: Int, y: Int) -> Int { (y / Self.tileHeight) * tileColumns + x / Self.tileWidth }
}

extension RiderDetector {
    /// Seconds since a person was last seen for the local light (`LocalLight`) to leave them out.
    static let followedPersonSeconds = 0.5
    /// Body heights per second a followed region must move at to be left out of the light.
    /// (A rider 60 % of the view high at 30 km/h across a 35 m view moves half a body height a second.)
    static let followedPersonMotion = 0.25

    /// Whether the light field leaves `track`'s region out of its estimate: a person, however
    /// many tiles they cover (a rider close to the camera), is not light. Only a region seen in
    /// the last `followedPersonSeconds`, moving by at least `followedPersonMotion` body heights a
    /// second, whose bottom stays above the view's (by more than a cell, `cells` being the
    /// grid's size): a cloud's shadow, itself followed as a region while the field catches up,
    /// covers the ground down to the view's bottom, so it is never left out and the field
    /// learns it; a person stands on the ground, in view.
    static func isPersonNotLight(_ track: RiderTracker.Track, time: Double, viewAspect: Double,
                                 cells: (columns: Int, rows: Int)) -> Bool {
        let blob = track.blob
        return track.lastSeen >= time - followedPersonSeconds
            && abs(track.velocity) * viewAspect >= followedPersonMotion * blob.height
            && blob.maxY < 1 - 1 / Double(max(1, cells.rows))
    }
}
