import Foundation
import GateSpeedPlatform
import GateSpeedBoard
import GateSpeedConfig
import Testing
import GateSpeedTestSupport

/// What `Board/README.md` tells a user to put in the config loads as a config: the board
/// examples there are real `board` objects, not a shape the config cannot read.
@Suite struct BoardReadmeTests {
    /// The ```json blocks of the file.
    static func jsonBlocks(_ text: String) -> [String] {
        text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    @Test func everyJSONExampleInBoardReadmeIsABoardTheConfigLoads() throws {
        let text = try String(contentsOfFile: repositoryRoot() + "/Board/README.md", encoding: .utf8)
        let blocks = Self.jsonBlocks(text)
        #expect(!blocks.isEmpty)
        for block in blocks {
            // A snippet is a `"board": {...}` member; the config file is the object around it.
            let config = block.hasPrefix("\"") ? "{" + block + "}" : block
            do { _ = try GateSpeedConfig.parse(json: config, source: "Board/README.md") } catch {
                Issue.record("Board/README.md example does not load: \(error.message)\n\(block)")
            }
        }
    }

    @Test func theButtonLineOfTheReadmeLoadsAsActiveHigh() throws {
        let config = try GateSpeedConfig.parse(json: #"{"board": {"lines": {"button": {"offset": 5, "active_low": false}}}}"#)
        #expect(config.board.override(for: .button) == .init(role: .button, line: .offset(5), activeLow: false))
    }
}
