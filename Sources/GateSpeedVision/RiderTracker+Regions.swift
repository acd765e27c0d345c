/// Regions that hold more or less than one person: parts of one person that came apart, and
/// people whose regions ran together.
extension RiderTracker {
    /// Marks as taken the regions that are parts of a much larger one: a head, a swinging limb or a
    /// ground shadow that came apart from a rider (at least three times their area and twice their
    /// height, overlapping their columns, between 0.35 of its height above it, a head, and its own
    /// height below it, legs and feet below a torso that came apart from them).
    /// They are nobody of their own. (A smaller person passing in front of a tall one is taller
    /// than half of them, and stays someone.)
    mutating func setAsideParts(candidates: UnsafeBufferPointer<Blob>) {
        let count = min(candidates.count, candidateTaken.count)
        guard count > 1 else { return }
        for j in 1..<count {   // largest first: only an earlier region can be larger
            let part = candidates[j]
            for i in 0..<j where candidates[i].area >= 3 * part.area && part.height < 0.5 * candidates[i].height {
                let whole = candidates[i]
                if part.minX < whole.maxX && part.maxX > whole.minX
                    && part.minY >= whole.minY - 0.35 * whole.height && part.maxY <= whole.maxY + whole.height {
                    candidateTaken[j] = true
                    break
                }
            }
        }
    }

    /// Whether a person last seen as `person` can be in `region`: their rows overlap it by at
    /// least half the shorter of the two. People do not jump up or down the view, and two people
    /// whose regions ran together stand on about the same ground: a small region far above a
    /// rider (someone standing well behind the course, at the rider's x) holds none of them.
    static func sameRows(_ person: Blob, _ region: Blob) -> Bool {
        let overlap = min(person.maxY, region.maxY) - max(person.minY, region.minY)
        return overlap >= 0.5 * min(person.maxY - person.minY, region.maxY - region.minY)
    }

    /// Where track `t` is expected at `time` (normalised view x, constant velocity).
    func predictedX(_ t: Int, time: Double) -> Double {
        tracks[t].x + tracks[t].velocity * max(1e-3, time - tracks[t].lastSeen)
    }

    /// A region that holds the predicted centres of two or more people who were apart before
    /// is cut between them: each person keeps their own width, the cut falls midway between
    /// where their edges are expected, and each is measured on their own side of it.
    /// (Measuring the outer people over their own width from their free edge instead was
    /// tried: the legs' swing inflates the width and pulls in the neighbour, twice the error.)
    mutating func splitSharedRegions<Parts: RegionParts>(time: Double, candidates: UnsafeBufferPointer<Blob>,
                                                                 parts: Parts) {
        let count = min(candidates.count, candidateTaken.count)
        for j in 0..<count {
            let c = candidates[j]
            var n = 0
            // People followed apart for a while, each of about the region's height: a limb or a
            // shadow that broke off one person for a few frames is no second person.
            for t in 0..<trackCount where !tracks[t].matchedNow && tracks[t].hits >= 3
                && time - tracks[t].firstSeen >= Self.apartSeconds && tracks[t].height >= 0.5 * c.height
                && Self.sameRows(tracks[t].blob, c) {
                let p = predictedX(t, time: time)
                if p >= c.minX && p <= c.maxX && tracks[t].width < 0.9 * c.width {
                    sharing[n] = t
                    n += 1
                }
            }
            guard n >= 2 else { continue }
            for a in 1..<n {   // insertion sort by predicted x (n is tiny)
                var b = a
                while b > 0 && predictedX(sharing[b - 1], time: time) > predictedX(sharing[b], time: time) {
                    sharing.swapAt(b - 1, b)
                    b -= 1
                }
            }
            // Only people who stand side by side are split, never a part of one person that
            // broke off for a frame (a leg, a head): neighbours' expected extents must not
            // overlap by more than half the narrower one.
            var sideBySide = true
            for k in 1..<n {
                let t = sharing[k - 1], u = sharing[k]
                let overlap = (predictedX(t, time: time) + 0.5 * tracks[t].width)
                    - (predictedX(u, time: time) - 0.5 * tracks[u].width)
                if overlap > 0.5 * min(tracks[t].width, tracks[u].width) { sideBySide = false }
            }
            guard sideBySide else {
                // People overlapping in depth who move differently (a rider passing someone
                // standing or walking) are no parts of one person: each keeps their own motion.
                if passingThrough(n: n, time: time) {
                    coastThrough(region: c, n: n, time: time)
                    candidateTaken[j] = true
                }
                continue
            }
            var left = c.minX
            for k in 0..<n {
                let t = sharing[k]
                var right = c.maxX
                if k + 1 < n {
                    let u = sharing[k + 1]
                    let pt = predictedX(t, time: time), pu = predictedX(u, time: time)
                    let cut = 0.5 * ((pt + 0.5 * tracks[t].width) + (pu - 0.5 * tracks[u].width))
                    right = min(pu, max(pt, cut))
                }
                if let part = parts.part(of: c, from: left, to: right, upperFraction: settings.upperBodyFraction) {
                    Self.update(&tracks[t], with: part, time: time, merged: true, tuning: tuning)
                }
                left = right
            }
            candidateTaken[j] = true
        }
    }
}

