import GateSpeedBoard
import GateSpeedPlatform
import Glibc

/// A line GateSpeed requested, for `gatespeed check` and logs.
public struct GPIODUsedLine: Hashable, Sendable, CustomStringConvertible {
    public var role: LineRole
    public var chip: GPIOChipInfo
    public var offset: UInt32
    public var name: String?
    public var activeLow: Bool

    public var description: String {
        "\(role): \(chip.name) [\(chip.label)] line \(offset)" + (name.map { " (\($0))" } ?? "")
            + (activeLow ? ", active low" : "")
    }
}

/// Requested lines plus the chip handles they came from. Releases lines, then closes
/// chips, exactly once. Not thread-safe: the owners guard it.
struct GPIODLineSet<Calls: GPIODV1Calls> {
    let calls: Calls
    private(set) var lines: [Calls.Line] = []
    private(set) var used: [GPIODUsedLine] = []
    private var chips: [Calls.Chip] = []
    /// The chip opened by the profile's label, shared by the lines found on it.
    private var labeledChip: Calls.Chip?

    init(calls: Calls) { self.calls = calls }

    /// Finds and requests the line of `role`; on failure the set is unchanged apart from
    /// chips it opened (closed by `releaseAll`).
    mutating func request(_ role: LineRole, _ spec: LineSpec, chipLabel: String?,
                          request: GPIODLineRequest) throws(GPIODError) {
        let (chip, line) = try find(role, spec, chipLabel: chipLabel)
        let lineInfo = calls.info(of: line)
        let usedLine = GPIODUsedLine(role: role, chip: calls.info(of: chip), offset: lineInfo.offset,
                                     name: lineInfo.name, activeLow: spec.activeLow)
        if case .failure(let failure) = calls.request(line, request) {
            throw .from(failure, call: "gpiod_line_request", what: "\(role.spoken) (\(usedLine.chip.name) line "
                        + "\(usedLine.offset)\(usedLine.name.map { ", \($0)" } ?? ""))",
                        consumer: calls.consumer(of: line))
        }
        lines.append(line)
        used.append(usedLine)
    }

    /// Releases every requested line, then closes every chip.
    mutating func releaseAll() {
        for line in lines { calls.release(line) }
        for chip in chips { calls.close(chip) }
        lines = []
        chips = []
        labeledChip = nil
    }

    private mutating func find(_ role: LineRole, _ spec: LineSpec,
                               chipLabel: String?) throws(GPIODError) -> (Calls.Chip, Calls.Line) {
        if let chipLabel {
            let chip = try openLabeledChip(chipLabel)
            let found: Result<Calls.Line, Errno>
            switch spec.line {
            case .offset(let offset): found = calls.line(at: offset, on: chip)
            case .name(let name): found = calls.findLine(named: name, on: chip)
            }
            guard case .success(let line) = found else {
                throw .lineNotFound(line: "\(spec.line) for the \(role.spoken)",
                                    chip: "\"\(chipLabel)\" (\(calls.info(of: chip).lineCount) lines)")
            }
            return (chip, line)
        }
        guard case .name(let name) = spec.line else {
            throw .lineNotFound(line: "\(spec.line) for the \(role.spoken) (an offset needs a chip label)", chip: nil)
        }
        switch calls.findLine(named: name) {
        case .success(let found):
            chips.append(found.chip)
            return (found.chip, found.line)
        case .failure(let failure) where failure.rawValue == EACCES || failure.rawValue == EPERM:
            throw .from(failure, call: "gpiod_line_find", what: "the GPIO chips (looking for \(name))")
        case .failure:
            throw .lineNotFound(line: "\"\(name)\" for the \(role.spoken)", chip: nil)
        }
    }

    private mutating func openLabeledChip(_ label: String) throws(GPIODError) -> Calls.Chip {
        if let labeledChip { return labeledChip }
        switch calls.openChip(label: label) {
        case .success(let chip):
            chips.append(chip)
            labeledChip = chip
            return chip
        case .failure(let failure) where failure.rawValue == EACCES || failure.rawValue == EPERM:
            throw .from(failure, call: "gpiod_chip_open_by_label", what: "GPIO chip \"\(label)\"")
        case .failure:
            throw .chipNotFound(label: label, chipsFound: (try? GPIOChipCatalog.list(using: calls)) ?? [])
        }
    }
}
