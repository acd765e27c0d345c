import Testing
@testable import GateSpeedCore

/// Inner posts passed while the rider was unseen (`TimingMachine+Gaps`): credited when the rider
/// found again beyond them evidently continues the run; never the finish, never someone who does
/// not go on at the run's pace.
@Suite struct TimingMachineGapTests {
    /// The run's rider: 0.24 view widths a second (about 30 km/h on the standard course), crossing
    /// post p at (x_p - 0.02) / 0.24 s left to right, or (0.98 - x_p) / 0.24 s right to left.
    static let pace = 0.24

    /// Where the rider is at `t` when riding `direction` at `pace`.
    static func riderX(_ t: Double, _ direction: Direction) -> Double {
        direction == .leftToRight ? 0.02 + pace * t : 0.98 - pace * t
    }

    /// Samples at 30 fps with ±3 ms of jitter and 5 % dropped, with the smoothed track's sigmas:
    /// the rider until `lostAt`, nobody until `foundAt`, then `found(t)` (nil: nobody) until `end`.
    /// `newIdentity`: the vision follows whoever is found under a new identity (`trackChanged`),
    /// a new one again after each stretch with nobody tracked.
    static func ride(lostAt: Double, foundAt: Double, end: Double = 13, direction: Direction = .leftToRight,
                     newIdentity: Bool = false, seed: UInt64,
                     found: (Double) -> Double?) throws -> [TimingEvent] {
        var rng = SplitMix64(seed: seed)
        let times = Tracks.frameTimes(from: 0, to: end, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
        var machine = try TimingMachine.armed()
        var events: [TimingEvent] = []
        var unseen = false
        for t in times {
            var x: Double?
            if t < lostAt { x = riderX(t, direction) }
            else if t >= foundAt { x = found(t).flatMap { $0 >= 0 && $0 <= 1 ? $0 : nil } }
            if x == nil { unseen = true }
            if x != nil && unseen && t >= foundAt && newIdentity { machine.trackChanged() }
            if x != nil { unseen = false }
            let sample = RiderSample(t: t, x: x, confidence: x == nil ? 0 : 0.9,
                                     xSigma: x == nil ? 0 : 0.002, tSigma: 0.0017)
            machine.observe(sample) { events.append($0) }
        }
        return events
    }

    /// The posts' crossing times of the rider riding `direction` at `pace` from t = 0.
    static func truth(_ direction: Direction) -> [Double] {
        let order = direction == .leftToRight ? [0, 1, 2, 3, 4] : [4, 3, 2, 1, 0]
        return order.map { index in
            let line = Course.standard.posts[index]
            return direction == .leftToRight ? (line - 0.02) / pace : (0.98 - line) / pace
        }
    }

    struct Gap: CustomStringConvertible, Sendable {
        var direction: Direction
        var lostAt: Double, foundAt: Double
        var newIdentity: Bool
        var description: String { "\(direction.rawValue) unseen \(lostAt)-\(foundAt) s\(newIdentity ? ", new identity" : "")" }
    }

    /// Lost for 0.9 s across post 3; for 2.8 s across posts 2, 3 and 4 (just after the start until
    /// just before the finish); found under the same identity or a new one; both ways.
    @Test(arguments: [
        Gap(direction: .leftToRight, lostAt: 1.5, foundAt: 2.4, newIdentity: false),
        Gap(direction: .rightToLeft, lostAt: 1.5, foundAt: 2.4, newIdentity: true),
        Gap(direction: .leftToRight, lostAt: 0.5, foundAt: 3.3, newIdentity: true),
        Gap(direction: .rightToLeft, lostAt: 0.5, foundAt: 3.3, newIdentity: false),
    ])
    func innerPostsPassedUnseenAreCreditedAndTheSpeedIsTheOuterPosts(gap: Gap) throws {
        for seed in UInt64(1)...3 {
            let events = try Self.ride(lostAt: gap.lostAt, foundAt: gap.foundAt, direction: gap.direction,
                                       newIdentity: gap.newIdentity, seed: seed) { Self.riderX($0, gap.direction) }
            let posts = gap.direction == .leftToRight ? [2, 3, 4, 5] : [4, 3, 2, 1]
            #expect(events.map(\.summary) == ["start \(posts[0] - gap.direction.postStep) \(gap.direction.rawValue)"]
                    + posts.map { "post \($0)" } + ["result pass"], "seed \(seed)")
            guard let result = events.compactMap(\.result).first else { continue }
            let truth = Self.truth(gap.direction)
            // The speed comes from the start and finish crossings seen: as exact as with no gap.
            #expect(abs(result.elapsedSeconds - (truth[4] - truth[0])) < 0.002, "seed \(seed)")
            // A post passed unseen is timed within the gap, where the straight path met it.
            for (index, t) in result.crossingTimes.enumerated() {
                let unseen = truth[index] > gap.lostAt && truth[index] < gap.foundAt
                #expect(abs(t - truth[index]) < (unseen ? 0.05 : 0.002), "seed \(seed) crossing \(index)")
                if unseen { #expect(t > gap.lostAt - 0.04 && t < gap.foundAt + 0.04) }
            }
        }
    }

    /// Gate planes along the course in metres (a `GateCourse`): the same rule in the post unit.
    /// A rider at 9 m/s from 3 m before post 1, unseen from 1.0 to 2.0 s (6 to 15 m) across posts 2 and 3.
    @Test func gatePlanesInMetresAreCreditedTheSameWay() throws {
        let course = Course(posts: [0, 7, 14, 21, 28], postUnit: .metres)
        for seed in UInt64(1)...3 {
            var rng = SplitMix64(seed: seed)
            let times = Tracks.frameTimes(from: 0, to: 6, fps: 30, jitter: 0.003, dropRate: 0.05, rng: &rng)
            var machine = try TimingMachine.armed(course: course)
            var events: [TimingEvent] = []
            for t in times {
                let x: Double? = t < 1.0 || t >= 2.0 ? -3 + 9 * t : nil
                machine.observe(RiderSample(t: t, x: x, confidence: x == nil ? 0 : 0.9,
                                            xSigma: x == nil ? 0 : 0.05, tSigma: 0.0017)) { events.append($0) }
            }
            #expect(events.map(\.summary) == ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass"],
                    "seed \(seed)")
            let result = try #require(events.compactMap(\.result).first)
            #expect(abs(result.elapsedSeconds - 28.0 / 9) < 0.002, "seed \(seed)")
        }
    }

