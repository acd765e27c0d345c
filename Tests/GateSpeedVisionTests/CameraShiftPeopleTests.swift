import Testing
import GateSpeedSimulation
@testable import GateSpeedVision

/// Large people in front of a textured course: their uniform clothes hold values the course had
/// within a shift's reach, so their cells look like shifted background over a dozen tiles. The
/// whole foreground's "looks moved" test counts only cells where nobody followed stands: people
/// alone never make the view look moved, and a real bump (the whole view moved) still does, also
/// in the tiles a small rider stands in.
@Suite struct CameraShiftPeopleTests {
    static let columns = 64, rows = 48

    /// A course of random texture (every cell's neighbourhood holds dark and bright values).
    static func course() -> [Float] {
        var random = SeededRandom(seed: 11)
        return (0..<(columns * rows)).map { _ in Float(random.uniform(0...255)) }
    }

    /// Two people standing side by side: cells 8..39 across, 8..47 down (tiles 1...4 by 1...5).
    static func isPerson(_ x: Int, _ y: Int) -> Bool { x >= 8 && x < 40 && y >= 8 }

    /// A mask of the cells `marked` says someone stands in (stamped 1 to 30: one a frame).
    static func people(_ marked: (Int, Int) -> Bool) -> [UInt32] {
        (0..<(columns * rows)).map { marked($0 % columns, $0 / columns) ? UInt32.max : 0 }
    }

    /// Feeds `seconds` of frames at 30 fps (jitter, a drop now and then) to a learnt test and
    /// returns whether the view was taken as moved. `shift`: cells the course moved sideways.
    static func viewTakenAsMoved(shift: Int, people: [UInt32], seconds: Double = 1,
                                 person: (Int, Int) -> Bool = isPerson, means: [Float] = course(),
                                 freshFirst: Bool = true) -> Bool {
        var test = CameraShiftTest(columns: columns, rows: rows)
        means.withUnsafeBufferPointer { test.learn(means: $0, radiusFraction: 0.05) }   // 4 cells
        let background = BackgroundModel(cellCount: columns * rows)
        var random = SeededRandom(seed: 3)
        let threshold: Float = 20
        var t = 0.0, first = true, moved = false
        while t < seconds {
            t += 1.0 / 30 + random.uniform(-0.003...0.003)
            if random.uniform(0...1) < 0.03 { continue }   // a dropped frame
            let stamp = test.nextPeopleStamp()
            test.people = people.map { $0 == UInt32.max ? stamp : 0 }
            test.begin()
            for y in 0..<rows {
                for x in 0..<columns {
                    let i = y * columns + x
                    if person(x, y) {
                        let value = Float(128 + random.uniform(-2...2))
                        test.count(cell: i, x: x, y: y, value: value, threshold: threshold, background: background, age: .other)
                        continue
                    }
                    let source = min(columns - 1, max(0, x - shift))
                    let value = means[y * columns + source]
                    guard abs(value - means[i]) > threshold else { continue }
                    test.count(cell: i, x: x, y: y, value: value, threshold: threshold, background: background,
                               age: first && freshFirst ? .fresh : .other)
                }
            }
            first = false
            moved = test.viewShifted(explainedShare: 0.8, tileShare: 0.25, joltTileShare: 0.125, time: t,
                                     movedSeconds: 0.3) || moved
        }
        return moved
    }

    static var theirCells: [UInt32] { people(isPerson) }

    /// Without knowing where the people stand, their cells alone look like a moved view (the
    /// failure this rule removes: a run lost as `camera_lost` with no camera motion).
    @Test func peopleAloneLookMovedWhereNobodyIsKnown() {
        #expect(Self.viewTakenAsMoved(shift: 0, people: Self.people { _, _ in false }))
    }

    /// Large people followed in front of a textured course never make the view look moved.
    @Test func largePeopleFollowedDoNotLookLikeACameraShift() {
        #expect(!Self.viewTakenAsMoved(shift: 0, people: Self.theirCells))
    }

