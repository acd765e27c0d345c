import GPIODLines
import GateSpeedPlatform
import GateSpeedBoard
import Glibc
import Testing

@Suite struct GPIODBoardTests {
    let pi4Chips = [FakeGPIOD.piChip(label: "pinctrl-bcm2711"),
                    FakeGPIOD.FakeChip(name: "gpiochip1", label: "raspberrypi-exp-gpio", lineNames: Array(repeating: nil, count: 8))]

    @Test func requestsLedsAsDarkOutputsAndTheButtonWithEdgesAndPullUp() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        let (leds, button) = try GPIODBoard.open(.raspberryPi4, using: fake)
        let log = fake.snapshot()
        for offset: UInt32 in [17, 27, 22, 23, 24, 25] {
            #expect(log.requests[offset] == GPIODLineRequest(consumer: "gatespeed", kind: .output(initialValue: 0)))
            #expect(log.requestChip[offset] == "gpiochip0")
        }
        #expect(log.requests[5] == GPIODLineRequest(consumer: "gatespeed", kind: .bothEdgeEvents, pullUp: true))
        #expect(log.requests.count == 7)
        #expect(log.openHandles.count == 2, "one chip handle for the LEDs, one for the button")
        #expect(leds.usedLines.map(\.offset) == [17, 27, 22, 23, 24, 25])
        #expect(leds.usedLines[0].description == "post1: gpiochip0 [pinctrl-bcm2711] line 17 (GPIO17)")
        #expect(button.usedLine?.description == "button: gpiochip0 [pinctrl-bcm2711] line 5 (GPIO5), active low")
    }

    @Test func showWritesOnlyChangedLines() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        let (leds, _) = try GPIODBoard.open(BoardProfile.raspberryPi5.withLabel("pinctrl-bcm2711"), using: fake)
        leds.show(LEDLevels(posts: PostSet([1, 3]), status: true))
        leds.show(LEDLevels(posts: PostSet([1, 3]), status: true))
        leds.show(LEDLevels(posts: PostSet([3]), status: true))
        let values = fake.snapshot().values
        #expect(values[17] == [0, 1, 0])
        #expect(values[27] == [0])
        #expect(values[22] == [0, 1])
        #expect(values[25] == [0, 1])
        #expect(leds.writeFailures.count == 0)
    }

    @Test func activeLowLinesAreInverted() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        let profile = try BoardProfile.raspberryPi4.applying(overrides: [
            LineOverride(role: .post(2), activeLow: true), LineOverride(role: .status, activeLow: true)])
        let (leds, button) = try GPIODBoard.open(profile, using: fake)
        #expect(fake.snapshot().requests[27]?.kind == .output(initialValue: 1), "an active-low LED starts high = dark")
        leds.show(LEDLevels(posts: PostSet([2]), status: true))
        leds.show(.allOff)
        let values = fake.snapshot().values
        #expect(values[27] == [1, 0, 1])
        #expect(values[25] == [1, 0, 1])
        #expect(values[17] == [0])

        // Button to ground with pull-up: falling = pressed, rising = released.
        fake.log.withLock { $0.events = [GPIODRawEvent(rising: false, timestampSeconds: 100.5),
                                         GPIODRawEvent(rising: true, timestampSeconds: 100.7)] }
        #expect(try button.nextEdge(timeoutSeconds: 1) == ButtonEdge(pressed: true, time: 100.5))
        #expect(try button.nextEdge(timeoutSeconds: 1) == ButtonEdge(pressed: false, time: 100.7))
        #expect(try button.nextEdge(timeoutSeconds: 0.2) == nil)
        #expect(abs(button.clockSeconds - 100.9) < 1e-9)
    }

    @Test func activeHighButtonReadsRisingAsPressed() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        let profile = try BoardProfile.raspberryPi4.applying(overrides: [LineOverride(role: .button, activeLow: false)])
        let (_, button) = try GPIODBoard.open(profile, using: fake)
        fake.log.withLock { $0.events = [GPIODRawEvent(rising: true, timestampSeconds: 101)] }
        #expect(try button.nextEdge(timeoutSeconds: 2)?.pressed == true)
    }

    @Test func closeTurnsLedsOffReleasesEveryLineAndClosesChips() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        do {
            let (leds, button) = try GPIODBoard.open(.raspberryPi4, using: fake)
            leds.show(.allOn)
            leds.close()
            leds.close()
            button.close()
            let log = fake.snapshot()
            #expect(Set(log.released) == [17, 27, 22, 23, 24, 25, 5])
            #expect(log.released.count == 7, "released exactly once")
            #expect(log.openHandles.isEmpty)
            #expect(log.values[17]?.last == 0, "LEDs are dark when released")
            leds.show(.allOn)
            #expect(fake.snapshot().values[17]?.last == 0, "no writes after close")
        }
    }

    @Test func deinitReleasesTheLines() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        _ = try GPIODBoard.open(.raspberryPi4, using: fake)
        let log = fake.snapshot()
        #expect(log.released.count == 7)
        #expect(log.openHandles.isEmpty)
    }

    @Test func genericProfileFindsLinesByNameOnAnyChip() throws {
        let otherChip = FakeGPIOD.FakeChip(name: "gpiochip0", label: "1f000d0000.gpio",
                                           lineNames: ["ID_SDA", "ID_SCL"])
        let header = FakeGPIOD.piChip(name: "gpiochip4", label: "pinctrl-rp1", lines: 54)
        let fake = FakeGPIOD(chips: [otherChip, header])
        let (leds, button) = try GPIODBoard.open(.generic, using: fake)
        #expect(leds.usedLines.allSatisfy { $0.chip.name == "gpiochip4" })
        #expect(button.usedLine?.offset == 5)
        leds.close()
        button.close()
        #expect(fake.snapshot().openHandles.isEmpty)
    }

    @Test func missingChipNamesTheLabelAndListsTheChipsFound() {
        let fake = FakeGPIOD(chips: [FakeGPIOD.piChip(label: "pinctrl-rp1", lines: 54)])
        #expect(throws: GPIODError.chipNotFound(label: "pinctrl-bcm2711", chipsFound: [
            GPIOChipInfo(name: "gpiochip0", label: "pinctrl-rp1", lineCount: 54)])) {
            try GPIODBoard.open(.raspberryPi4, using: fake)
        }
        let message = GPIODError.chipNotFound(label: "pinctrl-bcm2711", chipsFound: [
            GPIOChipInfo(name: "gpiochip0", label: "pinctrl-rp1", lineCount: 54)]).description
        #expect(message.contains("\"pinctrl-bcm2711\" not found"))
        #expect(message.contains("gpiochip0 [pinctrl-rp1] (54 lines)"))
        #expect(GPIODError.chipNotFound(label: "x", chipsFound: []).description.contains("no GPIO chips at all"))
    }

    @Test func busyButtonNamesTheLineAndConsumerAndReleasesTheLeds() {
        let fake = FakeGPIOD(chips: pi4Chips)
        fake.log.withLock { $0.requestErrno[5] = EBUSY; $0.consumers[5] = "gpio-keys" }
        #expect(throws: GPIODError.lineBusy(line: "button (gpiochip0 line 5, GPIO5)", consumer: "gpio-keys")) {
            try GPIODBoard.open(.raspberryPi4, using: fake)
        }
        let log = fake.snapshot()
        #expect(Set(log.released) == [17, 27, 22, 23, 24, 25])
        #expect(log.openHandles.isEmpty)
        #expect(GPIODError.lineBusy(line: "button (gpiochip0 line 5, GPIO5)", consumer: "gpio-keys").description
                == "GPIO line button (gpiochip0 line 5, GPIO5) is busy, held by \"gpio-keys\"; "
                + "stop that program (or another gatespeed) and try again")
    }

    @Test func anOtherFailureCarriesThePlatformErrnoAndItsText() {
        let fake = FakeGPIOD(chips: pi4Chips)
        fake.log.withLock { $0.requestErrno[22] = EIO }
        #expect(throws: GPIODError.callFailed(call: "gpiod_line_request", what: "post 3 LED (gpiochip0 line 22, GPIO22)",
                                              errno: .ioError)) {
            try GPIODBoard.open(.raspberryPi4, using: fake)
        }
        #expect(GPIODError.callFailed(call: "gpiod_line_request", what: "x", errno: .ioError).description
                == "gpiod_line_request failed on x: Input/output error (errno \(EIO))")
    }

    @Test func busyLedMidwayReleasesTheEarlierOnes() {
        let fake = FakeGPIOD(chips: pi4Chips)
        fake.log.withLock { $0.requestErrno[22] = EBUSY }
        #expect(throws: GPIODError.lineBusy(line: "post 3 LED (gpiochip0 line 22, GPIO22)", consumer: nil)) {
            try GPIODBoard.open(.raspberryPi4, using: fake)
        }
        let log = fake.snapshot()
        #expect(Set(log.released) == [17, 27])
        #expect(log.openHandles.isEmpty)
    }

    @Test func permissionDeniedExplainsTheGpioGroup() {
        let fake = FakeGPIOD(chips: pi4Chips)
        fake.log.withLock { $0.openErrno = EACCES }
        do {
            _ = try GPIODBoard.open(.raspberryPi4, using: fake)
            Issue.record("expected permission denied")
        } catch {
            guard case .permissionDenied(let what, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(what == "GPIO chip \"pinctrl-bcm2711\"")
            #expect(error.description.contains("add the service user to the gpio group: sudo usermod -aG gpio "))
            #expect(error.description.contains("or install the udev rule"))
        }
        fake.log.withLock { $0.openErrno = nil; $0.requestErrno[17] = EPERM }
        #expect {
            try GPIODBoard.open(.raspberryPi4, using: fake)
        } throws: { error in
            guard case GPIODError.permissionDenied(let what, _) = error else { return false }
            return what.contains("post 1 LED")
        }
    }

    @Test func missingLinesAreNamed() {
        let fake = FakeGPIOD(chips: [FakeGPIOD.piChip(label: "pinctrl-bcm2711", lines: 20)])
        #expect(throws: GPIODError.lineNotFound(line: "line 27 for the post 2 LED",
                                                chip: "\"pinctrl-bcm2711\" (20 lines)")) {
            try GPIODBoard.open(.raspberryPi4, using: fake)
        }
        #expect(throws: GPIODError.lineNotFound(line: "\"GPIO17\" for the post 1 LED", chip: nil)) {
            try GPIODBoard.open(.generic, using: FakeGPIOD(chips: []))
        }
    }

    @Test func failedWritesAreCountedNotThrown() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        let (leds, _) = try GPIODBoard.open(.raspberryPi4, using: fake)
        fake.log.withLock { $0.setValueErrno = EIO }
        leds.show(LEDLevels(posts: PostSet([1]), status: false))
        #expect(leds.writeFailures.count == 1)
        fake.log.withLock { $0.setValueErrno = nil }
        leds.show(LEDLevels(posts: PostSet([1]), status: false))
        #expect(fake.snapshot().values[17] == [0, 1], "retried after a failed write")
    }

    @Test func catalogListsChipsThroughTheSeam() throws {
        let fake = FakeGPIOD(chips: pi4Chips)
        #expect(try GPIOChipCatalog.list(using: fake).map(\.description)
                == ["gpiochip0 [pinctrl-bcm2711] (58 lines)", "gpiochip1 [raspberrypi-exp-gpio] (8 lines)"])
        #expect(try GPIOChipCatalog.list(using: FakeGPIOD(chips: [])).isEmpty)
    }
}

extension BoardProfile {
    func withLabel(_ label: String) -> BoardProfile {
        var copy = self
        copy.chipLabel = label
        return copy
    }
}
