/// Finds connected regions of foreground on the analysis grid.
///
/// Cells join a region when they lie within two cells of each other (Chebyshev distance),
/// so a rider split by a one-cell gap (a thin neck, a belt the colour of the ground) stays one
/// region. Labelling is two-pass union-find over preallocated arrays: nothing is allocated
/// per frame. The mask is read eight cells a word, so the empty background costs one test a
/// word; the later passes visit only the foreground cells, listed by the first.
public struct BlobExtractor: Sendable {
    public let columns: Int
    public let rows: Int
    /// Most regions reported per frame (the largest ones).
    public let capacity: Int

    /// Each cell's region (its root label), -1 for background. Only cells listed in `listed`
    /// can hold anything else.
    var labels: [Int32]
    /// The foreground cells of the last `extract` as `y << 16 | x`, in raster order, `listedCount` of them.
    private var listed: [Int32]
    private var listedCount = 0
    private var parent: [Int32]
    var slotOfRoot: [Int32]
    // Per-region statistics, indexed by slot.
    var minX: [Int32], maxX: [Int32], minY: [Int32], maxY: [Int32], area: [Int32]
    /// Sums of sampling-point x (in cells, see `AnalysisGrid.rowShift`) and of row numbers.
    var sumX: [Double], sumY: [Int]
    private var upperSumX: [Double], upperSumY: [Int], upperCount: [Int32], bottomSumX: [Double], bottomCount: [Int32]
    /// First and last column of the upper part of each region.
    private var upperMinX: [Int32], upperMaxX: [Int32]
    /// Each slot's region label; a region joined into another across a pole (see
    /// `BlobExtractor+Poles`) takes that region's label.
    var rootOfSlot: [Int32]
    /// Each slot's own region label, as first found (to clear `slotOfRoot`).
    var joinedRoot: [Int32]
    /// Grid x (cells, from the left edge) of each post's pole, `poleCount` of them, and the widest
    /// gap (cells) the pole leaves in a person behind it. See `BlobExtractor+Poles`.
    var poleX: [Double] = [Double](repeating: 0, count: BlobExtractor.maximumPoles)
    var poleCount = 0
    var poleGapCells = 0
    /// Grid x (cells) and half-width (cells) of each person followed and seen in the last
    /// frame, `personCount` of them: parts on two people's places, wider together than either,
    /// are not joined across a pole (see `BlobExtractor+Poles`).
    var personX: [Double] = [Double](repeating: 0, count: BlobExtractor.maximumPersonPlaces)
    var personHalfWidth: [Double] = [Double](repeating: 0, count: BlobExtractor.maximumPersonPlaces)
    /// Each person's height, grid rows.
    var personHeight: [Double] = [Double](repeating: 0, count: BlobExtractor.maximumPersonPlaces)
    var personCount = 0
    /// The regions found by the last `extract`, `blobCount` of them, largest first.
    public private(set) var blobs: [Blob]
    public private(set) var blobCount = 0

    public init(columns: Int, rows: Int, capacity: Int = 32) {
        precondition(columns > 0 && columns < 1 << 16 && rows > 0 && rows < 1 << 15, "grid sizes fit the cell list")
        self.columns = columns
        self.rows = rows
        self.capacity = capacity
        let n = columns * rows
        labels = [Int32](repeating: -1, count: n)
        listed = [Int32](repeating: 0, count: n)
        parent = [Int32](repeating: 0, count: n)
        slotOfRoot = [Int32](repeating: -1, count: n)
        let slots = n / 2 + 1
        // Each array gets its own storage: shared copy-on-write buffers would be copied on the
        // first frame that writes them.
        func int32s() -> [Int32] { [Int32](repeating: 0, count: slots) }
        func doubles() -> [Double] { [Double](repeating: 0, count: slots) }
        minX = int32s(); maxX = int32s(); minY = int32s(); maxY = int32s(); area = int32s()
        sumX = doubles(); sumY = [Int](repeating: 0, count: slots)
        upperSumX = doubles(); bottomSumX = doubles(); upperSumY = [Int](repeating: 0, count: slots)
        upperCount = int32s(); bottomCount = int32s(); rootOfSlot = int32s(); joinedRoot = int32s()
        upperMinX = int32s(); upperMaxX = int32s()
        blobs = [Blob](repeating: Blob(), count: capacity)
    }

