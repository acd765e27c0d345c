import GateSpeedCore
@testable import GateSpeedEngine
import GateSpeedGeometry
import Testing

/// Feet known only to their grid cell (no edge found: the region's bottom, good to a cell) in
/// the lost-foot rule (`GatePlaneTrack+LostFoot`): such a reading more than its cell beyond the
/// feet is lost (a knee read for the foot), not only three cells beyond; and measured foot edges
/// beyond an envelope of such readings, by less than a cell, are the feet when several frames
/// agree on them (the region's bottom read most of a cell too near for a whole stride).
@Suite struct GatePlaneTrackCellFootTests {
    static let camera = GatePlaneTrackTests.camera
    /// A cell of foot height, pixels, and its depth at the rider (about 0.8 m a pixel).
    static let cellPixels = 3.3, metresPerPixel = 0.8
    static var cellMetres: Double { cellPixels * metresPerPixel }
    static let across = 0.5

    /// A rider at 8 m/s at `across`, seen at 30 fps with jitter and a frame dropped in every 17;
    /// `read(k)` gives frame k's foot depth and whether it is a measured edge (else a cell).
    static func entries(_ read: (Int) -> (across: Double, measured: Bool)) -> [GatePlaneTrack.Entry] {
        var entries: [GatePlaneTrack.Entry] = []
        var t = 0.0, k = 0
        while t <= 4.5 {
            defer { k += 1; t += 1.0 / 30 + (k % 5 == 0 ? 0.003 : -0.0007) }
            if k % 17 == 16 { continue }
            var entry = GatePlaneTrackTests.riderEntry(t: t, x: -4 + 8 * t, across: across, trackID: 7)
            let reading = read(k)
            entry.across = reading.across
            let pixels = reading.measured ? 0.5 : cellPixels
            entry.footWeight = (0.5 / pixels) * (0.5 / pixels)
            entry.depthSigma = pixels * metresPerPixel
            entries.append(entry)
        }
        return entries
    }

    static func worstError(_ entries: [GatePlaneTrack.Entry]) -> Double {
        var worst = 0.0
        for sample in GatePlaneTrackLostFootTests.samples(entries) where sample.t > 0.3 && sample.t < 4.2 {
            worst = max(worst, abs((sample.x ?? .nan) - (-4 + 8 * sample.t)))
        }
        return worst
    }

    @Test func aCellReadingMoreThanItsCellBeyondIsLost() {
        let track = GatePlaneTrack(camera: Self.camera)
        let envelope = LocalQuadraticFit.Solution(value: Self.across, sigma: 0, c1: 0, c2: 0, order: 0)
        var entry = GatePlaneTrack.Entry(t: 0)
        entry.footWeight = (0.5 / Self.cellPixels) * (0.5 / Self.cellPixels)
        entry.depthSigma = Self.cellMetres
        entry.across = Self.across + 0.8 * Self.cellMetres
        let withinItsCell = track.isLostFoot(entry, dt: 0, envelope: envelope)
        #expect(!withinItsCell)
        // A cell and a half beyond: a knee, though within three of the cell's sigmas.
        entry.across = Self.across + 1.5 * Self.cellMetres
        let beyondItsCell = track.isLostFoot(entry, dt: 0, envelope: envelope)
        #expect(beyondItsCell)
    }

    /// Every reading a cell's precision; in each stride (12 frames) the feet read knee-high in
    /// 5 frames running, 1.5–2 cells too far (3–4 m).
    @Test func kneeHighCellReadingsDoNotPullThePosition() {
        let worst = Self.worstError(Self.entries { k in
            let spread = 0.15 * Double(k % 3 - 1)
            return (k % 12 >= 7 ? Self.across + (1.5 + 0.1 * Double(k % 6)) * Self.cellMetres : Self.across + spread, false)
        })
        // Kept, they drag the depth 1.5 m far: most of a metre along at the outer posts.
        #expect(worst < 0.3, "\(worst)")
    }

    /// The region's bottom read 0.7 of a cell too near (1.8 m) in two frames of three; the foot
    /// edge measured on the feet in the third.
    @Test func measuredFeetBeyondTooNearCellsAreKept() {
        let worst = Self.worstError(Self.entries { k in
            k % 3 == 0 ? (Self.across + 0.04 * Double(k % 2), true) : (Self.across - 0.7 * Self.cellMetres, false)
        })
        // Left out as lost, the depth sits on the cells, 1.8 m near: about a metre along.
        #expect(worst < 0.15, "\(worst)")
    }

    /// One or two measured edges a cell beyond (a knee's edge) weigh as much as forty cells:
    /// they stay lost.
    @Test func aLoneMeasuredKneeEdgeIsLost() {
        let worst = Self.worstError(Self.entries { k in
            k % 14 == 5 ? (Self.across + 1.2 * Self.cellMetres, true) : (Self.across + 0.15 * Double(k % 3 - 1), false)
        })
        #expect(worst < 0.3, "\(worst)")
    }
}
