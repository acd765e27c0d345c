import Testing
@testable import GateSpeedVision

/// A rider behind a post's pole is cut at the pole's band: the two parts are one region again
/// (`BlobExtractor+Poles`), and nothing else is joined: not two people followed either side of it.
@Suite struct BlobExtractorPoleTests {
    func mask(_ columns: Int, _ rows: Int, _ boxes: [(Int, Int, Int, Int)]) -> [UInt8] { paintedMask(columns, rows, boxes) }

    /// A person followed in the last frame: centre and half-width (cells), height (rows).
    typealias Person = (x: Double, halfWidth: Double, height: Double)

    func extract(_ m: [UInt8], poles: [Double], widthCells: Double = 1.2, people: [Person] = []) -> BlobExtractor {
        var extractor = BlobExtractor(columns: 40, rows: 30)
        extractor.setPoles(viewX: poles, widthCells: widthCells)
        for p in people { extractor.addPersonPlace(viewX: p.x / 40, halfWidth: p.halfWidth / 40, height: p.height / 30) }
        m.withUnsafeBufferPointer { extractor.extract(mask: $0.baseAddress!, minimumHeightCells: 6, upperFraction: 0.5) }
        return extractor
    }

    /// A pole at x = 20.5 cells blanks cells 20 and 21 of a rider spanning cells 16...24.
    let cut = [(16, 5, 19, 20), (22, 6, 24, 20)]
    let pole = 20.5 / 40

    @Test func aRiderCutByAPoleIsOneRegionSpanningIt() {
        let plain = extract(mask(40, 30, cut), poles: [])
        #expect(plain.blobCount == 2)
        let joined = extract(mask(40, 30, cut), poles: [0.1, pole, 0.9])
        #expect(joined.blobCount == 1)
        let rider = joined.blobs[0]
        #expect(abs(rider.minX - 16.0 / 40) < 1e-12 && abs(rider.maxX - 25.0 / 40) < 1e-12)
        #expect(abs(rider.minY - 5.0 / 30) < 1e-12 && abs(rider.maxY - 21.0 / 30) < 1e-12)
        #expect(abs(rider.area - Double(4 * 16 + 3 * 15) / 1200) < 1e-12)
        // The upper body spans the pole: its centre lies between the two parts' own.
        #expect(rider.upperMinX == 16.0 / 40 && rider.upperMaxX == 25.0 / 40)
        #expect(rider.upperCentreX > 19.0 / 40 && rider.upperCentreX < 22.0 / 40)
        // Parts and column extents see one region.
        let right = joined.part(of: rider, from: pole, to: 1, upperFraction: 0.5)
        #expect(abs((right?.minX ?? 0) - 22.0 / 40) < 1e-12)
        #expect(joined.columnExtent(of: rider, rows: 18...20)?.first == 16)
        #expect(joined.columnExtent(of: rider, rows: 18...20)?.last == 24)
    }

    @Test func itWorksBothWaysWhicheverPartIsLarger() {
        let m = mask(40, 30, [(18, 5, 19, 20), (22, 4, 27, 20)])
        let joined = extract(m, poles: [pole])
        #expect(joined.blobCount == 1)
        #expect(abs(joined.blobs[0].minX - 18.0 / 40) < 1e-12 && abs(joined.blobs[0].maxX - 28.0 / 40) < 1e-12)
    }

    @Test func twoPeopleAwayFromAPoleStayApart() {
        // The same two regions, with the poles elsewhere.
        #expect(extract(mask(40, 30, cut), poles: [0.25, 0.75]).blobCount == 2)
        // A gap wider than a pole's band and a cell stays a gap.
        #expect(extract(mask(40, 30, [(14, 5, 18, 20), (24, 5, 27, 20)]), poles: [pole]).blobCount == 2)
    }

    @Test func regionsAboveAndBelowEachOtherAreNotJoined() {
        // One ends where the other starts (a person and a shadow or a bag beside the pole).
        let m = mask(40, 30, [(16, 2, 19, 12), (22, 14, 24, 27)])
        #expect(extract(m, poles: [pole]).blobCount == 2)
    }

    @Test func onlyPartsShapedAsOneBodyAreJoined() {
        // A cloud's tall edge beside the pole reaches far above and below the rider: not a part of them.
        let edge = mask(40, 30, [(16, 10, 19, 20), (22, 2, 22, 28)])
        #expect(extract(edge, poles: [pole]).blobCount == 2)
        // Two people side by side, together wider than tall.
        let pair = mask(40, 30, [(12, 10, 19, 17), (22, 10, 29, 17)])
        #expect(extract(pair, poles: [pole]).blobCount == 2)
        // A leg or an arm seen beyond the pole, within the body's rows, is the body's.
        let arm = mask(40, 30, [(14, 4, 19, 22), (22, 9, 23, 14)])
        #expect(extract(arm, poles: [pole]).blobCount == 1)
    }

    @Test func twoPeopleFollowedEitherSideOfAPoleStayApart() {
        // Someone standing just beyond the pole (cells 16...19) and the rider come up to it
        // (22...24), each followed last frame at their own place: together 9 cells wide, more
        // than the wider (4 cells) plus the pole's band (4 cells).
        let standing: Person = (18, 2, 16), rider: Person = (23.5, 1.5, 15)
        #expect(extract(mask(40, 30, cut), poles: [pole], people: [standing, rider]).blobCount == 2)
        // The same parts on one person's place (a rider cut by the pole) are joined...
        #expect(extract(mask(40, 30, cut), poles: [pole], people: [(20.5, 4.5, 16)]).blobCount == 1)
        // ...and so are parts one of which lies on nobody's place (a leading edge just come out)...
        #expect(extract(mask(40, 30, cut), poles: [pole], people: [standing]).blobCount == 1)
        // ...or on a fragment followed on its own, far shorter than a person (a shadow's piece)...
        #expect(extract(mask(40, 30, cut), poles: [pole], people: [standing, (23.5, 1.5, 3)]).blobCount == 1)
        // ...or on people as wide as the two together (a part taken for a newcomer last frame).
        #expect(extract(mask(40, 30, cut), poles: [pole], people: [(18, 4.5, 16), rider]).blobCount == 1)
        // The places are the last frame's: forgotten, the parts are joined again.
        var extractor = extract(mask(40, 30, cut), poles: [pole], people: [standing, rider])
        extractor.clearPersonPlaces()
        mask(40, 30, cut).withUnsafeBufferPointer {
            extractor.extract(mask: $0.baseAddress!, minimumHeightCells: 6, upperFraction: 0.5)
        }
        #expect(extractor.blobCount == 1)
    }

    @Test func theGapFollowsThePolesWidthInCells() {
        let wide = mask(40, 30, [(14, 5, 17, 20), (23, 5, 26, 20)])   // 5 cells apart
        #expect(extract(wide, poles: [pole], widthCells: 1.2).blobCount == 2)
        #expect(extract(wide, poles: [pole], widthCells: 3).blobCount == 1)
    }

    @Test func aPoleIsAtLeastTwoPixelsWide() {
        let settings = VisionSettings()
        // 320 pixels over 192 cells: two pixels are 1.2 cells...
        #expect(abs(settings.poleWidthCells(viewWidthPixels: 320, columns: 192) - 1.2) < 1e-9)
        // ...unless the pole, 5 cm on a course of 35 m a view width, is wider in the picture.
        #expect(abs(settings.poleWidthCells(viewWidthPixels: 4000, columns: 192) - 0.05 / 35 * 192) < 1e-9)
    }
}
