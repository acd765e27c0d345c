import GateSpeedFrames
import Testing
@testable import GateSpeedVision

/// A position measured on the pixels the refiner read goes back to the view through those
/// sensor pixels, also where the crop does not start on a whole pixel (the setup page saves the
/// crop as fractions of the sensor).
@Suite struct ViewPixelPositionTests {
    /// A 640x360 sensor cropped to a band starting 100.37 px down, 179.6 px high (the view is 179
    /// whole pixels): the top of every view row read maps to the top of the sensor row read.
    @Test func aPixelBoundaryMapsToTheSensorBoundaryItWasReadFrom() throws {
        let width = 640, height = 360
        let crop = FrameGeometry(crop: FrameGeometry.Rect(x: 0, y: 100.37 / 360, width: 1, height: 179.6 / 360))
        let view = crop.viewSize(sensorWidth: width, sensorHeight: height)
        let viewWidth = Int(view.width), viewHeight = Int(view.height)
        let pixels = [UInt8](repeating: 0, count: width * height)
        var largestNaiveError = 0.0
        try pixels.withUnsafeBytes { bytes in
            let plane = Plane(base: try #require(bytes.baseAddress), width: width, height: height, rowStride: width)
            let frame = EdgeRefiner.Frame(plane: plane, geometry: crop, viewWidth: viewWidth, viewHeight: viewHeight,
                                          gridColumns: 192, gridRows: 54, gain: 1, minimumDifference: 1)
            for y0 in stride(from: 0, to: viewHeight - 4, by: 7) {
                let map = try #require(EdgeRefiner.PixelMap(frame: frame, x0: 10, y0: y0))
                // The top edge of the window's third row, as the refiner reads it.
                let read = Double(map.origin.y + 2)
                let expected = crop.viewPoint(sensorX: 0.5, sensorY: read / Double(height)).y
                let point = try #require(frame.viewPoint(pixelX: 10.5, pixelY: Double(y0 + 2), x0: 10, y0: y0))
                #expect(abs(point.y - expected) * view.height < 1e-6, "window at row \(y0)")
                largestNaiveError = max(largestNaiveError, abs(Double(y0 + 2) / Double(viewHeight) - expected) * view.height)
            }
        }
        // What dividing by the whole-pixel view height gave: a good part of a pixel off somewhere.
        #expect(largestNaiveError > 0.3, "naive error \(largestNaiveError) px")
    }
}
