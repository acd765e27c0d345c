import Glibc
import Testing
@testable import GateSpeedPlatform

/// One errno type, one rendering: every carrier says the system's text the same way.
struct ErrnoTests {
    @Test func rendersTheSystemTextAndOptionallyTheNumber() {
        #expect(Errno(ENODEV).description == "No such device")
        #expect(Errno(ENODEV).numbered == "No such device (errno \(ENODEV))")
        #expect(Errno.current == Errno(errno))
    }

    @Test func aDurableFileErrorCarriesTheErrnoAndSaysItsText() throws {
        let missing = "/nonexistent-gatespeed-dir/state.json"
        #expect(throws: DurableFileError(.open, path: "/nonexistent-gatespeed-dir", errno: .noEntry)) {
            try DurableFile.writeAtomically(Array("{}".utf8), to: missing)
        }
        let error = DurableFileError(.sync, path: "/a/b", errno: .noSpace)
        #expect(error.description == "cannot sync /a/b: No space left on device")
    }

    @Test func aFailedReadCarriesTheErrno() {
        guard case .failure(.system(let failure)) = DurableFile.readAll(fd: -1, limit: 10) else {
            Issue.record("a read of fd -1 must fail")
            return
        }
        #expect(failure == Errno(EBADF))
    }

    @Test func writingWithoutReplacingLeavesAnExistingFileAlone() throws {
        let directory = "/tmp/gatespeed-errno-\(getpid())"
        try DurableFile.createDirectory(directory)
        defer { _ = unlink(directory + "/kept"); _ = rmdir(directory) }
        try DurableFile.writeAtomically(Array("first".utf8), to: directory + "/kept", replacing: false)
        #expect(throws: DurableFileError(.rename, path: directory + "/kept", errno: .exists)) {
            try DurableFile.writeAtomically(Array("second".utf8), to: directory + "/kept", replacing: false)
        }
        let fd = open(directory + "/kept", O_RDONLY)
        defer { close(fd) }
        guard case .success(let bytes) = DurableFile.readAll(fd: fd, limit: 100) else {
            Issue.record("the kept file must be readable")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "first")
        #expect(access(directory + "/kept.tmp", F_OK) != 0, "no temporary file is left behind")
    }
}
