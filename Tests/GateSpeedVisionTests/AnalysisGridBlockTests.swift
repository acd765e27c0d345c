import GateSpeedFrames
import Testing
@testable import GateSpeedVision

/// At large frame sizes a cell averages as many of the pixels it covers as fit in a square
/// (`AnalysisGrid.block`), so its noise falls with the cell's size and a faint rider under
/// sensor noise stands out as well at 1280 x 720 as at 320 x 240.
@Suite struct AnalysisGridBlockTests {
    /// The block side follows the cell's span in whole pixels, whatever the rotation.
    @Test func theBlockIsAsWideAsTheCellInWholePixels() {
        let cases: [(Int, Int, FrameGeometry, Int)] = [
            (320, 240, .identity, 2), (640, 480, .identity, 3), (640, 360, .identity, 3), (800, 600, .identity, 4),
            (1280, 720, .identity, 6), (720, 1280, FrameGeometry(rotation: .clockwise90), 6),
            (1280, 720, FrameGeometry(crop: FrameGeometry.Rect(x: 0, y: 0, width: 0.5, height: 0.5)), 3),
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

    /// Under sensor noise sigma 7, a 1280 x 720 cell (6 x 6 pixels) varies by about 7 / 6 from frame
    /// to frame, not 7 / 2, on the row passes (upright); turned a quarter (a portrait view 720
    /// pixels wide, 3 x 3 blocks), cell by cell, by about 7 / 3.
    @Test func aCellsNoiseFallsWithItsBlock() {
        for (geometry, block) in [(FrameGeometry.identity, 6), (FrameGeometry(rotation: .clockwise90, mirror: true), 3)] {
            let width = 1280, height = 720
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
