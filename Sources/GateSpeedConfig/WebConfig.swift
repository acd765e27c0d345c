/// `web`: the setup and live pages (`GateSpeedWeb`). Decoded here, with the keys of `ConfigKeys.Web`.
extension GateSpeedConfig {
    public struct Web: Sendable, Equatable {
        /// Where the pages listen; nil turns them off.
        public var listen: ListenAddress? = ListenAddress(host: "0.0.0.0", port: 8080)
        /// A fixed token for scripts (`Authorization: Bearer …`); nil: phones pair with the button.
        public var token: String? = nil
        public init() {}
    }

    /// `"HOST:PORT"`: an IPv4 address in dotted form (or `localhost`) and a port 1 … 65535.
    public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
        public var host: String
        public var port: UInt16

        public init(host: String, port: UInt16) {
            self.host = host
            self.port = port
        }

        /// Reads `HOST:PORT`; nil with the reason when it is not one.
        public static func parse(_ text: String) -> Result<ListenAddress, ListenAddressProblem> {
            guard let colon = text.lastIndex(of: ":") else { return .failure(.init("is not HOST:PORT")) }
            let host = String(text[..<colon]), portText = String(text[text.index(after: colon)...])
            guard portText.count <= 5, portText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let port = Int(portText),
                  (1...65_535).contains(port) else {
                return .failure(.init("has no port from 1 to 65535 after the ':'"))
            }
            guard host == "localhost" || isDottedIPv4(host) else {
                return .failure(.init("HOST must be an IPv4 address such as 0.0.0.0 or 127.0.0.1 (or localhost)"))
            }
            return .success(ListenAddress(host: host, port: UInt16(port)))
        }

        public var description: String { "\(host):\(port)" }

        static func isDottedIPv4(_ text: String) -> Bool {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 4 && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
                    && (Int(part).map { $0 <= 255 } ?? false)
            }
        }
    }

    public struct ListenAddressProblem: Error, Sendable {
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The shortest `web.token`, characters (a token anyone could guess protects nothing).
    public static let minimumWebTokenLength = 16

    static func web(_ reader: ConfigObjectReader) throws(ConfigError) -> Web {
        typealias Key = ConfigKeys.Web
        var web = Web()
        switch reader.value(Key.listen.name) {
        case nil: break
        case .null?: web.listen = nil
        case .string(let text)?:
            switch ListenAddress.parse(text) {
            case .success(let address): web.listen = address
            case .failure(let problem):
                throw reader.error(Key.listen.name, "\"\(MessageText.clipped(text))\" \(problem.reason)")
            }
        case let value?:
            throw reader.error(Key.listen.name, "must be \"HOST:PORT\" or null, not \(value.shortDescription)")
        }
        web.token = try reader.optionalString(Key.token, default: nil)
        if let token = web.token {
            guard token.utf8.count >= minimumWebTokenLength else {
                throw reader.error(Key.token.name, "must be at least \(minimumWebTokenLength) characters long")
            }
            guard token.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
                throw reader.error(Key.token.name, "must be printable ASCII without spaces")
            }
        }
        return web
    }
}

extension ConfigKeys {
    public enum Web {
        public static let listen = ConfigKey(
            "web.listen", .described("\"HOST:PORT\""), nullable: true, default: "\"0.0.0.0:8080\"",
            "Where the setup and live pages listen: an IPv4 address (0.0.0.0 for every interface, 127.0.0.1 for "
                + "this machine only) and a port; null turns the pages off.")
        public static let token = ConfigKey(
            "web.token", .text, nullable: true, default: "null",
            "A fixed token for scripts (`Authorization: Bearer TOKEN`, at least 16 printable characters); "
                + "null: a phone gets one by pairing with the button.")
    }
}
