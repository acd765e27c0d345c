/// A seeded generator (SplitMix64) so every noisy survey in these tests is reproducible.
struct TestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// Close to a standard normal: the sum of twelve uniforms, less six.
    mutating func gaussian() -> Double {
        var sum = -6.0
        for _ in 0..<12 { sum += unit() }
        return sum
    }
}
