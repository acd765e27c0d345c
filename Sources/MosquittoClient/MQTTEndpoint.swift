/// Where the broker is: `mqtt://HOST[:PORT]` (default port 1883) or `mqtts://HOST[:PORT]`
/// (TLS, default 8883). IPv6 literals go in brackets: `mqtt://[::1]:1883`.
public struct MQTTEndpoint: Sendable, Equatable {
    public var host: String
    public var port: Int32
    public var tls: Bool

    public init(host: String, port: Int32, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// Parses `url`, or says what is wrong with it (a phrase that reads after the key).
    public static func parse(_ url: String) -> Result<MQTTEndpoint, EndpointProblem> {
        let tls: Bool
        let rest: Substring
        if url.hasPrefix("mqtt://") {
            tls = false
            rest = url.dropFirst("mqtt://".count)
        } else if url.hasPrefix("mqtts://") {
            tls = true
            rest = url.dropFirst("mqtts://".count)
        } else {
            return .failure(EndpointProblem("must start with mqtt:// or mqtts://"))
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.isEmpty else { return .failure(EndpointProblem("has no host")) }
        guard !authority.contains(where: { $0 == "/" || $0 == "@" || $0 == "?" || $0 == "#" || $0.isWhitespace }) else {
            return .failure(EndpointProblem("must be only mqtt[s]://HOST[:PORT] (no path, user or spaces)"))
        }
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(EndpointProblem("has an unclosed [")) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .failure(EndpointProblem("has text after the ]")) }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, host.count <= 253 else { return .failure(EndpointProblem("has no host")) }
        var port: Int32 = tls ? 8883 : 1883
        if let portText {
            guard portText.count <= 5, let number = Int32(portText), (1...65535).contains(number) else {
                return .failure(EndpointProblem("port must be a number from 1 to 65535"))
            }
            port = number
        }
        return .success(MQTTEndpoint(host: String(host), port: port, tls: tls))
    }
}

/// Why a broker URL cannot be used.
public struct EndpointProblem: Error, Sendable, Equatable {
    public let phrase: String
    public init(_ phrase: String) { self.phrase = phrase }
}
