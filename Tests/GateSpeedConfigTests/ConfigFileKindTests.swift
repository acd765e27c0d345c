#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing
@testable import GateSpeedConfig
import GateSpeedTestSupport

/// Only a regular file of at most 1 MB is read as a config: a FIFO, a device or a directory is
/// refused at once with what it is (issue 12: `--config` on a FIFO hung; a directory said
/// "Is a directory" through strerror, /dev/null "the file is empty").
@Suite struct ConfigFileKindTests {
    /// Loads `path` on another thread; nil (and a recorded issue) when it has not returned
    /// after 20 s, in which case `unblock` is called so the thread can finish.
    func loadWithoutHanging(_ path: String, unblock: () -> Void = {}) -> Result<GateSpeedConfig, ConfigError>? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<GateSpeedConfig, ConfigError>?>(nil)
        Thread {
            let outcome = Result { () throws(ConfigError) -> GateSpeedConfig in try GateSpeedConfig.load(path: path) }
            result.withLock { $0 = outcome }
            done.signal()
        }.start()
        if done.wait(timeout: .now() + 20) == .timedOut {
            Issue.record("loading \(path) did not return: it hangs")
            unblock()
            done.wait()
        }
        return result.withLock { $0 }
    }

    func problem(_ result: Result<GateSpeedConfig, ConfigError>?) -> String? {
        if case .failure(let error)? = result { return error.message }
        return nil
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/config.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = loadWithoutHanging(fifo) {
            // The old code blocks in open(2) until a writer comes: be that writer, then close.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        #expect(problem(result) == "config.json: is a FIFO (named pipe), not a regular file")
    }

    @Test func aDeviceOrADirectoryIsRefusedSayingWhatItIs() throws {
        #expect(problem(loadWithoutHanging("/dev/null")) == "null: is a character device, not a regular file")
        let directory = try TemporaryDirectory()
        #expect(problem(loadWithoutHanging(directory.path)) == "\(URL(fileURLWithPath: directory.path).lastPathComponent): "
                    + "is a directory, not a file")
    }

    @Test func aFileOverOneMegabyteIsRefused() throws {
        let directory = try TemporaryDirectory()
        let padding = String(repeating: " ", count: GateSpeedConfig.maximumFileBytes)
        try directory.write("{" + padding + "}", to: "config.json")
        #expect(problem(loadWithoutHanging(directory.path + "/config.json"))
                    == "config.json: is too large (\(GateSpeedConfig.maximumFileBytes + 2) bytes; a config file is at most 1 MB)")
        try directory.write("{" + String(padding.dropFirst(10)) + "}", to: "fits.json")
        #expect(problem(loadWithoutHanging(directory.path + "/fits.json")) == nil)
    }

    @Test func aMissingFileIsNilForTheDefaultLocationOnly() throws {
        let directory = try TemporaryDirectory()
        #expect(try GateSpeedConfig.loadIfPresent(path: directory.path + "/none.json") == nil)
        #expect(try GateSpeedConfig.loadIfPresent(path: directory.path + "/no/such/dir/config.json") == nil)
        try directory.write(#"{"voice": {"rate": 200}}"#, to: "config.json")
        #expect(try GateSpeedConfig.loadIfPresent(path: directory.path + "/config.json")?.voice.rateWordsPerMinute == 200)
        #expect(GateSpeedConfig.defaultLocation(environment: [:]) == "/etc/gatespeed/config.json")
        #expect(GateSpeedConfig.defaultLocation(environment: ["GATESPEED_CONFIG": "/tmp/x.json"]) == "/tmp/x.json")
        #expect(GateSpeedConfig.defaultLocation(environment: ["GATESPEED_CONFIG": ""]) == "/etc/gatespeed/config.json")
    }
}
