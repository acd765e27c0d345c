import GPIODLines
import GateSpeedBoard
import Glibc
import Testing

/// The real library on this machine. Build machines have no /dev/gpiochip*, which is
/// exactly the case these check: an empty list, and a clear "chip not found".
@Suite struct RealLibgpiodTests {
    private var machineHasNoGPIOChip: Bool { access("/dev/gpiochip0", F_OK) != 0 }

    @Test func catalogIsEmptyWithoutChips() throws {
        let chips = try GPIOChipCatalog.list()
        if machineHasNoGPIOChip { #expect(chips.isEmpty) }
    }

    @Test func openingAProfileWithoutChipsSaysWhichLabel() throws {
        try #require(machineHasNoGPIOChip)
        #expect(throws: GPIODError.chipNotFound(label: "pinctrl-rp1", chipsFound: [])) {
            try GPIODBoard.open(.raspberryPi5)
        }
        #expect(throws: GPIODError.lineNotFound(line: "\"GPIO17\" for the post 1 LED", chip: nil)) {
            try GPIODBoard.open(.generic)
        }
    }
}
