/// Where the people followed were last seen, and how wide, for the pole join
/// (`BlobExtractor+Poles`): two regions either side of a pole on two people's places, wider
/// together than either, are two people, not one rider cut by it.
extension RiderTracker {
    /// Tells `extractor` the place of each person seen in the last update: their x with half
    /// their region's width (at least a grid cell), normalised view widths, and their height.
    func markPeople(on extractor: inout BlobExtractor) {
        extractor.clearPersonPlaces()
        for t in 0..<trackCount where tracks[t].matchedNow {
            extractor.addPersonPlace(viewX: tracks[t].x, halfWidth: max(tuning.cell, 0.5 * tracks[t].width),
                                     height: tracks[t].height)
        }
    }
}
