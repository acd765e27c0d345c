import Testing
@testable import GateSpeedCore

@Suite struct DecimalFormatTests {
    @Test(arguments: [
        (29.96, 1, "30.0"), (29.94, 1, "29.9"), (0.0, 2, "0.00"), (-1.25, 1, "-1.3"), (-0.04, 1, "0.0"),
        (1234.5678, 2, "1234.57"), (0.05, 1, "0.1"), (7.0, 0, "7"), (7.5, 0, "8"), (-7.5, 0, "-8"),
        (0.001, 3, "0.001"), (100.0, 1, "100.0"), (-0.5, 0, "-1"), (0.49, 0, "0"),
        (Double.nan, 2, "nan"), (Double.infinity, 1, "inf"), (-Double.infinity, 0, "-inf"),
    ])
    func fixed(value: Double, decimals: Int, text: String) {
        #expect(DecimalFormat.fixed(value, decimals: decimals) == text)
    }

    @Test(arguments: [
        (10.0, 6, 0, "10"), (12.5, 6, 0, "12.5"), (0.3, 6, 2, "0.30"), (0.1 + 0.2, 6, 0, "0.3"),
        (-2.5, 6, 0, "-2.5"), (0.28, 6, 2, "0.28"), (1.0, 6, 2, "1.00"), (0.123456789, 4, 0, "0.1235"),
        (0.0, 6, 0, "0"), (-0.0, 6, 0, "0"),
    ])
    func trimmed(value: Double, maxDecimals: Int, minDecimals: Int, text: String) {
        #expect(DecimalFormat.trimmed(value, maxDecimals: maxDecimals, minDecimals: minDecimals) == text)
    }

    @Test(arguments: [(299, 1, "29.9"), (5, 2, "0.05"), (-5, 2, "-0.05"), (7, 0, "7"), (0, 0, "0"),
                      (-1234, 3, "-1.234"), (100, 2, "1.00"), (Int.min, 0, "-9223372036854775808")])
    func scaledText(scaled: Int, decimals: Int, text: String) {
        #expect(DecimalFormat.text(scaled: scaled, decimals: decimals) == text)
    }

    @Test func hugeValuesFallBackToTheStandardLibraryText() {
        #expect(DecimalFormat.fixed(1e300, decimals: 2) == (1e300).description)
    }

    @Test(arguments: [FloatingPointRoundingRule.down, .up, .towardZero, .awayFromZero,
                      .toNearestOrAwayFromZero, .toNearestOrEven])
    func integerRoundingMatchesTheStandardLibrary(rule: FloatingPointRoundingRule) {
        var rng = SplitMix64(seed: 11)
        var values = [0.5, -0.5, 1.5, 2.5, -2.5, 0, -0.0, 3, -3, 0.49999999999999994, 4503599627370495.5]
        for _ in 0..<2000 { values.append(rng.uniform(-1e6, 1e6)) }
        for _ in 0..<200 { values.append(Double(rng.integer(-1000, 1000)) / 2) }
        for value in values {
            #expect(DecimalFormat.integer(value, rounding: rule).map(Double.init) == value.rounded(rule),
                    "\(value) \(rule)")
        }
    }

    @Test func textReadsBackAsTheNumber() throws {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<2000 {
            let value = rng.uniform(-1e5, 1e5)
            let decimals = rng.integer(0, 6)
            let text = DecimalFormat.fixed(value, decimals: decimals)
            let back = try #require(Double(text))
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            #expect(abs(back - value) <= 0.5 / scale * (1 + 1e-9) + 1e-9, "\(value) -> \(text)")
        }
    }

    @Test func zeroPaddedIntegers() {
        #expect(DecimalFormat.zeroPadded(7, width: 4) == "0007")
        #expect(DecimalFormat.zeroPadded(12_345, width: 4) == "12345")
        #expect(DecimalFormat.zeroPadded(-3, width: 2) == "-03")
        #expect(DecimalFormat.zeroPadded(0, width: 0) == "0")
    }
}
