import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedSimulation
import Testing

/// A region cut by the view's edge: a large rider crossing an outer post near the edge of the
/// view is only partly in it, and the centre of what is seen lies inward of theirs. The view
/// track reads such a region from its intact edge when the person's whole regions nearby are
/// steady, and leaves it to its own centre, weighed down, when they are not.
@Suite struct ViewTrackCutRegionTests {
    /// A rider riding right to left at 0.3 view widths a second, whose centre crosses x `post` at
    /// t 1 s, seen at `fps` with 3 ms timestamp jitter and 5 % of frames dropped. The timed x is
    /// the middle of the visible part of the upper body, `bodyWidth` view widths wide. The region
    /// is the body, a trailing leg `leg` wide and a shadow `shadow` wide on its right, clipped to
    /// the view; with `shadowLeavesAtEdge`, the shadow leaves the region once the view's edge
    /// cuts it.
    static func entries(bodyWidth: Double, post: Double, fps: Double, leg: Double = 0.01, shadow: Double = 0,
                        shadowLeavesAtEdge: Bool = false, seed: UInt64) -> [ViewTrack.Entry] {
        var random = SeededRandom(seed: seed)
        let speed = 0.3, gridColumns = 80.0
        let edge = 1.5 / gridColumns
        var entries: [ViewTrack.Entry] = []
        var k = 0
        while Double(k) / fps <= 2.2 {
            defer { k += 1 }
            if random.unit() < 0.05 { continue }
            let t = Double(k) / fps + 0.003 * random.gaussian()
            let centre = post - speed * (t - 1)
            let upper = (max(0, centre - bodyWidth / 2), min(1, centre + bodyWidth / 2))
            guard upper.1 - upper.0 > 0.01 else { continue }
            var entry = ViewTrack.Entry(t: t)
            entry.trackID = 3
            entry.confidence = 1
            entry.weight = 1
            entry.minX = upper.0
            entry.maxX = min(1, upper.1 + leg + shadow)
            entry.cutSide = entry.minX <= edge ? -1 : (entry.maxX >= 1 - edge ? 1 : 0)
            if shadowLeavesAtEdge && entry.cutSide != 0 { entry.maxX = min(1, upper.1 + leg) }
            entry.x = 0.5 * (upper.0 + upper.1) + 0.0008 * random.gaussian()
            entry.width = entry.maxX - entry.minX
            entries.append(entry)
        }
        return entries
    }

    static func crossing(_ entries: [ViewTrack.Entry], post: Double) throws -> Crossing {
        try #require(ViewTrackTests.crossings(entries, post: post, smoothed: true).first)
    }

    /// A rider a fifth of the view wide crossing post 1 at 10 % of the width, at 10, 30 and
    /// 60 fps: read from the intact edge, the crossing is within a fiftieth of a frame of the
    /// truth in every trial (give or take the jitter); the visible centres alone would put it 10 ms or more off at 10 and
    /// 30 fps.
    @Test(arguments: [10.0, 30.0, 60.0])
    func aLargeRiderCutByTheViewsEdgeAtAnOuterPostIsTimedFromTheIntactEdge(fps: Double) throws {
        var worst = 0.0, held = 0
        let trials = 20
        for seed in 1...UInt64(trials) {
            let entries = Self.entries(bodyWidth: 0.2, post: 0.1, fps: fps, seed: seed)
            let crossing = try Self.crossing(entries, post: 0.1)
            worst = max(worst, abs(crossing.t - 1))
            if abs(crossing.t - 1) <= 1.96 * crossing.tSigma + 0.001 { held += 1 }
        }
        // Within the jitter and a fiftieth of a frame, and the 95 % interval holds the truth as often as it says.
        #expect(worst < 0.004 + 0.02 / fps, "worst \(worst) s at \(fps) fps")
        #expect(held >= trials - 3, "interval held the truth in \(held) of \(trials)")
        if fps <= 30 {
            var unread = Self.entries(bodyWidth: 0.2, post: 0.1, fps: fps, seed: 1)
            for i in unread.indices where unread[i].cutSide != 0 { unread[i].cutSide = 0 }
            let biased = try Self.crossing(unread, post: 0.1)
            #expect(abs(biased.t - 1) > 0.01, "visible centres alone: \(biased.t)")
        }
    }

    /// A rider whose shadow makes their region 2.5 times their body's width, and leaves the
    /// region as the view's edge reaches it (the body alone is left, narrower than a cut explains):
    /// those regions are not read from their "intact" edge, which would put the rider a shadow's
    /// width outward, and the whole frames at the post time the crossing.
    @Test func aRegionThatLosesItsShadowAtTheEdgeIsNotReadFromItsEdge() throws {
        for seed in 1...10 as ClosedRange<UInt64> {
            let entries = Self.entries(bodyWidth: 0.08, post: 0.1, fps: 30, shadow: 0.11,
                                       shadowLeavesAtEdge: true, seed: seed)
            #expect(entries.contains { $0.cutSide != 0 && abs($0.t - 1) < 0.4 })
            let crossing = try Self.crossing(entries, post: 0.1)
            #expect(abs(crossing.t - 1) < 0.003, "seed \(seed): \(crossing.t)")
        }
    }
}
