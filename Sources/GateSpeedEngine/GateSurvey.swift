import GateSpeedFrames
import GateSpeedGeometry

/// What the user told us about the course for gate-plane timing: each post's base and pole top
/// as marked on the view, the pole height, and what is known of the camera.
public struct GateSurvey: Sendable, Equatable {
    /// One marked post, normalised *view* coordinates (0...1, top-left origin, after rotation,
    /// mirror and crop).
    public struct Mark: Sendable, Equatable {
        public var baseX: Double, baseY: Double
        public var topX: Double?, topY: Double?
        public init(baseX: Double, baseY: Double, topX: Double? = nil, topY: Double? = nil) {
            self.baseX = baseX; self.baseY = baseY; self.topX = topX; self.topY = topY
        }
    }

    public var marks: [Mark]
    /// Metres from the ground to the top of a pole; needed when tops are marked.
    public var poleHeightMetres: Double?
    public var camera: CameraHints
    /// The capture size the marks were made on (sensor pixels, before rotation and crop).
    /// Updated to the real frames' size when they arrive.
    public var sensorWidth: Int
    public var sensorHeight: Int

    public init(marks: [Mark], poleHeightMetres: Double?, camera: CameraHints = CameraHints(),
                sensorWidth: Int = 640, sensorHeight: Int = 480) {
        self.marks = marks
        self.poleHeightMetres = poleHeightMetres
        self.camera = camera
        self.sensorWidth = sensorWidth
        self.sensorHeight = sensorHeight
    }

    /// The survey in sensor coordinates, for the solver.
    func courseSurvey(lengthMetres: Double, geometry: FrameGeometry) -> CourseSurvey {
        let posts = marks.map { mark -> PostMark in
            let base = geometry.sensorPoint(viewX: mark.baseX, viewY: mark.baseY)
            var top: ImagePoint?
            if let x = mark.topX, let y = mark.topY {
                let point = geometry.sensorPoint(viewX: x, viewY: y)
                top = ImagePoint(x: point.x, y: point.y)
            }
            return PostMark(base: ImagePoint(x: base.x, y: base.y), top: top)
        }
        var survey = CourseSurvey(posts: posts, poleHeightMetres: poleHeightMetres, courseLengthMetres: lengthMetres,
                                  camera: camera, sensorAspect: Double(max(1, sensorWidth)) / Double(max(1, sensorHeight)),
                                  sensorWidthPixels: Double(max(1, sensorWidth)))
        // A tapped mark is good to about a pixel and a half of a 640-wide view, or a pixel on a larger one.
        survey.markPrecision = max(1.0 / Double(max(1, sensorWidth)), 0.0015)
        return survey
    }
}
