/// The spoken words (British English) for results and invalid runs.
public enum Announcement {
    /// Within this many km/h of the threshold, speeds are said with one decimal.
    public static let decimalBandKmh = SpeedText.decimalBandKmh

    /// Said after the verdict when the speed's interval contains the pass speed.
    public static let closeCallSentence = "Too close to call."

    /// "31 kilometres per hour. Pass." / "29.6 kilometres per hour. Fail." /
    /// "30.2 kilometres per hour. Pass. Too close to call."
    /// The verdict is decided on the unrounded speed and the number said never contradicts it;
    /// a close call keeps the verdict and says that the measurement cannot separate it from the line.
    public static func result(speedKmh: Double, thresholdKmh: Double, closeCall: Bool = false) -> String {
        let pass = speedKmh >= thresholdKmh
        let number = spokenSpeed(speedKmh, thresholdKmh: thresholdKmh)
        let unit = number == "1" ? "kilometre" : "kilometres"
        let verdict = "\(number) \(unit) per hour. \(pass ? "Pass" : "Fail")."
        return closeCall ? verdict + " " + closeCallSentence : verdict
    }

    /// The number said for `speedKmh`: whole km/h, except within `decimalBandKmh` of the
    /// threshold, where one decimal is said. In that band a fail is truncated (29.96 -> "29.9")
    /// and a pass is rounded but never said below the threshold (30.04 -> "30.0"), so the
    /// words always agree with `speedKmh >= thresholdKmh`. Outside the band whole-number
    /// rounding cannot cross the threshold.
    /// The rule is `SpeedText`'s, shared with the overlay and the clip's file name.
    public static func spokenSpeed(_ speedKmh: Double, thresholdKmh: Double) -> String {
        SpeedText.spoken(speedKmh, thresholdKmh: thresholdKmh).text
    }

    /// One short sentence per reason, e.g. "Invalid run. Post 3 was missed.",
    /// "Invalid run. Over 10 seconds." (`timeoutSeconds` said without a trailing ".0").
    public static func invalid(_ reason: InvalidReason, post: Int?, timeoutSeconds: Double) -> String {
        "Invalid run. " + invalidReasonSentence(reason, post: post, timeoutSeconds: timeoutSeconds)
    }

    private static func invalidReasonSentence(_ reason: InvalidReason, post: Int?, timeoutSeconds: Double) -> String {
        switch reason {
        case .innerStart:
            return "Started at an inner post."
        case .ambiguousStart:
            return "Two outer posts at once."
        case .skippedPost:
            return post.map { "Post \($0) was missed." } ?? "A post was missed."
        case .outOfOrder:
            return post.map { "Post \($0) was out of order." } ?? "A post was out of order."
        case .timeout:
            let seconds = DecimalFormat.trimmed(timeoutSeconds, maxDecimals: 2)
            return "Over \(seconds) \(seconds == "1" ? "second" : "seconds")."
        case .sourceLost:
            return "Camera lost."
        case .unsteady:
            return "The rider was not followed steadily."
        }
    }
}
