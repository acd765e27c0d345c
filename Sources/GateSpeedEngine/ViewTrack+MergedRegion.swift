/// A rider's region merged with someone else's: read from the rider's own edge.
///
/// A rider passing someone standing or walking (a bystander at the start line, a walker behind
/// the course) shares one region with them for a few frames. That region is wider than the rider:
/// it spans the rider and the part of the other person beyond them, so its centre lies off the
/// rider's by half of what the other person adds (at an entry, 20 px of a 320 px wide rider: the
/// start 24 ms late at 55 km/h). One of its edges is still the rider's own, the other is the other
/// person's; the rider's centre is the rider's edge, less half the rider's whole width, plus the
/// usual offset of the timed centre from the region's middle (medians over the same person's
/// unmerged regions nearby), as for a region cut by the view's edge (`ViewTrack.readPositions`).
///
/// Which edge is the rider's is read from how the edges move, not from where they lie: over the
/// merged frames the rider's edge moves at the pace of the person followed (a line through their
/// unmerged centres nearby), while the other person's edge moves with that person, who stands or
/// walks at less than `otherPaceShare` of a rider's pace. So the merged regions are read from an
/// edge only when exactly one edge keeps the followed person's pace (within `otherPaceShare` of
/// it) and the other does not, and the followed person moves at least `edgeTravelCells` grid cells
/// over the merged frames (edges are measured to a cell: a shorter travel cannot tell the moving
/// edge from the still one). A followed person who stands while someone else rides through their
/// region (a bystander past the finish handed the track as the rider arrives: 118/1) keeps still,
/// and their merged regions are read at their centres, as before: reading such a region from the
/// standing person's edge moves no rider, and only changes where that person's track is placed.
///
/// A region counts as merged when it is over `mergedExcess` wider than the person's usual width
/// (median of their uncut regions in the neighbourhood) and over `mergedCells` grid cells wider
/// (a small rider's width, a few cells, changes by a cell from frame to frame). Once the two edges
/// have told the people apart, the frames just before and after those (while the other person
/// adds less than that) count as merged too when the region is wider than the person and its edge
/// on the other person's side lies within a cell of that person's edge line (277/1: a walker at
/// the line the rider enters beside, 1 to 3 cells wider for 0.1 s before the threshold); they are
/// read from the rider's edge and left out of the rider's width and offset. They are read so only when at least
/// `ViewTrack.wholeRegionsToReadCut` unmerged, uncut regions of the person are there to give the
/// width and offset, and these keep steady (spreads within `ViewTrack.steadyWidthSpread` of the
/// width, as for a cut region): a faint rider's outline that comes and goes in pieces changes width
/// from frame to frame for no merge at all, and its edges are no more the rider's than its centre.
extension ViewTrack {
    /// A region wider than the person's usual one by more than this share counts as merged with
    /// someone else's (a rider's outline varies by a few per cent frame to frame).
    static let mergedExcess = 0.15
    /// ... and by more than this many cells of the analysis grid (the width's resolution).
    static let mergedCells = 2.0
    /// The other person in a merged region moves at less than this share of the rider's pace, and
    /// the rider's edge keeps the rider's pace within this share of it (people stand or walk, up to
    /// 2 m/s; riders ride at 13 km/h, 3.6 m/s, or more).
    static let otherPaceShare = 0.5
    /// Least travel of the followed person over the merged frames, in grid cells, for their edges'
    /// paces to tell which edge moves with them.
    static let edgeTravelCells = 3.0

