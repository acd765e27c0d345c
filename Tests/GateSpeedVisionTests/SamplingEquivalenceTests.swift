import GateSpeedFrames
import Testing
@testable import GateSpeedVision

/// The per-frame path's fast forms (row passes, eight cells at a time, skipped empty words) give
/// exactly, bit for bit, what the cell-by-cell rules they replace gave. Each reference below is
/// that rule, written out plainly.
@Suite struct SamplingEquivalenceTests {
    /// A deterministic byte source.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        mutating func unit() -> Float { Float(next()) / 255 }
    }

    /// A plane of `width` x `height` samples `pixelStride` bytes apart in rows `rowStride` apart,
    /// over smooth content with noise and a few hard edges (so spreads vary).
    static func plane(width: Int, height: Int, pixelStride: Int, rowStride: Int, seed: UInt64) -> [UInt8] {
        var bytes = Bytes(state: seed)
        var buffer = [UInt8](repeating: 0, count: rowStride * (height - 1) + pixelStride * (width - 1) + 1)
        for i in buffer.indices { buffer[i] = bytes.next() }   // the bytes between samples too
        for y in 0..<height {
            for x in 0..<width {
                let smooth = 100 + 60 * ((x / 7 + y / 5) % 3) + Int(bytes.next() % 9)
                let edge = (x * 3 + y * 2) % 41 < 3 ? 90 : 0
                buffer[y * rowStride + x * pixelStride] = UInt8(min(255, smooth + edge))
            }
        }
        return buffer
    }

    /// The original sampling: an offset table, `block` x `block` bytes a cell (four up to 320 px
    /// wide), a window two pixels wider on each side a cell (6 x 6 for 2 x 2).
    static func referenceSample(_ plane: Plane, grid: AnalysisGrid) -> (cells: [Float], texture: [Float]) {
        let w = Double(plane.width), h = Double(plane.height)
        let right = plane.width > 1 ? plane.pixelStride : 0, down = plane.height > 1 ? plane.rowStride : 0
        let reach = (plane.width >= 8 && plane.height >= 8) ? 2 : 0
        let k = grid.block, half = Double(k) / 2 - 0.5
        let minX = reach, minY = reach
        let maxX = max(minX, plane.width - k - reach), maxY = max(minY, plane.height - k - reach)
        let base = plane.base.assumingMemoryBound(to: UInt8.self)
        var cells: [Float] = [], texture: [Float] = []
        for row in 0..<grid.rows {
            let v = (Double(row) + 0.5) / Double(grid.rows)
            for column in 0..<grid.columns {
                let u = (Double(column) + 0.5 + AnalysisGrid.rowShift(row)) / Double(grid.columns)
                let s = grid.geometry.sensorPoint(viewX: u, viewY: v)
                let px = min(maxX, max(minX, Int(s.x * w - half)))
                let py = min(maxY, max(minY, Int(s.y * h - half)))
                let p = base + plane.offset(x: px, y: py)
                var sum = 0
                for dy in 0..<k { for dx in 0..<k { sum += Int(p[dy * down + dx * right]) } }
                cells.append(Float(sum) * (k == 2 ? 0.25 : 1 / Float(k * k)))
                var low: UInt8 = 255, high: UInt8 = 0
                for dy in -reach...(k - 1 + reach) {
                    for dx in -reach...(k - 1 + reach) {
                        let value = p[dy * down + dx * right]
                        low = min(low, value); high = max(high, value)
                    }
                }
                texture.append(Float(high - low))
            }
        }
        return (cells, texture)
    }

    /// One chroma sample per colour cell (2 x 2 luma cells), at the view centre of the luma
    /// cells it covers.
    static func referenceChroma(_ plane: Plane, grid: AnalysisGrid) -> [Float] {
        let w = Double(plane.width), h = Double(plane.height)
        var values: [Float] = []
        for row in 0..<(grid.rows + 1) / 2 {
            let v = (Double(2 * row) + Double(min(2 * row + 2, grid.rows))) / 2 / Double(grid.rows)
            for column in 0..<(grid.columns + 1) / 2 {
                let u = (Double(2 * column) + Double(min(2 * column + 2, grid.columns))) / 2 / Double(grid.columns)
                let s = grid.geometry.sensorPoint(viewX: u, viewY: v)
                let px = min(plane.width - 1, max(0, Int(s.x * w)))
                let py = min(plane.height - 1, max(0, Int(s.y * h)))
                values.append(Float(plane.sample(x: px, y: py)))
            }
        }
        return values
    }

    static let geometries: [FrameGeometry] = [
        .identity,
        FrameGeometry(mirror: true),
        FrameGeometry(rotation: .half),
        FrameGeometry(rotation: .clockwise90),
        FrameGeometry(rotation: .clockwise270, mirror: true),
        FrameGeometry(crop: FrameGeometry.Rect(x: 0.1, y: 0.2, width: 0.7, height: 0.6)),
        FrameGeometry(rotation: .half, mirror: true, crop: FrameGeometry.Rect(x: 0.3, y: 0, width: 0.5, height: 1)),
    ]

    /// (width, height, pixel stride, row padding, grid columns)
    static let layouts: [(Int, Int, Int, Int, Int)] = [
        (320, 240, 1, 0, 192), (320, 240, 2, 0, 192), (640, 480, 1, 32, 192), (1280, 720, 1, 0, 192),
        (1280, 720, 2, 0, 192), (800, 600, 2, 8, 192), (1920, 1080, 1, 0, 192), (720, 1280, 1, 0, 192),
        (100, 60, 3, 5, 40),
        // Wide, low cells (2 x 2 blocks) whose row spans the whole width: sums gathered cell by cell.
        (120, 20, 1, 0, 16), (40, 30, 1, 3, 16), (20, 12, 1, 0, 16), (7, 9, 2, 1, 16),
        // Row passes just over and under sixteen pixels wide (cropped), where the last sixteen overlap.
        (32, 8, 1, 0, 16), (33, 9, 1, 0, 16), (48, 10, 2, 0, 16), (50, 12, 1, 1, 17),
        // Rows of cells gathered sixteen, then eight, then one at a time; packed rows copied 64
        // pixels at a time and then sixteen (widths not a multiple of sixteen).
        (97, 41, 1, 3, 27), (150, 44, 2, 2, 45), (70, 20, 2, 0, 27),
        // Calibration row passes taking grid rows two at a time (blocks one or two rows apart)
        // and alone (three apart, or the last of an odd count), on odd sizes.
        (161, 121, 1, 3, 97), (162, 99, 2, 2, 61), (201, 77, 1, 0, 75),
    ]

    @Test func rowPassesAndGathersSampleExactlyAsTheOffsetTableDid() {
        var checked = (rowPassTexture: 0, rowPassSums: 0, gathered: 0, pairs: 0, alone: 0, blocks: 0)
        for (index, (width, height, pixelStride, padding, columns)) in Self.layouts.enumerated() {
            let rowStride = width * pixelStride + padding
            let bytes = Self.plane(width: width, height: height, pixelStride: pixelStride, rowStride: rowStride,
                                   seed: UInt64(index + 1))
            for geometry in Self.geometries {
                bytes.withUnsafeBytes { raw in
                    let plane = Plane(base: raw.baseAddress!, width: width, height: height, rowStride: rowStride,
                                      pixelStride: pixelStride)
                    let view = geometry.viewSize(sensorWidth: width, sensorHeight: height)
                    var grid = AnalysisGrid(columns: columns, viewAspect: view.width / view.height, geometry: geometry)
                    grid.prepare(for: plane)
                    let reference = Self.referenceSample(plane, grid: grid)
                    var scratch = AnalysisGrid.Scratch()
                    var cells = [Float](repeating: -1, count: grid.cellCount)
                    var texture = [Float](repeating: -1, count: grid.cellCount)
                    cells.withUnsafeMutableBufferPointer { c in
                        texture.withUnsafeMutableBufferPointer { t in
                            grid.sample(plane, into: c.baseAddress!, texture: t.baseAddress!, scratch: &scratch)
                        }
                    }
                    #expect(cells == reference.cells, "\(width)x\(height) stride \(pixelStride) \(geometry): calibration cells")
                    #expect(texture == reference.texture, "\(width)x\(height) stride \(pixelStride) \(geometry): texture")
                    var steady = [Float](repeating: -1, count: grid.cellCount)
                    steady.withUnsafeMutableBufferPointer { grid.sample(plane, into: $0.baseAddress!, scratch: &scratch) }
                    #expect(steady == reference.cells, "\(width)x\(height) stride \(pixelStride) \(geometry): cells")
                    var gathered = [Float](repeating: -1, count: grid.cellCount)
                    var gatheredTexture = [Float](repeating: -1, count: grid.cellCount)
                    gathered.withUnsafeMutableBufferPointer { c in
                        gatheredTexture.withUnsafeMutableBufferPointer { t in
                            grid.sampleByGathering(plane, into: c.baseAddress!, texture: t.baseAddress!)
                        }
                    }
                    #expect(gathered == reference.cells && gatheredTexture == reference.texture)
                    let paths = grid.usesRowPasses
                    if grid.block > 2 { checked.blocks += 1 }
                    if paths.texture { checked.rowPassTexture += 1 } else { checked.gathered += 1 }
                    if paths.sums { checked.rowPassSums += 1 }
                    let shape = grid.rowPassShape
                    checked.pairs += shape.pairs
                    checked.alone += shape.alone
                }
            }
        }
        // Every path was exercised.
        #expect(checked.rowPassTexture > 0 && checked.rowPassSums > 0 && checked.gathered > 0)
        #expect(checked.rowPassSums < checked.rowPassTexture, "wide views of 2 x 2 blocks gather their sums")
        #expect(checked.blocks > 0, "blocks larger than 2 x 2")
        #expect(checked.pairs > 0 && checked.alone > 0, "grid rows taken two at a time and alone")
    }

    @Test func chromaIsSampledExactlyAsTheOffsetTableDid() {
        // I420 (planar quarter size), NV12 (interleaved, stride 2), YUYV (full height, stride 4).
        let layouts = [(160, 120, 1, 160), (160, 120, 2, 320), (160, 240, 4, 640), (11, 7, 1, 13)]
        for (index, (width, height, pixelStride, rowStride)) in layouts.enumerated() {
          for columns in [192, 61] {   // an odd grid: the last colour column covers one luma column
            let bytes = Self.plane(width: width, height: height, pixelStride: pixelStride, rowStride: rowStride,
                                   seed: UInt64(40 + index))
            let redBytes = Self.plane(width: width, height: height, pixelStride: pixelStride, rowStride: rowStride,
                                      seed: UInt64(80 + index))
            for geometry in Self.geometries {
                bytes.withUnsafeBytes { raw in
                    redBytes.withUnsafeBytes { redRaw in
                        let blue = Plane(base: raw.baseAddress!, width: width, height: height, rowStride: rowStride,
                                         pixelStride: pixelStride)
                        let red = Plane(base: redRaw.baseAddress!, width: width, height: height, rowStride: rowStride,
                                        pixelStride: pixelStride)
                        var grid = AnalysisGrid(columns: columns, viewAspect: 4.0 / 3.0, geometry: geometry)
                        grid.prepareChroma(for: blue)
                        #expect(grid.chromaCellCount == ((columns + 1) / 2) * ((grid.rows + 1) / 2))
                        var b = [Float](repeating: -1, count: grid.chromaCellCount), r = b
                        b.withUnsafeMutableBufferPointer { bb in
                            r.withUnsafeMutableBufferPointer { rr in
                                grid.sampleChroma(blue: blue, red: red, into: bb.baseAddress!, rr.baseAddress!)
                            }
                        }
                        #expect(b == Self.referenceChroma(blue, grid: grid), "\(width)x\(height) stride \(pixelStride) \(geometry)")
                        #expect(r == Self.referenceChroma(red, grid: grid), "\(width)x\(height) stride \(pixelStride) \(geometry) red")
                    }
                }
            }
          }
        }
    }

    // MARK: - Classification

    /// The luma rule, cell by cell.
    struct ReferenceBackground {
        var mean: [Float], threshold: [Float], since: [Double], gain: Float = 1

        mutating func classify(cells: [Float], previousMask: [UInt8], mask: inout [UInt8], time: Double, step: Double,
                               settings: VisionSettings) -> Double {
            let n = cells.count
            let rate = BackgroundModel.updateRate(step: step, settings: settings)
            var foregroundCount = 0
            var current: Float = 0, learnt: Float = 0
            for i in 0..<n where previousMask[i] == 0 { current += cells[i]; learnt += mean[i] }
            if learnt > Float(n) { gain = min(4, max(0.25, current / learnt)) }
            let g = gain, thresholdScale = max(1, g), rateOverGain = rate / g
            for i in 0..<n {
                // Expected at most 255 (what a frame holds), learning by what the cell reads past that.
                let expected = min(g * mean[i], 255)
                let difference = abs(cells[i] - expected)
                if difference > threshold[i] * thresholdScale {
                    mask[i] = 1
                    foregroundCount += 1
                    if since[i] == -.infinity {
                        since[i] = time
                    } else if time - since[i] > settings.staticAbsorbSeconds {
                        mean[i] = cells[i] / g
                        since[i] = -.infinity
                    }
                } else {
                    mask[i] = 0
                    since[i] = -.infinity
                    mean[i] += rateOverGain * (cells[i] - expected)
                }
            }
            return Double(foregroundCount) / Double(n)
        }
    }

    /// The colour rule, cell by cell: colour cell `(x, y)` covers luma cells `2x, 2x + 1` by
    /// `2y, 2y + 1` (those inside the grid); departing, it marks them; matching, it learns
    /// only when luma left all of them as background.
    struct ReferenceChroma {
        var blue: [Float], red: [Float], threshold: [Float], since: [Double]
        let lumaColumns: Int, lumaRows: Int

        mutating func refine(b: [Float], r: [Float], mask: inout [UInt8], gain: Float, time: Double, rate: Float,
                             settings: VisionSettings) -> Int {
            var added = 0
            let g = max(0.25, gain)
            let columns = (lumaColumns + 1) / 2
            for i in 0..<b.count {
                let x = 2 * (i % columns), y = 2 * (i / columns)
                var covered: [Int] = []
                for dy in 0..<2 where y + dy < lumaRows {
                    for dx in 0..<2 where x + dx < lumaColumns { covered.append((y + dy) * lumaColumns + x + dx) }
                }
                let expectedBlue = 128 + g * (blue[i] - 128), expectedRed = 128 + g * (red[i] - 128)
                let distance = abs(b[i] - expectedBlue) + abs(r[i] - expectedRed)
                if distance > threshold[i] {
                    for m in covered where mask[m] == 0 { mask[m] = 1; added += 1 }
                    if since[i] == -.infinity {
                        since[i] = time
                    } else if time - since[i] > settings.staticAbsorbSeconds {
                        blue[i] = 128 + (b[i] - 128) / g
                        red[i] = 128 + (r[i] - 128) / g
                        since[i] = -.infinity
                    }
                } else {
                    since[i] = -.infinity
                    if covered.allSatisfy({ mask[$0] == 0 }) {
                        blue[i] += rate * (128 + (b[i] - 128) / g - blue[i])
                        red[i] += rate * (128 + (r[i] - 128) / g - red[i])
                    }
                }
            }
            return added
        }
    }

    @Test func classificationAndColourRefinementMatchTheCellByCellRules() {
        var settings = VisionSettings()
        settings.staticAbsorbSeconds = 0.4   // absorb within the test's frames
        // Odd sizes, not multiples of sixteen: the colour tails and the one-cell-wide last colour
        // column and row run too.
        let columns = 61, rows = 23, n = columns * rows
        let colourColumns = (columns + 1) / 2, colourCount = colourColumns * ((rows + 1) / 2)
        var bytes = Bytes(state: 7)
        func frame(_ t: Int, light: Float) -> (luma: [Float], blue: [Float], red: [Float]) {
            var luma = [Float](repeating: 0, count: n)
            for i in 0..<n {
                let x = i % columns, y = i / columns
                var value = 60 + Float(x % 13) * 9 + Float(y % 5) * 4 + bytes.unit() * 3
                // A rider crossing and a bag left at frame 5.
                if abs(x - (t * 2) % columns) < 3 && y > 8 && y < 20 { value = 20 + bytes.unit() * 5 }
                if t >= 5 && x >= 40 && x < 44 && y >= 15 && y < 19 { value = 230 }
                luma[i] = min(255, value * light)
            }
            var blue = [Float](repeating: 0, count: colourCount), red = blue
            for i in 0..<colourCount {
                let x = 2 * (i % colourColumns), y = 2 * (i / colourColumns)   // in luma cells
                var b = 110 + Float((x + y) % 7) + bytes.unit(), r = 120 + Float((x * 3 + y) % 5) + bytes.unit()
                // A patch that differs in colour only, and one under the bag.
                if x >= 10 && x < 14 && y < 6 && t % 6 < 3 { b = 170; r = 80 }
                if t >= 5 && x >= 40 && x < 44 && y >= 15 && y < 19 { b = 90; r = 160 }
                blue[i] = b; red[i] = r
            }
            return (luma, blue, red)
        }
        var model = BackgroundModel(cellCount: n)
        var colour = ChromaBackground(lumaColumns: columns, lumaRows: rows)
        #expect(colour.cellCount == colourCount)
        model.beginLearning(); colour.beginLearning()
        for t in 0..<4 {
            let learning = frame(-100 - t, light: 1)   // the rider is outside the view then
            learning.luma.withUnsafeBufferPointer { model.accumulate(cells: $0.baseAddress!) }
            colour.accumulate(blue: learning.blue, red: learning.red)
        }
        model.finishLearning(settings: settings)
        colour.finishLearning(settings: settings)
        var reference = ReferenceBackground(mean: (0..<n).map { model.learntValue(at: $0) },
                                            threshold: (0..<n).map { model.thresholdValue(at: $0) },
                                            since: [Double](repeating: -.infinity, count: n))
        var referenceColour = ReferenceChroma(blue: (0..<colourCount).map { colour.learntColour(at: $0).blue },
                                              red: (0..<colourCount).map { colour.learntColour(at: $0).red },
                                              threshold: (0..<colourCount).map { colour.learntColour(at: $0).threshold },
                                              since: [Double](repeating: -.infinity, count: colourCount),
                                              lumaColumns: columns, lumaRows: rows)
        var mask = [UInt8](repeating: 0, count: n), previousMask = mask
        var referenceMask = mask, referencePrevious = mask
        var colourAdded = 0
        for t in 0..<40 {
            let time = Double(t) / 10, step = 0.1
            let light: Float = t < 20 ? 1 : 0.8 + Float(t % 3) * 0.1   // a cloud, then flicker
            let f = frame(t, light: light)
            swap(&mask, &previousMask)
            let fraction = f.luma.withUnsafeBufferPointer { c in
                previousMask.withUnsafeBufferPointer { p in
                    mask.withUnsafeMutableBufferPointer { m in
                        model.classify(cells: c.baseAddress!, previousMask: p.baseAddress!, mask: m.baseAddress!,
                                       time: time, step: step, settings: settings)
                    }
                }
            }
            swap(&referenceMask, &referencePrevious)
            let referenceFraction = reference.classify(cells: f.luma, previousMask: referencePrevious, mask: &referenceMask,
                                                       time: time, step: step, settings: settings)
            #expect(fraction == referenceFraction && mask == referenceMask && model.gain == reference.gain, "frame \(t)")
            let rate = BackgroundModel.updateRate(step: step, settings: settings)
            let added = colour.refine(blue: f.blue, red: f.red, mask: &mask, gain: model.gain, time: time, rate: rate,
                                      settings: settings)
            let referenceAdded = referenceColour.refine(b: f.blue, r: f.red, mask: &referenceMask, gain: reference.gain,
                                                        time: time, rate: rate, settings: settings)
            #expect(added == referenceAdded && mask == referenceMask, "frame \(t): colour")
            #expect((0..<n).allSatisfy { model.learntValue(at: $0).bitPattern == reference.mean[$0].bitPattern },
                    "frame \(t): learnt luma")
            colourAdded += added
            #expect((0..<colourCount).allSatisfy {
                colour.learntColour(at: $0).blue.bitPattern == referenceColour.blue[$0].bitPattern
                    && colour.learntColour(at: $0).red.bitPattern == referenceColour.red[$0].bitPattern
            }, "frame \(t): learnt colour")
        }
        #expect(mask.contains(1), "the scene had foreground")
        #expect(colourAdded > 0, "colour added cells luma missed")
    }

    @Test func theGainSumsOfQuarterLevelCellsAreTheCellByCellSums() {
        var bytes = Bytes(state: 5)
        let n = 27_651
        for brightness in [20, 120, 170, 250] {
            // Quarter-level cells (dim and bright frames: the bright ones need the ordered sum),
            // arbitrary means, a mask with people and specks.
            let cells = (0..<n).map { _ in Float(min(1020, 4 * brightness + Int(bytes.next() % 17))) * 0.25 }
            let means = (0..<n).map { _ in Float(brightness) + bytes.unit() * 3.3 }
            let mask = (0..<n).map { i -> UInt8 in (i / 300) % 7 == 3 || bytes.next() < 3 ? 1 : 0 }
            var ordered = (cells: Float(0), means: Float(0))
            for i in 0..<n where mask[i] == 0 { ordered.cells += cells[i]; ordered.means += means[i] }
            for quarterLevels in [false, true] {
                let sums = cells.withUnsafeBufferPointer { c in
                    means.withUnsafeBufferPointer { m in
                        mask.withUnsafeBufferPointer { p in
                            BackgroundModel.backgroundSums(cells: c.baseAddress!, means: m.baseAddress!, previousMask: p.baseAddress!,
                                                           count: n, quarterLevels: quarterLevels)
                        }
                    }
                }
                #expect(sums.cells.bitPattern == ordered.cells.bitPattern && sums.means.bitPattern == ordered.means.bitPattern,
                        "brightness \(brightness), quarter levels \(quarterLevels)")
            }
        }
    }

    @Test func theStillnessLimitIsTheHistogramsWhicheverWayItIsFound() {
        var bytes = Bytes(state: 11)
        let n = 27_653
        for (noise, moving) in [(0.5, 0), (2.0, 300), (6.0, 0), (0.2, 20_000), (3.3, 5_000)] as [(Float, Int)] {
            var cells = [Float](repeating: 0, count: n), previous = cells
            for i in 0..<n {
                let base = Float(bytes.next())
                previous[i] = base
                // Quarter-level cells, as the grid gives, changed by noise and by something moving.
                cells[i] = ((base + (bytes.unit() - 0.5) * 2 * noise + (i < moving ? 40 : 0)) * 4).rounded() / 4
            }
            for minimumContrast: Float in [14, 3, 0.5, 400] {
                var reference = LevelHistogram()
                for i in 0..<n { reference.add(abs(cells[i] - previous[i])) }
                let expected = max(minimumContrast, 5.9 * reference.median + 1)
                var histogram = LevelHistogram()
                let found = cells.withUnsafeBufferPointer { c in
                    previous.withUnsafeBufferPointer { p in
                        RiderDetector.stillnessLimit(c.baseAddress!, p.baseAddress!, count: n,
                                                     minimumContrast: minimumContrast, histogram: &histogram)
                    }
                }
                #expect(found == expected, "noise \(noise), moving \(moving), minimum \(minimumContrast)")
            }
        }
    }
}
