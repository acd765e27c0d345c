import Foundation
import GateSpeedPlatform
import GateSpeedEvents
import GateSpeedRecording
import Testing
import GateSpeedTestSupport

/// Clip index inputs that crashed a fuzz target (`make fuzz`, Tests/Fuzz), kept in
/// Tests/Fuzz/Regressions/TARGET and read back here through the same code the target drives.
@Suite struct ClipIndexFuzzRegressionTests {
    static func inputs(_ target: String) throws -> [String] {
        let directory = repositoryRoot() + "/Tests/Fuzz/Regressions/" + target
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }
    }

    /// Clip index: a highlight numbered Int.max made opening the session trap (the next
    /// highlight number overflowed). Every regression input opens, or fails with an error.
    @Test func clipIndexInputsOpenWithoutATrap() throws {
        let inputs = try Self.inputs("clipindex")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let root = try TemporaryDirectory()
            let session = SessionID(date: "2025-06-15", number: 1)
            let directory = root.path + "/2025-06-15/session-1"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: input, toPath: directory + "/index.json")
            let library = try? ClipLibrary(root: root.path, session: session)
            _ = library?.currentIndex
        }
    }
}