    /// A bump of two cells with those people in view: the course moved in every tile around them,
    /// and the view is still taken as moved.
    @Test(arguments: [2, -3])
    func aBumpWithPeopleInViewIsStillTakenAsMoved(shift: Int) {
        #expect(Self.viewTakenAsMoved(shift: shift, people: Self.theirCells))
    }

    /// A swaying camera whose course has texture in exactly the share of tiles a shift needs
    /// (twelve: the top tile row and half the next), with a small rider standing in one of them,
    /// its changed cells never fresh: the rider's own cells are left out, the course around them
    /// still counts, and the view is taken as moved (leaving out the rider's whole tile fell one
    /// tile short).
    @Test func aJoltIsSeenAroundASmallRider() {
        let textured = Self.course()
        let tileRow = Self.rows / CameraShiftTest.tileRows
        let means = (0..<(Self.columns * Self.rows)).map { i -> Float in
            let x = i % Self.columns, y = i / Self.columns
            return y < tileRow || (y < 2 * tileRow && x >= Self.columns / 2) ? textured[i] : 128
        }
        let rider: (Int, Int) -> Bool = { x, y in x >= 26 && x < 28 && y >= 3 && y < 6 }
        #expect(Self.viewTakenAsMoved(shift: 2, people: Self.people(rider), person: rider, means: means, freshFirst: false))
        let wholeTile: (Int, Int) -> Bool = { x, y in x >= 24 && x < 32 && y < tileRow }
        #expect(!Self.viewTakenAsMoved(shift: 2, people: Self.people(wholeTile), person: rider, means: means, freshFirst: false),
                "the rider's whole tile left out: one tile short")
    }
}

/// Which people keep their cells out of the shift's evidence (`RiderTracker+PeopleCells`): one
/// standing in view for a while does (with a margin); a region followed only since a moment ago
/// (a bump's edge followed as someone new) and a flat line (the horizon moved) do not.
@Suite struct RiderTrackerPeopleCellsTests {
    static func region(minX: Double, maxX: Double, minY: Double, maxY: Double) -> Blob {
        let cx = (minX + maxX) / 2
        return Blob(minX: minX, maxX: maxX, minY: minY, maxY: maxY, area: (maxX - minX) * (maxY - minY),
                    centroidX: cx, centroidY: (minY + maxY) / 2, upperCentreX: cx, bottomX: cx, bottomY: maxY)
    }

    @Test func onlyPeopleFollowedAWhileAndUprightHideTheirCells() {
        var tracker = RiderTracker(settings: VisionSettings(), viewAspect: 4.0 / 3.0)
        let person = Self.region(minX: 0.30, maxX: 0.40, minY: 0.40, maxY: 0.80)
        let horizon = Self.region(minX: 0.00, maxX: 1.00, minY: 0.32, maxY: 0.35)
        let newcomer = Self.region(minX: 0.80, maxX: 0.85, minY: 0.50, maxY: 0.90)
        let columns = 40, rows = 30
        var mask = [UInt32](repeating: 0, count: columns * rows)
        var stamp: UInt32 = 0
        var t = 0.0, frame = 0
        while t < 2 {
            t = Double(frame) / 30 + (frame % 3 == 1 ? 0.002 : 0)
            frame += frame == 20 ? 2 : 1   // one frame dropped
            var blobs = [person]
            if t > 1 { blobs.append(horizon) }
            if t > 1.8 { blobs.append(newcomer) }
            _ = blobs.withUnsafeBufferPointer { tracker.update(time: t, candidates: $0) }
            stamp += 1
            mask.withUnsafeMutableBufferPointer { tracker.markPeopleCells(in: $0, stamp: stamp, columns: columns, rows: rows, time: t) }
        }
        // The person's cells 12...16 by 12...24, grown by a quarter of 12 rows (3 cells) each side.
        var expected = [Bool](repeating: false, count: columns * rows)
        for y in 9...27 { for x in 9...19 { expected[y * columns + x] = true } }
        let wrong = (0..<mask.count).filter { (mask[$0] == stamp) != expected[$0] }.map { ($0 % columns, $0 / columns, mask[$0]) }
        #expect(wrong.isEmpty, "cells marked wrongly: \(wrong.prefix(8))")
    }
}
