/// The row passes' kernels: sums and spreads of sensor rows, sixteen pixels at a time in loops
/// with no checks (the callers size the rows and buffers).
extension AnalysisGrid {
    /// `sums[x] = p(x) + p(x + 1) + p(x) below + p(x + 1) below` for the `count` pixels from
    /// `start`: the pairs down first (`vertical`, `count + 1` of them), then across, sixteen at a
    /// time, the last sixteen of each pass overlapping the ones before (nothing past pixel
    /// `count` of either row is read).
    @inline(__always)
    static func rowSums(_ start: UnsafePointer<UInt8>, down: Int, count: Int,
                        vertical: UnsafeMutablePointer<UInt16>, into sums: UnsafeMutablePointer<UInt16>) {
        let top = start, bottom = start + down
        forEachSixteen(count &+ 1) { x in
            let pair = widened(load16(top, x)) &+ widened(load16(bottom, x))
            UnsafeMutableRawPointer(vertical + x).storeBytes(of: pair, as: SIMD16<UInt16>.self)
        } scalar: { x in
            vertical[x] = UInt16(top[x]) &+ UInt16(bottom[x])
        }
        acrossPairs(vertical, count: count, into: sums)
    }

    /// `rowSums` on packed 4:2:2 rows (luma every other byte): the pairs down (`vertical`,
    /// `count + 1` of them) sixteen at a time from the first byte of each pair (the low byte of a
    /// little-endian UInt16, masked), then across as in `rowSums`; the last sixteen of each pass
    /// overlap the ones before. It reads the byte after the last pixel's: inside the row, since
    /// the row passes keep blocks two pixels from the edge.
    @inline(__always)
    static func packedRowSums(_ start: UnsafePointer<UInt8>, down: Int, count: Int,
                              vertical: UnsafeMutablePointer<UInt16>, into sums: UnsafeMutablePointer<UInt16>) {
        let top = UnsafeRawPointer(start), bottom = UnsafeRawPointer(start + down)
        let low = SIMD16<UInt16>(repeating: 0xFF)
        forEachSixteen(count &+ 1) { x in
            let o = 2 &* x
            let a = top.loadUnaligned(fromByteOffset: o, as: SIMD16<UInt16>.self) & low
            let c = bottom.loadUnaligned(fromByteOffset: o, as: SIMD16<UInt16>.self) & low
            UnsafeMutableRawPointer(vertical + x).storeBytes(of: a &+ c, as: SIMD16<UInt16>.self)
        } scalar: { x in
            let o = 2 &* x
            vertical[x] = UInt16(start[o]) &+ UInt16(start[down &+ o])
        }
        acrossPairs(vertical, count: count, into: sums)
    }

    /// `sums[x] = vertical[x] + vertical[x + 1]` for x below `count`, sixteen at a time (the
    /// last sixteen overlapping).
    @inline(__always)
    static func acrossPairs(_ vertical: UnsafeMutablePointer<UInt16>, count: Int, into sums: UnsafeMutablePointer<UInt16>) {
        let pairs = UnsafeRawPointer(vertical)
        forEachSixteen(count) { x in
            let left = pairs.loadUnaligned(fromByteOffset: 2 &* x, as: SIMD16<UInt16>.self)
            let right = pairs.loadUnaligned(fromByteOffset: 2 &* x &+ 2, as: SIMD16<UInt16>.self)
            UnsafeMutableRawPointer(sums + x).storeBytes(of: left &+ right, as: SIMD16<UInt16>.self)
        } scalar: { x in
            sums[x] = vertical[x] &+ vertical[x &+ 1]
        }
    }

