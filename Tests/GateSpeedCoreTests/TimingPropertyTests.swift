import Testing
@testable import GateSpeedCore

/// Thousands of seeded random streams (random walks, plausible riders, jumps, NaNs, gaps,
/// clocks going backwards, random commands): nothing crashes, and every result agrees
/// with its own crossing times.
@Suite struct TimingPropertyTests {
    /// A random valid course: sometimes the standard one, else 2...7 posts anywhere.
    static func randomCourse(_ rng: inout SplitMix64) -> Course {
        if rng.chance(0.5) { return .standard }
        let count = rng.integer(2, 7)
        var posts: [Double] = []
        var x = rng.uniform(0.02, 0.2)
        for _ in 0..<count {
            posts.append(x)
            x += rng.uniform(0.03, 0.8 / Double(count))
        }
        return Course(posts: posts.filter { $0 < 0.98 }.count >= 2 ? posts.filter { $0 < 0.98 } : [0.2, 0.8],
                      lengthMetres: rng.uniform(5, 60), passKmh: rng.uniform(5, 60),
                      timeoutSeconds: rng.uniform(1, 15))
    }

    static func randomSettings(_ rng: inout SplitMix64, course: Course) -> TimingSettings {
        var spacing = 1.0
        for index in course.posts.indices.dropFirst() {
            spacing = min(spacing, course.posts[index] - course.posts[index - 1])
        }
        return TimingSettings(clearSeconds: rng.uniform(0, 1), hysteresis: rng.uniform(0, min(0.01, spacing * 0.45)),
                              bridgeSeconds: rng.uniform(0, 1), minimumConfidence: rng.uniform(0, 0.5))
    }

    /// Checks one stream's events as they come.
    struct Auditor {
        let course: Course
        var runStart: (t: Double, post: Int, direction: Direction)?
        var lastPost: Int?
        var lastTime: Double?
        var results = 0
        var invalids = 0

        mutating func check(_ event: TimingEvent) {
            switch event {
            case .start(let t, let post, let direction):
                #expect(post == (direction == .leftToRight ? 1 : course.postCount))
                runStart = (t, post, direction)
                lastPost = post
                lastTime = t
            case .post(let t, let post, let split):
                guard let start = runStart, let previous = lastPost, let before = lastTime else {
                    Issue.record("post without a start")
                    return
                }
                #expect(post == previous + start.direction.postStep)
                #expect(t > before)
                #expect(split == t - start.t)
                lastPost = post
                lastTime = t
            case .result(let result):
                results += 1
                checkResult(result)
                runStart = nil
            case .invalid(let run):
                invalids += 1
                #expect(!run.announcement.isEmpty)
                runStart = nil
            case .ready:
                runStart = nil
            }
        }

        func checkResult(_ result: RunResult) {
            let times = result.crossingTimes
            guard let first = times.first, let last = times.last, let start = runStart else {
                Issue.record("result without crossings or start")
                return
            }
            #expect(times.count == course.postCount)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
            #expect(first == start.t && last == result.t)
            #expect(result.elapsedSeconds == last - first)
            #expect(result.elapsedSeconds > 0 && result.elapsedSeconds <= course.timeoutSeconds)
            let speed = course.lengthMetres / (last - first) * 3.6
            #expect(abs(result.speedKmh - speed) <= 1e-12 * speed)
            #expect(result.pass == (result.speedKmh >= course.passKmh))
            #expect(result.direction == start.direction)
            let said = result.announcement.split(separator: " ").first.flatMap { Double(String($0)) }
            if let said {
                #expect((said >= course.passKmh) == result.pass, "\(result.announcement) at \(result.speedKmh)")
            } else {
                Issue.record("unreadable words: \(result.announcement)")
            }
            let verdict = result.pass ? "Pass." : "Fail."
            let ending = result.closeCall ? verdict + " " + Announcement.closeCallSentence : verdict
            #expect(result.announcement.hasSuffix(ending))
            #expect(result.closeCall == ((result.speedKmh - course.passKmh).magnitude <= result.uncertaintyKmh))
            #expect(result.uncertaintyKmh.isFinite && result.uncertaintyKmh >= 0)
        }
    }

    /// The rider's next position: a plausible slalom rider or a random walk with jumps.
    struct Rider {
        var x: Double
        var velocity: Double
        let plausible: Bool

