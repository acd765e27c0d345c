/// A libmosquitto call that failed: which one, and libmosquitto's words for why.
public struct MQTTError: Error, Sendable, Equatable, CustomStringConvertible {
    public let operation: String
    public let reason: String

    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "\(operation): \(reason)" }
}
