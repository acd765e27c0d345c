#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A datagram socket standing in for systemd's `$NOTIFY_SOCKET`.
public final class FakeNotifySocket {
    public let address: String
    private let descriptor: Int32

    /// Binds `name` inside `directory`, or an abstract socket when `directory` is nil.
    public init(directory: String?, name: String = "notify") throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        var bytes: [UInt8]
        if let directory {
            address = directory + "/" + name
            bytes = Array(address.utf8) + [0]
        } else {
            address = "@gatespeed-test-" + UUID().uuidString
            bytes = [0] + Array(address.utf8.dropFirst())
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard descriptor >= 0, result == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
    }

    /// Every datagram waiting, oldest first, without blocking.
    public func receiveAll() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count <= 0 { return messages }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
    }

    deinit { close(descriptor) }
}
