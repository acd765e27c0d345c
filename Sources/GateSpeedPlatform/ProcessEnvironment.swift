#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables without Foundation (`environ`).
public enum ProcessEnvironment {
    /// Every `NAME=value` of the environment; for a repeated name the first wins, as getenv(3).
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }

    /// One variable, nil when not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
