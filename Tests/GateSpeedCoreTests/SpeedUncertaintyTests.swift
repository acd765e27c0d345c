import Testing
@testable import GateSpeedCore

/// The ± of a speed, and close calls: from the crossing-time and gate-position errors, at
/// real cadence, never contradicting the verdict.
@Suite struct SpeedUncertaintyTests {
    @Test func halfWidthCombinesTimeAndDistanceErrorsInQuadrature() {
        // 28 m in 3.36 s = 30 km/h; 5 ms at each end and 0.1 m at each end.
        let width = SpeedUncertainty.halfWidthKmh(speedKmh: 30, elapsedSeconds: 3.36, startSigma: 0.005, finishSigma: 0.005,
                                                  startPostSigma: 0.1, finishPostSigma: 0.1, postSpan: 28)
        let time = (2 * 0.005 * 0.005).squareRoot() / 3.36, distance = (2 * 0.01).squareRoot() / 28
        #expect(abs(width - 1.96 * 30 * (time * time + distance * distance).squareRoot()) < 1e-12)
        #expect(SpeedUncertainty.halfWidthKmh(speedKmh: 30, elapsedSeconds: 3.36, startSigma: 0, finishSigma: 0,
                                              startPostSigma: 0, finishPostSigma: 0, postSpan: 28) == 0)
    }

    @Test func nonFiniteSigmasCountAsUnknownNotAsInfinite() {
        let width = SpeedUncertainty.halfWidthKmh(speedKmh: 30, elapsedSeconds: 3.36, startSigma: .nan, finishSigma: .infinity,
                                                  startPostSigma: -1, finishPostSigma: 0.1, postSpan: 28)
        #expect(width.isFinite && width > 0)
    }

    @Test(arguments: [(30.2, 0.3, true), (30.2, 0.1, false), (29.8, 0.25, true), (29.8, 0.1, false), (30.0, 0.0, false)])
    func closeCallWhenTheIntervalContainsThePassSpeed(speed: Double, width: Double, close: Bool) {
        #expect(SpeedUncertainty.isCloseCall(speedKmh: speed, halfWidthKmh: width, thresholdKmh: 30) == close)
    }

    @Test func closeCallWordsKeepTheVerdictAndSaySo() {
        #expect(Announcement.result(speedKmh: 30.2, thresholdKmh: 30, closeCall: true)
            == "30.2 kilometres per hour. Pass. Too close to call.")
        #expect(Announcement.result(speedKmh: 29.85, thresholdKmh: 30, closeCall: true)
            == "29.8 kilometres per hour. Fail. Too close to call.")
        #expect(Announcement.result(speedKmh: 31.4, thresholdKmh: 30, closeCall: false) == "31 kilometres per hour. Pass.")
    }

    /// A rider at 30 fps with jitter, position noise given to the machine: the result's ± grows
    /// with the noise, and a run near the line with a large ± is a close call that says so.
    @Test func theResultCarriesTheSampleErrorsThrough() throws {
        func run(xSigma: Double, tSigma: Double, speedKmh: Double) throws -> RunResult {
            var rng = SplitMix64(seed: 7)
            let span = 0.8, seconds = 28 / (speedKmh / 3.6)
            let times = Tracks.frameTimes(from: 0, to: seconds + 1, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
            var machine = try TimingMachine.armed()
            var result: RunResult?
            for t in times {
                let x = 0.05 + (0.1 - 0.05) + span * (t - 0.2) / seconds
                machine.observe(RiderSample(t: t, x: x, confidence: 0.9, xSigma: xSigma, tSigma: tSigma)) { event in
                    if case .result(let r) = event { result = r }
                }
            }
            return try #require(result)
        }
        let quiet = try run(xSigma: 0, tSigma: 0, speedKmh: 31)
        #expect(quiet.uncertaintyKmh >= 0 && quiet.uncertaintyKmh < 0.1)
        let noisy = try run(xSigma: 0.004, tSigma: 0.003, speedKmh: 31)
        #expect(noisy.uncertaintyKmh > quiet.uncertaintyKmh)
        // 0.004 of the width is 17 ms at this speed at each end: about 0.4 km/h at 95 %.
        #expect(noisy.uncertaintyKmh > 0.25 && noisy.uncertaintyKmh < 0.7, "\(noisy.uncertaintyKmh)")
        let close = try run(xSigma: 0.004, tSigma: 0.003, speedKmh: 30.1)
        #expect(close.closeCall)
        #expect(close.pass == (close.speedKmh >= 30))
        #expect(close.announcement.hasSuffix("Too close to call."))
        let clear = try run(xSigma: 0.004, tSigma: 0.003, speedKmh: 33)
        #expect(!clear.closeCall)
    }

    /// Gate-plane courses: posts in metres, their geometry sigmas part of the ±.
    @Test func metreCoursesTimeInMetresAndAddTheirPostSigmas() throws {
        let course = Course(posts: [0, 7, 14, 21, 28], postUnit: .metres, postSigmas: [0.1, 0, 0, 0, 0.1])
        var machine = try TimingMachine.armed(course: course, settings: TimingSettings(hysteresis: 0.1))
        var rng = SplitMix64(seed: 3)
        let speed = 8.5   // m/s
        var result: RunResult?
        for t in Tracks.frameTimes(from: 0, to: 5, fps: 30, jitter: 0.002, rng: &rng) {
            machine.observe(RiderSample(t: t, x: -3 + speed * t, confidence: 1)) { event in
                if case .result(let r) = event { result = r }
            }
        }
        let r = try #require(result)
        #expect(abs(r.speedKmh - speed * 3.6) < 0.05)
        let expected = 1.96 * r.speedKmh * (2 * 0.01).squareRoot() / 28
        #expect(abs(r.uncertaintyKmh - expected) < 0.01)
        #expect(machine.plausiblePositions == -28...56)
    }

    @Test func metreCoursesAcceptPostsOutsideZeroToOne() {
        let course = Course(posts: [0, 7, 14, 21, 28], postUnit: .metres)
        #expect(course.validationProblems().isEmpty)
        #expect(!Course(posts: [0, 7, 7, 21, 28], postUnit: .metres).validationProblems().isEmpty)
    }
}
