#if canImport(Glibc)
import Glibc
#endif

/// The one date and time formatter: wall-clock seconds since 1970 (UTC) as the texts the
/// program writes, from the C library's calendar (gmtime_r), with no Foundation.
///
/// - `date`: `2026-12-01`, the calendar date at a given offset from UTC (a session's date,
///   a folder's name).
/// - `iso8601`: `2026-12-01T19:34:23Z`, UTC, whole seconds (the journal's `wall`, a clip's
///   `time`, a token's `created`).
public enum WallClockText {
    /// Now, seconds since 1970 UTC (CLOCK_REALTIME: it jumps when the clock is set).
    public static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// `YYYY-MM-DD` of `seconds` since 1970, `utcOffsetSeconds` east of UTC (e.g. 3600 for CET).
    public static func date(_ seconds: Double, utcOffsetSeconds: Int = 0) -> String {
        let parts = calendar(seconds, utcOffsetSeconds: utcOffsetSeconds)
        return digits(Int(parts.tm_year) + 1900, 4) + "-" + digits(Int(parts.tm_mon) + 1, 2) + "-" + digits(Int(parts.tm_mday), 2)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` of `seconds` since 1970 (UTC; the fraction is cut off).
    public static func iso8601(_ seconds: Double) -> String {
        let parts = calendar(seconds, utcOffsetSeconds: 0)
        return date(seconds) + "T" + digits(Int(parts.tm_hour), 2) + ":" + digits(Int(parts.tm_min), 2) + ":"
            + digits(Int(parts.tm_sec), 2) + "Z"
    }

    /// The offset from UTC of the system's local time zone (TZ, /etc/localtime) at `seconds`.
    public static func localUTCOffsetSeconds(at seconds: Double) -> Int {
        var time = wholeSeconds(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }

    /// The broken-down UTC time of `seconds` + `utcOffsetSeconds`; the epoch for values no
    /// calendar holds (non-finite, beyond year 9999).
    private static func calendar(_ seconds: Double, utcOffsetSeconds: Int) -> tm {
        let offset = max(-86_400, min(86_400, utcOffsetSeconds))
        var time = wholeSeconds(seconds) + offset
        var parts = tm()
        if gmtime_r(&time, &parts) == nil {
            time = 0
            _ = gmtime_r(&time, &parts)
        }
        return parts
    }

    /// Whole seconds toward minus infinity, within years 0…9999 (no trap on outside data).
    private static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        let clamped = min(max(seconds, -62_167_219_200), 253_402_300_799)
        let whole = Int(clamped)
        return Double(whole) > clamped ? whole - 1 : whole
    }

    /// `value` in at least `width` digits, zero-padded (calendar fields are never negative).
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
