/// The profiles shipped with GateSpeed. `Board/<name>.json` holds the same values
/// (a test keeps them identical).
///
/// Wiring (all three): post LEDs on GPIO17, 27, 22, 23, 24 (header pins 11, 13, 15, 16, 18),
/// status LED on GPIO25 (pin 22), each LED through 330 Ω to ground, active high;
/// button between GPIO5 (pin 29) and ground (pin 30), internal pull-up, active low.
extension BoardProfile {
    /// BCM numbers of the post LEDs, posts 1...5.
    public static let standardPostLines: [UInt32] = [17, 27, 22, 23, 24]
    public static let standardStatusLine: UInt32 = 25
    public static let standardButtonLine: UInt32 = 5

    /// Raspberry Pi 4, 400 and CM4: the header is on the "pinctrl-bcm2711" chip, offset = BCM number.
    public static let raspberryPi4 = standardByOffset(name: "raspberry-pi-4", chipLabel: "pinctrl-bcm2711")

    /// Raspberry Pi 5: the header is on the RP1 south bridge ("pinctrl-rp1"), which
    /// newer kernels number gpiochip0 and older ones gpiochip4, hence the label.
    public static let raspberryPi5 = standardByOffset(name: "raspberry-pi-5", chipLabel: "pinctrl-rp1")

    /// Any board whose kernel names its lines "GPIO<n>": every line by name, any chip.
    public static let generic = BoardProfile(
        name: "generic", chipLabel: nil,
        posts: standardPostLines.map { LineSpec(.name("GPIO\($0)")) },
        status: LineSpec(.name("GPIO\(standardStatusLine)")),
        button: LineSpec(.name("GPIO\(standardButtonLine)"), activeLow: true),
        buttonPullUp: true)

    /// All built-in profiles.
    public static let builtIn: [BoardProfile] = [raspberryPi4, raspberryPi5, generic]

    /// The built-in profile with this name.
    public static func named(_ name: String) throws(BoardProfileError) -> BoardProfile {
        guard let profile = builtIn.first(where: { $0.name == name }) else {
            throw .unknownProfile(name: name, known: builtIn.map(\.name))
        }
        return profile
    }

    private static func standardByOffset(name: String, chipLabel: String) -> BoardProfile {
        BoardProfile(
            name: name, chipLabel: chipLabel,
            posts: standardPostLines.map { LineSpec(.offset($0)) },
            status: LineSpec(.offset(standardStatusLine)),
            button: LineSpec(.offset(standardButtonLine), activeLow: true),
            buttonPullUp: true)
    }
}
