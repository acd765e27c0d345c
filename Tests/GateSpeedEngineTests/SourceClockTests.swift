import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedSimulation
import Testing

/// Frames of simulated recordings with their timestamps rewritten: recordings joined end to
/// end (each on its own clock), stretches cut out, timestamps replaced.
struct RewrittenTimeSource: FrameSource {
    var parts: [SimulatedCourseSource]
    /// Each part's frames at or after this scene time are left out (nil: all of them).
    var cutAfter: [Double?]
    /// Frames of the first part in this scene-time range are left out (a gap in the footage).
    var hole: Range<Double>?
    /// The timestamp handed on for the `index`th frame delivered, given its own (nil: its own).
    var rewrite: (_ index: Int, _ t: Double) -> Double? = { _, _ in nil }
    private var part = 0
    private var delivered = 0

    init(parts: [SimulatedScene], cutAfter: [Double?]) {
        self.parts = parts.map { SimulatedCourseSource(scene: $0) }
        self.cutAfter = cutAfter
    }

    var frameWidth: Int { parts[0].frameWidth }
    var frameHeight: Int { parts[0].frameHeight }
    var nominalFramesPerSecond: Double { parts[0].nominalFramesPerSecond }
    var statistics: FrameSourceStatistics { FrameSourceStatistics(delivered: delivered) }

    mutating func nextFrame(_ body: (VideoFrame) -> Void) -> FrameOutcome {
        while part < parts.count {
            var outcome = FrameOutcome.skipped
            var ended = false
            let cut = cutAfter[part], hole = part == 0 ? self.hole : nil
            let index = delivered, rewrite = self.rewrite
            let result = parts[part].nextFrame { frame in
                if let cut, frame.timestamp >= cut { ended = true; return }
                if let hole, hole.contains(frame.timestamp) { return }
                let t = rewrite(index, frame.timestamp) ?? frame.timestamp
                body(VideoFrame(luma: frame.luma, chromaBlue: frame.chromaBlue, chromaRed: frame.chromaRed,
                                timestamp: t, sequence: frame.sequence))
                outcome = .delivered
            }
            if result == .endOfStream || ended {
                part += 1
                continue
            }
            if outcome == .delivered { delivered += 1; return .delivered }
        }
        return .endOfStream
    }
}

extension SimulatedScene {
    /// The standard course at a real camera's cadence: 30 fps, 3 ms jitter, 5 % dropped.
    static func realCadence(riders: [SimulatedRider], duration: Double, seed: UInt64 = 1) -> SimulatedScene {
        var scene = SimulatedScene(duration: duration)
        scene.riders = riders
        scene.timestampJitter = 0.003
        scene.dropFraction = 0.05
        scene.seed = seed
        return scene
    }
}

@Suite struct BackwardsTimestampTests {
    func drive(_ source: inout RewrittenTimeSource, course: Course) throws -> (events: [TimingEvent], pipeline: TimingPipeline) {
        var pipeline = try TimingPipeline(course: course)
        let driven = SceneRun.drive(&source, pipeline: &pipeline)
        return (driven.events, pipeline)
    }

