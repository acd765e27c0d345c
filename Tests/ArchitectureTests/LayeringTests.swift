import Foundation
import GateSpeedTestSupport
import Testing

/// The layering of README "Architecture", checked against `Package.swift` and the `import`
/// lines of every source file: a module imports only what its layer allows, and declares
/// exactly the package modules it imports (no more, no fewer).
@Suite struct LayeringTests {
    /// Every module of the package, by layer. A new module must be put in one.
    static let pure: Set = ["GateSpeedFrames", "GateSpeedVision", "GateSpeedCore", "GateSpeedGeometry", "GateSpeedEngine",
                            "GateSpeedBoard", "GateSpeedSimulation", "GateSpeedEvents", "GateSpeedWebPage"]
    static let platform: Set = ["GateSpeedPlatform"]
    static let adapters: Set = ["V4L2Camera", "GPIODLines", "EspeakVoice", "ALSAPlayback", "FFmpegMedia", "FreeTypeText",
                                "MosquittoClient", "TurboJPEG", "MicroHTTPServer"]
    static let settings: Set = ["GateSpeedConfig"]
    static let sinks: Set = ["GateSpeedJournal", "GateSpeedRecording", "GateSpeedSpeech", "GateSpeedIndicators",
                             "GateSpeedWeb", "GateSpeedMQTT", "GateSpeedLiveView"]
    static let app: Set = ["GateSpeedApp"]
    static let executables: Set = ["gatespeed", "GateSpeedBench", "AllocationCounting"]
    static let testSupport: Set = ["GateSpeedTestSupport", "LoopbackHTTPClient"]

    /// The toolchain's and the system's modules (not package targets).
    static let systemModules: Set = ["Foundation", "FoundationEssentials", "Glibc", "Synchronization", "Dispatch", "Testing"]

    struct Target {
        var name: String
        var kind: String
        var dependencies: [String]
        var path: String
    }