    /// Reads the person's merged regions in `low...high` from their own edge (`positions`, weighed
    /// as an intact edge) when the tests above hold. From `judge`: `uncutWidth`, the median width
    /// of the person's uncut regions there, and `widest`, the widest of all their regions (view
    /// widths): the usual frame, none over the limit, costs nothing more.
    mutating func readMergedRegions(_ current: Entry, _ low: Int, _ high: Int, uncutWidth usual: Double,
                                    widest: Double) {
        guard usual > 0 else { return }
        // The analysis grid's cell (view widths; `Entry.edge` is a cell and a half): a region's
        // width is measured to a cell, so a small rider's changes by a cell or two for no merge.
        let cell = current.edge / 1.5
        let limit = max(usual * (1 + Self.mergedExcess), usual + Self.mergedCells * cell)
        guard widest > limit else { return }
        var n = 0
        // The person's width from their unmerged regions; their pace (a line through their
        // centres) and each edge's pace over the merged ones.
        var person = PaceLine(), left = PaceLine(), right = PaceLine()
        var first = high + 1, last = low - 1
        for j in low...high where frames[j].trackID == current.trackID && frames[j].cutSide == 0 {
            let e = frames[j], dt = e.t - current.t
            if e.width > limit {
                left.add(dt, e.minX)
                right.add(dt, e.maxX)
                first = min(first, j); last = max(last, j)
                continue
            }
            person.add(dt, e.x)
            residuals[n] = e.width
            n += 1
        }
        guard left.count >= 2, n >= Self.wholeRegionsToReadCut,
              let pace = person.slope, let leftPace = left.slope, let rightPace = right.slope,
              abs(pace) * left.span >= Self.edgeTravelCells * cell else { return }
        let tolerance = Self.otherPaceShare * abs(pace)
        let leftKeeps = abs(leftPace - pace) <= tolerance, rightKeeps = abs(rightPace - pace) <= tolerance
        guard leftKeeps != rightKeeps else { return }
        // Either side of the widest regions, the merge began and ends with the other person adding
        // less than the threshold: a region wider than the person whose edge on the other
        // person's side lies on that person's edge (within a cell of its line) holds them too.
        let other = leftKeeps ? right : left
        let provisional = Self.median(&residuals, count: n)
        func joined(_ j: Int) -> Bool {
            let e = frames[j]
            guard e.trackID == current.trackID, e.cutSide == 0 else { return false }
            if e.width > limit { return true }
            guard e.width >= provisional + 0.5 * cell else { return false }
            return abs((leftKeeps ? e.maxX : e.minX) - other.value(at: e.t - current.t)) <= cell
        }
        while first > low, frames[first - 1].trackID != current.trackID || joined(first - 1) { first -= 1 }
        while last < high, frames[last + 1].trackID != current.trackID || joined(last + 1) { last += 1 }
        for j in low...high { mergedFrames[j - low] = frames[j].width > limit || (first...last).contains(j) && joined(j) }
        // The person's whole width and timed-centre offset from their unmerged regions alone.
        let shape = wholeShape(of: current.trackID, low, high, leavingOutMerged: true)
        guard shape.isSteady else { return }
        let wholeWidth = shape.width, offset = shape.offset
        for j in low...high where frames[j].trackID == current.trackID && frames[j].cutSide == 0 && mergedFrames[j - low] {
            let e = frames[j]
            positions[j - low] = (leftKeeps ? e.minX + 0.5 * wholeWidth : e.maxX - 0.5 * wholeWidth) + offset
            positionWeights[j - low] = e.weight * Self.intactEdgeWeight
        }
    }

    /// A least-squares line of positions (view widths) against time (seconds): its slope is a pace.
    struct PaceLine {
        var count = 0
        var t0 = Double.infinity, t1 = -Double.infinity
        private var st = 0.0, sx = 0.0, stt = 0.0, stx = 0.0

        mutating func add(_ t: Double, _ x: Double) {
            count += 1
            t0 = min(t0, t); t1 = max(t1, t)
            st += t; sx += x; stt += t * t; stx += t * x
        }

        /// Seconds between the first and last point.
        var span: Double { count > 0 ? t1 - t0 : 0 }

        /// The line's position at `t`, view widths (the mean position with fewer than two times).
        func value(at t: Double) -> Double {
            guard let slope else { return count > 0 ? sx / Double(count) : .nan }
            return (sx - slope * st) / Double(count) + slope * t
        }

        /// View widths a second; nil with fewer than two distinct times.
        var slope: Double? {
            let c = Double(count)
            let d = c * stt - st * st
            guard count >= 2, d > 1e-12 else { return nil }
            return (c * stx - st * sx) / d
        }
    }
}
