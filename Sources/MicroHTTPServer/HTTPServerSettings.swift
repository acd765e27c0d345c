/// Where the server listens and how much any one client may take of it.
public struct HTTPServerSettings: Sendable, Equatable {
    /// An IPv4 address in dotted form (`0.0.0.0` for every interface, `127.0.0.1` for this
    /// machine only); `localhost` means `127.0.0.1`.
    public var host: String
    /// The TCP port; 0 picks a free one (see `HTTPServer.port`).
    public var port: UInt16
    /// Connections open at once; each has its own thread, so this also bounds the threads.
    public var maximumConnections = 24
    /// Connections open at once from one client address.
    public var maximumConnectionsPerClient = 12
    /// A connection on which nothing moves for this long is closed (a stalled reader of a stream,
    /// a client that never finishes its request), seconds.
    public var idleTimeoutSeconds = 30
    /// The largest request body taken; a larger one is answered 413 without being handed on.
    public var maximumBodyBytes = 256 * 1024
    /// The stack of each connection's thread, bytes.
    public var threadStackBytes = 512 * 1024
    /// How long a stream's `next` may wait for data before the server checks whether it is
    /// stopping, seconds (so `stop()` takes about this long at most per open stream).
    public var streamPollSeconds = 0.5

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }
}
