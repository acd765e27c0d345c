import CGPIOD
import GateSpeedPlatform
import Glibc

/// The real libgpiod v1 (1.6.x) calls. Every v1 call of GateSpeed is in this file, so a
/// v2 adapter (Debian trixie) can sit beside it.
public struct LibgpiodV1: GPIODV1Calls {
    public typealias Chip = OpaquePointer
    public typealias Line = OpaquePointer

    public init() {}

    public func openChip(label: String) -> Result<Chip, Errno> {
        errno = 0
        guard let chip = gpiod_chip_open_by_label(label) else { return .failure(lastErrno(or: ENOENT)) }
        return .success(chip)
    }

    public func findLine(named name: String) -> Result<(chip: Chip, line: Line), Errno> {
        errno = 0
        guard let line = gpiod_line_find(name) else { return .failure(lastErrno(or: ENOENT)) }
        guard let chip = gpiod_line_get_chip(line) else { return .failure(Errno(ENODEV)) }
        return .success((chip: chip, line: line))
    }

    public func findLine(named name: String, on chip: Chip) -> Result<Line, Errno> {
        errno = 0
        guard let line = gpiod_chip_find_line(chip, name) else { return .failure(lastErrno(or: ENOENT)) }
        return .success(line)
    }

    public func line(at offset: UInt32, on chip: Chip) -> Result<Line, Errno> {
        errno = 0
        guard let line = gpiod_chip_get_line(chip, offset) else { return .failure(lastErrno(or: EINVAL)) }
        return .success(line)
    }

    public func info(of chip: Chip) -> GPIOChipInfo {
        GPIOChipInfo(name: string(gpiod_chip_name(chip)) ?? "?", label: string(gpiod_chip_label(chip)) ?? "",
                     lineCount: Int(gpiod_chip_num_lines(chip)))
    }

    public func info(of line: Line) -> (offset: UInt32, name: String?) {
        (offset: gpiod_line_offset(line), name: string(gpiod_line_name(line)))
    }

    public func consumer(of line: Line) -> String? {
        _ = gpiod_line_update(line)
        return string(gpiod_line_consumer(line))
    }

    public func listChips() -> Result<[GPIOChipInfo], Errno> {
        errno = 0
        guard let iterator = gpiod_chip_iter_new() else {
            let failure = lastErrno(or: ENOENT)
            return failure.rawValue == ENOENT ? .success([]) : .failure(failure)
        }
        defer { gpiod_chip_iter_free(iterator) }
        var chips: [GPIOChipInfo] = []
        while let chip = gpiod_chip_iter_next(iterator) { chips.append(info(of: chip)) }
        return .success(chips)
    }

    public func request(_ line: Line, _ request: GPIODLineRequest) -> Result<Void, Errno> {
        let type: Int32
        var initial: Int32 = 0
        switch request.kind {
        case .output(let value):
            type = Int32(GPIOD_LINE_REQUEST_DIRECTION_OUTPUT)
            initial = value
        case .bothEdgeEvents:
            type = Int32(GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES)
        }
        let flags = request.pullUp ? Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP) : 0
        errno = 0
        let status = request.consumer.withCString { consumer in
            var config = gpiod_line_request_config(consumer: consumer, request_type: type, flags: flags)
            return gpiod_line_request(line, &config, initial)
        }
        return status == 0 ? .success(()) : .failure(lastErrno(or: EIO))
    }

    public func setValue(_ value: Int32, on line: Line) -> Result<Void, Errno> {
        errno = 0
        return gpiod_line_set_value(line, value) == 0 ? .success(()) : .failure(lastErrno(or: EIO))
    }

    public func waitForEvent(on line: Line, timeoutSeconds: Double) -> GPIODEventWait {
        let clamped = min(max(timeoutSeconds, 0), 3600)
        let whole = clamped.rounded(.down)
        var timeout = timespec(tv_sec: Int(whole), tv_nsec: Int((clamped - whole) * 1e9))
        errno = 0
        switch gpiod_line_event_wait(line, &timeout) {
        case 1: return .event
        case 0: return .timeout
        default: return .failed(lastErrno(or: EIO))
        }
    }

    public func readEvent(on line: Line) -> Result<GPIODRawEvent, Errno> {
        var event = gpiod_line_event()
        errno = 0
        guard gpiod_line_event_read(line, &event) == 0 else { return .failure(lastErrno(or: EIO)) }
        let seconds = Double(event.ts.tv_sec) + Double(event.ts.tv_nsec) / 1e9
        return .success(GPIODRawEvent(rising: event.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE),
                                      timestampSeconds: seconds))
    }

    public func release(_ line: Line) {
        gpiod_line_release(line)
    }

    public func close(_ chip: Chip) {
        gpiod_chip_close(chip)
    }

    public func monotonicSeconds() -> Double { MonotonicClock.seconds() }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func lastErrno(or fallback: Int32) -> Errno {
        Errno(errno != 0 ? errno : fallback)
    }
}
