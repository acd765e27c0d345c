/// How the camera is mounted: the mapping between the *view* (what a person sees, what
/// post positions are written in) and the *sensor* (the buffer the source delivers).
///
/// It is applied as coordinate mapping, never as a pixel copy. The order is:
/// rotate the sensor image clockwise by `rotation`, then mirror left-right if `mirror`,
/// then cut out `crop`. View coordinates are normalised, 0...1, top-left origin, x to the
/// right, y down: post 1 is at the smallest x.
public struct FrameGeometry: Sendable, Equatable {
    public enum Rotation: Int, Sendable, CaseIterable { case none = 0, clockwise90 = 90, half = 180, clockwise270 = 270 }

    /// A rectangle in normalised coordinates (top-left origin).
    public struct Rect: Sendable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public static let full = Rect(x: 0, y: 0, width: 1, height: 1)
        /// True when the rectangle has positive size and lies inside the unit square.
        public var isValid: Bool {
            width > 0 && height > 0 && x >= 0 && y >= 0 && x + width <= 1 + 1e-9 && y + height <= 1 + 1e-9
        }
    }

    public var rotation: Rotation
    public var mirror: Bool
    /// Region of the rotated, mirrored image that is the view, normalised.
    public var crop: Rect

    public init(rotation: Rotation = .none, mirror: Bool = false, crop: Rect = .full) {
        self.rotation = rotation
        self.mirror = mirror
        self.crop = crop
    }

    public static let identity = FrameGeometry()

    /// Maps a view point (normalised, top-left origin) to the sensor's normalised coordinates.
    @inline(__always)
    public func sensorPoint(viewX: Double, viewY: Double) -> (x: Double, y: Double) {
        // Undo the crop: view -> mirrored image.
        var u = crop.x + viewX * crop.width
        let v = crop.y + viewY * crop.height
        // Undo the mirror: mirrored -> rotated image.
        if mirror { u = 1 - u }
        // Undo the clockwise rotation: rotated -> sensor.
        switch rotation {
        case .none: return (u, v)
        case .clockwise90: return (v, 1 - u)
        case .half: return (1 - u, 1 - v)
        case .clockwise270: return (1 - v, u)
        }
    }

    /// Maps a sensor point (normalised) to the view; the inverse of `sensorPoint`.
    /// Points outside the crop map outside 0...1.
    public func viewPoint(sensorX: Double, sensorY: Double) -> (x: Double, y: Double) {
        var u: Double, v: Double
        switch rotation {
        case .none: (u, v) = (sensorX, sensorY)
        case .clockwise90: (u, v) = (1 - sensorY, sensorX)
        case .half: (u, v) = (1 - sensorX, 1 - sensorY)
        case .clockwise270: (u, v) = (sensorY, 1 - sensorX)
        }
        if mirror { u = 1 - u }
        return ((u - crop.x) / crop.width, (v - crop.y) / crop.height)
    }

    /// Size of the view in sensor pixels, for a sensor of `sensorWidth` x `sensorHeight`.
    public func viewSize(sensorWidth: Int, sensorHeight: Int) -> (width: Double, height: Double) {
        let quarterTurn = rotation == .clockwise90 || rotation == .clockwise270
        let w = Double(quarterTurn ? sensorHeight : sensorWidth)
        let h = Double(quarterTurn ? sensorWidth : sensorHeight)
        return (w * crop.width, h * crop.height)
    }
}
