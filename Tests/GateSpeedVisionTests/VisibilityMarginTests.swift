import Testing
import GateSpeedFrames
import GateSpeedSimulation
@testable import GateSpeedVision

/// Issue 11, point 4: once the course is learnt, the detector says how well riders stand out:
/// the measured noise, the threshold a region must pass, a typical rider's contrast in this
/// light and their ratio; below the reliable margin the log says the view is too dark.
@Suite struct VisibilityMarginTests {
    /// The visibility of an empty course learnt at `light` (a constant light level from before the
    /// first frame, as `SceneSweep` scales contrast) under `noise` levels of sensor noise.
    static func learntVisibility(light: Double, noise: Double) -> VisibilityMargin? {
        var scene = SimulatedScene(duration: 2.5)
        scene.noise = noise
        scene.timestampJitter = 0.002
        scene.dropFraction = 0.03
        if light != 1 {
            scene.lightStep = light - 1
            scene.lightStepTime = -1
        }
        var source = SimulatedCourseSource(scene: scene)
        var detector = RiderDetector()
        var visibility: VisibilityMargin?
        while source.nextFrame({ frame in
            if detector.process(frame).becameReady { visibility = detector.visibility }
        }) == .delivered {}
        return visibility
    }

    /// A view far too dark (an eighth of the light under 8 levels of noise) says so with its
    /// margin, in the words the service logs; a daylight view says nothing.
    @Test func aViewTooDarkToTimeSaysSoWithItsMargin() throws {
        let dark = try #require(Self.learntVisibility(light: 0.12, noise: 8))
        #expect(!dark.isReliable && dark.margin < dark.reliableMargin, "\(dark.summary)")
        let warning = try #require(dark.warning)
        #expect(warning.hasPrefix("view too dark to time reliably: noise σ "), "\(warning)")
        #expect(warning.contains("; margin ×"), "\(warning)")
        let day = try #require(Self.learntVisibility(light: 1, noise: 2.5))
        #expect(day.isReliable && day.warning == nil, "\(day.summary)")
        // The noise is what the camera adds (a pixel's, from the 2 x 2 cells' deviation).
        #expect(dark.noise > 6 && dark.noise < 10, "\(dark.summary)")
        #expect(day.noise > 1.5 && day.noise < 3.5, "\(day.summary)")
    }

    /// The figures of the line, to the decimal.
    @Test func theWarningGivesTheFigures() {
        let margin = VisibilityMargin(noise: 7.06, threshold: 21.4, typicalContrast: 17, reliableMargin: 2)
        #expect(margin.warning == "view too dark to time reliably: noise σ 7.1 levels, threshold 21 levels, "
                + "a typical rider shows 17; margin ×0.8 (×2 needed)")
        let fine = VisibilityMargin(noise: 2.5, threshold: 8, typicalContrast: 40, reliableMargin: 2)
        #expect(fine.warning == nil)
        #expect(fine.summary == "noise σ 2.5 levels, threshold 8.0 levels, a typical rider shows 40; margin ×5.0 (×2 needed)")
    }
}
