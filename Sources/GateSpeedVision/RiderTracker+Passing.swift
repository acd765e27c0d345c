/// A rider passing in front of or behind someone standing or walking on the course: their
/// regions run into one, wider than either, and the two overlap too much to be cut apart.
/// The region's centre then moves at neither person's speed (half the rider's, past someone
/// standing), so following it would hand the rider's identity to the other person when the two
/// come apart, and give the rider a speed that is nobody's.
extension RiderTracker {
    /// Whether the `n` people in `sharing` (sorted by predicted x) include two whose velocities
    /// differ by at least half the walking limit while one of them goes faster than it: people,
    /// not parts of one person (a head and a body that came apart move together).
    func passingThrough(n: Int, time: Double) -> Bool {
        for a in 0..<n {
            for b in (a + 1)..<max(a + 1, n) {
                let va = tracks[sharing[a]].velocity, vb = tracks[sharing[b]].velocity
                if abs(va - vb) >= 0.5 * tuning.walkingLimit && max(abs(va), abs(vb)) >= tuning.walkingLimit {
                    return true
                }
            }
        }
        return false
    }

    /// Each of the `n` people in `sharing` is taken to be where their own motion puts them,
    /// kept inside the region (each whole within its extent, view widths): the region's free
    /// edges bound them, its centre does not move them. Measured as a shared region's part, so
    /// neither their size nor their speed fit learns from it.
    mutating func coastThrough(region c: Blob, n: Int, time: Double) {
        for k in 0..<n {
            let t = sharing[k]
            let half = 0.5 * tracks[t].width
            let low = c.minX + half, high = c.maxX - half
            let p = predictedX(t, time: time)
            let x = low <= high ? min(high, max(low, p)) : 0.5 * (c.minX + c.maxX)
            var part = c
            part.minX = max(c.minX, x - half)
            part.maxX = min(c.maxX, x + half)
            part.upperCentreX = x
            part.upperMinX = part.minX
            part.upperMaxX = part.maxX
            part.centroidX = x
            part.bottomX = x
            part.area = tracks[t].area
            Self.update(&tracks[t], with: part, time: time, merged: true, tuning: tuning)
            tracks[t].coastedNow = true
        }
    }

    /// The confidence of a position placed by `coastThrough`, against a whole region's 1.
    static let coastedConfidence = 0.3
}
