import GateSpeedFrames
import Testing
@testable import GateSpeedVision

/// At large frame sizes a cell averages a square of pixels half as wide as the cell
/// (`AnalysisGrid.block`), so its noise falls with the cell's size.
@Suite struct AnalysisGridBlockTests {
    /// The block side is half the cell's span in whole pixels (at least 2), whatever the rotation.
    @Test func theBlockIsHalfTheCellInWholePixels() {
        let cases: [(Int, Int, FrameGeometry, Int)] = [
            (320, 240, .identity, 2), (640, 480, .identity, 2), (960, 540, .identity, 2), (1280, 720, .identity, 3),
            (1280, 1024, .identity, 3), (720, 1280, FrameGeometry(rotation: .clockwise90), 3),
            (1280, 720, FrameGeometry(rotation: .clockwise90), 2),
            (1280, 1280, FrameGeometry(crop: FrameGeometry.Rect(x: 0, y: 0, width: 1, height: 0.5)), 3),
        ]
        let bytes = [UInt8](repeating: 100, count: 1280 * 1280)
        for (width, height, geometry, block) in cases {
            bytes.withUnsafeBytes { raw in
                let plane = Plane(base: raw.baseAddress!, width: width, height: height, rowStride: width, pixelStride: 1)
                let view = geometry.viewSize(sensorWidth: width, sensorHeight: height)
                var grid = AnalysisGrid(columns: 192, viewAspect: view.width / view.height, geometry: geometry)
                grid.prepare(for: plane)
                #expect(grid.block == block, "\(width)x\(height) \(geometry)")
            }
        }
    }

    /// Under sensor noise sigma 7, a 1280 x 720 view's cell (a 3 x 3 block) varies by about 7 / 3
    /// from frame to frame, not 7 / 2: upright (row passes) and from a sensor turned a quarter
    /// (cell by cell).
    @Test func aCellsNoiseFallsWithItsBlock() {
        for (geometry, width, height) in [(FrameGeometry.identity, 1280, 720),
                                          (FrameGeometry(rotation: .clockwise90, mirror: true), 720, 1280)] {
            let block = 3
            var random = SamplingEquivalenceTests.Bytes(state: 7)
            func noisyFrame() -> [UInt8] {
                (0..<(width * height)).map { _ in
                    // Sum of four uniform bytes (sigma 2 x 255 / sqrt(12) = 148), scaled to sigma 7.
                    let u = (Int(random.next()) + Int(random.next()) + Int(random.next()) + Int(random.next()) - 510)
                    return UInt8(clamping: 120 + u * 12 / 255)
                }
            }
            let frames = [noisyFrame(), noisyFrame()]
            var cells: [[Float]] = []
            for frame in frames {
                frame.withUnsafeBytes { raw in
                    let plane = Plane(base: raw.baseAddress!, width: width, height: height, rowStride: width, pixelStride: 1)
                    let view = geometry.viewSize(sensorWidth: width, sensorHeight: height)
                    var grid = AnalysisGrid(columns: 192, viewAspect: view.width / view.height, geometry: geometry)
                    grid.prepare(for: plane)
                    #expect(grid.block == block)
                    var values = [Float](repeating: 0, count: grid.cellCount)
                    var scratch = AnalysisGrid.Scratch()
                    values.withUnsafeMutableBufferPointer { grid.sample(plane, into: $0.baseAddress!, scratch: &scratch) }
                    cells.append(values)
                }
            }
            // A pixel's sigma from the frames themselves, and the cells' from their differences.
            var pixelSquares = 0.0
            for i in 0..<(width * height) { let d = Double(frames[0][i]) - Double(frames[1][i]); pixelSquares += d * d }
            let pixelSigma = (pixelSquares / Double(width * height) / 2).squareRoot()
            var cellSquares = 0.0
            for i in cells[0].indices { let d = Double(cells[0][i] - cells[1][i]); cellSquares += d * d }
            let cellSigma = (cellSquares / Double(cells[0].count) / 2).squareRoot()
            #expect(pixelSigma > 5 && pixelSigma < 9, "\(pixelSigma)")
            let expected = pixelSigma / Double(block)
            #expect(abs(cellSigma - expected) < 0.15 * expected, "\(geometry): cell \(cellSigma), pixel \(pixelSigma)")
        }
    }
}
