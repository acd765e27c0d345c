/// A post's pole in front of a person.
///
/// A pole is background: a rider passing behind it is hidden along its width, so the cells its
/// pixels cover (a band one or two cells wide in a low-resolution view) are not foreground and
/// the rider's region is cut in two at the post line. The tracker then follows one part, whose
/// edge stops at the pole while the rider goes on: the rider's position lags by up to the
/// hidden width exactly as they cross the post. Two regions that face each other across a
/// pole's band, no further apart than the band plus a cell, side by side (their rows overlap
/// over at least half of the shorter one's height, with cells of both on common rows at the
/// facing edges), shaped as one body (the smaller part within the larger's rows, the two
/// no wider than tall), are one person behind the pole and are joined into one region.
///
/// Someone just beyond a pole is not part of a rider coming up to it: two people side by side,
/// one on each side of the pole, face each other across its band just as a rider's two parts
/// do, and joined they put the rider's centre half a body behind them, late at the post (seed
/// 699: a walker at the finish post, the finish 49 ms late). A rider cut by a pole is, joined,
/// as wide as their own region was before the pole (the hidden band lies within it); two people
/// are wider. So two parts are not joined when each lies on the place of a different person
/// followed in the last frame (`RiderTracker+PeoplePlaces`), the two at least half as tall as
/// each other (a fragment of shadow or ground followed on its own is no one beside the rider),
/// and together they are wider than the wider of the two, plus the pole's band. A part on
/// nobody's place (a rider's leading edge just come out beyond the pole) or both on one person's
/// are judged on their shape alone; so is a pair no wider than their person (a rider's part taken
/// for a newcomer the frame before, or a person whose width is not yet known: cut by the view's edge).
///
/// Per frame this is per-region work (no pixel is read twice, nothing is allocated): each
/// region ending at a pole is compared with the regions starting beyond it.
extension BlobExtractor {
    /// Most posts whose poles are known.
    public static let maximumPoles = 16

    /// Most people's places kept per frame.
    public static let maximumPersonPlaces = 16

    /// Forgets the last frame's people.
    public mutating func clearPersonPlaces() { personCount = 0 }

    /// Adds the place of a person followed and seen in the last frame: `viewX`, their centre,
    /// and `halfWidth`, normalised view widths (0...1, left edge origin), and `height`,
    /// normalised view heights.
    public mutating func addPersonPlace(viewX: Double, halfWidth: Double, height: Double) {
        guard personCount < Self.maximumPersonPlaces else { return }
        personX[personCount] = viewX * Double(columns)
        personHalfWidth[personCount] = max(1, halfWidth * Double(columns))
        personHeight[personCount] = height * Double(rows)
        personCount += 1
    }

    /// The person (index into the places) on whose place region `slot`'s centre lies, the
    /// nearest if several, or -1.
    private func person(at slot: Int) -> Int {
        let x = sumX[slot] / Double(max(1, area[slot]))
        var best = -1, bestDistance = Double.infinity
        for k in 0..<personCount {
            let distance = abs(x - personX[k])
            if distance <= personHalfWidth[k], distance < bestDistance { best = k; bestDistance = distance }
        }
        return best
    }

    /// Whether regions `a` and `b` lie on two different people's places, the two at least half
    /// as tall as each other, and together are wider (cells) than the wider of the two, plus
    /// the pole's band: two people, not one cut by the pole.
    private func areTwoPeople(_ a: Int, _ b: Int) -> Bool {
        let first = person(at: a), second = person(at: b)
        guard first >= 0, second >= 0, first != second,
              2 * min(personHeight[first], personHeight[second]) >= max(personHeight[first], personHeight[second])
        else { return false }
        let personWidth = 2 * max(personHalfWidth[first], personHalfWidth[second])
        return Double(jointWidth(a, b)) > personWidth + Double(poleGapCells)
    }

    /// Sets where the posts' poles stand: `viewX`, normalised view x of each (0...1, left edge
    /// origin), and `widthCells`, how many cells a pole is wide (its width in pixels over the
    /// cell's width in pixels). The widest gap joined is that band, plus the cell its edges
    /// may blank in part (a cell's 2 x 2 sample half on the pole), plus one cell. Not per frame.
    public mutating func setPoles(viewX: [Double], widthCells: Double) {
        poleCount = 0
        for x in viewX where x > 0 && x < 1 && poleCount < Self.maximumPoles {
            poleX[poleCount] = x * Double(columns)
            poleCount += 1
        }
        poleGapCells = Int(max(1, widthCells).rounded(.up)) + 2
    }