extension RiderTracker {
    /// How long `track` survives unseen at `time`: `ridingGapBridgeSeconds` when it is the rider
    /// and was riding when last seen (see `ridesForBridge`) and it is still expected inside
    /// the view (someone expected beyond its edge has left it: whoever comes in there is someone
    /// else), `gapBridgeSeconds` otherwise.
    func bridgeSeconds(_ track: Track, time: Double) -> Double {
        let riding = ridesForBridge(track) && isExpectedInView(track, time: time)
        let bridge = riding ? max(settings.gapBridgeSeconds, settings.ridingGapBridgeSeconds) : settings.gapBridgeSeconds
        return bridge + unlookedSeconds(since: track.lastSeen, until: time)
    }

    /// Whether `track`, moving on at its velocity since it was last seen, is still expected
    /// inside the view at `time` (seconds).
    func isExpectedInView(_ track: Track, time: Double) -> Bool {
        let expected = track.x + track.velocity * max(0, time - track.lastSeen)
        return expected > 0 && expected < 1
    }
}

extension RiderTracker {
    /// Whether a region `distance` (view widths) from where `track` was expected, `dt` seconds
    /// after it was last seen, can be the same person. A person followed for three frames has a
    /// fitted velocity: they stay within about their own size of where it puts them (a partial
    /// region's centre moves by up to half their width, a rider entering the view by half the
    /// way they went). A region further off is someone or something else: a post's mark, or
    /// another part of the person a fragment broke off from; it starts a track of its own.
    /// Before that, with no velocity to go by, the region must be of about the person's height
    /// (within a factor of three: a low-contrast rider's region comes and goes by less).
    func followsOn(_ track: Track, height: Double, distance: Double, dt: Double, x: Double) -> Bool {
        guard track.hits >= 3 else { return 3 * min(height, track.height) >= max(height, track.height) }
        return distance <= ownReach(track) + 0.5 * abs(track.velocity) * dt
            || followsChangedMotion(track, x: x, dt: dt)
    }

    /// How far (view widths) a region of `track` can lie from where it is expected and still be
    /// them: about their own size (a partial region's centre moves by up to half their width).
    func ownReach(_ track: Track) -> Double {
        let bodyHeight = track.height / max(1e-6, aspect)   // view widths
        return max(1.5 * track.width, 0.5 * bodyHeight, 3 * tuning.cell)
    }

    /// Outside a run (`holdIdentity` false), when the rider `rider`'s speed was last judged
    /// under the walking limit, the best-scoring track judged over it (see `canRide`), nil when
    /// there is none. (A part of a region shared with someone is not judged: a rider passing
    /// someone keeps their last judgement, and their identity.)
    func challengerRidingNow(over rider: Int, time: Double, holdIdentity: Bool) -> Int? {
        guard !holdIdentity, tracks[rider].motion.speedLowerBound < tuning.walkingLimit else { return nil }
        var best: Int?, bestScore = 0.0
        let anchor = tracks[rider].x
        for t in 0..<trackCount where t != rider && canRide(tracks[t], time: time)
            && tracks[t].motion.speedLowerBound >= tuning.walkingLimit {
            let score = tracks[t].area / (1 + 3 * abs(tracks[t].x - anchor))
            if score > bestScore { bestScore = score; best = t }
        }
        return best
    }
}
