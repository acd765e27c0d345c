/// Why the server could not start.
public struct HTTPServerError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
