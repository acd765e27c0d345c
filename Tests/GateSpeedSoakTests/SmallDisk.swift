import Foundation

/// A tmpfs of a fixed size mounted on a folder: a small disk for the clips, whose free space
/// nothing else on the machine changes (needs root, as CI and the development machines are).
final class SmallDisk {
    let path: String
    private var mounted = false

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(at path: String, megabytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0755", "tmpfs", path])
        mounted = true
    }

    deinit { unmount() }

    /// Unmounts it now (its files go with it); later calls do nothing.
    func unmount() {
        guard mounted else { return }
        mounted = false
        try? Self.run("/bin/umount", [path])
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")): \(message) (the soak needs root for its small disk)")
        }
    }
}
