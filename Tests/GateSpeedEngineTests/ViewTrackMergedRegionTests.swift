import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedSimulation
import Testing

/// A rider whose region is merged with someone else's as they pass the start: the region spans
/// the rider and the part of the other person beyond them, its centre lies off the rider's, and
/// the view track reads the rider from their own edge (`ViewTrack+MergedRegion`).
@Suite struct ViewTrackMergedRegionTests {
    /// A rider 0.1 view widths wide riding right to left at 0.3 view widths a second, whose centre
    /// crosses x 0.85 at t 1 s, first followed at t 0.7 s; a walker 0.06 wide walking the same way
    /// at `walkerSpeed` behind them (0.945 at t 0.7 s), whose region joins the rider's while the
    /// two overlap (until about t 1.1 s). Seen at `fps` with 3 ms timestamp jitter and 5 % of frames
    /// dropped; the timed x is the middle of the region.
    static func entries(fps: Double, walkerSpeed: Double = 0.13, seed: UInt64) -> [ViewTrack.Entry] {
        var random = SeededRandom(seed: seed)
        let speed = 0.3, half = 0.05, walkerHalf = 0.03
        var entries: [ViewTrack.Entry] = []
        var k = Int((0.7 * fps).rounded(.up))
        while Double(k) / fps <= 2.2 {
            defer { k += 1 }
            if random.unit() < 0.05 { continue }
            let t = Double(k) / fps + 0.003 * random.gaussian()
            let centre = 0.85 - speed * (t - 1)
            let walker = 0.945 - walkerSpeed * (t - 0.7)
            var minX = centre - half, maxX = centre + half
            if walker - walkerHalf <= maxX {
                minX = min(minX, walker - walkerHalf)
                maxX = max(maxX, walker + walkerHalf)
            }
            var entry = ViewTrack.Entry(t: t)
            entry.trackID = 3
            entry.confidence = 1
            entry.weight = 1
            entry.setRegion(seenMinX: minX, seenMaxX: maxX)
            entry.x = 0.5 * (minX + maxX) + 0.0008 * random.gaussian()
            entries.append(entry)
        }
        return entries
    }

    /// At 24 and 30 fps, over 20 trials each: the start is timed within 10 ms of the truth (three
    /// times the jitter), and the 95 % interval holds it in nearly every trial. The merged regions' centres, held back toward
    /// the walker by up to 0.03 view widths, put the start 50 ms or more late.
    @Test(arguments: [24.0, 30.0])
    func aRiderLeavingAWalkerBehindAtTheStartIsTimedFromTheirOwnEdge(fps: Double) throws {
        var worst = 0.0, held = 0
        let trials = 20
        for seed in 1...UInt64(trials) {
            let entries = Self.entries(fps: fps, seed: seed)
            #expect(entries.contains { $0.width > 0.12 && abs($0.t - 1) < 0.15 }, "the regions merge at the start")
            let crossing = try #require(ViewTrackTests.crossings(entries, post: 0.85, smoothed: true).first)
            worst = max(worst, abs(crossing.t - 1))
            if abs(crossing.t - 1) <= 1.96 * crossing.tSigma + 0.001 { held += 1 }
        }
        #expect(worst < 0.01, "worst \(worst) s at \(fps) fps")
        #expect(held >= trials - 3, "interval held the truth in \(held) of \(trials)")
        // The same centres with no width to tell the merge: the start is late.
        var unread = Self.entries(fps: fps, seed: 1)
        for i in unread.indices { unread[i].setRegion(seenMinX: unread[i].x - 0.05, seenMaxX: unread[i].x + 0.05) }
        let biased = try #require(ViewTrackTests.crossings(unread, post: 0.85, smoothed: true).first)
        #expect(biased.t - 1 > 0.03, "merged centres alone: \(biased.t)")
    }

    /// A rider whose outline comes and goes in pieces (a faint rider: the region's width changes by
    /// a third from frame to frame, for no merge): no edge is read, and the crossing is timed as
    /// before, from the regions' centres.
    @Test func aRiderWhoseWidthKeepsChangingIsNotReadFromAnEdge() throws {
        var random = SeededRandom(seed: 7)
        var entries: [ViewTrack.Entry] = []
        for k in 0..<60 {
            let t = Double(k) / 30
            let centre = 0.5 + 0.3 * (t - 1)
            let half = 0.05 * (0.7 + 0.6 * random.unit())
            var entry = ViewTrack.Entry(t: t)
            entry.trackID = 5
            entry.confidence = 1
            entry.weight = 1
            entry.setRegion(seenMinX: centre - half, seenMaxX: centre + half)
            entry.x = centre
            entries.append(entry)
        }
        let crossing = try #require(ViewTrackTests.crossings(entries, post: 0.5, smoothed: true).first)
        let plain = try #require(ViewTrackTests.crossings(entries, post: 0.5, smoothed: false).first)
        #expect(abs(crossing.t - 1) < 0.001 && abs(plain.t - 1) < 0.001, "\(crossing.t) \(plain.t)")
    }
}