    /// The targets declared in `Package.swift`: kind, name, `dependencies: [...]`, `path:`.
    static func targets() throws -> [Target] {
        let text = try String(contentsOfFile: repositoryRoot() + "/Package.swift", encoding: .utf8)
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
        let declaration = try Regex(#"\.(target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*"([A-Za-z0-9_]+)""#)
        let matches = code.matches(of: declaration)
        var targets: [Target] = []
        for (index, match) in matches.enumerated() {
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : code.endIndex
            let body = String(code[match.range.upperBound..<end])
            let kind = String(match.output[1].substring ?? "")
            let name = String(match.output[2].substring ?? "")
            var dependencies: [String] = []
            if let list = body.firstMatch(of: try Regex(#"dependencies:\s*\[([^\]]*)\]"#)) {
                let inner = String(list.output[1].substring ?? "")
                dependencies = inner.matches(of: try Regex(#""([A-Za-z0-9_]+)""#)).map { String($0.output[1].substring ?? "") }
            }
            var path = (kind == "testTarget" ? "Tests/" : "Sources/") + name
            if let custom = body.firstMatch(of: try Regex(#"path:\s*"([^"]+)""#)) { path = String(custom.output[1].substring ?? "") }
            targets.append(Target(name: name, kind: kind, dependencies: dependencies, path: path))
        }
        return targets
    }

    /// The modules `import`ed by the Swift files under `path` (any depth).
    static func imports(under path: String) -> Set<String> {
        let folder = repositoryRoot() + "/" + path
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(atPath: folder)
        while let file = files?.nextObject() as? String {
            guard file.hasSuffix(".swift"), let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count >= 2, words[0] == "import" { modules.insert(String(words[1])) }
            }
        }
        return modules
    }

    @Test func everyModuleHasALayer() throws {
        let layered = Self.pure.union(Self.platform).union(Self.adapters).union(Self.settings).union(Self.sinks)
            .union(Self.app).union(Self.executables).union(Self.testSupport)
        let targets = try Self.targets()
        // The reading of Package.swift itself: every kind of target, with its dependencies.
        #expect(targets.count >= 50, "\(targets.count) targets read from Package.swift")
        #expect(targets.first { $0.name == "GateSpeedApp" }?.dependencies.contains("GateSpeedJournal") == true)
        #expect(targets.first { $0.name == "LoopbackHTTPClient" }?.path == "Tests/Support/LoopbackHTTPClient")
        #expect(targets.filter { $0.kind == "systemLibrary" }.count == 9)
        for target in targets where target.kind == "target" || target.kind == "executableTarget" {
            #expect(layered.contains(target.name), "\(target.name) is in no layer of the architecture")
        }
        #expect(!targets.contains { $0.name == "GateSpeedService" }, "the grab-bag module is gone")
    }

    @Test func everyTargetDeclaresExactlyThePackageModulesItImports() throws {
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        for target in targets where target.kind != "systemLibrary" {
            let imported = Self.imports(under: target.path).intersection(names).subtracting([target.name])
            let declared = Set(target.dependencies)
            #expect(imported.subtracting(declared).isEmpty,
                    "\(target.name) imports \(imported.subtracting(declared).sorted()) without declaring them")
            #expect(declared.subtracting(imported).isEmpty,
                    "\(target.name) declares \(declared.subtracting(imported).sorted()) but imports none of them")
        }
    }

    /// What breaks the rules when module `name` imports `imported` (empty: nothing).
    static func violations(_ name: String, imports imported: Set<String>, cModules: Set<String>) -> [String] {
        let imported = imported.subtracting([name])
        func outside(_ allowed: Set<String>, _ layer: String) -> [String] {
            let extra = imported.subtracting(allowed)
            return extra.isEmpty ? [] : ["\(layer) \(name) imports \(extra.sorted())"]
        }
        if pure.contains(name) {
            // Pure: only pure modules; no Foundation, no Glibc, no C, no threads.
            return outside(pure, "pure")
        } else if platform.contains(name) {
            return outside(systemModules, "platform")
        } else if adapters.contains(name) {
            let own = imported.intersection(cModules)
            return (own.count == 1 ? [] : ["adapter \(name) wraps \(own.sorted()), not one C library"])
                + outside(pure.union(platform).union(systemModules).union(own), "adapter")
        } else if settings.contains(name) {
            return outside(pure.union(platform).union(systemModules), "settings")
        } else if sinks.contains(name) {
            let otherSinks = imported.intersection(sinks)
            return (otherSinks.isEmpty ? [] : ["sink \(name) depends on the sinks \(otherSinks.sorted())"])
                + outside(pure.union(platform).union(adapters).union(settings).union(systemModules), "sink")
        } else if app.contains(name) {
            return outside(pure.union(platform).union(adapters).union(settings).union(sinks).union(systemModules), "app")
        }
        return []
    }

    @Test func eachLayerImportsOnlyWhatItsRulesAllow() throws {
        let targets = try Self.targets()
        let cModules = Set(targets.filter { $0.kind == "systemLibrary" }.map(\.name))
        for target in targets where target.kind == "target" {
            let problems = Self.violations(target.name, imports: Self.imports(under: target.path), cModules: cModules)
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    /// The rules catch what they are for: Foundation in a pure module, a sink on a sink, an
    /// adapter on two C libraries or on a sink, a setting on a sink.
    @Test func brokenLayeringsAreReported() {
        let c: Set = ["CV4L2", "CGPIOD"]
        #expect(!Self.violations("GateSpeedCore", imports: ["Foundation"], cModules: c).isEmpty)
        #expect(!Self.violations("GateSpeedEngine", imports: ["GateSpeedCore", "CV4L2"], cModules: c).isEmpty)
        #expect(!Self.violations("GateSpeedWeb", imports: ["GateSpeedRecording", "GateSpeedPlatform"], cModules: c).isEmpty)
        #expect(!Self.violations("V4L2Camera", imports: ["CV4L2", "CGPIOD"], cModules: c).isEmpty)
        #expect(!Self.violations("V4L2Camera", imports: ["CV4L2", "GateSpeedJournal"], cModules: c).isEmpty)
        #expect(!Self.violations("GateSpeedConfig", imports: ["GateSpeedJournal"], cModules: c).isEmpty)
        #expect(Self.violations("GateSpeedWeb", imports: ["GateSpeedConfig", "MicroHTTPServer", "Foundation"], cModules: c).isEmpty)
    }
}
