#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The package root: the nearest folder above `file` (the calling test's path) that holds
/// `Package.swift`.
public func repositoryRoot(file: String = #filePath) -> String {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
        folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}

public func readText(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

/// A fresh directory under the system temp directory, removed when the value is released.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "/gatespeed-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func write(_ text: String, to name: String) throws {
        try text.write(toFile: path + "/" + name, atomically: false, encoding: .utf8)
    }

    public func write(bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs a program, returning its exit status and combined output.
public func runProgram(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A program's exit status with its standard output and standard error apart.
public struct ProgramOutcome: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs a program, returning its exit status, standard output and standard error apart.
public func runProgramSeparately(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> ProgramOutcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProgramOutcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                          stderr: String(decoding: stderr, as: UTF8.self))
}
