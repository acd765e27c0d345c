#if canImport(Glibc)
import Glibc
#endif

/// Log lines on stderr. Under systemd each line starts with a syslog priority such as
/// `<3>` (sd-daemon(3)), which journald turns into the entry's priority, so
/// `journalctl -u gatespeed -p warning` works. On a terminal the lines read `error: …`.
///
/// A `Log` is a small value: copy it into every thread. Messages are built only when
/// their level is enabled; each line is one `write(2)`, so lines from threads never interleave.
public struct Log: Sendable {
    /// How a line is marked with its level.
    public enum Style: Sendable, Equatable {
        /// `<3>message` for journald.
        case journald
        /// `error: message`, `warning: message`, `message`, `debug: message`.
        case plain

        /// `.journald` when systemd connected stderr to the journal (it sets `JOURNAL_STREAM`).
        public static func automatic(environment: [String: String] = ProcessEnvironment.current) -> Style {
            environment["JOURNAL_STREAM"] == nil ? .plain : .journald
        }
    }

    /// The most detailed level that is written.
    public let level: LogLevel
    public let style: Style
    /// Put before every message (`"clips: "`): what a part of the program logs, passed down to it.
    public let prefix: String
    private let write: @Sendable (String) -> Void

    /// - Parameter write: receives each finished line including its newline; defaults to stderr.
    public init(level: LogLevel = .info, style: Style = .plain,
                write: @escaping @Sendable (String) -> Void = Log.writeToStandardError) {
        self.level = level
        self.style = style
        self.prefix = ""
        self.write = write
    }

    private init(level: LogLevel, style: Style, prefix: String, write: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.style = style
        self.prefix = prefix
        self.write = write
    }

    /// The same log with `prefix` before every message of one part (`log.prefixed("clips: ")`).
    public func prefixed(_ prefix: String) -> Log {
        Log(level: level, style: style, prefix: self.prefix + prefix, write: write)
    }

    /// A log that writes nothing (tests, parts whose lines nobody wants).
    public static let silent = Log(level: .error, style: .plain, prefix: "", write: { _ in })

    @inline(__always)
    public func isEnabled(_ messageLevel: LogLevel) -> Bool { messageLevel <= level }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    public func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard isEnabled(messageLevel) else { return }
        write(Self.format(prefix.isEmpty ? message() : prefix + message(), level: messageLevel, style: style))
    }

    /// The text written for one message; every line of a multi-line message gets the prefix
    /// (journald makes each line its own entry).
    public static func format(_ message: String, level: LogLevel, style: Style) -> String {
        let prefix: String
        switch style {
        case .journald: prefix = "<\(level.syslogPriority)>"
        case .plain:
            switch level {
            case .error: prefix = "error: "
            case .warning: prefix = "warning: "
            case .info: prefix = ""
            case .debug: prefix = "debug: "
            }
        }
        var text = ""
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            text += prefix
            text += line
            text += "\n"
        }
        return text
    }

    /// Writes the whole string to standard error (`StandardStream.error`: write(2), never a crash;
    /// when stderr is gone, lines are dropped).
    @Sendable public static func writeToStandardError(_ text: String) {
        StandardStream.error.write(text)
    }
}
