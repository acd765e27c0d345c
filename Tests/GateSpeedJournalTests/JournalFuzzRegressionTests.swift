import Foundation
import GateSpeedPlatform
import GateSpeedJournal
import Testing
import GateSpeedTestSupport

/// Journal inputs that crashed a fuzz target (`make fuzz`, Tests/Fuzz), kept in
/// Tests/Fuzz/Regressions/TARGET and read back here through the same code the target drives.
@Suite struct JournalFuzzRegressionTests {
    static func inputs(_ target: String) throws -> [String] {
        let directory = repositoryRoot() + "/Tests/Fuzz/Regressions/" + target
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }
    }

    /// Journal: a session line numbered Int.max, then a new session, trapped (the session number
    /// overflowed; issue 12 lists it). Run in a child process so that a trap fails the test
    /// instead of ending the suite.
    @Test func journalInputsRestoreAndStartANewSessionWithoutATrap() async throws {
        #expect(try !Self.inputs("journal").isEmpty)
        await #expect(processExitsWith: .success) {
            for input in try JournalFuzzRegressionTests.inputs("journal") {
                let root = try TemporaryDirectory()
                let path = root.path + "/results.jsonl"
                try FileManager.default.copyItem(atPath: input, toPath: path)
                let journal = try? ResultsJournal(path: path, clock: { Date(timeIntervalSince1970: 1_750_000_000) },
                                                  timeZone: TimeZone(identifier: "UTC")!)
                _ = try? journal?.startNewSession()
            }
        }
    }
}
