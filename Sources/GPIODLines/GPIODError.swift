import GateSpeedBoard
import GateSpeedPlatform
import Glibc

/// Why the board's GPIO lines could not be used, worded for the installer.
public enum GPIODError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No chip carries `label`; `chipsFound` lists what is there.
    case chipNotFound(label: String, chipsFound: [GPIOChipInfo])
    /// No line by that name (on `chip`, or on any chip when nil), or no such offset.
    case lineNotFound(line: String, chip: String?)
    /// EBUSY: another process (`consumer`, when the kernel says) holds the line.
    case lineBusy(line: String, consumer: String?)
    /// EACCES/EPERM opening a chip or requesting a line.
    case permissionDenied(what: String, user: String)
    /// Anything else, with the call and errno.
    case callFailed(call: String, what: String, errno: Errno)

    public var description: String {
        switch self {
        case .chipNotFound(let label, let found):
            let list = found.isEmpty ? "no GPIO chips at all (/dev/gpiochip*)"
                : "chips found: " + found.map(\.description).joined(separator: ", ")
            return "GPIO chip with label \"\(label)\" not found; \(list). Check the board profile."
        case .lineNotFound(let line, let chip):
            return "GPIO line \(line) not found " + (chip.map { "on chip \($0)" } ?? "on any chip")
                + "; check the board profile or the line override in the config"
        case .lineBusy(let line, let consumer):
            return "GPIO line \(line) is busy, held by " + (consumer.map { "\"\($0)\"" } ?? "another process")
                + "; stop that program (or another gatespeed) and try again"
        case .permissionDenied(let what, let user):
            return "permission denied on \(what): add the service user to the gpio group: "
                + "sudo usermod -aG gpio \(user), or install the udev rule (then log in again)"
        case .callFailed(let call, let what, let code):
            return "\(call) failed on \(what): \(code.numbered)"
        }
    }

    /// Classifies a failed call's errno.
    static func from(_ failure: Errno, call: String, what: String, consumer: String? = nil) -> GPIODError {
        switch failure.rawValue {
        case EBUSY: return .lineBusy(line: what, consumer: consumer)
        case EACCES, EPERM: return .permissionDenied(what: what, user: currentUserName())
        default: return .callFailed(call: call, what: what, errno: failure)
        }
    }

    static func currentUserName() -> String {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "<user>" }
        return String(cString: name)
    }
}

/// The GPIO chips of this machine, for `gatespeed devices`.
public enum GPIOChipCatalog {
    /// Every chip (name, label, line count); empty when the machine has none.
    public static func list() throws(GPIODError) -> [GPIOChipInfo] {
        try list(using: LibgpiodV1())
    }

    public static func list<Calls: GPIODV1Calls>(using calls: Calls) throws(GPIODError) -> [GPIOChipInfo] {
        switch calls.listChips() {
        case .success(let chips): return chips
        case .failure(let failure): throw .from(failure, call: "gpiod_chip_iter_new", what: "/dev/gpiochip*")
        }
    }
}

extension LineRole {
    /// "post 1", "status LED", "button", for messages.
    var spoken: String {
        switch self {
        case .post(let number): return "post \(number) LED"
        case .status: return "status LED"
        case .button: return "button"
        }
    }
}
