import Testing
@testable import GateSpeedFrames

/// Pins the view <-> sensor mapping. A silently flipped axis here would time the wrong
/// post (the Pickle Sensei y-flip lesson), so every rotation is checked on named corners.
@Suite struct FrameGeometryTests {
    /// The sensor's top-left corner must appear at these view corners.
    @Test(arguments: [
        (FrameGeometry.Rotation.none, false, 0.0, 0.0),
        (.clockwise90, false, 1.0, 0.0),   // top-left goes to top-right when turned clockwise
        (.half, false, 1.0, 1.0),
        (.clockwise270, false, 0.0, 1.0),
        (.none, true, 1.0, 0.0),
        (.clockwise90, true, 0.0, 0.0),
    ])
    func sensorTopLeftLandsOnTheExpectedViewCorner(rotation: FrameGeometry.Rotation, mirror: Bool,
                                                   viewX: Double, viewY: Double) {
        let g = FrameGeometry(rotation: rotation, mirror: mirror)
        let p = g.viewPoint(sensorX: 0, sensorY: 0)
        #expect(abs(p.x - viewX) < 1e-12 && abs(p.y - viewY) < 1e-12)
    }

    @Test func sensorAndViewMappingsAreInverse() {
        for rotation in FrameGeometry.Rotation.allCases {
            for mirror in [false, true] {
                let g = FrameGeometry(rotation: rotation, mirror: mirror,
                                      crop: .init(x: 0.1, y: 0.2, width: 0.5, height: 0.6))
                for (vx, vy) in [(0.0, 0.0), (0.25, 0.75), (1.0, 0.5), (0.9, 0.1)] {
                    let s = g.sensorPoint(viewX: vx, viewY: vy)
                    let back = g.viewPoint(sensorX: s.x, sensorY: s.y)
                    #expect(abs(back.x - vx) < 1e-12, "\(rotation) mirror=\(mirror)")
                    #expect(abs(back.y - vy) < 1e-12, "\(rotation) mirror=\(mirror)")
                }
            }
        }
    }

    @Test func cropSelectsTheMiddleOfTheSensor() {
        let g = FrameGeometry(crop: .init(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let s = g.sensorPoint(viewX: 0, viewY: 0)
        #expect(s.x == 0.25 && s.y == 0.25)
        let e = g.sensorPoint(viewX: 1, viewY: 1)
        #expect(e.x == 0.75 && e.y == 0.75)
    }

    @Test func quarterTurnSwapsTheViewSize() {
        let g = FrameGeometry(rotation: .clockwise90, crop: .init(x: 0, y: 0, width: 0.5, height: 1))
        let size = g.viewSize(sensorWidth: 640, sensorHeight: 480)
        #expect(size.width == 240 && size.height == 640)
    }

    @Test func invalidCropIsRecognised() {
        #expect(!FrameGeometry.Rect(x: 0.6, y: 0, width: 0.5, height: 1).isValid)
        #expect(!FrameGeometry.Rect(x: 0, y: 0, width: 0, height: 1).isValid)
        #expect(FrameGeometry.Rect.full.isValid)
    }
}