    /// Joins regions facing each other across a pole (see the type's comment): the right one's
    /// statistics go into the left one's slot, and its slot is emptied (area 0) and sent to the
    /// left one's, so pass 3 relabels its cells. Runs after pass 2 (extent, area, sums).
    mutating func joinAcrossPoles(slotCount: Int, minimumHeightCells: Int) {
        let w = columns
        for p in 0..<poleCount {
            let pole = poleX[p]
            var left = 0
            while left < slotCount {
                defer { left += 1 }
                guard area[left] > 0 else { continue }
                let leftEdge = Double(maxX[left])
                // Ends before the pole's band (its last cell at most one cell past the pole's middle)...
                guard leftEdge < pole + 1, leftEdge + Double(poleGapCells) + 1 > pole else { continue }
                for right in 0..<slotCount where right != left && area[right] > 0 {
                    let rightEdge = Int(minX[right])
                    let gap = rightEdge - Int(maxX[left]) - 1
                    // ...and the other starts beyond it, the gap no wider than the band allows
                    // (a gap of one cell is joined by the labelling already).
                    guard gap >= 2, gap <= poleGapCells, Double(rightEdge) > pole - 1 else { continue }
                    let top = max(minY[left], minY[right]), bottom = min(maxY[left], maxY[right])
                    let shorter = min(maxY[left] - minY[left], maxY[right] - minY[right]) + 1
                    guard bottom >= top, 2 * (bottom - top + 1) >= shorter,
                          isOneBody(left, right, minimumHeightCells: minimumHeightCells),
                          !areTwoPeople(left, right) else { continue }
                    guard facingRows(left: left, right: right, rows: Int(top)...Int(bottom), columns: w) * 3
                            >= Int(bottom - top + 1) else { continue }
                    join(right, into: left, slotCount: slotCount)
                    break
                }
            }
        }
    }

    /// Whether two regions either side of a pole can be one person's body: the larger part at
    /// least `minimumHeightCells` tall (a region followed on its own), the smaller part
    /// (an arm, a leg, the leading edge) lies within the larger's rows, give or take a tenth of
    /// its height (a cloud's edge or a person taller than the rider reaching above or below is
    /// someone or something else), and the two with the hidden band between them are no wider
    /// than tall (cells are square): two people side by side are wider, and so are the specks a
    /// pole's edges make either side of it in a noisy or shaking view.
    private func isOneBody(_ a: Int, _ b: Int, minimumHeightCells: Int) -> Bool {
        let (large, small) = area[a] >= area[b] ? (a, b) : (b, a)
        let tall = maxY[large] - minY[large] + 1
        // The body's part is a person's region on its own; specks either side of a pole (its
        // edges flicker in a shaking or noisy view) are not.
        guard tall >= minimumHeightCells else { return false }
        let slack = max(1, tall / 10)
        guard minY[small] >= minY[large] - slack, maxY[small] <= maxY[large] + slack else { return false }
        let jointHeight = max(maxY[a], maxY[b]) - min(minY[a], minY[b]) + 1
        return jointWidth(a, b) <= jointHeight
    }

    /// Columns (cells) from the left edge of regions `a` and `b` together to their right edge.
    private func jointWidth(_ a: Int, _ b: Int) -> Int32 {
        max(maxX[a], maxX[b]) - min(minX[a], minX[b]) + 1
    }

    /// Rows in `rows` where both regions have a cell within two cells of their facing edges.
    private func facingRows(left: Int, right: Int, rows: ClosedRange<Int>, columns w: Int) -> Int {
        let leftEdge = Int(maxX[left]), rightEdge = Int(minX[right])
        var count = 0
        labels.withUnsafeBufferPointer { labels in
        slotOfRoot.withUnsafeBufferPointer { slotOfRoot in
            // Before pass 3 a cell holds its first region's label; `slotOfRoot` says whose it is now.
            @inline(__always) func owner(_ i: Int) -> Int {
                let label = labels[i]
                return label >= 0 ? Int(slotOfRoot[Int(label)]) : -1
            }
            for y in rows {
                let row = y * w
                var leftHere = false, rightHere = false
                for x in max(0, leftEdge - 1)...leftEdge where owner(row + x) == left { leftHere = true }
                for x in rightEdge...min(w - 1, rightEdge + 1) where owner(row + x) == right { rightHere = true }
                if leftHere && rightHere { count += 1 }
            }
        }}
        return count
    }

    /// Moves slot `other`'s statistics into slot `slot`.
    private mutating func join(_ other: Int, into slot: Int, slotCount: Int) {
        minX[slot] = min(minX[slot], minX[other]); maxX[slot] = max(maxX[slot], maxX[other])
        minY[slot] = min(minY[slot], minY[other]); maxY[slot] = max(maxY[slot], maxY[other])
        area[slot] += area[other]; sumX[slot] += sumX[other]; sumY[slot] += sumY[other]
        area[other] = 0
        // Every region already joined into `other` goes with it.
        for s in 0..<slotCount where slotOfRoot[Int(joinedRoot[s])] == Int32(other) {
            slotOfRoot[Int(joinedRoot[s])] = Int32(slot)
            rootOfSlot[s] = rootOfSlot[slot]
        }
    }
}
