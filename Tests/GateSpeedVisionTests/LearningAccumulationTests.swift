import Testing
@testable import GateSpeedVision

/// Accumulating a still frame into the background's sums and the learning drift's time-weighted
/// sums in one pass (`LearningDrift.accumulate(cells:time:with:)`) gives exactly, bit for bit,
/// the sums of the two separate passes, whatever the cell count (eight at a time, then one by one).
@Suite struct LearningAccumulationTests {
    @Test func theFusedPassAddsExactlyWhatTheTwoPassesAdd() {
        var bytes = SamplingEquivalenceTests.Bytes(state: 77)
        for count in [1, 7, 8, 13, 27_651, 192 * 144] {
            var fusedBackground = BackgroundModel(cellCount: count), fusedDrift = LearningDrift(cellCount: count)
            var background = BackgroundModel(cellCount: count), drift = LearningDrift(cellCount: count)
            // 30 fps with jitter and a dropped frame; learning starts over once.
            var time = 12.0
            for frame in 0..<9 {
                if frame == 4 {
                    fusedBackground.beginLearning(); fusedDrift.reset()
                    background.beginLearning(); drift.reset()
                }
                // Quarter-level luma cells, as the grid gives.
                let cells = (0..<count).map { _ in Float(Int(bytes.next()) * 4 + Int(bytes.next() % 4)) * 0.25 }
                cells.withUnsafeBufferPointer { c in
                    fusedDrift.accumulate(cells: c.baseAddress!, time: time, with: &fusedBackground)
                    background.accumulate(cells: c.baseAddress!)
                    drift.accumulate(cells: c.baseAddress!, time: time)
                }
                time += (frame == 6 ? 2.0 : 1.0) / 30 + Double(Int(bytes.next()) - 128) * 1e-5
            }
            #expect(fusedBackground.framesLearnt == background.framesLearnt)
            #expect(fusedBackground.sum == background.sum, "\(count) cells: sums")
            #expect(fusedBackground.sumOfSquares == background.sumOfSquares, "\(count) cells: sums of squares")
            #expect(fusedDrift.weighted == drift.weighted, "\(count) cells: time-weighted sums")
        }
    }
}
