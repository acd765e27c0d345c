#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Tells systemd about the service's state through `$NOTIFY_SOCKET` (sd_notify(3) without
/// libsystemd): `READY=1`, `STATUS=…`, `WATCHDOG=1`, `STOPPING=1`. Without the variable
/// (run by hand, in tests, in the demo) every call is a no-op.
///
/// `watchdogPing(now:)` is meant to be called from the frame loop on every frame: it sends
/// only when half of `WATCHDOG_USEC` has passed since the last ping, so a hung camera stops
/// the pings and systemd restarts the service. Between pings it is one atomic load and a
/// comparison: no allocation, no lock, no system call.
public final class SystemdNotifier: Sendable {
    /// The socket address as given (`/run/systemd/notify` or `@abstract`), nil when disabled.
    public let socketPath: String?
    /// Seconds between watchdog pings (half of `WATCHDOG_USEC`), nil when systemd expects none.
    public let watchdogInterval: Double?

    private let descriptor: Int32
    private let address: sockaddr_un
    private let addressLength: socklen_t
    private let watchdogIntervalNanoseconds: Int64
    /// Monotonic nanoseconds at which the next ping is due; `Int64.min` before the first.
    private let nextPingDue = Atomic<Int64>(Int64.min)

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` (the watchdog is off when
    /// that names another process, as sd_watchdog_enabled(3) does).
    public convenience init(environment: [String: String] = ProcessEnvironment.current) {
        var watchdogMicroseconds = environment["WATCHDOG_USEC"].flatMap { UInt64($0) }
        if let pid = environment["WATCHDOG_PID"], pid != String(getpid()) { watchdogMicroseconds = nil }
        self.init(socketPath: environment["NOTIFY_SOCKET"], watchdogMicroseconds: watchdogMicroseconds)
    }

    /// - Parameters:
    ///   - socketPath: a file system path, or `@name` for an abstract socket; nil or unusable disables.
    ///   - watchdogMicroseconds: systemd's `WATCHDOG_USEC`; nil or 0 disables pings.
    public init(socketPath: String?, watchdogMicroseconds: UInt64?) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathCapacity = MemoryLayout.size(ofValue: address.sun_path)
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        var length = 0
        if let path = socketPath, path.first == "/" || path.first == "@" {
            var bytes = Array(path.utf8)
            if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract namespace: no trailing NUL
            else { bytes.append(0) }
            if bytes.count <= pathCapacity {
                withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
                length = pathOffset + bytes.count
            }
        }
        let descriptor = length > 0 ? socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) : -1
        self.descriptor = descriptor
        self.socketPath = descriptor >= 0 ? socketPath : nil
        self.address = address
        self.addressLength = socklen_t(length)
        if descriptor >= 0, let microseconds = watchdogMicroseconds, microseconds > 0 {
            watchdogIntervalNanoseconds = Int64(clamping: microseconds) * 500  // half, in nanoseconds
            watchdogInterval = Double(watchdogIntervalNanoseconds) / 1e9
        } else {
            watchdogIntervalNanoseconds = 0
            watchdogInterval = nil
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// True when there is a socket to talk to.
    public var isEnabled: Bool { descriptor >= 0 }

    /// Sends one notification (lines like `READY=1\nSTATUS=…`). Never blocks; false when
    /// disabled or the datagram could not be sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard descriptor >= 0 else { return false }
        var state = state
        return state.withUTF8 { send($0) }
    }

    /// `READY=1`, with a status line if given: the service is up (calibration has started).
    @discardableResult
    public func ready(status: String? = nil) -> Bool {
        notify(status.map { "READY=1\nSTATUS=\(Self.singleLine($0))" } ?? "READY=1")
    }

    /// `STATUS=…`: the line `systemctl status gatespeed` shows.
    @discardableResult
    public func status(_ text: String) -> Bool { notify("STATUS=\(Self.singleLine(text))") }

    /// `STOPPING=1`: shutdown has begun.
    @discardableResult
    public func stopping() -> Bool { notify("STOPPING=1") }

    /// Sends `WATCHDOG=1` now, whether or not one is due.
    @discardableResult
    public func watchdog() -> Bool {
        guard descriptor >= 0 else { return false }
        let message: StaticString = "WATCHDOG=1"
        return send(UnsafeBufferPointer(start: message.utf8Start, count: message.utf8CodeUnitCount))
    }

    /// Sends `WATCHDOG=1` if a ping is due at `now` (seconds on a monotonic clock, such as
    /// `MonotonicClock.seconds()` or the camera's buffer timestamps). Returns true when it sent.
    /// Pings follow a fixed cadence of `watchdogInterval`; after a stall the next one is due a
    /// full interval after the late ping rather than in a burst.
    @inline(__always)
    @discardableResult
    public func watchdogPing(now: Double) -> Bool {
        // Beyond ±290 years the nanosecond count would not fit an Int64.
        guard watchdogIntervalNanoseconds > 0, now.isFinite, abs(now) < 9e9 else { return false }
        let nowNanoseconds = Int64(now * 1e9)
        let due = nextPingDue.load(ordering: .relaxed)
        guard nowNanoseconds >= due else { return false }
        return sendDuePing(due: due, now: nowNanoseconds)
    }

    /// `watchdogPing(now:)` on `CLOCK_MONOTONIC`.
    @discardableResult
    public func watchdogPing() -> Bool { watchdogPing(now: MonotonicClock.seconds()) }

    private func sendDuePing(due: Int64, now: Int64) -> Bool {
        var next = due == Int64.min ? now + watchdogIntervalNanoseconds : due + watchdogIntervalNanoseconds
        if next <= now { next = now + watchdogIntervalNanoseconds }
        // Only the thread that moves the due time sends, so two callers never double-ping.
        guard nextPingDue.compareExchange(expected: due, desired: next, ordering: .relaxed).exchanged else { return false }
        return watchdog()
    }

    private func send(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafePointer(to: address) { addressPointer in
            addressPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                while true {
                    let sent = sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL),
                                      socketAddress, addressLength)
                    if sent >= 0 { return sent == bytes.count }
                    if errno != EINTR { return false }
                }
            }
        }
    }

    private static func singleLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