    struct Refusal: CustomStringConvertible, Sendable {
        var name: String
        var lostAt: Double, foundAt: Double
        /// Where the person found is at `t` (view x).
        var found: @Sendable (Double) -> Double?
        var expected: [String]
        /// Also accepted when the vision keeps the same identity across the gap.
        var alsoSamePerson: [String]? = nil
        var description: String { name }
    }

    /// Someone found beyond a post who does not evidently continue the run is not credited with it.
    static let refusals: [Refusal] = [
        Refusal(name: "found where the rider would be 2.5 s later than the run's pace says",
                lostAt: 1.5, foundAt: 4.0, found: { 0.6 + pace * ($0 - 4.0) },
                expected: ["start 1 ltr", "post 2", "invalid skipped_post 3"]),
        Refusal(name: "found where the rider would be, walking at a fifth of the pace",
                lostAt: 1.5, foundAt: 2.4, found: { riderX(2.4, .leftToRight) + 0.05 * ($0 - 2.4) },
                expected: ["start 1 ltr", "post 2", "invalid skipped_post 3"]),
        // Someone found standing is not the run's stretch: the run ends once its rider should have
        // finished (`TimingMachine+RiderGone`), not at its timeout.
        Refusal(name: "found where the rider would be, standing",
                lostAt: 1.5, foundAt: 2.4, found: { _ in riderX(2.4, .leftToRight) },
                expected: ["start 1 ltr", "post 2", "invalid skipped_post 3"]),
        Refusal(name: "found where the rider would be, going back",
                lostAt: 1.5, foundAt: 2.4, found: { riderX(2.4, .leftToRight) - pace * ($0 - 2.4) },
                expected: ["start 1 ltr", "post 2", "invalid out_of_order 3"]),
        // Never credited (a time anywhere in the gap); timed where the straight path meets it
        // when the same person is found past it (`TimingMachine+FinishInGap`).
        Refusal(name: "found beyond the finish: the finish is never credited",
                lostAt: 3.0, foundAt: 3.9, found: { riderX($0, .leftToRight) },
                expected: ["start 1 ltr", "post 2", "post 3", "post 4", "invalid skipped_post 5", "ready"],
                alsoSamePerson: ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass"]),
    ]

    @Test(arguments: refusals)
    func someoneWhoDoesNotContinueTheRunIsNotCredited(_ refusal: Refusal) throws {
        for seed in UInt64(1)...3 {
            for newIdentity in [false, true] {
                let events = try Self.ride(lostAt: refusal.lostAt, foundAt: refusal.foundAt, newIdentity: newIdentity,
                                           seed: seed, found: refusal.found)
                let summary = events.map(\.summary)
                #expect(summary == refusal.expected || (!newIdentity && summary == refusal.alsoSamePerson),
                        "seed \(seed) new identity \(newIdentity): \(summary)")
                // Timed only where the rider crossed (at 0.24 view widths a second from 0.02 at t = 0).
                if let result = events.compactMap(\.result).first {
                    #expect(abs(result.crossingTimes[4] - (0.9 - 0.02) / Self.pace) < 0.02, "seed \(seed)")
                }
            }
        }
    }

    /// Someone else followed for a while in the gap (a bystander standing mid-course) does not
    /// stop the rider found after them from being credited, and is not credited themselves.
    @Test func aBystanderFollowedInTheGapIsPassedOver() throws {
        for seed in UInt64(1)...3 {
            let events = try Self.ride(lostAt: 0.6, foundAt: 0.7, newIdentity: true, seed: seed) { t in
                t < 2.0 ? 0.62 : (t < 3.2 ? nil : Self.riderX(t, .leftToRight))
            }
            #expect(events.map(\.summary) == ["start 1 ltr", "post 2", "post 3", "post 4", "post 5", "result pass"],
                    "seed \(seed)")
        }
    }
}
