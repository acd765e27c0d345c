/// The rider found again as a new region: the identity hand-over.
///
/// A post, a fragment of the ground or someone passing may take the rider's region for a frame;
/// the rider's track is then not matched, and the rider is found again as a region that begins a
/// new track. A newcomer first seen since the rider was last seen, of their height
/// (`sameHeightMismatch`), where the rider should be (within their width of where their velocity
/// puts them, or on their way: `foundAgainOnTheirWay`) and not off their own ride
/// (`followsOwnRide`), and not clear above or below their band (`RiderTracker+VerticalBand`), is the rider: it takes over the rider's identity, speed fits and history,
/// so the timing core sees one path.
extension RiderTracker {
    /// Two regions' heights differ by less than this share of the taller: one person's height.
    static let sameHeightMismatch = 0.4

    /// How far apart two heights are, as a share of the taller (0 the same, towards 1 very unlike).
    static func heightMismatch(_ a: Double, _ b: Double) -> Double {
        abs(a - b) / max(1e-6, max(a, b))
    }

    /// The rider's track (index `rider`) was not matched this frame at `time` (seconds): the first
    /// newcomer that is the rider found again (see above) is merged into it and its slot freed.
    /// Returns the rider's track index afterwards.
    mutating func handOver(from rider: Int, time: Double) -> Int {
        let old = tracks[rider]
        let predicted = old.x + old.velocity * max(1e-3, time - old.lastSeen)
        // Not someone clear above or below the rider's band (`RiderTracker+VerticalBand`).
        let band = riderBand(rider, time: time)
        for t in 0..<trackCount where t != rider && tracks[t].matchedNow && tracks[t].firstSeen >= old.lastSeen - 1e-6 {
            let new = tracks[t]
            guard Self.heightMismatch(new.height, old.height) < Self.sameHeightMismatch,
                  abs(new.x - predicted) <= max(old.width, 2 * tuning.cell) || foundAgainOnTheirWay(old, at: new.x, time: time),
                  followsOwnRide(rider, x: new.x, time: time),
                  band.map({ !isClear(new.blob, of: $0) }) ?? true
            else { continue }
            var merged = old
            merged.x = new.x; merged.blob = new.blob; merged.lastSeen = new.lastSeen; merged.matchedNow = true
            merged.footX = new.footX; merged.footY = new.footY; merged.footBefore = new.footBefore
            merged.footWeight = new.footWeight; merged.onCourse = new.onCourse
            merged.apart = new.apart; merged.sharedSinceApart = new.sharedSinceApart
            merged.hits += new.hits
            merged.rows.add(new.blob, time: new.lastSeen)
            tracks[rider] = merged
            // The newcomer's slot goes to the last track.
            trackCount -= 1
            if t != trackCount { tracks[t] = tracks[trackCount] }
            return t == trackCount ? rider : (rider == trackCount ? t : rider)
        }
        return rider
    }
}
