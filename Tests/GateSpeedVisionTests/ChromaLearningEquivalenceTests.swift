import GateSpeedFrames
import Testing
@testable import GateSpeedVision

/// Learning the course's colour straight from the chroma planes (`accumulate(blue:red:grid:)`:
/// the cells' bytes gathered a row at a time, added sixteen at a time) learns exactly, bit for
/// bit, what sampling each colour cell one by one and adding the cells as floats learnt.
@Suite struct ChromaLearningEquivalenceTests {
    typealias Sampling = SamplingEquivalenceTests

    /// The plain rule: each colour cell's byte (`SamplingEquivalenceTests.referenceChroma`), added
    /// cell by cell.
    static func reference(frames: [(blue: Plane, red: Plane)], grid: AnalysisGrid) -> ChromaBackground {
        var chroma = ChromaBackground(lumaColumns: grid.columns, lumaRows: grid.rows)
        chroma.beginLearning()
        for frame in frames {
            chroma.accumulate(blue: Sampling.referenceChroma(frame.blue, grid: grid),
                              red: Sampling.referenceChroma(frame.red, grid: grid))
        }
        return chroma
    }

    @Test func learningFromThePlanesAddsExactlyWhatTheCellByCellRuleAdds() {
        // (width, height, pixel stride, row stride): I420 planes (odd sizes, padded rows too),
        // NV12's interleaved pair, YUYV's (every fourth byte, full height).
        let layouts = [(160, 120, 1, 160), (37, 23, 1, 41), (11, 7, 1, 13), (53, 29, 2, 106), (160, 120, 2, 320),
                       (45, 31, 4, 180), (160, 240, 4, 640)]
        var checked = 0
        for (index, (width, height, pixelStride, rowStride)) in layouts.enumerated() {
            // Grids whose colour rows are a multiple of sixteen cells and not (odd: the last colour
            // column covers one luma column).
            for columns in [192, 61, 33, 16] {
                let frameCount = 5
                let buffers = (0..<frameCount).map { f in
                    (Sampling.plane(width: width, height: height, pixelStride: pixelStride, rowStride: rowStride,
                                    seed: UInt64(500 + 17 * index + 2 * f)),
                     Sampling.plane(width: width, height: height, pixelStride: pixelStride, rowStride: rowStride,
                                    seed: UInt64(501 + 17 * index + 2 * f)))
                }
                for geometry in Sampling.geometries {
                    withPlanes(buffers, width: width, height: height, pixelStride: pixelStride, rowStride: rowStride) { frames in
                        var grid = AnalysisGrid(columns: columns, viewAspect: 4.0 / 3.0, geometry: geometry)
                        grid.prepareChroma(for: frames[0].blue)
                        let expected = Self.reference(frames: frames, grid: grid)
                        var learnt = ChromaBackground(lumaColumns: grid.columns, lumaRows: grid.rows)
                        // A learning cut short first: starting again must forget it.
                        learnt.beginLearning()
                        learnt.accumulate(blue: frames[1].blue, red: frames[0].red, grid: grid)
                        learnt.beginLearning()
                        for frame in frames { learnt.accumulate(blue: frame.blue, red: frame.red, grid: grid) }
                        var expectedModel = expected
                        expectedModel.finishLearning(settings: VisionSettings())
                        learnt.finishLearning(settings: VisionSettings())
                        var same = true
                        for i in 0..<learnt.cellCount {
                            let a = learnt.learntColour(at: i), b = expectedModel.learntColour(at: i)
                            same = same && a.blue == b.blue && a.red == b.red && a.threshold == b.threshold
                        }
                        #expect(same, "\(width)x\(height) stride \(pixelStride) columns \(columns) \(geometry)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == layouts.count * 4 * Sampling.geometries.count)
    }

    /// Calls `body` with the frames' planes over `buffers` (blue, red).
    private func withPlanes(_ buffers: [([UInt8], [UInt8])], width: Int, height: Int, pixelStride: Int, rowStride: Int,
                            _ body: ([(blue: Plane, red: Plane)]) -> Void) {
        var frames: [(blue: Plane, red: Plane)] = []
        func next(_ i: Int) {
            if i == buffers.count { return body(frames) }
            buffers[i].0.withUnsafeBytes { blue in
                buffers[i].1.withUnsafeBytes { red in
                    frames.append((Plane(base: blue.baseAddress!, width: width, height: height, rowStride: rowStride,
                                         pixelStride: pixelStride),
                                   Plane(base: red.baseAddress!, width: width, height: height, rowStride: rowStride,
                                         pixelStride: pixelStride)))
                    next(i + 1)
                }
            }
        }
        next(0)
    }
}
