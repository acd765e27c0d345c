#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A tmpfs of 1 MB mounted on a fresh directory and filled to the last byte.
public struct FullDisk {
    public let mountPoint: String
    public var output: String { mountPoint + "/out" }

    public static let canMount: Bool = {
        guard getuid() == 0, let probe = try? FullDisk(fill: false) else { return false }
        probe.unmount()
        return true
    }()

    public init(size: String = "1m", fill: Bool = true) throws {
        mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("gatespeed-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint]) == 0 else {
            try? FileManager.default.removeItem(atPath: mountPoint)
            throw CocoaError(.fileWriteNoPermission)
        }
        guard fill else { return }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        self.fill()
    }

    /// Takes every free block (dd stops with ENOSPC).
    public func fill() {
        _ = Self.run("/bin/dd", ["if=/dev/zero", "of=\(mountPoint)/filler", "bs=64k"])
    }

    public func free() {
        try? FileManager.default.removeItem(atPath: mountPoint + "/filler")
    }

    public func unmount() {
        _ = Self.run("/bin/umount", [mountPoint])
        try? FileManager.default.removeItem(atPath: mountPoint)
    }

    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
