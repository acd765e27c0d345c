import GPIODLines
import GateSpeedPlatform
import Glibc
import Synchronization

/// A scripted stand-in for libgpiod v1: chips with named lines, recorded requests and
/// values, injectable errno, queued edge events.
final class FakeGPIOD: GPIODV1Calls {
    struct Chip: Hashable, Sendable { var index: Int; var handle: Int }
    struct Line: Hashable, Sendable { var chip: Chip; var offset: UInt32 }
    struct FakeChip: Sendable { var name: String; var label: String; var lineNames: [String?] }

    struct Log: Sendable {
        var chips: [FakeChip]
        var nextHandle = 1
        var openHandles: Set<Int> = []
        var requests: [UInt32: GPIODLineRequest] = [:]
        var requestChip: [UInt32: String] = [:]
        var values: [UInt32: [Int32]] = [:]
        var released: [UInt32] = []
        /// errno to fail with, by call.
        var openErrno: Int32?
        var requestErrno: [UInt32: Int32] = [:]
        var setValueErrno: Int32?
        var consumers: [UInt32: String] = [:]
        var events: [GPIODRawEvent] = []
        var now = 100.0
    }

    let log: Mutex<Log>

    init(chips: [FakeChip]) { log = Mutex(Log(chips: chips)) }

    /// A chip whose lines are named "GPIO<n>", like the Raspberry Pi's.
    static func piChip(name: String = "gpiochip0", label: String, lines: Int = 58) -> FakeChip {
        FakeChip(name: name, label: label, lineNames: (0..<lines).map { "GPIO\($0)" })
    }

    func snapshot() -> Log { log.withLock { $0 } }

    private func newHandle(_ index: Int, _ log: inout Log) -> Chip {
        let chip = Chip(index: index, handle: log.nextHandle)
        log.nextHandle += 1
        log.openHandles.insert(chip.handle)
        return chip
    }

    func openChip(label: String) -> Result<Chip, Errno> {
        log.withLock { log in
            if let code = log.openErrno { return .failure(Errno(code)) }
            guard let index = log.chips.firstIndex(where: { $0.label == label }) else {
                return .failure(Errno(ENOENT))
            }
            return .success(newHandle(index, &log))
        }
    }

    func findLine(named name: String) -> Result<(chip: Chip, line: Line), Errno> {
        log.withLock { log in
            if let code = log.openErrno { return .failure(Errno(code)) }
            for (index, chip) in log.chips.enumerated() {
                if let offset = chip.lineNames.firstIndex(of: name) {
                    let handle = newHandle(index, &log)
                    return .success((chip: handle, line: Line(chip: handle, offset: UInt32(offset))))
                }
            }
            return .failure(Errno(ENOENT))
        }
    }

    func findLine(named name: String, on chip: Chip) -> Result<Line, Errno> {
        log.withLock { log in
            guard let offset = log.chips[chip.index].lineNames.firstIndex(of: name) else {
                return .failure(Errno(ENOENT))
            }
            return .success(Line(chip: chip, offset: UInt32(offset)))
        }
    }

    func line(at offset: UInt32, on chip: Chip) -> Result<Line, Errno> {
        log.withLock { log in
            Int(offset) < log.chips[chip.index].lineNames.count
                ? .success(Line(chip: chip, offset: offset)) : .failure(Errno(EINVAL))
        }
    }

    func info(of chip: Chip) -> GPIOChipInfo {
        log.withLock { log in
            let fake = log.chips[chip.index]
            return GPIOChipInfo(name: fake.name, label: fake.label, lineCount: fake.lineNames.count)
        }
    }

    func info(of line: Line) -> (offset: UInt32, name: String?) {
        log.withLock { log in (offset: line.offset, name: log.chips[line.chip.index].lineNames[Int(line.offset)]) }
    }

    func consumer(of line: Line) -> String? { log.withLock { $0.consumers[line.offset] } }

    func listChips() -> Result<[GPIOChipInfo], Errno> {
        log.withLock { log in
            if let code = log.openErrno { return .failure(Errno(code)) }
            return .success(log.chips.map { GPIOChipInfo(name: $0.name, label: $0.label, lineCount: $0.lineNames.count) })
        }
    }

    func request(_ line: Line, _ request: GPIODLineRequest) -> Result<Void, Errno> {
        log.withLock { log in
            if let code = log.requestErrno[line.offset] { return .failure(Errno(code)) }
            log.requests[line.offset] = request
            log.requestChip[line.offset] = log.chips[line.chip.index].name
            if case .output(let value) = request.kind { log.values[line.offset] = [value] }
            return .success(())
        }
    }

    func setValue(_ value: Int32, on line: Line) -> Result<Void, Errno> {
        log.withLock { log in
            if let code = log.setValueErrno { return .failure(Errno(code)) }
            log.values[line.offset, default: []].append(value)
            return .success(())
        }
    }

    func waitForEvent(on line: Line, timeoutSeconds: Double) -> GPIODEventWait {
        log.withLock { log in
            guard let event = log.events.first, event.timestampSeconds <= log.now + timeoutSeconds else {
                log.now += timeoutSeconds
                return .timeout
            }
            log.now = max(log.now, event.timestampSeconds)
            return .event
        }
    }

    func readEvent(on line: Line) -> Result<GPIODRawEvent, Errno> {
        log.withLock { log in
            guard !log.events.isEmpty else { return .failure(Errno(EAGAIN)) }
            return .success(log.events.removeFirst())
        }
    }

    func release(_ line: Line) { log.withLock { $0.released.append(line.offset) } }

    func close(_ chip: Chip) { log.withLock { _ = $0.openHandles.remove(chip.handle) } }

    func monotonicSeconds() -> Double { log.withLock { $0.now } }
}
