import GPIODLines
import GateSpeedBoard
import Glibc
import Testing

/// The names of this machine's GPIO chips (`/dev/gpiochip*`), sorted; empty on build machines.
let gpioChipsOfThisMachine: [String] = {
    guard let directory = opendir("/dev") else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasPrefix("gpiochip") { names.append(name) }
    }
    return names.sorted()
}()

/// The real library on this machine. Each test says which kind of machine it is for and is
/// skipped on the other (issue 13, defect 7: a Raspberry Pi has chips, a build machine none).
@Suite struct RealLibgpiodTests {
    @Test(.enabled(if: gpioChipsOfThisMachine.isEmpty, "this machine has GPIO chips"))
    func catalogIsEmptyWithoutChips() throws {
        #expect(try GPIOChipCatalog.list().isEmpty)
    }

    @Test(.enabled(if: !gpioChipsOfThisMachine.isEmpty, "this machine has no GPIO chip"))
    func catalogListsEveryChipOfTheMachine() throws {
        let chips = try GPIOChipCatalog.list()
        #expect(chips.map(\.name).sorted() == gpioChipsOfThisMachine)
        #expect(chips.allSatisfy { $0.lineCount > 0 })
    }

    @Test(.enabled(if: gpioChipsOfThisMachine.isEmpty, "this machine has GPIO chips"))
    func openingAProfileWithoutChipsSaysWhichLabel() throws {
        #expect(throws: GPIODError.chipNotFound(label: "pinctrl-rp1", chipsFound: [])) {
            try GPIODBoard.open(.raspberryPi5)
        }
        #expect(throws: GPIODError.lineNotFound(line: "\"GPIO17\" for the post 1 LED", chip: nil)) {
            try GPIODBoard.open(.generic)
        }
    }
}
