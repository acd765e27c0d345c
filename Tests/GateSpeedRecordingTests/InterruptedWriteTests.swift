import FFmpegMedia
import Foundation
import GateSpeedFrames
import GateSpeedEvents
import GateSpeedPlatform
import Testing
@testable import GateSpeedRecording

/// A clip write killed at any moment leaves no `.mp4` that fails to open: a child process
/// writes clips into a library without pause and is SIGKILLed at several moments; every
/// `.mp4` left must decode completely, and the library clears the leftovers on reopen.
@Suite(.serialized) struct InterruptedWriteTests {
    static let childVariable = "GATESPEED_CHILD_CLIP_ROOT"
    static let framesPerClip = 20

    /// The child's work (does nothing in a normal test run).
    @Test func childWritesClipsUntilKilled() throws {
        guard let root = ProcessInfo.processInfo.environment[Self.childVariable] else { return }
        var settings = EncoderSettings(width: 160, height: 120)
        settings.preferHardware = false
        settings.preset = "ultrafast"
        let encoder = try VideoEncoder(settings: settings)
        var image = I420Image(width: 160, height: 120)
        var packets: [EncodedPacket] = []
        for index in 0..<Self.framesPerClip {
            for pixel in 0..<(160 * 120) { image.bytes[pixel] = UInt8((pixel / 160 + index * 3) & 0xFF) }
            image.timestamp = Double(index) / 30
            packets += try encoder.encode(image)
        }
        packets += try encoder.flush()
        let library = try ClipLibrary(root: root, session: SessionID(date: "2026-06-01", number: 1),
                                      storageGuard: StorageGuard(minimumFreeBytes: 0, log: .silent))
        _ = FileManager.default.createFile(atPath: root + "/ready", contents: nil)
        while true {
            guard let reservation = library.reserveHighlightClip(expectedBytes: 0) else { return }
            try ContainerWriter.write(packets: packets, stream: encoder.streamInfo, to: reservation.path)
            try library.commit(reservation)
        }
    }

    @Test func aKilledWriterLeavesOnlyCompleteClips() throws {
        guard ProcessInfo.processInfo.environment[Self.childVariable] == nil else { return }
        let testBinary = CommandLine.arguments[0]
        var clipsSeen = 0, leftoversSeen = 0
        for (attempt, delay) in [0.013, 0.029, 0.041, 0.057, 0.071, 0.089].enumerated() {
            let root = temporaryDirectory("killed-\(attempt)")
            let child = Process()
            child.executableURL = URL(fileURLWithPath: testBinary)
            child.arguments = ["--testing-library", "swift-testing", "--filter", "childWritesClipsUntilKilled"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: root]) { $1 }
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            // Wait until it is writing (bounded), then let it write a little and kill it.
            var waited = 0
            while !FileManager.default.fileExists(atPath: root + "/ready") && child.isRunning && waited < 3000 {
                usleep(10_000)
                waited += 10
            }
            usleep(UInt32(delay * 1_000_000))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()

            let directory = root + "/2026-06-01/session-1"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            leftoversSeen += names.filter { $0.hasSuffix(".partial") || $0.hasSuffix(".tmp") }.count
            for name in names where name.hasSuffix(".mp4") {
                clipsSeen += 1
                let (frames, statistics) = try decodeAll(directory + "/" + name)
                #expect(frames.count == Self.framesPerClip, "\(name) is complete")
                #expect(statistics.corrupt == 0)
            }
            // Reopening clears anything half-written; the index only lists whole files.
            let reopened = try ClipLibrary(root: root, session: SessionID(date: "2026-06-01", number: 1),
                                           storageGuard: StorageGuard(minimumFreeBytes: 0, log: .silent))
            let after = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            #expect(!after.contains { $0.hasSuffix(".partial") || $0.hasSuffix(".tmp") })
            for entry in reopened.currentIndex.clips {
                #expect(after.contains(entry.file), "indexed \(entry.file) exists")
            }
        }
        #expect(clipsSeen > 0, "the child wrote clips before being killed")
        print("interrupted writes: \(clipsSeen) complete clips checked, \(leftoversSeen) half-written leftovers found")
    }
}
