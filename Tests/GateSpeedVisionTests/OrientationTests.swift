import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// Orientation is coordinate mapping, not pixel copies: a camera mounted on its side (the
/// sensor image turned) must report the same rider positions as an upright one.
@Suite struct OrientationTests {
    /// Rotates a grey frame by 90 degrees anticlockwise into `buffer` (what a camera mounted a
    /// quarter turn clockwise delivers), so `FrameGeometry(rotation: .clockwise90)` undoes it.
    func turned(_ frame: VideoFrame, into buffer: inout [UInt8]) -> (width: Int, height: Int) {
        let w = frame.width, h = frame.height
        buffer = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { buffer[(w - 1 - x) * h + y] = frame.luma.sample(x: x, y: y) } }
        return (h, w)
    }

    @Test func aCameraOnItsSideSeesTheRiderWhereAnUprightOneDoes() {
        var scene = SimulatedScene(duration: 7)
        scene.width = 320
        scene.height = 240
        scene.riders = [SimulatedRider(startTime: 3.5, motion: .constant(speed: 9), heightFraction: 0.2)]
        var source = SimulatedCourseSource(scene: scene)
        var upright = RiderDetector()
        var sideways = RiderDetector(geometry: FrameGeometry(rotation: .clockwise90))
        var compared = 0
        var buffer: [UInt8] = []
        while source.nextFrame({ frame in
            let a = upright.process(frame)
            let size = turned(frame, into: &buffer)
            let b = buffer.withUnsafeBytes { raw in
                sideways.process(VideoFrame(luma: Plane(base: raw.baseAddress!, width: size.width, height: size.height,
                                                        rowStride: size.width),
                                            timestamp: frame.timestamp, sequence: frame.sequence))
            }
            if let ra = a.rider, let rb = b.rider {
                compared += 1
                #expect(abs(ra.x - rb.x) < 0.01, "t \(frame.timestamp): upright \(ra.x), sideways \(rb.x)")
            }
        }) == .delivered {}
        #expect(compared > 30)
    }
}
