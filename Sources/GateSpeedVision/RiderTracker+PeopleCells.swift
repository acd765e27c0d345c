/// Where the people followed stand, cell by cell: a camera shift moves the whole view, so the
/// evidence for one must come from cells without anyone in them (see `CameraShiftTest`). A
/// large person's uniform clothes hold values the textured course had nearby and would look
/// like shifted background over a dozen tiles. Only their own cells are left out: the course
/// around a small rider still tells of a jolt.
///
/// Only people who were there before any bump count: followed for `establishedSeconds` and seen
/// within as long, in a region no flatter than twice as wide as tall. A bump's own edges (a post's side,
/// the horizon's line) are followed as someone new for a moment and must stay evidence.
extension RiderTracker {
    /// Seconds a person must have been followed to keep their cells out of the shift's evidence.
    static let establishedSeconds = 0.5
    /// Margin around a person's last region, fraction of its height: they move on between frames.
    static let peopleMargin = 0.25

    /// Sets to `stamp` the cells of `mask` (a row-major `columns` x `rows` grid) that the last
    /// region of anyone established covers, grown by `peopleMargin`, at `time` (seconds); the
    /// other cells are left as they are (older stamps).
    func markPeopleCells(in mask: UnsafeMutableBufferPointer<UInt32>, stamp: UInt32, columns: Int, rows: Int, time: Double) {
        guard columns > 0, rows > 0, mask.count >= columns * rows, let base = mask.baseAddress else { return }
        let c = Double(columns), r = Double(rows)
        for t in 0..<trackCount {
            let b = tracks[t].blob
            guard b.maxX > b.minX, b.maxY > b.minY, 2 * b.height >= b.width,
                  time - tracks[t].firstSeen >= Self.establishedSeconds,
                  time - tracks[t].lastSeen <= Self.establishedSeconds else { continue }
            // The margin in cells, the same across as down.
            let grow = Self.peopleMargin * b.height * r
            let x0 = max(0, Int((b.minX * c - grow).rounded(.down)))
            let x1 = min(columns - 1, Int((b.maxX * c + grow).rounded(.up)))
            let y0 = max(0, Int((b.minY * r - grow).rounded(.down)))
            let y1 = min(rows - 1, Int((b.maxY * r + grow).rounded(.up)))
            guard x1 >= x0, y1 >= y0 else { continue }
            for y in y0...y1 { (base + y * columns + x0).update(repeating: stamp, count: x1 - x0 + 1) }
        }
    }
}
