import Testing
@testable import GateSpeedVision

@Suite struct BlobExtractorTests {
    func mask(_ columns: Int, _ rows: Int, _ boxes: [(Int, Int, Int, Int)]) -> [UInt8] { paintedMask(columns, rows, boxes) }

    @Test func regionsAreFoundMeasuredAndSortedBySize() {
        var extractor = BlobExtractor(columns: 40, rows: 30)
        let m = mask(40, 30, [(2, 2, 5, 20), (30, 10, 31, 13)])
        m.withUnsafeBufferPointer { extractor.extract(mask: $0.baseAddress!, minimumHeightCells: 2, upperFraction: 0.5) }
        #expect(extractor.blobCount == 2)
        let big = extractor.blobs[0]
        #expect(abs(big.minX - 2.0 / 40) < 1e-12 && abs(big.maxX - 6.0 / 40) < 1e-12)
        #expect(abs(big.minY - 2.0 / 30) < 1e-12 && abs(big.maxY - 21.0 / 30) < 1e-12)
        #expect(abs(big.area - 4.0 * 19 / 1200) < 1e-12)
        #expect(abs(big.bottomY - 21.0 / 30) < 1e-12)
        // The staggered rows average out: the centre is the box's centre to within a tenth of a cell.
        #expect(abs(big.upperCentreX - 4.0 / 40) < 0.1 / 40)
        // The upper half (rows 2 to 11) is centred on row 6.5, i.e. y = 7 / 30: where x was measured.
        #expect(abs(big.upperCentreY - 7.0 / 30) < 1e-12)
    }

    @Test func aOneCellGapDoesNotSplitAPersonButAWideGapDoes() {
        var extractor = BlobExtractor(columns: 40, rows: 30)
        let joined = mask(40, 30, [(10, 2, 13, 8), (10, 10, 13, 20)])          // one empty row between
        joined.withUnsafeBufferPointer { extractor.extract(mask: $0.baseAddress!, minimumHeightCells: 2, upperFraction: 0.5) }
        #expect(extractor.blobCount == 1)
        let apart = mask(40, 30, [(10, 2, 13, 20), (20, 2, 23, 20)])            // six empty columns between
        apart.withUnsafeBufferPointer { extractor.extract(mask: $0.baseAddress!, minimumHeightCells: 2, upperFraction: 0.5) }
        #expect(extractor.blobCount == 2)
    }

    @Test func regionsShorterThanTheMinimumAreIgnored() {
        var extractor = BlobExtractor(columns: 40, rows: 30)
        let m = mask(40, 30, [(5, 5, 8, 7), (20, 5, 22, 20)])
        m.withUnsafeBufferPointer { extractor.extract(mask: $0.baseAddress!, minimumHeightCells: 6, upperFraction: 0.5) }
        #expect(extractor.blobCount == 1)
        #expect(extractor.blobs[0].minX == 20.0 / 40)
    }

    @Test func aPartOfARegionIsMeasuredOnItsOwn() {
        var extractor = BlobExtractor(columns: 40, rows: 30)
        let m = mask(40, 30, [(10, 5, 13, 20), (14, 8, 19, 20)])
        m.withUnsafeBufferPointer { extractor.extract(mask: $0.baseAddress!, minimumHeightCells: 2, upperFraction: 0.5) }
        #expect(extractor.blobCount == 1)
        let left = extractor.part(of: extractor.blobs[0], from: 0, to: 14.0 / 40, upperFraction: 0.5)
        #expect(abs((left?.maxX ?? 0) - 14.0 / 40) < 1e-12)
        #expect(abs((left?.upperCentreX ?? 0) - 12.0 / 40) < 0.1 / 40)
        // Rows 5 to 12 of the left part are its upper half: centred on row 8.5.
        #expect(abs((left?.upperCentreY ?? 0) - 9.0 / 30) < 1e-12)
    }
}

@Suite struct RiderSizeTests {
    @Test func theCourseScaleIsAPriorNotAGate() {
        var settings = VisionSettings()
        settings.metresPerViewWidth = 35   // 28 m between posts at 10 % and 90 %
        // 1.6 m of 26.25 m view height (4:3) is 6.1 %: expected, but a rider of half that is still followed.
        #expect(abs(settings.expectedRiderHeight(viewAspect: 4.0 / 3.0) - 1.6 / 35 * 4 / 3) < 1e-12)
        #expect(settings.minimumRiderHeight == settings.smallestPersonHeight)
        #expect(settings.smallestPersonHeight < 0.03)
        settings.metresPerViewWidth = 5    // a short course close to the camera: still the floor only
        #expect(settings.minimumRiderHeight == settings.smallestPersonHeight)
        settings.riderMinHeight = 0.2      // configured explicitly
        #expect(settings.minimumRiderHeight == 0.2)
    }
}