    /// Labels `mask` (1 = foreground, `columns * rows` cells) and fills `blobs` with the regions
    /// at least `minimumHeightCells` tall, largest first. `upperFraction` is the share of each
    /// region's height, from the top, used for `Blob.upperCentreX`.
    public mutating func extract(mask: UnsafePointer<UInt8>, minimumHeightCells: Int, upperFraction: Double) {
        let w = columns, h = rows
        var slotCount = 0
        labels.withUnsafeMutableBufferPointer { labels in
        parent.withUnsafeMutableBufferPointer { parent in
        slotOfRoot.withUnsafeMutableBufferPointer { slotOfRoot in
        listed.withUnsafeMutableBufferPointer { listed in
            // Last frame's foreground is background until found again.
            for k in 0..<listedCount { labels[Int(listed[k] >> 16) * w + Int(listed[k] & 0xFFFF)] = -1 }
            var count = 0
            var nextLabel: Int32 = 0
            @inline(__always) func find(_ label: Int32) -> Int32 {
                var root = label
                while parent[Int(root)] != root { root = parent[Int(root)] }
                var node = label
                while parent[Int(node)] != root {
                    let up = parent[Int(node)]
                    parent[Int(node)] = root
                    node = up
                }
                return root
            }
            /// Pass 1 for one foreground cell: a provisional label, merged through union-find.
            @inline(__always) func label(x: Int, y: Int) {
                let i = y * w + x
                var label: Int32 = -1
                for dy in -2...0 {
                    let ny = y + dy
                    if ny < 0 { continue }
                    let xEnd = dy == 0 ? x - 1 : x + 2
                    var nx = max(0, x - 2)
                    while nx <= min(w - 1, xEnd) {
                        let neighbour = labels[ny * w + nx]
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
                if label < 0 {
                    label = nextLabel
                    parent[Int(label)] = label
                    nextLabel += 1
                }
                labels[i] = label
                listed[count] = Int32(truncatingIfNeeded: y << 16 | x)
                count += 1
            }
            // Pass 1, in raster order; thirty-two background cells are skipped at once, then a word of
            // eight (read again: labelling never changes the mask).
            let words = UnsafeRawPointer(mask)
            for y in 0..<h {
                let row = y * w
                var x = 0
                while x &+ 32 <= w {
                    let any = words.loadUnaligned(fromByteOffset: row &+ x, as: UInt64.self)
                        | words.loadUnaligned(fromByteOffset: row &+ x &+ 8, as: UInt64.self)
                        | words.loadUnaligned(fromByteOffset: row &+ x &+ 16, as: UInt64.self)
                        | words.loadUnaligned(fromByteOffset: row &+ x &+ 24, as: UInt64.self)
                    if any != 0 {
                        var at = x
                        while at < x &+ 32 {
                            var word = words.loadUnaligned(fromByteOffset: row &+ at, as: UInt64.self)
                            while word != 0 {
                                let byte = word.trailingZeroBitCount &>> 3
                                label(x: at &+ byte, y: y)
                                word &= ~(UInt64(0xFF) &<< UInt64(byte &<< 3))
                            }
                            at &+= 8
                        }
                    }
                    x &+= 32
                }
                while x &+ 8 <= w {
                    var word = words.loadUnaligned(fromByteOffset: row &+ x, as: UInt64.self)
                    while word != 0 {
                        let byte = word.trailingZeroBitCount &>> 3
                        label(x: x &+ byte, y: y)
                        word &= ~(UInt64(0xFF) &<< UInt64(byte &<< 3))
                    }
                    x &+= 8
                }
                while x < w {
                    if mask[row &+ x] != 0 { label(x: x, y: y) }
                    x &+= 1
                }
            }
            listedCount = count
            // Pass 2: statistics per final region, over the foreground cells in raster order.
            for k in 0..<count {
                let y = Int(listed[k] >> 16), x = Int(listed[k] & 0xFFFF), i = y * w + x
                let root = find(labels[i])
                labels[i] = root
                var slot = Int(slotOfRoot[Int(root)])
                if slot < 0 {
                    slot = slotCount
                    slotCount += 1
                    slotOfRoot[Int(root)] = Int32(slot)
                    rootOfSlot[slot] = root; joinedRoot[slot] = root
                    minX[slot] = Int32(x); maxX[slot] = Int32(x); minY[slot] = Int32(y); maxY[slot] = Int32(y)
                    area[slot] = 0; sumX[slot] = 0; sumY[slot] = 0
                    upperSumX[slot] = 0; upperSumY[slot] = 0; upperCount[slot] = 0
                    bottomSumX[slot] = 0; bottomCount[slot] = 0
                    upperMinX[slot] = Int32.max; upperMaxX[slot] = -1
                }
                area[slot] += 1
                sumX[slot] += Double(x) + AnalysisGrid.rowShift(y); sumY[slot] += y
                if Int32(x) < minX[slot] { minX[slot] = Int32(x) }
                if Int32(x) > maxX[slot] { maxX[slot] = Int32(x) }
                maxY[slot] = Int32(y)   // rows are visited top to bottom
            }
        }}}}
        // Regions facing each other across a post's pole are one person behind it.
        if poleCount > 0 { joinAcrossPoles(slotCount: slotCount, minimumHeightCells: minimumHeightCells) }
        let count = listedCount
        labels.withUnsafeMutableBufferPointer { labels in
        slotOfRoot.withUnsafeMutableBufferPointer { slotOfRoot in
        listed.withUnsafeMutableBufferPointer { listed in
            // Pass 3: upper-body centre and bottom row of each region.
            for k in 0..<count {
                let y = Int(listed[k] >> 16), x = Int(listed[k] & 0xFFFF), i = y * w + x
                let slot = Int(slotOfRoot[Int(labels[i])])
                // A region joined to another across a pole takes that region's label.
                labels[i] = rootOfSlot[slot]
                let top = Int(minY[slot]), tall = Int(maxY[slot]) - top + 1
                let sampledX = Double(x) + AnalysisGrid.rowShift(y)
                if Double(y - top) < upperFraction * Double(tall) {
                    upperSumX[slot] += sampledX; upperSumY[slot] += y; upperCount[slot] += 1
                    if Int32(x) < upperMinX[slot] { upperMinX[slot] = Int32(x) }
                    if Int32(x) > upperMaxX[slot] { upperMaxX[slot] = Int32(x) }
                }
                if y == Int(maxY[slot]) {
                    bottomSumX[slot] += sampledX; bottomCount[slot] += 1
                }
            }
            for slot in 0..<slotCount { slotOfRoot[Int(joinedRoot[slot])] = -1 }
        }}}
        publish(slotCount: slotCount, minimumHeightCells: minimumHeightCells)
    }

    /// Converts the qualifying regions to view coordinates, keeping the largest `capacity`.
    private mutating func publish(slotCount: Int, minimumHeightCells: Int) {
        blobCount = 0
        let cw = 1 / Double(columns), ch = 1 / Double(rows)
        for slot in 0..<slotCount {
            let tall = Int(maxY[slot] - minY[slot]) + 1
            guard area[slot] > 0, tall >= minimumHeightCells else { continue }
            let cells = Double(area[slot])
            var blob = Blob(
                minX: Double(minX[slot]) * cw, maxX: Double(maxX[slot] + 1) * cw,
                minY: Double(minY[slot]) * ch, maxY: Double(maxY[slot] + 1) * ch,
                area: cells * cw * ch,
                centroidX: (sumX[slot] / cells + 0.5) * cw,
                centroidY: (Double(sumY[slot]) / cells + 0.5) * ch,
                upperCentreX: (upperSumX[slot] / Double(max(1, upperCount[slot])) + 0.5) * cw,
                bottomX: (bottomSumX[slot] / Double(max(1, bottomCount[slot])) + 0.5) * cw,
                bottomY: Double(maxY[slot] + 1) * ch,
                upperCentreY: (Double(upperSumY[slot]) / Double(max(1, upperCount[slot])) + 0.5) * ch,
                upperMinX: Double(upperCount[slot] > 0 ? upperMinX[slot] : minX[slot]) * cw,
                upperMaxX: Double((upperCount[slot] > 0 ? upperMaxX[slot] : maxX[slot]) + 1) * cw)
            blob.regionLabel = rootOfSlot[slot]
            insertBySize(blob)
        }
    }

    /// Keeps `blobs[0..<blobCount]` sorted by area, largest first, dropping the smallest when full.
    private mutating func insertBySize(_ blob: Blob) {
        var position = blobCount
        if blobCount == capacity {
            guard blob.area > blobs[capacity - 1].area else { return }
            position = capacity - 1
        } else {
            blobCount += 1
        }
        while position > 0 && blobs[position - 1].area < blob.area {
            blobs[position] = blobs[position - 1]
            position -= 1
        }
        blobs[position] = blob
    }

    /// The part of `blob` (found by the last `extract`) between view x `from` and `to`:
    /// its extent, area and upper-body centre, as if it were a region of its own. Used to
    /// keep two people apart while their regions touch. Nil when that part is empty.
    public func part(of blob: Blob, from: Double, to: Double, upperFraction: Double) -> Blob? {
        guard blob.regionLabel >= 0 else { return nil }
        let w = columns, h = rows
        let x0 = max(0, Int((blob.minX * Double(w)).rounded())), x1 = min(w, Int((blob.maxX * Double(w)).rounded()))
        let y0 = max(0, Int((blob.minY * Double(h)).rounded())), y1 = min(h, Int((blob.maxY * Double(h)).rounded()))
        let lowX = max(x0, Int((from * Double(w)).rounded())), highX = min(x1, Int((to * Double(w)).rounded()))
        guard lowX < highX, y0 < y1 else { return nil }
        var top = Int.max, bottom = -1, left = Int.max, right = -1, count = 0, sumX = 0.0, sumY = 0
        for y in y0..<y1 {
            for x in lowX..<highX where labels[y * w + x] == blob.regionLabel {
                top = min(top, y); bottom = max(bottom, y); left = min(left, x); right = max(right, x)
                count += 1; sumX += Double(x) + AnalysisGrid.rowShift(y); sumY += y
            }
        }
        guard count > 0 else { return nil }
        let limit = Double(top) + upperFraction * Double(bottom - top + 1)
        var upperSum = 0.0, upperRows = 0, upperCount = 0, bottomSum = 0.0, bottomCount = 0
        var upperLeft = left, upperRight = right
        if Double(top) < limit { upperLeft = Int.max; upperRight = -1 }
        for y in top...bottom {
            for x in lowX..<highX where labels[y * w + x] == blob.regionLabel {
                let sampledX = Double(x) + AnalysisGrid.rowShift(y)
                if Double(y) < limit {
                    upperSum += sampledX; upperRows += y; upperCount += 1
                    upperLeft = min(upperLeft, x); upperRight = max(upperRight, x)
                }
                if y == bottom { bottomSum += sampledX; bottomCount += 1 }
            }
        }
        let cw = 1 / Double(w), ch = 1 / Double(h)
        var part = Blob(minX: Double(left) * cw, maxX: Double(right + 1) * cw, minY: Double(top) * ch,
                        maxY: Double(bottom + 1) * ch, area: Double(count) * cw * ch,
                        centroidX: (sumX / Double(count) + 0.5) * cw,
                        centroidY: (Double(sumY) / Double(count) + 0.5) * ch,
                        upperCentreX: (upperSum / Double(max(1, upperCount)) + 0.5) * cw,
                        bottomX: (bottomSum / Double(max(1, bottomCount)) + 0.5) * cw,
                        bottomY: Double(bottom + 1) * ch,
                        upperCentreY: (Double(upperRows) / Double(max(1, upperCount)) + 0.5) * ch,
                        upperMinX: Double(upperCount > 0 ? upperLeft : left) * cw,
                        upperMaxX: Double((upperCount > 0 ? upperRight : right) + 1) * cw)
        part.regionLabel = blob.regionLabel
        return part
    }

    /// The first and last grid column of `blob`'s own cells (found by the last `extract`) in
    /// grid rows `rows` and within the blob's horizontal extent, or nil when there are none.
    /// A blob without a region label (hand-made) counts every labelled cell there.
    func columnExtent(of blob: Blob, rows: ClosedRange<Int>) -> (first: Int, last: Int)? {
        let w = columns, h = rows.upperBound
        let x0 = max(0, Int((blob.minX * Double(w)).rounded())), x1 = min(w, Int((blob.maxX * Double(w)).rounded()))
        let y0 = max(0, rows.lowerBound), y1 = min(self.rows - 1, h)
        guard x0 < x1, y0 <= y1 else { return nil }
        var first = Int.max, last = -1
        labels.withUnsafeBufferPointer { labels in
            for y in y0...y1 {
                for x in x0..<x1 {
                    let label = labels[y * w + x]
                    let mine = blob.regionLabel >= 0 ? label == blob.regionLabel : label >= 0
                    if mine { first = min(first, x); last = max(last, x) }
                }
            }
        }
        return last >= 0 ? (first, last) : nil
    }
}
