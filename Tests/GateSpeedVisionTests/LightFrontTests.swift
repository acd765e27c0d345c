import Testing
@testable import GateSpeedVision

/// `LightFronts` on hand-made regions (normalised view coordinates, top-left origin): a cloud's
/// front reaches the view's bottom; its faint far part breaks off into fragments in the same
/// columns; a person beside it is a person.
@Suite struct LightFrontTests {
    static let rows = 108

    static func region(_ minX: Double, _ maxX: Double, _ minY: Double, _ maxY: Double) -> Blob {
        let x = (minX + maxX) / 2
        return Blob(minX: minX, maxX: maxX, minY: minY, maxY: maxY, area: (maxX - minX) * (maxY - minY),
                    centroidX: x, centroidY: (minY + maxY) / 2, upperCentreX: x, bottomX: x, bottomY: maxY)
    }

    /// The regions `withoutFronts` hands on at `time`.
    static func kept(_ blobs: [Blob], fronts: inout LightFronts, time: Double = 1) -> [Blob] {
        blobs.withUnsafeBufferPointer { all in
            fronts.withoutFronts(all, rows: rows, time: time) { Array($0) }
        }
    }

    @Test func theFrontAndItsFragmentsAreLightAPersonBesideIsNot() {
        var fronts = LightFronts(capacity: 8)
        let front = Self.region(0.80, 0.89, 0.36, 1.0)
        let above = Self.region(0.80, 0.84, 0.31, 0.34)      // the front's far part, broken off
        let leading = Self.region(0.76, 0.79, 0.31, 0.33)    // ahead of it, within half its width
        let person = Self.region(0.60, 0.63, 0.60, 0.75)     // a person well clear of it
        let straddling = Self.region(0.70, 0.82, 0.50, 0.62) // reaching out of its columns
        let kept = Self.kept([front, above, leading, person, straddling], fronts: &fronts)
        #expect(kept == [person, straddling])
        #expect(fronts.seenLately(before: 1.2, seconds: LightFronts.lightSeconds))
    }

    @Test func withoutAFrontEveryRegionIsACandidate() {
        var fronts = LightFronts(capacity: 8)
        let fragment = Self.region(0.80, 0.84, 0.31, 0.34)
        let person = Self.region(0.60, 0.63, 0.60, 0.75)
        #expect(Self.kept([fragment, person], fronts: &fronts) == [fragment, person])
        #expect(!fronts.seenLately(before: 1.2, seconds: LightFronts.lightSeconds))
    }

    @Test func twoFrontsEachTakeTheirOwnColumns() {
        var fronts = LightFronts(capacity: 8)
        let left = Self.region(0.10, 0.14, 0.40, 1.0), right = Self.region(0.70, 0.80, 0.35, 1.0)
        let nearLeft = Self.region(0.11, 0.13, 0.30, 0.36), nearRight = Self.region(0.72, 0.75, 0.30, 0.33)
        let between = Self.region(0.40, 0.43, 0.55, 0.70)
        #expect(Self.kept([left, nearLeft, between, right, nearRight], fronts: &fronts) == [between])
    }

    /// The sky brightening at once against ground in a cloud's shadow: a band across the whole
    /// view, a third of its height. It is light, not a person (so it takes nobody below it for
    /// its parts), and not a front's edge: the rider below it is a candidate.
    @Test func aBandAcrossTheWholeViewIsLightTheRiderBelowItIsNot() {
        var fronts = LightFronts(capacity: 8)
        let sky = Self.region(0, 1, 0, 0.333)
        let rider = Self.region(0.13, 0.14, 0.58, 0.64)
        #expect(Self.kept([sky, rider], fronts: &fronts) == [rider])
        #expect(!fronts.seenLately(before: 1.2, seconds: LightFronts.lightSeconds))
    }

    /// The whole near ground changing (a region reaching the bottom across most of the view) is
    /// no moving edge of a shadow: it is not a candidate, but the people above it, in its
    /// columns, still are.
    @Test func groundChangingAcrossTheViewTakesNobodyInItsColumns() {
        var fronts = LightFronts(capacity: 8)
        let ground = Self.region(0.1, 0.75, 0.7, 1.0)
        let person = Self.region(0.40, 0.43, 0.45, 0.65)
        #expect(Self.kept([ground, person], fronts: &fronts) == [person])
        #expect(fronts.seenLately(before: 1.2, seconds: LightFronts.lightSeconds))
    }
}