    /// `lows[x]` and `highs[x]`: the minimum and maximum of the six pixels down from pixel `x` of
    /// `corner`'s row, for `count` values of x, sixteen at a time, the last sixteen overlapping
    /// the ones before (each value depends on the pixels only, so redoing some gives the same
    /// bytes, and nothing past the row is read). The spreads of one row's
    /// windows: separable, down first, then across (`sumsAndSpreadsAcross`). Also `pairs[x]`, the
    /// sum of rows 2 and 3 (the blocks' rows) down from pixel `x`: added across from pixel 2 on,
    /// the blocks' sums (as `rowSums`). (Not inlined, as `pairedColumnExtremes`.)
    @inline(never)
    static func columnExtremes(_ corner: UnsafePointer<UInt8>, down: Int, count: Int,
                               lows: UnsafeMutablePointer<UInt8>, highs: UnsafeMutablePointer<UInt8>,
                               pairs: UnsafeMutablePointer<UInt16>) {
        let r0 = corner, r1 = r0 + down, r2 = r1 + down, r3 = r2 + down, r4 = r3 + down, r5 = r4 + down
        forEachSixteen(count) { x in
            let v0 = load16(r0, x), v1 = load16(r1, x), v2 = load16(r2, x)
            let v3 = load16(r3, x), v4 = load16(r4, x), v5 = load16(r5, x)
            store16(lowest(lowest(lowest(v0, v1), lowest(v2, v3)), lowest(v4, v5)), lows, x)
            store16(highest(highest(highest(v0, v1), highest(v2, v3)), highest(v4, v5)), highs, x)
            storePairs(v2, v3, pairs, x)
        } scalar: { x in
            let v0 = r0[x], v1 = r1[x], v2 = r2[x], v3 = r3[x], v4 = r4[x], v5 = r5[x]
            lows[x] = min(min(min(v0, v1), min(v2, v3)), min(v4, v5))
            highs[x] = max(max(max(v0, v1), max(v2, v3)), max(v4, v5))
            pairs[x] = UInt16(v2) &+ UInt16(v3)
        }
    }

    /// `pairs[x ..< x + 16] = a + b`, lane by lane, as UInt16: a block's pairs down.
    @inline(__always)
    static func storePairs(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ pairs: UnsafeMutablePointer<UInt16>, _ x: Int) {
        UnsafeMutableRawPointer(pairs + x).storeBytes(of: widened(a) &+ widened(b), as: SIMD16<UInt16>.self)
    }

    /// `sums[x] = pairs[x] + pairs[x + 1]` (as `acrossPairs`) and `spreads[x]` = the largest of
    /// `highs[x ... x + 5]` less the smallest of `lows[x ... x + 5]` (two bytes each, for
    /// `gatherQuarters(_:spreads:table:count:into:_:)`: max - min over the 6 x 6 window whose
    /// column extremes these are), for `count` values of x, in one pass sixteen at a time (the
    /// last sixteen overlapping).
    @inline(__always)
    static func sumsAndSpreadsAcross(pairs: UnsafeMutablePointer<UInt16>, lows: UnsafeMutablePointer<UInt8>,
                                     highs: UnsafeMutablePointer<UInt8>, count: Int,
                                     sums: UnsafeMutablePointer<UInt16>, spreads: UnsafeMutablePointer<UInt16>) {
        let l = UnsafePointer(lows), h = UnsafePointer(highs), p = UnsafeRawPointer(pairs)
        forEachSixteen(count) { x in
            let left = p.loadUnaligned(fromByteOffset: 2 &* x, as: SIMD16<UInt16>.self)
            let right = p.loadUnaligned(fromByteOffset: 2 &* x &+ 2, as: SIMD16<UInt16>.self)
            UnsafeMutableRawPointer(sums + x).storeBytes(of: left &+ right, as: SIMD16<UInt16>.self)
            let low = lowest(lowest(lowest(load16(l, x), load16(l, x &+ 1)), lowest(load16(l, x &+ 2), load16(l, x &+ 3))),
                             lowest(load16(l, x &+ 4), load16(l, x &+ 5)))
            let high = highest(highest(highest(load16(h, x), load16(h, x &+ 1)), highest(load16(h, x &+ 2), load16(h, x &+ 3))),
                               highest(load16(h, x &+ 4), load16(h, x &+ 5)))
            UnsafeMutableRawPointer(spreads + x).storeBytes(of: widened(high &- low), as: SIMD16<UInt16>.self)
        } scalar: { x in
            sums[x] = pairs[x] &+ pairs[x &+ 1]
            let low = min(min(min(l[x], l[x &+ 1]), min(l[x &+ 2], l[x &+ 3])), min(l[x &+ 4], l[x &+ 5]))
            let high = max(max(max(h[x], h[x &+ 1]), max(h[x &+ 2], h[x &+ 3])), max(h[x &+ 4], h[x &+ 5]))
            spreads[x] = UInt16(high &- low)
        }
    }

