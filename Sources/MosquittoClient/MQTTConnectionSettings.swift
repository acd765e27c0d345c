/// What a connection needs: the broker, who we are, how we prove it, and the last will.
public struct MQTTConnectionSettings: Sendable {
    /// A retained message the broker publishes for us when we vanish (kill -9, cable pulled).
    public struct Will: Sendable {
        public var topic: String
        public var payload: String
        public var qos: Int32
        public var retain: Bool
        public init(topic: String, payload: String, qos: Int32 = 1, retain: Bool = true) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
        }
    }

    public var endpoint: MQTTEndpoint
    public var clientID: String
    public var username: String?
    public var password: String?
    /// PEM file of the CA that signed the broker's certificate (mqtts); nil uses the system's CAs.
    public var caFile: String?
    public var will: Will?
    /// False keeps the broker-side session (subscriptions, queued QoS 1 messages) across reconnects.
    public var cleanSession = true
    /// Seconds between keep-alive pings; the broker declares us gone after 1.5 times this.
    public var keepAliveSeconds: Int32 = 10
    /// First wait after a failed connection, seconds; doubles up to `maximumBackoffSeconds`.
    public var initialBackoffSeconds: Double = 0.5
    public var maximumBackoffSeconds: Double = 30

    public init(endpoint: MQTTEndpoint, clientID: String) {
        self.endpoint = endpoint
        self.clientID = clientID
    }
}

/// What the connection tells its owner. Every handler runs on the connection's network thread
/// and must return quickly (hand the work to another thread).
public struct MQTTHandlers: Sendable {
    /// The broker accepted the connection (first time, or after a reconnect).
    public var connected: @Sendable () -> Void = {}
    /// The connection is gone or could not be made; it is retried after `retryInSeconds`.
    public var disconnected: @Sendable (_ reason: String, _ retryInSeconds: Double) -> Void = { _, _ in }
    /// The broker acknowledged the message with this id (QoS 1), or it was sent (QoS 0).
    public var published: @Sendable (_ messageID: Int32) -> Void = { _ in }
    /// A message on a subscribed topic.
    public var message: @Sendable (_ topic: String, _ payload: [UInt8]) -> Void = { _, _ in }

    public init() {}
}

/// The next wait after a failure: doubling from the first up to the longest; back to the first
/// after a success.
public struct MQTTBackoff: Sendable, Equatable {
    public let first: Double
    public let longest: Double
    public private(set) var next: Double

    public init(first: Double, longest: Double) {
        self.first = max(0.01, first)
        self.longest = max(self.first, longest)
        next = self.first
    }

    /// The wait to use now; the one after it is doubled.
    public mutating func failed() -> Double {
        let wait = next
        next = min(longest, next * 2)
        return wait
    }

    public mutating func succeeded() { next = first }
}
