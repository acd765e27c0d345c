/// The person's usual shape in the neighbourhood, from their whole regions: the region's width
/// and the offset of the timed centre from the region's middle (a trailing leg, a shadow), each a
/// median with its spread (median absolute deviation), in view widths.
///
/// A region that is not whole (cut by the view's edge, or merged with someone else's) is read from
/// its one edge that is the person's: that edge, less half this width, plus this offset. Only a
/// steady shape says where the other edge would be: a region that keeps changing width (limbs or a
/// shadow joining and leaving it, a faint outline coming and going in pieces) does not.
extension ViewTrack {
    struct WholeShape {
        /// Whole regions it was measured from.
        var count = 0
        var width = 0.0, widthSpread = 0.0
        var offset = 0.0, offsetSpread = 0.0

        /// Enough whole regions, each median steady within `ViewTrack.steadyWidthSpread` of the
        /// width: the person's other edge can be read from one edge.
        var isSteady: Bool {
            count >= ViewTrack.wholeRegionsToReadCut && width > 0
                && widthSpread <= ViewTrack.steadyWidthSpread * width
                && offsetSpread <= ViewTrack.steadyWidthSpread * width
        }
    }

    /// The shape of `trackID`'s whole regions in `low...high`: those clear of the view's edges and,
    /// when `leavingOutMerged`, not marked in `mergedFrames` (by offset from `low`). Uses `residuals`.
    mutating func wholeShape(of trackID: UInt32, _ low: Int, _ high: Int, leavingOutMerged: Bool) -> WholeShape {
        var shape = WholeShape()
        var n = 0
        for j in low...high where frames[j].trackID == trackID && frames[j].cutSide == 0
            && !(leavingOutMerged && mergedFrames[j - low]) {
            residuals[n] = frames[j].width
            n += 1
        }
        shape.count = n
        shape.width = Self.median(&residuals, count: n)
        for k in 0..<n { residuals[k] = abs(residuals[k] - shape.width) }
        shape.widthSpread = Self.median(&residuals, count: n)
        n = 0
        for j in low...high where frames[j].trackID == trackID && frames[j].cutSide == 0
            && !(leavingOutMerged && mergedFrames[j - low]) {
            let e = frames[j]
            residuals[n] = e.x - 0.5 * (e.minX + e.maxX)
            n += 1
        }
        shape.offset = Self.median(&residuals, count: n)
        for k in 0..<n { residuals[k] = abs(residuals[k] - shape.offset) }
        shape.offsetSpread = Self.median(&residuals, count: n)
        return shape
    }
}