    /// `columnExtremes` of two windows at once, the lower one's top row `step` (1 or 2) rows below
    /// the upper one's (`corner`): the rows they share (5 or 4 of the six) are taken once, then
    /// the one or two rows of each alone; and each window's pairs down (its rows 2 and 3). Upper
    /// window into `upper`, lower into `lower`. (Not
    /// inlined: a call for two grid rows, and the generic loads stay inlined in a small function.)
    @inline(never)
    static func pairedColumnExtremes(_ corner: UnsafePointer<UInt8>, down: Int, step: Int, count: Int,
                                     upper: (lows: UnsafeMutablePointer<UInt8>, highs: UnsafeMutablePointer<UInt8>,
                                             pairs: UnsafeMutablePointer<UInt16>),
                                     lower: (lows: UnsafeMutablePointer<UInt8>, highs: UnsafeMutablePointer<UInt8>,
                                             pairs: UnsafeMutablePointer<UInt16>)) {
        let r0 = corner, r1 = r0 + down, r2 = r1 + down, r3 = r2 + down, r4 = r3 + down, r5 = r4 + down
        let r6 = r5 + down
        if step == 1 {
            // Upper: rows 0-5; lower: rows 1-6; shared: 1-5.
            forEachSixteen(count) { x in
                let v0 = load16(r0, x), v1 = load16(r1, x), v2 = load16(r2, x), v3 = load16(r3, x)
                let v4 = load16(r4, x), v5 = load16(r5, x), v6 = load16(r6, x)
                let low = lowest(lowest(lowest(v1, v2), lowest(v3, v4)), v5)
                let high = highest(highest(highest(v1, v2), highest(v3, v4)), v5)
                store16(lowest(low, v0), upper.lows, x); store16(highest(high, v0), upper.highs, x)
                store16(lowest(low, v6), lower.lows, x); store16(highest(high, v6), lower.highs, x)
                storePairs(v2, v3, upper.pairs, x); storePairs(v3, v4, lower.pairs, x)
            } scalar: { x in
                let v0 = r0[x], v1 = r1[x], v2 = r2[x], v3 = r3[x], v4 = r4[x], v5 = r5[x], v6 = r6[x]
                let low = min(min(min(v1, v2), min(v3, v4)), v5), high = max(max(max(v1, v2), max(v3, v4)), v5)
                upper.lows[x] = min(low, v0); upper.highs[x] = max(high, v0)
                lower.lows[x] = min(low, v6); lower.highs[x] = max(high, v6)
                upper.pairs[x] = UInt16(v2) &+ UInt16(v3); lower.pairs[x] = UInt16(v3) &+ UInt16(v4)
            }
        } else {
            // Upper: rows 0-5; lower: rows 2-7; shared: 2-5.
            let r7 = r6 + down
            forEachSixteen(count) { x in
                let v0 = load16(r0, x), v1 = load16(r1, x), v2 = load16(r2, x), v3 = load16(r3, x)
                let v4 = load16(r4, x), v5 = load16(r5, x), v6 = load16(r6, x), v7 = load16(r7, x)
                let low = lowest(lowest(v2, v3), lowest(v4, v5)), high = highest(highest(v2, v3), highest(v4, v5))
                store16(lowest(low, lowest(v0, v1)), upper.lows, x); store16(highest(high, highest(v0, v1)), upper.highs, x)
                store16(lowest(low, lowest(v6, v7)), lower.lows, x); store16(highest(high, highest(v6, v7)), lower.highs, x)
                storePairs(v2, v3, upper.pairs, x); storePairs(v4, v5, lower.pairs, x)
            } scalar: { x in
                let v0 = r0[x], v1 = r1[x], v2 = r2[x], v3 = r3[x], v4 = r4[x], v5 = r5[x], v6 = r6[x], v7 = r7[x]
                let low = min(min(v2, v3), min(v4, v5)), high = max(max(v2, v3), max(v4, v5))
                upper.lows[x] = min(low, min(v0, v1)); upper.highs[x] = max(high, max(v0, v1))
                lower.lows[x] = min(low, min(v6, v7)); lower.highs[x] = max(high, max(v6, v7))
                upper.pairs[x] = UInt16(v2) &+ UInt16(v3); lower.pairs[x] = UInt16(v4) &+ UInt16(v5)
            }
        }
    }

