import Foundation
import Synchronization
import GateSpeedPlatform
#if canImport(Glibc)
import Glibc
#endif

/// Keeps a minimum of free space on the clips' file system. The clip library asks it
/// before every clip; when it is short the library deletes the oldest non-favourite
/// clips, and when that is not enough clips are suspended (timing carries on) until
/// space comes back. `clipsSuspended` feeds the status LED.
public final class StorageGuard: Sendable {
    /// Default floor of free space: 500 MB.
    public static let defaultMinimumFreeBytes: UInt64 = 500_000_000

    public let minimumFreeBytes: UInt64
    private let freeBytesOf: @Sendable (String) -> UInt64?
    /// Where the guard's lines go (also used by the library for deletions and index repairs).
    let log: Log
    private let suspended = Atomic<Bool>(false)

    /// - Parameters:
    ///   - freeBytes: free bytes available to this process on the file system holding a
    ///     path (default: `statvfs`); nil when it cannot be read. Injectable for tests.
    ///   - log: one line per state change: a suspension is a warning, the resumption info
    ///     (default: stderr).
    public init(minimumFreeBytes: UInt64 = StorageGuard.defaultMinimumFreeBytes,
                freeBytes: @escaping @Sendable (String) -> UInt64? = StorageGuard.statvfsFreeBytes,
                log: Log = Log()) {
        self.minimumFreeBytes = minimumFreeBytes
        self.freeBytesOf = freeBytes
        self.log = log
    }

    /// True while clip writing is stopped for lack of space (fault for the status LED).
    public var clipsSuspended: Bool { suspended.load(ordering: .relaxed) }

    /// True when writing `expectedBytes` under `path` still leaves the minimum free.
    /// An unreadable free-space figure counts as enough (do not stop clips on a probe failure).
    public func hasRoom(for expectedBytes: Int, at path: String) -> Bool {
        guard let free = freeBytesOf(path) else { return true }
        return free >= minimumFreeBytes &+ UInt64(max(0, expectedBytes))
    }

    /// Records the outcome of a space check, logging only when the state changes.
    /// `reason`: why, when it is not the free-space floor (a folder that cannot be made).
    func setSuspended(_ value: Bool, at path: String, reason: String? = nil) {
        let was = suspended.exchange(value, ordering: .relaxed)
        guard was != value else { return }
        if value, let reason {
            log.warning("clips suspended: \(reason); timing continues")
        } else if value {
            log.warning("clips suspended: less than \(minimumFreeBytes / 1_000_000) MB free under \(path) "
                + "and no more non-favourite clips to delete; timing continues")
        } else {
            log.info("clips resumed: enough free space under \(path)")
        }
    }

    /// Free bytes for an unprivileged writer (`f_bavail * f_frsize`) on the file system of `path`.
    @Sendable public static func statvfsFreeBytes(_ path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) &* UInt64(info.f_frsize)
    }
}
