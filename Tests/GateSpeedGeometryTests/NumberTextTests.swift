import Testing
@testable import GateSpeedGeometry

/// The decimal text used in problems and advice.
@Suite struct NumberTextTests {
    @Test func fixedAndTrimmedDecimals() {
        #expect(NumberText.fixed(29.96, 1) == "30.0")
        #expect(NumberText.fixed(29.34, 1) == "29.3")
        #expect(NumberText.fixed(-0.04, 1) == "0.0")
        #expect(NumberText.fixed(-2.5, 0) == "-3")
        #expect(NumberText.fixed(0.05, 2) == "0.05")
        #expect(NumberText.trimmed(12.0) == "12")
        #expect(NumberText.trimmed(0.61) == "0.61")
        #expect(NumberText.trimmed(1.0700001) == "1.07")
        #expect(NumberText.trimmed(-45.5) == "-45.5")
    }

    @Test func nonFiniteAndHugeNumbersDoNotTrap() {
        #expect(NumberText.fixed(.nan, 1) == "nan")
        #expect(NumberText.fixed(.infinity, 1) == "inf")
        #expect(NumberText.trimmed(-.infinity) == "-inf")
        #expect(NumberText.fixed(1e300, 2) == "1e+300")
    }
}
