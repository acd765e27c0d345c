import Foundation

/// Where the tests that launch the program find it: the one copy of the binary locator for
/// every end-to-end suite (the command line, the demo over MQTT, the soak).
public enum BuiltBinary {
    /// The `gatespeed` built beside the running test binary (`swift build --build-tests` builds
    /// both into one products folder, whatever `--scratch-path` or sanitizer), else the
    /// package's default debug build.
    public static let gatespeed: String = locate("gatespeed",
                                                 testBinary: CommandLine.arguments.first ?? "",
                                                 packageRoot: packageRoot)

    /// The package's folder (`repositoryRoot()`).
    public static let packageRoot: String = repositoryRoot()

    /// `name` beside `testBinary` when that is an executable, else `packageRoot/.build/debug/name`.
    public static func locate(_ name: String, testBinary: String, packageRoot: String) -> String {
        let sibling = URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        return URL(fileURLWithPath: packageRoot).appendingPathComponent(".build/debug/" + name).path
    }
}