    /// `out[k] = Float(sums[table[k]]) * 0.25` (the cell's mean, exactly) for `count` cells: eight
    /// at a time (two eights an iteration), the sums gathered into the lanes of a vector and
    /// converted together. (Converted and stored four lanes at a time, each sum goes straight
    /// into the low half of a 32-bit lane, with no unpacking.)
    @inline(__always)
    static func gatherQuarters(_ sums: UnsafePointer<UInt16>, table: UnsafePointer<Int32>, count: Int,
                               into out: UnsafeMutablePointer<Float>) {
        let quarter = SIMD8<Float>(repeating: 0.25), quarters = SIMD4<Float>(repeating: 0.25)
        var k = 0
        while k &+ 16 <= count {
            var v = SIMD8<UInt16>(), w = SIMD8<UInt16>()
            var j = 0
            while j < 8 { v[j] = sums[Int(table[k &+ j])]; w[j] = sums[Int(table[k &+ 8 &+ j])]; j &+= 1 }
            let f = laneFloats(v), g = laneFloats(w)
            store4(f.lowHalf * quarters, out, k); store4(f.highHalf * quarters, out, k &+ 4)
            store4(g.lowHalf * quarters, out, k &+ 8); store4(g.highHalf * quarters, out, k &+ 12)
            k &+= 16
        }
        while k &+ 8 <= count {
            var v = SIMD8<UInt16>()
            var j = 0
            while j < 8 { v[j] = sums[Int(table[k &+ j])]; j &+= 1 }
            store8(floats(v) * quarter, out, k)
            k &+= 8
        }
        while k < count { out[k] = Float(sums[Int(table[k])]) * 0.25; k &+= 1 }
    }

    /// `gatherQuarters` into `out`, and `texture[k] = Float(spreads[table[k]])`, in one pass (sixteen
    /// cells an iteration, then eight, then one by one).
    @inline(__always)
    static func gatherQuarters(_ sums: UnsafePointer<UInt16>, spreads: UnsafePointer<UInt16>,
                               table: UnsafePointer<Int32>, count: Int,
                               into out: UnsafeMutablePointer<Float>, _ texture: UnsafeMutablePointer<Float>) {
        let quarter = SIMD8<Float>(repeating: 0.25), quarters = SIMD4<Float>(repeating: 0.25)
        var k = 0
        while k &+ 16 <= count {
            // Four cells a vector: their sums in lanes 0-3, their spreads in lanes 4-7 (each half
            // converted apart, each value goes straight into the low half of a 32-bit lane).
            var v0 = SIMD8<UInt16>(), v1 = SIMD8<UInt16>(), v2 = SIMD8<UInt16>(), v3 = SIMD8<UInt16>()
            var j = 0
            while j < 4 {
                let x0 = Int(table[k &+ j]), x1 = Int(table[k &+ 4 &+ j])
                let x2 = Int(table[k &+ 8 &+ j]), x3 = Int(table[k &+ 12 &+ j])
                v0[j] = sums[x0]; v0[4 &+ j] = spreads[x0]
                v1[j] = sums[x1]; v1[4 &+ j] = spreads[x1]
                v2[j] = sums[x2]; v2[4 &+ j] = spreads[x2]
                v3[j] = sums[x3]; v3[4 &+ j] = spreads[x3]
                j &+= 1
            }
            let f0 = laneFloats(v0), f1 = laneFloats(v1), f2 = laneFloats(v2), f3 = laneFloats(v3)
            store4(f0.lowHalf * quarters, out, k); store4(f0.highHalf, texture, k)
            store4(f1.lowHalf * quarters, out, k &+ 4); store4(f1.highHalf, texture, k &+ 4)
            store4(f2.lowHalf * quarters, out, k &+ 8); store4(f2.highHalf, texture, k &+ 8)
            store4(f3.lowHalf * quarters, out, k &+ 12); store4(f3.highHalf, texture, k &+ 12)
            k &+= 16
        }
        while k &+ 8 <= count {
            var v = SIMD8<UInt16>(), w = SIMD8<UInt16>()
            var j = 0
            while j < 8 {
                let x = Int(table[k &+ j])
                v[j] = sums[x]; w[j] = spreads[x]
                j &+= 1
            }
            store8(floats(v) * quarter, out, k)
            store8(floats(w), texture, k)
            k &+= 8
        }
        while k < count {
            let x = Int(table[k])
            out[k] = Float(sums[x]) * 0.25
            texture[k] = Float(spreads[x])
            k &+= 1
        }
    }

