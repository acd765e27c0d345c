/// One request as the handler sees it: everything has been read (the body within
/// `HTTPServerSettings.maximumBodyBytes`).
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, … as sent (upper case by convention; `HEAD` is answered like `GET`
    /// without the body, by the server).
    public var method: String
    /// The path, percent-decoded, without the query (`/clips/a b.mp4`). Check each
    /// segment before using it as a file name.
    public var path: String
    /// The query's arguments, decoded; a repeated name keeps its last value.
    public var query: [String: String]
    /// Header names in lower case; repeated headers joined with `, `.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
        self.body = body
    }

    /// The header `name` (any case), or nil.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The path's segments after the leading `/` (`/clips/x/y.mp4` → `["clips", "x", "y.mp4"]`);
    /// empty segments (from `//` or a trailing `/`) are dropped.
    public var pathSegments: [String] { path.split(separator: "/").map(String.init) }
}
