/// Tells a camera that moved a little (a bump of a few pixels, a permanent tilt) from people in
/// front of it.
///
/// When the camera shifts by less than a few cells, every cell sees what a cell near it saw
/// while learning: its value lies within the range of the learnt values around it. On plain
/// ground nothing changes; on edges (the horizon, a fence, the posts) thin lines of foreground
/// appear all over the view, each explained by a neighbour. A person is neither: their cells
/// hold values the course never had nearby, and they fill a few tiles of the view, not most.
///
/// So the view counts as shifted when most foreground cells that settled at about the same
/// moment are explained by their neighbourhood (an edge within reach, a value the course had
/// there) and the explained cells line up in a good share of the view's 8 x 6 tiles.
/// The neighbourhood ranges are computed once, when the course is learnt; per frame only the
/// foreground cells are tested (fed by `GhostRelearning`).
struct CameraShiftTest: Sendable {
    static let tileColumns = 8, tileRows = 6
    let columns: Int, rows: Int
    /// Per cell: lowest and highest learnt luma (gain 1) within `radius` cells.
    private(set) var low: [Float]
    private(set) var high: [Float]
    /// The same along each row only (scratch of `learn`, sized once).
    private var rowLow: [Float]
    private var rowHigh: [Float]
    /// Explained foreground cells per tile this frame.
    private var tileCounts = [Int32](repeating: 0, count: CameraShiftTest.tileColumns * CameraShiftTest.tileRows)
    private var foreground = 0, explained = 0
    /// The same for the cells that turned foreground this frame.
    private var freshTileCounts = [Int32](repeating: 0, count: CameraShiftTest.tileColumns * CameraShiftTest.tileRows)
    private var freshForeground = 0, freshExplained = 0
    /// The same for every foreground cell of this frame, whatever its age (`CameraMotionWatch`).
    private var allTileCounts = [Int32](repeating: 0, count: CameraShiftTest.tileColumns * CameraShiftTest.tileRows)
    private var allForeground = 0, allExplained = 0
    /// Whether the view looks moved, frame after frame (see `CameraMotionWatch`).
    private var motion = CameraMotionWatch()
    private(set) var isLearnt = false
    /// Per cell: `peopleStamp` where someone followed stands this frame (see
    /// `RiderTracker.markPeopleCells`): the whole foreground's test counts only the cells outside them.
    /// A new stamp a frame, so nothing is cleared.
    var people: [UInt32]
    private(set) var peopleStamp: UInt32 = 0

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        low = [Float](repeating: 0, count: columns * rows)
        high = low; rowLow = low; rowHigh = low
        people = [UInt32](repeating: 0, count: max(1, columns) * max(1, rows))
    }

    /// Computes the neighbourhood ranges of the learnt course (`means`, row-major), for shifts
    /// up to `radiusFraction` of the view width: the square of `2 radius + 1` cells around each
    /// cell, cut at the view's borders.
    ///
    /// Separable, and whole rows at a time so the compiler vectorises it: the range along each
    /// row (one pass per offset), then along each column of those (one pass per row in reach).
    mutating func learn(means: UnsafeBufferPointer<Float>, radiusFraction: Double) {
        let w = columns, h = rows
        guard let source = means.baseAddress, means.count >= w * h, low.count >= w * h else { return }
        let r = max(1, Int((radiusFraction * Double(w)).rounded(.up)))
        rowLow.withUnsafeMutableBufferPointer { rowLowBuffer in
        rowHigh.withUnsafeMutableBufferPointer { rowHighBuffer in
        low.withUnsafeMutableBufferPointer { lowBuffer in
        high.withUnsafeMutableBufferPointer { highBuffer in
            let rowLow = rowLowBuffer.baseAddress!, rowHigh = rowHighBuffer.baseAddress!
            let low = lowBuffer.baseAddress!, high = highBuffer.baseAddress!
            for y in 0..<h {
                let row = source + y &* w, outLow = rowLow + y &* w, outHigh = rowHigh + y &* w
                outLow.update(from: row, count: w)
                outHigh.update(from: row, count: w)
                var d = 1
                while d <= r && d < w {
                    for x in 0..<(w &- d) {
                        outLow[x] = min(outLow[x], row[x &+ d]); outHigh[x] = max(outHigh[x], row[x &+ d])
                    }
                    for x in d..<w {
                        outLow[x] = min(outLow[x], row[x &- d]); outHigh[x] = max(outHigh[x], row[x &- d])
                    }
                    d &+= 1
                }
            }
            for y in 0..<h {
                let first = max(0, y &- r), last = min(h &- 1, y &+ r)
                let outLow = low + y &* w, outHigh = high + y &* w
                outLow.update(from: rowLow + first &* w, count: w)
                outHigh.update(from: rowHigh + first &* w, count: w)
                var k = first &+ 1
                while k <= last {
                    let inLow = rowLow + k &* w, inHigh = rowHigh + k &* w
                    for x in 0..<w { outLow[x] = min(outLow[x], inLow[x]); outHigh[x] = max(outHigh[x], inHigh[x]) }
                    k &+= 1
                }
            }
        }}}}
        isLearnt = true
        motion = CameraMotionWatch()
        begin()
    }

    /// The stamp that marks this frame's people (after 2^32 frames the marks are cleared once).
    mutating func nextPeopleStamp() -> UInt32 {
        peopleStamp &+= 1
        if peopleStamp == 0 {
            for i in 0..<people.count { people[i] = 0 }
            peopleStamp = 1
        }
        return peopleStamp
    }

    /// Starts a frame's count.
    mutating func begin() {
        foreground = 0; explained = 0; freshForeground = 0; freshExplained = 0; allForeground = 0; allExplained = 0
        for k in 0..<tileCounts.count { tileCounts[k] = 0; freshTileCounts[k] = 0; allTileCounts[k] = 0 }
    }

    /// What a foreground cell counts for: it turned foreground this frame, it has held its value
    /// for the settling time (and not much longer), or neither (it still counts in the view's
    /// whole foreground, for `CameraMotionWatch`).
    enum CellAge { case fresh, settled, other }

    /// Counts one foreground cell at grid (`x`, `y`) whose luma is `value` (gain 1), foreground
    /// beyond `threshold` (gain 1). It is explained when an edge as strong as that lies within
    /// the shift's reach and the value is one the course had there.
    @inline(__always)
    mutating func count(cell i: Int, x: Int, y: Int, value: Float, threshold: Float, background: BackgroundModel,
                        age: CellAge) {
        guard isLearnt, i < low.count, i < people.count else { return }
        let clear = people[i] != peopleStamp
        if clear { allForeground &+= 1 }
        switch age {
        case .fresh: freshForeground &+= 1
        case .settled: foreground &+= 1
        case .other: break
        }
        // Noise on both sides of the comparison: two of the cell's deviations.
        let margin = 2 * background.noiseValue(at: i) + 1
        if high[i] - low[i] >= threshold && value >= low[i] - margin && value <= high[i] + margin {
            let tile = (Self.tileRows * y / rows) * Self.tileColumns + Self.tileColumns * x / columns
            if clear { allExplained &+= 1; allTileCounts[tile] &+= 1 }
            switch age {
            case .fresh: freshExplained &+= 1; freshTileCounts[tile] &+= 1
            case .settled: explained &+= 1; tileCounts[tile] &+= 1
            case .other: break
            }
        }
    }

    /// Whether this frame's foreground is a shifted view: at least `explainedShare` of the
    /// settled foreground cells explained, in at least `tileShare` of the tiles (a tile counts
    /// with a line of explained cells a quarter of its side long); or the view has looked moved
    /// (see `CameraMotionWatch`) for `movedSeconds`: a camera bumped while it shakes or sways,
    /// whose edges never hold still.
    ///
    /// Also notes whether this frame looks moved: its cells that turned foreground look like a
    /// shift, or its whole foreground is explained by one in at least half its cells (a rider's
    /// cells may be among them); then `isSuspect(at:)` holds.
    ///
    /// A frame whose fresh cells look like a shift in only `joltTileShare` of the tiles (a jolt
    /// of a shaking camera that moved the strongest edges only: the posts, the horizon) is held
    /// too, without counting as moved.
    mutating func viewShifted(explainedShare: Double, tileShare: Double, joltTileShare: Double, time: Double,
                              movedSeconds: Double) -> Bool {
        let looksMoved = Self.looksShifted(freshForeground, freshExplained, freshTileCounts, explainedShare, tileShare, columns, rows)
            || Self.looksShifted(allForeground, allExplained, allTileCounts, 0.5, tileShare, columns, rows)
        let jolted = looksMoved
            || Self.looksShifted(freshForeground, freshExplained, freshTileCounts, explainedShare, joltTileShare, columns, rows)
        motion.add(looksMoved: looksMoved, jolted: jolted, time: time)
        return Self.looksShifted(foreground, explained, tileCounts, explainedShare, tileShare, columns, rows)
            || motion.hasLookedMoved(for: movedSeconds, at: time)
    }

    /// Whether the frame at `time` (seconds) looks moved, or follows frames that did so often
    /// that the view is moving: nothing seen then is followed. A single jolt of a shaking camera
    /// holds its own frame only.
    func isSuspect(at time: Double) -> Bool { motion.isMoving }

    /// This frame's counts (for the bench's trace): settled foreground, explained and their tiles,
    /// the same for the fresh cells and for all of them, and the share of recent time the view looked moved.
    var counts: (foreground: Int, explained: Int, fresh: Int, freshExplained: Int, tiles: Int, freshTiles: Int,
                 all: Int, allExplained: Int, allTiles: Int, moving: Double) {
        let side = min(columns / Self.tileColumns, rows / Self.tileRows)
        let line = Int32(max(3, side / 4))
        return (foreground, explained, freshForeground, freshExplained, tileCounts.filter { $0 >= line }.count,
                freshTileCounts.filter { $0 >= line }.count, allForeground, allExplained,
                allTileCounts.filter { $0 >= line }.count, Double(motion.share))
    }

    private static func looksShifted(_ foreground: Int, _ explained: Int, _ tiles: [Int32], _ explainedShare: Double,
                                     _ tileShare: Double, _ columns: Int, _ rows: Int) -> Bool {
        guard foreground > 0, Double(explained) >= explainedShare * Double(foreground) else { return false }
        let side = min(columns / tileColumns, rows / tileRows)
        let line = Int32(max(3, side / 4))
        var busy = 0
        for k in 0..<tiles.count where tiles[k] >= line { busy += 1 }
        return Double(busy) >= tileShare * Double(tileColumns * tileRows)
    }
}
