extension RiderDetector {
    /// Whether this frame's view texture moved against the learnt course (see `ViewDisplacement`):
    /// by at least `settings.cameraShiftLeastFraction` of the view width, or to where it
    /// correlates better than where it was by `settings.cameraShiftLeastGain`. Measured
    /// only when the shifted-view test's cells suggest a move (`CameraShiftTest.mightBeShifted`);
    /// true otherwise, which changes nothing there.
    mutating func viewTextureMoved(grid: AnalysisGrid) -> Bool {
        lastDisplacement = nil
        guard shift.mightBeShifted(explainedShare: settings.cameraShiftExplainedShare, tileShare: settings.cameraShiftTiles,
                                   joltTileShare: settings.cameraJoltTiles) else { return true }
        let columns = grid.columns, rows = grid.rows
        let reach = Int((settings.cameraShiftFraction * Double(columns)).rounded(.up)) + 1
        let measured = background.withMeans { means in
            cells.withUnsafeBufferPointer { current in
                ViewDisplacement.measure(old: means.baseAddress!, new: current.baseAddress!, columns: columns, rows: rows,
                                         reach: reach)
            }
        }
        lastDisplacement = measured
        guard let measured else { return true }   // nothing to match (a blank view): the cells decide
        let moved = (measured.x * measured.x + measured.y * measured.y).squareRoot()
        return moved >= settings.cameraShiftLeastFraction * Double(columns) || measured.gain >= settings.cameraShiftLeastGain
    }
}
