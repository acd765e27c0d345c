import Testing
@testable import GateSpeedVision

/// The extractor that skips empty mask words and visits only the foreground finds exactly the
/// regions (labels, statistics, order) of the original, which visited every cell three times;
/// including when one extractor is reused for frame after frame.
@Suite struct BlobEquivalenceTests {
    /// The original extractor, plainly: every cell in each of three passes.
    static func reference(mask: [UInt8], columns w: Int, rows h: Int, minimumHeightCells: Int, upperFraction: Double,
                          capacity: Int = 32) -> (blobs: [Blob], labels: [Int32]) {
        var labels = [Int32](repeating: -1, count: w * h), parent = [Int32](repeating: 0, count: w * h)
        var nextLabel: Int32 = 0
        func find(_ label: Int32) -> Int32 {
            var root = label
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = label
            while parent[Int(node)] != root { let up = parent[Int(node)]; parent[Int(node)] = root; node = up }
            return root
        }
        for y in 0..<h {
            for x in 0..<w where mask[y * w + x] != 0 {
                var label: Int32 = -1
                for dy in -2...0 where y + dy >= 0 {
                    let xEnd = dy == 0 ? x - 1 : x + 2
                    var nx = max(0, x - 2)
                    while nx <= min(w - 1, xEnd) {
                        let neighbour = labels[(y + dy) * w + nx]
                        if neighbour >= 0 {
                            let root = find(neighbour)
                            if label < 0 {
                                label = root
                            } else if root != label {
                                let (low, high) = root < label ? (root, label) : (label, root)
                                parent[Int(high)] = low
                                label = low
                            }
                        }
                        nx += 1
                    }
                }
                if label < 0 { label = nextLabel; parent[Int(label)] = label; nextLabel += 1 }
                labels[y * w + x] = label
            }
        }
        struct Stats {
            var root: Int32, minX: Int, maxX: Int, minY: Int, maxY: Int, area = 0, sumX = 0.0, sumY = 0
            var upperSumX = 0.0, upperSumY = 0, upperCount = 0, bottomSumX = 0.0, bottomCount = 0
            var upperMinX = Int.max, upperMaxX = -1
        }
        var slots: [Stats] = [], slotOfRoot: [Int32: Int] = [:]
        for y in 0..<h {
            for x in 0..<w where labels[y * w + x] >= 0 {
                let root = find(labels[y * w + x])
                labels[y * w + x] = root
                let slot = slotOfRoot[root] ?? {
                    slots.append(Stats(root: root, minX: x, maxX: x, minY: y, maxY: y))
                    slotOfRoot[root] = slots.count - 1
                    return slots.count - 1
                }()
                slots[slot].area += 1
                slots[slot].sumX += Double(x) + AnalysisGrid.rowShift(y); slots[slot].sumY += y
                slots[slot].minX = min(slots[slot].minX, x); slots[slot].maxX = max(slots[slot].maxX, x)
                slots[slot].maxY = y
            }
        }
        for y in 0..<h {
            for x in 0..<w where labels[y * w + x] >= 0 {
                let slot = slotOfRoot[labels[y * w + x]]!
                let top = slots[slot].minY, tall = slots[slot].maxY - top + 1
                let sampledX = Double(x) + AnalysisGrid.rowShift(y)
                if Double(y - top) < upperFraction * Double(tall) {
                    slots[slot].upperSumX += sampledX; slots[slot].upperSumY += y; slots[slot].upperCount += 1
                    slots[slot].upperMinX = min(slots[slot].upperMinX, x); slots[slot].upperMaxX = max(slots[slot].upperMaxX, x)
                }
                if y == slots[slot].maxY { slots[slot].bottomSumX += sampledX; slots[slot].bottomCount += 1 }
            }
        }
        var blobs: [Blob] = []
        let cw = 1 / Double(w), ch = 1 / Double(h)
        for s in slots where s.maxY - s.minY + 1 >= minimumHeightCells {
            let cells = Double(s.area)
            var blob = Blob(minX: Double(s.minX) * cw, maxX: Double(s.maxX + 1) * cw,
                            minY: Double(s.minY) * ch, maxY: Double(s.maxY + 1) * ch, area: cells * cw * ch,
                            centroidX: (s.sumX / cells + 0.5) * cw, centroidY: (Double(s.sumY) / cells + 0.5) * ch,
                            upperCentreX: (s.upperSumX / Double(max(1, s.upperCount)) + 0.5) * cw,
                            bottomX: (s.bottomSumX / Double(max(1, s.bottomCount)) + 0.5) * cw,
                            bottomY: Double(s.maxY + 1) * ch,
                            upperCentreY: (Double(s.upperSumY) / Double(max(1, s.upperCount)) + 0.5) * ch,
                            upperMinX: Double(s.upperMinX) * cw, upperMaxX: Double(s.upperMaxX + 1) * cw)
            blob.regionLabel = s.root
            // Largest first, dropping the smallest when full (the original's insertion).
            var position = blobs.count
            if blobs.count == capacity {
                guard blob.area > blobs[capacity - 1].area else { continue }
                position = capacity - 1
            } else {
                blobs.append(blob)
            }
            while position > 0 && blobs[position - 1].area < blob.area {
                blobs[position] = blobs[position - 1]
                position -= 1
            }
            blobs[position] = blob
        }
        return (blobs, labels)
    }