        mutating func advance(by dt: Double, _ rng: inout SplitMix64) {
            if plausible {
                if rng.chance(0.003) { velocity = -velocity }
                x += velocity * dt + rng.uniform(-0.002, 0.002)
                if x > 1.1 || x < -0.1 { velocity = -velocity }
            } else {
                if rng.chance(0.05) { velocity = rng.uniform(-0.8, 0.8) }
                x += velocity * dt
                if rng.chance(0.02) { x = rng.uniform(-0.1, 1.1) }
            }
        }
    }

    @Test func randomStreamsNeverCrashAndResultsAgreeWithTheirCrossings() throws {
        var totalResults = 0
        var totalInvalids = 0
        var totalSamples = 0
        for seed in UInt64(1)...2000 {
            var rng = SplitMix64(seed: seed)
            let course = Self.randomCourse(&rng)
            var machine = try TimingMachine(course: course, settings: Self.randomSettings(&rng, course: course))
            var auditor = Auditor(course: course)
            var t = rng.uniform(-100, 1000)
            machine.arm(t: t) { auditor.check($0) }
            let plausible = rng.chance(0.6)
            var rider = Rider(x: rng.chance(0.5) ? -0.05 : 1.05,
                              velocity: rng.uniform(0.08, 0.6), plausible: plausible)
            if rider.x > 1 { rider.velocity = -rider.velocity }
            var absentFrames = 0
            var lastAccepted: Double?
            var expectedRejected = 0
            let count = rng.integer(100, 600)
            totalSamples += count

            for _ in 0..<count {
                // The clock: 30 fps with jitter, sometimes long gaps, sometimes nonsense.
                var sampleTime: Double
                let clockRoll = rng.unit()
                if clockRoll < 0.01 { sampleTime = t - rng.uniform(0, 1) }
                else if clockRoll < 0.02 { sampleTime = t }
                else if clockRoll < 0.025 { sampleTime = .nan }
                else if clockRoll < 0.03 { sampleTime = .infinity }
                else {
                    let dt = rng.chance(0.02) ? rng.uniform(0, 3) : 1.0 / 30 + rng.uniform(-0.003, 0.003)
                    t += max(dt, 0.0005)
                    sampleTime = t
                    rider.advance(by: dt, &rng)
                }
                // The position: absences, NaNs, absurd values.
                if absentFrames == 0 && rng.chance(0.03) { absentFrames = rng.integer(1, 40) }
                var x: Double? = absentFrames > 0 ? nil : rider.x
                if absentFrames > 0 { absentFrames -= 1 }
                let positionRoll = rng.unit()
                if positionRoll < 0.01 { x = .nan }
                else if positionRoll < 0.015 { x = .infinity }
                else if positionRoll < 0.017 { x = rng.chance(0.5) ? 1e300 : -1e300 }
                var confidence = rng.uniform(0, 1)
                let confidenceRoll = rng.unit()
                if confidenceRoll < 0.01 { confidence = .nan }
                else if confidenceRoll < 0.02 { confidence = 1.5 }

                let usable = sampleTime.isFinite && confidence.isFinite && confidence >= 0 && confidence <= 1
                    && (x.map { $0 >= -1 && $0 <= 2 } ?? true) && (lastAccepted.map { sampleTime > $0 } ?? true)
                if usable { lastAccepted = sampleTime } else { expectedRejected += 1 }
                machine.observe(RiderSample(t: sampleTime, x: x, confidence: confidence)) { auditor.check($0) }

                // The operator and the speaker.
                let commandRoll = rng.unit()
                if commandRoll < 0.02 { machine.announcementFinished(t: t) { auditor.check($0) } }
                else if commandRoll < 0.025 { machine.rearm(t: t) { auditor.check($0) } }
                else if commandRoll < 0.027 {
                    machine.sourceLost(t: t) { auditor.check($0) }
                    lastAccepted = nil
                } else if commandRoll < 0.029 {
                    machine.recalibrate()
                    auditor.runStart = nil
                } else if commandRoll < 0.034 && machine.phase == .unarmed {
                    machine.arm(t: t) { auditor.check($0) }
                }
            }
            #expect(machine.rejectedSamples == expectedRejected, "seed \(seed)")
            totalResults += auditor.results
            totalInvalids += auditor.invalids
        }
        // The property must not hold vacuously.
        #expect(totalResults > 200, "only \(totalResults) results")
        #expect(totalInvalids > 300, "only \(totalInvalids) invalid runs")
        #expect(totalSamples > 500_000)
    }
}
