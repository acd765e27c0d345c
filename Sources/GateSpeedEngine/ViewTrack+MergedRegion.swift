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
/// Which edge is the rider's: the one read where the rider's own path puts them. The first fit
/// weighs a merged region's centre at `mergedWeight` (the unmerged frames around decide it); each
/// merged region is then read from whichever edge gives a centre nearer that fit, and weighs as an
/// intact edge does. Both readings bracket the rider's centre (the region holds the whole rider),
/// so choosing the wrong one costs no more than the other person's added width, which the outlier
/// cut then drops; the right one is as good as a whole region's edge.
///
/// A region counts as merged when it is over `mergedExcess` wider than the person's usual width
/// (median of their uncut regions in the neighbourhood) and over `mergedCells` grid cells wider
/// (a small rider's width, a few cells, changes by a cell from frame to frame), and is read so only when at least
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
    /// Relative weight of a merged region's centre in the first fit (the one that picks its edge).
    static let mergedWeight = 0.1

    /// Marks the person's merged regions in `low...high` (their two edge readings, in
    /// `mergedFromLeft` / `mergedFromRight`) and weighs their centres at `mergedWeight` for the first
    /// fit. Returns whether any was marked.
    mutating func markMergedRegions(_ current: Entry, _ low: Int, _ high: Int) -> Bool {
        var n = 0
        for j in low...high {
            mergedFromLeft[j - low] = .nan
            mergedFromRight[j - low] = .nan
            let e = frames[j]
            guard e.trackID == current.trackID, e.cutSide == 0 else { continue }
            residuals[n] = e.width
            n += 1
        }
        let usual = Self.median(&residuals, count: n)
        guard usual > 0 else { return false }
        // The analysis grid's cell (view widths; `Entry.edge` is a cell and a half): a region's
        // width is measured to a cell, so a small rider's changes by a cell or two for no merge.
        let cell = current.edge / 1.5
        let limit = max(usual * (1 + Self.mergedExcess), usual + Self.mergedCells * cell)
        // The person's width and timed-centre offset from their unmerged regions alone.
        n = 0
        var merged = 0
        for j in low...high where frames[j].trackID == current.trackID && frames[j].cutSide == 0 {
            if frames[j].width > limit { merged += 1; continue }
            residuals[n] = frames[j].width
            n += 1
        }
        guard merged > 0, n >= Self.wholeRegionsToReadCut else { return false }
        let wholeWidth = Self.median(&residuals, count: n)
        for k in 0..<n { residuals[k] = abs(residuals[k] - wholeWidth) }
        guard Self.median(&residuals, count: n) <= Self.steadyWidthSpread * wholeWidth else { return false }
        n = 0
        for j in low...high where frames[j].trackID == current.trackID && frames[j].cutSide == 0
            && frames[j].width <= limit {
            let e = frames[j]
            residuals[n] = e.x - 0.5 * (e.minX + e.maxX)
            n += 1
        }
        let offset = Self.median(&residuals, count: n)
        for k in 0..<n { residuals[k] = abs(residuals[k] - offset) }
        guard Self.median(&residuals, count: n) <= Self.steadyWidthSpread * wholeWidth else { return false }
        for j in low...high where frames[j].trackID == current.trackID && frames[j].cutSide == 0
            && frames[j].width > limit {
            let e = frames[j]
            mergedFromLeft[j - low] = e.minX + 0.5 * wholeWidth + offset
            mergedFromRight[j - low] = e.maxX - 0.5 * wholeWidth + offset
            positionWeights[j - low] = e.weight * Self.mergedWeight
        }
        return true
    }

    /// Reads each marked merged region from the edge whose centre lies nearer `fit` (made with
    /// their centres weighed at `mergedWeight`), weighed as an intact edge.
    mutating func readMergedRegions(_ current: Entry, _ low: Int, _ high: Int, fit: LocalQuadraticFit.Solution) {
        for j in low...high where !mergedFromLeft[j - low].isNaN {
            let e = frames[j]
            let expected = fit.value(at: e.t - current.t)
            let left = mergedFromLeft[j - low], right = mergedFromRight[j - low]
            positions[j - low] = abs(left - expected) <= abs(right - expected) ? left : right
            positionWeights[j - low] = e.weight * Self.intactEdgeWeight
        }
    }
}
