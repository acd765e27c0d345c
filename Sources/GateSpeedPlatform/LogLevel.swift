/// How much the service logs; each level includes the ones above it.
/// The raw values are the names used in the config (`log.level`).
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case error, warning, info, debug

    /// The syslog priority journald reads from a `<N>` line prefix (sd-daemon(3)).
    public var syslogPriority: Int {
        switch self {
        case .error: return 3
        case .warning: return 4
        case .info: return 6
        case .debug: return 7
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.syslogPriority < rhs.syslogPriority }
}
