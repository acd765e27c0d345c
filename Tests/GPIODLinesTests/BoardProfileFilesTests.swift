import Foundation
import GateSpeedBoard
import Testing

/// `Board/<name>.json` must say exactly what the built-in profiles say.
@Suite struct BoardProfileFilesTests {
    static let boardDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Board")

    @Test(arguments: BoardProfile.builtIn.map(\.name))
    func jsonFileMatchesBuiltInProfile(name: String) throws {
        let data = try Data(contentsOf: Self.boardDirectory.appendingPathComponent("\(name).json"))
        let decoded = try JSONDecoder().decode(BoardProfile.self, from: data)
        #expect(decoded == (try BoardProfile.named(name)))
    }

    @Test func everyJsonFileIsABuiltInProfile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.boardDirectory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == BoardProfile.builtIn.map { "\($0.name).json" }.sorted())
    }

    @Test func encodingRoundTripsAndRejectsAmbiguousLines() throws {
        let data = try JSONEncoder().encode(BoardProfile.generic)
        #expect(try JSONDecoder().decode(BoardProfile.self, from: data) == .generic)
        let ambiguous = Data(#"{"offset": 3, "name": "GPIO3"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LineSpec.self, from: ambiguous) }
    }
}
