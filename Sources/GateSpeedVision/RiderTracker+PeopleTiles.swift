/// Where the people followed stand, tile by tile: a camera shift moves the whole view, so the
/// evidence for one must come from tiles without anyone in them (see `CameraShiftTest`). A
/// large person's uniform clothes hold values the textured course had nearby and would look
/// like shifted background over a dozen tiles.
///
/// Only people who were there before any bump count: followed for `establishedSeconds` and seen
/// within as long, in a region no flatter than twice as wide as tall. A bump's own edges (a post's side,
/// the horizon's line) are followed as someone new for a moment and must stay evidence.
extension RiderTracker {
    /// Seconds a person must have been followed to keep their tiles out of the shift's evidence.
    static let establishedSeconds = 0.5
    /// The tiles of a `tileColumns` x `tileRows` division of the view (row-major bits, at most
    /// 64 tiles) that the last region of anyone established touches, at `time` (seconds).
    func peopleTiles(tileColumns: Int, tileRows: Int, time: Double) -> UInt64 {
        guard tileColumns * tileRows <= 64 else { return 0 }
        var bits: UInt64 = 0
        let c = Double(tileColumns), r = Double(tileRows)
        for t in 0..<trackCount {
            let b = tracks[t].blob
            guard b.maxX > b.minX, b.maxY > b.minY, 2 * b.height >= b.width,
                  time - tracks[t].firstSeen >= Self.establishedSeconds,
                  time - tracks[t].lastSeen <= Self.establishedSeconds else { continue }
            let x0 = max(0, min(tileColumns - 1, Int((b.minX * c).rounded(.down))))
            let x1 = max(0, min(tileColumns - 1, Int((b.maxX * c).rounded(.down))))
            let y0 = max(0, min(tileRows - 1, Int((b.minY * r).rounded(.down))))
            let y1 = max(0, min(tileRows - 1, Int((b.maxY * r).rounded(.down))))
            for ty in y0...y1 {
                for tx in x0...x1 { bits |= UInt64(1) << UInt64(ty * tileColumns + tx) }
            }
        }
        return bits
    }
}
