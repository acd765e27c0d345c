import GateSpeedFrames

extension EdgeRefiner.Frame {
    /// The normalised view point of a position measured on the view's pixels as the refiner read
    /// them for a window whose first pixel is (`x0`, `y0`) (view pixel k spans k...k+1), through the
    /// sensor pixels actually read.
    ///
    /// The refiner reads each view pixel from the sensor pixel nearest its centre, so where a crop
    /// does not start on a whole sensor pixel, or spans a fractional number of them (the view's size
    /// in whole pixels is then a little off), the pixels read sit up to half a pixel from where
    /// the view's own normalised mapping puts them, by an amount that changes across the view. Dividing a
    /// pixel position by the view's size would carry that offset into the foot point: on a view
    /// cropped to the course band, a third of a pixel of foot height is a tenth of a metre of depth
    /// at 30 m. Nil when the window's first pixel falls outside the plane.
    func viewPoint(pixelX: Double, pixelY: Double, x0: Int, y0: Int) -> (x: Double, y: Double)? {
        guard let map = EdgeRefiner.PixelMap(frame: self, x0: x0, y0: y0) else { return nil }
        let i = pixelX - 0.5 - Double(x0), j = pixelY - 0.5 - Double(y0)
        let sensorX = Double(map.origin.x) + Double(map.across.x) * i + Double(map.down.x) * j
        let sensorY = Double(map.origin.y) + Double(map.across.y) * i + Double(map.down.y) * j
        return geometry.viewPoint(sensorX: (sensorX + 0.5) / Double(plane.width),
                                  sensorY: (sensorY + 0.5) / Double(plane.height))
    }
}
