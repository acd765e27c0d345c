import GateSpeedTestSupport
import Foundation
import Testing

/// The benchmark lives in its own executable, `gatespeed-bench`, with the counting allocator;
/// the appliance links neither, and `gatespeed bench` hands over to the benchmark beside it.
@Suite struct BenchExecutableTests {
    static let bench = BuiltBinary.locate("gatespeed-bench", testBinary: CommandLine.arguments.first ?? "",
                                          packageRoot: BuiltBinary.packageRoot)

    static func run(_ program: String, _ arguments: [String], environment extra: [String: String] = [:]) throws
        -> ProgramOutcome {
        try runProgramSeparately(program, arguments, environment: ProcessInfo.processInfo.environment.merging(extra) { $1 })
    }

    /// The counting allocator's exported malloc, by name in the binary's dynamic symbols.
    static func hasCountingAllocator(_ path: String) throws -> Bool {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return bytes.range(of: Data("gatespeed_counting_malloc".utf8)) != nil
    }

    @Test func theApplianceHasNoCountingAllocatorAndTheBenchHasIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.bench), "build first: \(Self.bench)")
        #expect(try !Self.hasCountingAllocator(BuiltBinary.gatespeed))
        #expect(try Self.hasCountingAllocator(Self.bench))
    }

    /// `gatespeed bench` checks its options itself, then runs the bench, which counts the
    /// allocations of the frame loop (a figure the appliance alone could not give).
    @Test func gatespeedBenchRunsTheBenchBesideIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.bench), "build first: \(Self.bench)")
        let outcome = try Self.run(BuiltBinary.gatespeed, ["bench", "--frames", "3"], environment: ["GATESPEED_BENCH_SIZES": "64x48"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("allocations per frame after the first: 0.00"), "\(outcome.stdout)")
        let direct = try Self.run(Self.bench, ["--seed", "3"])
        #expect(direct.status == 2)
        #expect(direct.stderr.contains("bench: --seed goes with --sweep"), "\(direct.stderr)")
    }

    /// A `gatespeed` copied somewhere alone says what is missing instead of failing obscurely.
    @Test func aGatespeedWithoutTheBenchBesideItSaysSo() throws {
        let folder = try TemporaryDirectory()
        let alone = folder.path + "/gatespeed"
        try FileManager.default.copyItem(atPath: BuiltBinary.gatespeed, toPath: alone)
        let outcome = try Self.run(alone, ["bench"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("bench: cannot run "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("/gatespeed-bench (No such file or directory)"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(URL(fileURLWithPath: folder.path).lastPathComponent), "names the folder it looked in: \(outcome.stderr)")
        let refused = try Self.run(alone, ["bench", "--frames", "0"])
        #expect(refused.status == 2, "options are still checked by gatespeed itself")
    }
}