    @Test func regionsMatchTheCellByCellExtractorFrameAfterFrame() {
        var state: UInt64 = 3
        func random(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        for (columns, rows) in [(192, 144), (61, 23), (16, 8), (203, 37)] {
            var extractor = BlobExtractor(columns: columns, rows: rows, capacity: 6)
            for frame in 0..<25 {
                var mask = [UInt8](repeating: 0, count: columns * rows)
                // People-sized boxes, specks, a frame full of noise now and then, and empty frames.
                let boxes = frame % 7 == 6 ? 0 : 1 + random(9)
                for _ in 0..<boxes {
                    let x0 = random(columns), y0 = random(rows)
                    let x1 = min(columns - 1, x0 + random(12)), y1 = min(rows - 1, y0 + random(30))
                    for y in y0...y1 { for x in x0...x1 where random(10) > 0 { mask[y * columns + x] = 1 } }
                }
                if frame % 5 == 4 { for i in mask.indices where random(3) == 0 { mask[i] = 1 } }
                let minimumHeight = 1 + frame % 4
                mask.withUnsafeBufferPointer {
                    extractor.extract(mask: $0.baseAddress!, minimumHeightCells: minimumHeight, upperFraction: 0.5)
                }
                let expected = Self.reference(mask: mask, columns: columns, rows: rows, minimumHeightCells: minimumHeight,
                                              upperFraction: 0.5, capacity: 6)
                #expect(Array(extractor.blobs[0..<extractor.blobCount]) == expected.blobs, "\(columns)x\(rows) frame \(frame)")
                for blob in expected.blobs {
                    let part = extractor.part(of: blob, from: blob.minX, to: (blob.minX + blob.maxX) / 2, upperFraction: 0.5)
                    #expect(part?.area ?? 0 <= blob.area)
                    let rowsOfBlob = Int((blob.minY * Double(rows)).rounded())...Int((blob.maxY * Double(rows)).rounded()) - 1
                    let extent = extractor.columnExtent(of: blob, rows: rowsOfBlob)
                    let own = (0..<(columns * rows)).filter { expected.labels[$0] == blob.regionLabel }.map { $0 % columns }
                    #expect(extent?.first == own.min() && extent?.last == own.max(), "\(columns)x\(rows) frame \(frame)")
                }
                // A hand-made region over the whole view sees every labelled cell, and only those.
                let everything = Blob(minX: 0, maxX: 1, minY: 0, maxY: 1)
                let labelled = (0..<(columns * rows)).filter { expected.labels[$0] >= 0 }.map { $0 % columns }
                let extent = extractor.columnExtent(of: everything, rows: 0...(rows - 1))
                #expect(extent?.first == labelled.min() && extent?.last == labelled.max(), "\(columns)x\(rows) frame \(frame)")
            }
        }
    }
}
