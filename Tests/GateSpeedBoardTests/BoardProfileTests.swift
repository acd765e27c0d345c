import GateSpeedBoard
import Testing

@Suite struct BoardProfileTests {
    @Test func builtInProfilesAreValidAndFoundByName() throws {
        for profile in BoardProfile.builtIn {
            try profile.validate()
            #expect(try BoardProfile.named(profile.name) == profile)
        }
        #expect(BoardProfile.raspberryPi4.chipLabel == "pinctrl-bcm2711")
        #expect(BoardProfile.raspberryPi5.chipLabel == "pinctrl-rp1")
        #expect(BoardProfile.generic.chipLabel == nil)
        #expect(BoardProfile.generic.posts.first == LineSpec(.name("GPIO17")))
        #expect(BoardProfile.raspberryPi5.posts.map(\.line) == [17, 27, 22, 23, 24].map { LineSelector.offset($0) })
        #expect(BoardProfile.raspberryPi4.button == LineSpec(.offset(5), activeLow: true))
        #expect(BoardProfile.raspberryPi4.buttonPullUp)
    }

    @Test func unknownProfileNamesTheKnownOnes() {
        #expect(throws: BoardProfileError.unknownProfile(
            name: "pi-zero", known: ["raspberry-pi-4", "raspberry-pi-5", "generic"])) {
            try BoardProfile.named("pi-zero")
        }
    }

    @Test func overridesReplaceSingleLines() throws {
        let changed = try BoardProfile.raspberryPi5.applying(overrides: [
            LineOverride(role: .post(3), line: .offset(12)),
            LineOverride(role: .status, activeLow: true),
        ])
        #expect(changed.posts[2] == LineSpec(.offset(12)))
        #expect(changed.posts[1] == BoardProfile.raspberryPi5.posts[1])
        #expect(changed.status == LineSpec(.offset(25), activeLow: true))
        #expect(changed.button == BoardProfile.raspberryPi5.button)
    }

    @Test func overridesThatCollideOrNeedAChipAreRejected() {
        #expect(throws: BoardProfileError.duplicateLine(.post(1), .button)) {
            try BoardProfile.raspberryPi4.applying(overrides: [LineOverride(role: .button, line: .offset(17))])
        }
        #expect(throws: BoardProfileError.offsetWithoutChipLabel(.post(2))) {
            try BoardProfile.generic.applying(overrides: [LineOverride(role: .post(2), line: .offset(4))])
        }
        #expect(throws: BoardProfileError.offsetWithoutChipLabel(.post(1))) {
            try BoardProfile.raspberryPi4.applying(overrides: [], chipLabel: .some(nil))
        }
    }

    @Test func configKeysParse() {
        #expect(LineRole(configKey: "post1") == .post(1))
        #expect(LineRole(configKey: "post5") == .post(5))
        #expect(LineRole(configKey: "post6") == nil)
        #expect(LineRole(configKey: "status") == .status)
        #expect(LineRole(configKey: "button") == .button)
        #expect(LineRole(configKey: "led") == nil)
    }
}
