import GateSpeedCore
import Testing

/// Issue 13, defect 2: the shown, spoken and filed numbers agree with the verdict for every
/// speed within 1 km/h of the line (29.96 never shows 30.0 over FAIL).
struct SpeedTextTests {
    /// Every speed from threshold - 1 to threshold + 1 in steps of 0.001 km/h, for a few lines.
    static let thresholds: [Double] = [30, 30.05, 25.5, 12.345]

    @Test(arguments: thresholds)
    func everyWrittenFigureAgreesWithTheVerdict(threshold: Double) {
        for step in -1000...1000 {
            let speed = threshold + Double(step) / 1000
            let pass = speed >= threshold
            for figure in [SpeedText.spoken(speed, thresholdKmh: threshold), SpeedText.shown(speed, thresholdKmh: threshold)] {
                #expect((figure.kmh >= threshold) == pass, "\(speed) km/h against \(threshold) written as \(figure.text)")
            }
            let filed = Double(SpeedText.filed(speed, thresholdKmh: threshold))
            #expect((filed >= threshold) == pass, "\(speed) km/h filed as \(Int(filed))")
            let said = Announcement.spokenSpeed(speed, thresholdKmh: threshold)
            #expect(said == SpeedText.spoken(speed, thresholdKmh: threshold).text)
        }
    }

    @Test func theCaseOfTheIssue() {
        #expect(SpeedText.shown(29.96, thresholdKmh: 30).text == "29.9")
        #expect(SpeedText.spoken(29.96, thresholdKmh: 30).text == "29.9")
        #expect(SpeedText.filed(29.96, thresholdKmh: 30) == 29)
        #expect(SpeedText.shown(30.04, thresholdKmh: 30).text == "30.0")
        #expect(SpeedText.filed(30.04, thresholdKmh: 30) == 30)
        #expect(SpeedText.filed(30.6, thresholdKmh: 30) == 31)
    }

    @Test func farFromTheLineFiguresAreRoundedToTheNearest() {
        #expect(SpeedText.shown(34.25, thresholdKmh: 30).text == "34.3")
        #expect(SpeedText.spoken(34.5, thresholdKmh: 30).text == "35")
        #expect(SpeedText.filed(22.5, thresholdKmh: 30) == 23)
    }

    @Test func speedsNoCourseGivesAreClampedNotTrapped() {
        #expect(SpeedText.filed(.infinity, thresholdKmh: 30) == 0)
        #expect(SpeedText.filed(1e300, thresholdKmh: 30) == 9_999)
        #expect(SpeedText.shown(-.nan, thresholdKmh: 30).text == "0.0")
    }
}
