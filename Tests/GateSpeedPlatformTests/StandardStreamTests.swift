#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import GateSpeedPlatform

/// The one writer of stdout and stderr: a write that cannot be made (a full device, a closed
/// descriptor) stops that stream, is counted and never crashes the caller.
@Suite struct StandardStreamTests {
    @Test func aFullDeviceStopsTheStreamAndCountsWhatWasDropped() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let stream = StandardStream(descriptor: full, name: "events")
        #expect(stream.failure == nil)
        #expect(!stream.write("{\"event\":\"ready\",\"t\":1}\n"))
        #expect(stream.failure == .noSpace)
        for _ in 0..<100 { #expect(!stream.write("more\n")) }
        #expect(stream.droppedWrites == 101)
        #expect(stream.failureSummary == "events failed (No space left on device); 101 write(s) were dropped")
    }

    @Test func aClosedDescriptorStopsTheStream() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        close(ends[1])   // the write end is closed: EBADF, no signal
        let stream = StandardStream(descriptor: ends[1], name: "closed")
        #expect(!stream.write("x\n"))
        #expect(stream.failure == Errno(EBADF))
    }

    @Test func everyByteOfALongLineArrives() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let readEnd = ends[0], writeEnd = ends[1]
        defer { close(readEnd) }
        let line = String(repeating: "0123456789", count: 30_000) + "\n"   // larger than a pipe's buffer
        let stream = StandardStream(descriptor: writeEnd, name: "pipe")
        let received = ReceivedBytes()
        let reader = Thread {
            var total = 0
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                total += count
            }
            received.set(total)
        }
        reader.start()
        #expect(stream.write(line))
        close(writeEnd)
        #expect(received.wait() == line.utf8.count)
    }
}

/// The reader thread's count, handed over once.
final class ReceivedBytes: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var count = 0
    func set(_ value: Int) { count = value; done.signal() }
    func wait() -> Int { done.wait(); return count }
}
