import Testing
@testable import GateSpeedCore

/// The spoken words: whole km/h far from the threshold, one decimal near it, never
/// contradicting the verdict.
@Suite struct AnnouncementTests {
    @Test(arguments: [
        (29.4, "29.4 kilometres per hour. Fail."),
        (29.96, "29.9 kilometres per hour. Fail."),
        (29.999999, "29.9 kilometres per hour. Fail."),
        (30.0, "30.0 kilometres per hour. Pass."),
        (30.04, "30.0 kilometres per hour. Pass."),
        (30.6, "30.6 kilometres per hour. Pass."),
        (30.99, "31.0 kilometres per hour. Pass."),
        (31.2, "31 kilometres per hour. Pass."),
        (28.7, "29 kilometres per hour. Fail."),
        (29.0, "29 kilometres per hour. Fail."),
        (35.5, "36 kilometres per hour. Pass."),
        (12.3, "12 kilometres per hour. Fail."),
        (1.2, "1 kilometre per hour. Fail."),
    ])
    func resultWordsAroundTheThreshold(speed: Double, words: String) {
        #expect(Announcement.result(speedKmh: speed, thresholdKmh: 30) == words)
    }

    @Test(arguments: [30.0, 30.05, 27.5, 25.0, 33.3])
    func theNumberSaidNeverContradictsTheVerdict(threshold: Double) throws {
        var speed = threshold - 3
        while speed < threshold + 3 {
            let said = Announcement.spokenSpeed(speed, thresholdKmh: threshold)
            let number = try #require(Double(said))
            #expect((number >= threshold) == (speed >= threshold), "\(speed) said as \(said)")
            #expect(abs(number - speed) <= 0.5 + 1e-9, "\(speed) said as \(said)")
            speed += 0.0007
        }
    }

    @Test func aPassJustAboveAnOddThresholdIsNotSaidBelowIt() {
        // 30.05 passes a 30.05 threshold; rounding to 30.0 (or 30.1 from binary noise) must not say "30.0".
        #expect(Announcement.spokenSpeed(30.05, thresholdKmh: 30.05) == "30.1")
        #expect(Announcement.spokenSpeed(30.049, thresholdKmh: 30.05) == "30.0")
    }

    @Test(arguments: [
        (InvalidReason.innerStart, 2 as Int?, "Invalid run. Started at an inner post."),
        (.ambiguousStart, nil, "Invalid run. Two outer posts at once."),
        (.skippedPost, 3, "Invalid run. Post 3 was missed."),
        (.outOfOrder, 2, "Invalid run. Post 2 was out of order."),
        (.timeout, nil, "Invalid run. Over 10 seconds."),
        (.sourceLost, nil, "Invalid run. Camera lost."),
        (.unsteady, nil, "Invalid run. The rider was not followed steadily."),
        (.skippedPost, nil, "Invalid run. A post was missed."),
    ])
    func invalidWords(reason: InvalidReason, post: Int?, words: String) {
        #expect(Announcement.invalid(reason, post: post, timeoutSeconds: 10) == words)
    }

    @Test(arguments: [(10.0, "Over 10 seconds."), (12.5, "Over 12.5 seconds."), (1.0, "Over 1 second."),
                      (7.25, "Over 7.25 seconds.")])
    func timeoutWordsUseTheConfiguredTimeout(timeout: Double, ending: String) {
        #expect(Announcement.invalid(.timeout, post: nil, timeoutSeconds: timeout) == "Invalid run. " + ending)
    }

    @Test func invalidReasonsUseTheEventNames() {
        #expect(InvalidReason.allCases.map(\.rawValue) ==
                ["inner_start", "ambiguous_start", "skipped_post", "out_of_order", "timeout", "camera_lost", "unsteady"])
        #expect(Direction.leftToRight.rawValue == "ltr" && Direction.rightToLeft.rawValue == "rtl")
    }
}
