import Testing
@testable import GateSpeedPlatform

/// The one date and time formatter, against dates worked out by hand.
struct WallClockTextTests {
    /// 2026-12-01T19:34:23Z.
    let evening = 1_796_153_663.0

    @Test func iso8601IsUTCWithWholeSeconds() {
        #expect(WallClockText.iso8601(evening) == "2026-12-01T19:34:23Z")
        #expect(WallClockText.iso8601(evening + 0.999) == "2026-12-01T19:34:23Z", "the fraction is cut, not rounded")
        #expect(WallClockText.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(WallClockText.iso8601(-0.5) == "1969-12-31T23:59:59Z")
    }

    @Test func theDateFollowsTheOffsetAcrossMidnight() {
        #expect(WallClockText.date(evening) == "2026-12-01")
        #expect(WallClockText.date(evening, utcOffsetSeconds: 5 * 3_600) == "2026-12-02", "00:34 the next day at UTC+5")
        #expect(WallClockText.date(evening, utcOffsetSeconds: -20 * 3_600) == "2026-11-30")
        #expect(WallClockText.date(951_782_400) == "2000-02-29", "a leap day")
    }

    @Test func outsideValuesDoNotTrap() {
        #expect(WallClockText.iso8601(.nan) == "1970-01-01T00:00:00Z")
        #expect(WallClockText.date(.infinity) == "1970-01-01", "not a time: the epoch")
        #expect(WallClockText.date(1e300) == "9999-12-31")
        #expect(WallClockText.date(-1e300) == "0000-01-01")
    }

    @Test func nowIsAfterThisCodeWasWritten() {
        #expect(WallClockText.now() > 1_796_000_000)
    }
}
