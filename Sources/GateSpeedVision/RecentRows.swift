/// A person's last whole regions: when, where (normalised view x), their feet row (the region's
/// bottom) and height (normalised view heights). Fixed storage: no allocation.
struct RecentRows: Sendable {
    static let capacity = 8
    var t = SIMD8<Double>(repeating: -Double.infinity)
    var x = SIMD8<Double>(), foot = SIMD8<Double>(), height = SIMD8<Double>()
    var next = 0

    /// Where a person's feet have stood lately: feet row and height (normalised view heights)
    /// and the view x of the sightings (normalised view widths), each a median.
    struct Band: Sendable {
        var foot: Double, height: Double, x: Double
    }

    mutating func add(_ c: Blob, time: Double) {
        t[next] = time; x[next] = c.upperCentreX; foot[next] = c.maxY; height[next] = c.maxY - c.minY
        next = next == Self.capacity - 1 ? 0 : next + 1
    }

    /// The median feet row, height and view x of the sightings within `window` seconds of
    /// `time`, nil unless at least `agreeing` of them, a majority, lie within half the median
    /// height (or `row`) of the median feet row and span `span` seconds.
    func band(at time: Double, window: Double, agreeing: Int, span: Double, row: Double) -> Band? {
        var feet = SIMD8<Double>(), heights = SIMD8<Double>(), xs = SIMD8<Double>()
        var n = 0
        for i in 0..<Self.capacity where time - t[i] <= window && t[i] <= time {
            feet[n] = foot[i]; heights[n] = height[i]; xs[n] = x[i]
            n += 1
        }
        guard n >= agreeing else { return nil }
        let medianFoot = Self.median(feet, n), medianHeight = Self.median(heights, n)
        let tolerance = max(0.5 * medianHeight, row)
        var count = 0, first = Double.infinity, last = -Double.infinity
        for i in 0..<Self.capacity where time - t[i] <= window && t[i] <= time
            && abs(foot[i] - medianFoot) <= tolerance {
            count += 1
            first = min(first, t[i]); last = max(last, t[i])
        }
        guard count >= agreeing, 2 * count > n, last - first >= span else { return nil }
        return Band(foot: medianFoot, height: medianHeight, x: Self.median(xs, n))
    }

    /// Median of the first `n` lanes of `v` (the lower middle for an even count).
    static func median(_ v: SIMD8<Double>, _ n: Int) -> Double {
        var s = v
        // Insertion sort of at most 8 values.
        var i = 1
        while i < n {
            let key = s[i]
            var j = i - 1
            while j >= 0 && s[j] > key { s[j + 1] = s[j]; j -= 1 }
            s[j + 1] = key
            i += 1
        }
        return s[(n - 1) / 2]
    }
}