    /// Calls `vector` with x = 0, 16, 32 ... and finally `count - 16` (overlapping), or, when
    /// `count` is under 16, `scalar` for each x below `count`.
    @inline(__always)
    static func forEachSixteen(_ count: Int, _ vector: (Int) -> Void, scalar: (Int) -> Void) {
        if count < 16 {
            var x = 0
            while x < count { scalar(x); x &+= 1 }
            return
        }
        let last = count &- 16
        var x = 0
        while x < last { vector(x); x &+= 16 }
        vector(last)
    }

    @inline(__always)
    static func load16(_ base: UnsafePointer<UInt8>, _ x: Int) -> SIMD16<UInt8> {
        UnsafeRawPointer(base + x).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    @inline(__always)
    static func store16(_ value: SIMD16<UInt8>, _ base: UnsafeMutablePointer<UInt8>, _ x: Int) {
        UnsafeMutableRawPointer(base + x).storeBytes(of: value, as: SIMD16<UInt8>.self)
    }

    /// The lanes of `v` as UInt16 (written out lane by lane: the generic
    /// `SIMD16<UInt16>(truncatingIfNeeded:)` is not always inlined, a call for sixteen pixels).
    @inline(__always)
    static func widened(_ v: SIMD16<UInt8>) -> SIMD16<UInt16> {
        SIMD16<UInt16>(UInt16(v[0]), UInt16(v[1]), UInt16(v[2]), UInt16(v[3]),
                       UInt16(v[4]), UInt16(v[5]), UInt16(v[6]), UInt16(v[7]),
                       UInt16(v[8]), UInt16(v[9]), UInt16(v[10]), UInt16(v[11]),
                       UInt16(v[12]), UInt16(v[13]), UInt16(v[14]), UInt16(v[15]))
    }

    /// The low bytes of the lanes of `v` (written out lane by lane, as `widened`).
    @inline(__always)
    static func narrowed(_ v: SIMD16<UInt16>) -> SIMD16<UInt8> {
        SIMD16<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
                      UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
                      UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
                      UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]),
                      UInt8(truncatingIfNeeded: v[8]), UInt8(truncatingIfNeeded: v[9]),
                      UInt8(truncatingIfNeeded: v[10]), UInt8(truncatingIfNeeded: v[11]),
                      UInt8(truncatingIfNeeded: v[12]), UInt8(truncatingIfNeeded: v[13]),
                      UInt8(truncatingIfNeeded: v[14]), UInt8(truncatingIfNeeded: v[15]))
    }

    /// Lane-wise minimum and maximum (written out: the generic `pointwiseMin` is not always inlined).
    @inline(__always)
    static func lowest(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> { a.replacing(with: b, where: b .< a) }

    @inline(__always)
    static func highest(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> { a.replacing(with: b, where: b .> a) }
}

/// Stores the four floats of `value` at `base + index`.
@inline(__always)
func store4(_ value: SIMD4<Float>, _ base: UnsafeMutablePointer<Float>, _ index: Int) {
    UnsafeMutableRawPointer(base + index).storeBytes(of: value, as: SIMD4<Float>.self)
}

/// The lanes of `v` as floats (exact: every UInt16 is a Float).
@inline(__always)
func floats(_ v: SIMD8<UInt16>) -> SIMD8<Float> {
    SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: v))
}

/// `floats(_:)` written out lane by lane (in a loop of four conversions the generic conversions
/// of `floats` are not always inlined: two calls for eight cells).
@inline(__always)
func laneFloats(_ v: SIMD8<UInt16>) -> SIMD8<Float> {
    SIMD8<Float>(Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]), Float(v[4]), Float(v[5]), Float(v[6]), Float(v[7]))
}
