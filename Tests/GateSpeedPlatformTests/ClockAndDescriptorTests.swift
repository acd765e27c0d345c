import Glibc
import Testing
@testable import GateSpeedPlatform

struct ClockTests {
    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock(seconds: 10)
        #expect(clock.now() == 10)
        clock.advance(by: 1.5)
        #expect(clock.now() == 11.5)
        clock.set(3)
        #expect(clock.now() == 3)
    }

    @Test func monotonicClockNeverGoesBack() {
        var last = MonotonicClock.seconds()
        for _ in 0..<1000 {
            let now = MonotonicClock().now()
            #expect(now >= last)
            last = now
        }
    }
}

struct FileDescriptorTests {
    @Test func writeAllContinuesShortWritesAndRetriesInterrupts() throws {
        var descriptors: [Int32] = [-1, -1]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        nonisolated(unsafe) var calls = 0
        let shortWriter: FileDescriptor.WriteCall = { fd, bytes in
            calls += 1
            if calls == 2 { errno = EINTR; return -1 }
            return Glibc.write(fd, bytes.baseAddress, min(bytes.count, 3))
        }
        try FileDescriptor(rawValue: descriptors[1]).writeAll(Array("hello world".utf8), using: shortWriter)
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = read(descriptors[0], &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<count], as: UTF8.self) == "hello world")
        #expect(calls > 4)
    }

    @Test func writeAllNamesTheErrno() {
        let full: FileDescriptor.WriteCall = { _, _ in errno = ENOSPC; return -1 }
        #expect(throws: Errno.noSpace) {
            try FileDescriptor(rawValue: 99).writeAll(Array("x".utf8), using: full)
        }
        #expect(Errno.noSpace.description == "No space left on device")
    }

    @Test func pathPartsAgreeWithFoundation() {
        #expect(DurableFile.directoryPart(of: "/a/b/c.json") == "/a/b")
        #expect(DurableFile.directoryPart(of: "c.json") == "")
        #expect(DurableFile.directoryPart(of: "/c.json") == "/")
        #expect(DurableFile.namePart(of: "/a/b/c.json") == "c.json")
        #expect(DurableFile.namePart(of: "c.json") == "c.json")
    }

    @Test func environmentIsRead() {
        setenv("GATESPEED_PLATFORM_TEST", "a=b", 1)
        #expect(ProcessEnvironment.current["GATESPEED_PLATFORM_TEST"] == "a=b")
        #expect(ProcessEnvironment.value("GATESPEED_PLATFORM_TEST") == "a=b")
    }
}