    /// Two recordings joined, the first cut in the middle of a run: that run ends as
    /// `camera_lost` where the first recording stops (it used to vanish, and the clock froze
    /// until the second recording's time passed the first's), and the second recording's run
    /// is timed on its own clock.
    @Test func joinedRecordingsEndTheRunAsCameraLostAndTimeTheNext() throws {
        let first = SimulatedScene.realCadence(
            riders: [SimulatedRider(direction: .leftToRight, startTime: 4, motion: .constant(speed: 31 / 3.6))],
            duration: 12)
        let second = SimulatedScene.realCadence(
            riders: [SimulatedRider(direction: .rightToLeft, startTime: 4, motion: .constant(speed: 28 / 3.6))],
            duration: 10)
        let firstCrossings = first.truth(for: first.riders[0]).crossingTimes
        let cut = (firstCrossings[1] + firstCrossings[2]) / 2  // between posts 2 and 3
        var source = RewrittenTimeSource(parts: [first, second], cutAfter: [cut, nil])
        let (events, pipeline) = try drive(&source, course: Course(posts: first.posts, lengthMetres: first.courseLength))

        let invalid = events.compactMap { if case .invalid(let r) = $0 { r } else { nil } }
        let results = events.compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(invalid.map(\.reason) == [.sourceLost], "\(invalid)")
        if let lost = invalid.first {
            #expect(lost.t < cut && lost.t > cut - 0.1, "ended at the first recording's last frame, \(lost.t) s")
        }
        try #require(results.count == 1, "\(events)")
        let truth = second.truth(for: second.riders[0])
        #expect(abs(results[0].speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005,
                "\(results[0].speedKmh) km/h, truly \(truth.speedKmh)")
        #expect(abs(results[0].t - truth.crossingTimes[4]) < 0.05, "timed on the second recording's clock")
        // The course is learnt again on the new timeline: armed again before the second run starts.
        let lostAt = try #require(events.firstIndex { if case .invalid = $0 { true } else { false } })
        let secondStart = try #require(events.lastIndex { if case .start = $0 { true } else { false } })
        #expect(events[lostAt..<secondStart].contains { if case .ready(let t) = $0 { t < cut } else { false } })
        #expect(pipeline.clock.newTimelines == 1)
    }

    /// A join between runs (no run in progress): nothing is invalid, both runs are timed.
    @Test func joinBetweenRunsTimesBoth() throws {
        let rider = SimulatedRider(direction: .leftToRight, startTime: 4, motion: .constant(speed: 30 / 3.6))
        let first = SimulatedScene.realCadence(riders: [rider], duration: 10)
        let second = SimulatedScene.realCadence(riders: [rider], duration: 10)
        var source = RewrittenTimeSource(parts: [first, second], cutAfter: [nil, nil])
        let (events, _) = try drive(&source, course: Course(posts: first.posts, lengthMetres: first.courseLength))
        let results = events.compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(!events.contains { if case .invalid = $0 { true } else { false } }, "\(events)")
        try #require(results.count == 2, "\(events)")
        for result in results {
            #expect(abs(result.speedKmh - 30) / 30 <= 0.005, "\(result.speedKmh) km/h")
        }
    }

    /// 2.5 s without frames in the middle of a run: the run is `camera_lost` (it used to come
    /// out as a skipped post, blaming the rider), and the next run is timed.
    @Test func longGapInARunIsCameraLost() throws {
        let scene = SimulatedScene.realCadence(riders: [
            SimulatedRider(direction: .leftToRight, startTime: 4, motion: .constant(speed: 20 / 3.6)),
            SimulatedRider(direction: .rightToLeft, startTime: 14, motion: .constant(speed: 31 / 3.6)),
        ], duration: 22)
        let crossings = scene.truth(for: scene.riders[0]).crossingTimes
        var source = RewrittenTimeSource(parts: [scene], cutAfter: [nil])
        source.hole = (crossings[1] + 0.2)..<(crossings[1] + 2.7)
        let (events, pipeline) = try drive(&source, course: Course(posts: scene.posts, lengthMetres: scene.courseLength))
        let invalid = events.compactMap { if case .invalid(let r) = $0 { r } else { nil } }
        let results = events.compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(invalid.map(\.reason) == [.sourceLost], "\(invalid)")
        try #require(results.count == 1, "\(events)")
        let truth = scene.truth(for: scene.riders[1])
        #expect(abs(results[0].speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005)
        #expect(pipeline.clock.gaps == 1)
    }

    /// Timestamps that are no clock (NaN, infinities, 1e300), repeated or slightly back are
    /// left out; the run is timed as if those frames had been dropped.
    @Test func unusableRepeatedAndReorderedTimestampsAreIgnored() throws {
        let scene = SimulatedScene.realCadence(
            riders: [SimulatedRider(direction: .leftToRight, startTime: 4, motion: .constant(speed: 31 / 3.6))],
            duration: 10)
        var source = RewrittenTimeSource(parts: [scene], cutAfter: [nil])
        var previous = 0.0
        source.rewrite = { index, t in
            defer { previous = t }
            switch index % 23 {
            case 5: return .nan
            case 9: return index % 2 == 0 ? .infinity : -.infinity
            case 13: return index % 2 == 0 ? 1e300 : -1e300
            case 17: return previous            // a repeat of the frame before
            case 21: return previous - 0.01     // slightly out of order
            default: return nil
            }
        }
        let (events, pipeline) = try drive(&source, course: Course(posts: scene.posts, lengthMetres: scene.courseLength))
        let results = events.compactMap { if case .result(let r) = $0 { r } else { nil } }
        try #require(results.count == 1, "\(events)")
        let truth = scene.truth(for: scene.riders[0])
        #expect(abs(results[0].speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005)
        #expect(pipeline.clock.newTimelines == 0 && pipeline.clock.gaps == 0)
        #expect(pipeline.clock.ignoredFrames >= 5 * (source.statistics.delivered / 23))
        for event in events { #expect(event.t.isFinite) }
    }
}

@Suite struct SourceClockTests {
    @Test func judgesEachKindOfStep() {
        var clock = SourceClock()
        #expect(clock.judge(.nan) == .unusable)
        #expect(clock.judge(10) == .first)
        #expect(clock.judge(10.033) == .steady)
        #expect(clock.judge(10.033) == .outOfOrder)
        #expect(clock.judge(10.0) == .outOfOrder)
        #expect(clock.judge(.infinity) == .unusable)
        #expect(clock.judge(-1e11) == .unusable)
        #expect(clock.judge(10.066) == .steady)
        #expect(clock.judge(13.066) == .gap(seconds: 13.066 - 10.066))
        #expect(clock.judge(0.5) == .newTimeline(from: 13.066))
        #expect(clock.judge(0.533) == .steady)
        #expect(clock.judge(1e9) == .newTimeline(from: 0.533))
        #expect(clock.judge(-1e10) == .newTimeline(from: 1e9))
        #expect(clock.lastTime == -1e10)
        #expect((clock.ignoredFrames, clock.newTimelines, clock.gaps) == (5, 3, 1))
        clock.reset()
        #expect(clock.judge(3) == .first)
    }

    @Test func verdictsTellWhetherTheFrameIsAnalysed() {
        #expect(!SourceClock.Verdict.unusable.isAnalysed && !SourceClock.Verdict.outOfOrder.isAnalysed)
        #expect(SourceClock.Verdict.newTimeline(from: 1).isAnalysed && SourceClock.Verdict.gap(seconds: 3).isAnalysed)
    }
}
