// swift-tools-version:6.0
// GateSpeed: a camera-based slalom timing appliance for Linux boards.
//
// Layering (see README "Architecture"):
//   pure Swift, no Foundation, no C : GateSpeedCore, GateSpeedFrames, GateSpeedVision,
//                                      GateSpeedSimulation, GateSpeedEngine, GateSpeedBoard
//   platform (Glibc, no Foundation)  : GateSpeedPlatform (errno, descriptors, durable files, clock,
//                                      threads and queues, log, signals, systemd, priority)
//   one thin adapter per C library   : V4L2Camera, GPIODLines, EspeakVoice, ALSAPlayback,
//                                      FFmpegMedia, FreeTypeText, MicroHTTPServer
//   services (Foundation)            : GateSpeedService
//   composition root                 : gatespeed (executable)
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// Hot pure modules are optimised even in debug builds, so the accuracy suite runs real scenes quickly.
let fast: [SwiftSetting] = strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]
/// Pure modules use sqrt/round from the C maths library, which a binary without Foundation must link itself.
let libm: [LinkerSetting] = [.linkedLibrary("m")]
/// The executable's malloc family are AllocationCounting's counting versions, exported so that
/// every library in the process calls them (see Sources/AllocationCounting).
let countedAllocators = ["malloc", "calloc", "realloc", "memalign", "aligned_alloc", "valloc", "posix_memalign"]
/// Not under a sanitizer (`GATESPEED_SANITIZER=address|thread`, set by `.ci/sanitize`): its runtime
/// owns malloc and free, and memory from glibc's allocator freed by it is an error. The bench then
/// says that allocations cannot be counted in this build.
let sanitized = Context.environment["GATESPEED_SANITIZER"].map { !$0.isEmpty } ?? false
let countingLinker: [LinkerSetting] = sanitized ? [] : [.unsafeFlags(countedAllocators.flatMap {
    ["-Xlinker", "--defsym=\($0)=gatespeed_counting_\($0)", "-Xlinker", "--export-dynamic-symbol=\($0)"]
})]

let package = Package(
    name: "GateSpeed",
    products: [
        .executable(name: "gatespeed", targets: ["gatespeed"]),
    ],
    targets: [
        // MARK: C libraries from Debian packages
        .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

        // MARK: Pure Swift logic
        .target(name: "GateSpeedCore", swiftSettings: fast, linkerSettings: libm),
        .target(name: "GateSpeedFrames", swiftSettings: fast, linkerSettings: libm),
        .target(name: "GateSpeedGeometry", dependencies: ["GateSpeedCore"], swiftSettings: fast, linkerSettings: libm),
        .target(name: "GateSpeedVision", dependencies: ["GateSpeedFrames"], swiftSettings: fast, linkerSettings: libm),
        .target(name: "GateSpeedSimulation", dependencies: ["GateSpeedFrames", "GateSpeedCore"], swiftSettings: fast, linkerSettings: libm),
        .target(name: "GateSpeedEngine",
                dependencies: ["GateSpeedCore", "GateSpeedFrames", "GateSpeedVision", "GateSpeedGeometry"],
                swiftSettings: fast, linkerSettings: libm),
        .target(name: "GateSpeedBoard", dependencies: ["GateSpeedCore"], swiftSettings: strict, linkerSettings: libm),

        // MARK: Platform: the one home for the OS (Glibc and Synchronization only)
        .target(name: "GateSpeedPlatform", swiftSettings: strict),

        // MARK: Adapters, one per C library
        .target(name: "V4L2Camera", dependencies: ["CV4L2", "GateSpeedFrames", "GateSpeedPlatform", "GateSpeedCore"],
                swiftSettings: strict),
        .target(name: "GPIODLines", dependencies: ["CGPIOD", "GateSpeedBoard", "GateSpeedPlatform"], swiftSettings: strict),
        .target(name: "EspeakVoice", dependencies: ["CEspeakNG"], swiftSettings: strict),
        .target(name: "ALSAPlayback", dependencies: ["CALSA"], swiftSettings: strict),
        .target(name: "FFmpegMedia", dependencies: ["CFFmpeg", "GateSpeedFrames", "GateSpeedPlatform"], swiftSettings: fast),
        .target(name: "FreeTypeText", dependencies: ["CFreeType"], swiftSettings: fast),
        .target(name: "MosquittoClient", dependencies: ["CMosquitto", "GateSpeedPlatform"], swiftSettings: strict),
        .target(name: "TurboJPEG", dependencies: ["CTurboJPEG", "GateSpeedFrames"], swiftSettings: fast),
        .target(name: "MicroHTTPServer", dependencies: ["CMicroHTTPD", "GateSpeedPlatform"], swiftSettings: strict),

        // MARK: Compositions of adapters (threads, queues) used by the root
        .target(name: "GateSpeedSpeech", dependencies: ["EspeakVoice", "ALSAPlayback", "GateSpeedPlatform", "GateSpeedCore"],
                swiftSettings: strict),
        .target(name: "GateSpeedRecording",
                dependencies: ["FFmpegMedia", "FreeTypeText", "GateSpeedFrames", "GateSpeedCore", "GateSpeedService",
                               "GateSpeedPlatform"],
                swiftSettings: strict),
        /// Results, status and Home Assistant discovery over MQTT, and the club scoreboard's state.
        .target(name: "GateSpeedMQTT", dependencies: ["MosquittoClient", "GateSpeedPlatform", "GateSpeedService", "GateSpeedCore"],
                swiftSettings: strict),
        // The live view (JPEGs of the camera with the posts drawn, off the frame loop) and the
        // web page's files, embedded (GateSpeedWebPage/page/, generated by Deploy/embed-page.sh).
        .target(name: "GateSpeedLiveView", dependencies: ["TurboJPEG", "GateSpeedFrames", "GateSpeedPlatform"], swiftSettings: fast),
        .target(name: "GateSpeedWebPage", exclude: ["page"], swiftSettings: strict),

        // MARK: Services and the composition root
        .target(name: "AllocationCounting", swiftSettings: fast, linkerSettings: countingLinker),
        // The setup and live pages: one sink (the web output) on the HTTP adapter.
        .target(name: "GateSpeedWeb", dependencies: ["MicroHTTPServer", "GateSpeedPlatform", "GateSpeedService"], swiftSettings: strict),
        .target(name: "GateSpeedService",
                dependencies: ["GateSpeedPlatform", "GateSpeedCore", "GateSpeedFrames", "GateSpeedBoard",
                               "GateSpeedGeometry"],
                swiftSettings: strict),
        // The app: the composition root as a library (frame loop, event sink, presentation,
        // assembly, commands), so that it can be tested in process.
        .target(name: "GateSpeedApp",
                dependencies: ["GateSpeedPlatform", "GateSpeedService", "GateSpeedCore", "GateSpeedFrames",
                               "GateSpeedVision", "GateSpeedEngine", "GateSpeedSimulation", "GateSpeedBoard",
                               "GateSpeedGeometry", "V4L2Camera", "GPIODLines", "EspeakVoice",
                               "FFmpegMedia", "GateSpeedSpeech", "GateSpeedRecording",
                               "GateSpeedLiveView", "GateSpeedWebPage", "GateSpeedWeb", "MicroHTTPServer",
                               "GateSpeedMQTT", "MosquittoClient"],
                swiftSettings: fast),
        // The executable: main.swift, and the benchmark with the counting allocator, which must
        // be linked into exactly one executable (`gatespeed bench`, `make callgrind`).
        .executableTarget(name: "gatespeed",
                          dependencies: ["GateSpeedApp", "GateSpeedPlatform", "GateSpeedService", "GateSpeedCore",
                                         "GateSpeedFrames", "GateSpeedVision", "GateSpeedEngine",
                                         "GateSpeedSimulation", "FFmpegMedia",
                                         "GateSpeedRecording", "AllocationCounting"],
                          swiftSettings: fast),

        // MARK: Tests mirror the modules
        .testTarget(name: "GateSpeedCoreTests", dependencies: ["GateSpeedCore"], swiftSettings: strict),
        .testTarget(name: "GateSpeedFramesTests", dependencies: ["GateSpeedFrames"], swiftSettings: strict),
        .testTarget(name: "GateSpeedGeometryTests", dependencies: ["GateSpeedGeometry"], swiftSettings: strict),
        .testTarget(name: "GateSpeedSimulationTests", dependencies: ["GateSpeedSimulation", "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedVisionTests",
                    dependencies: ["GateSpeedVision", "GateSpeedSimulation", "GateSpeedEngine", "GateSpeedCore"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedEngineTests",
                    dependencies: ["GateSpeedEngine", "GateSpeedSimulation", "GateSpeedCore", "GateSpeedVision",
                                   "GateSpeedGeometry", "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedBoardTests", dependencies: ["GateSpeedBoard"], swiftSettings: strict),
        .testTarget(name: "V4L2CameraTests", dependencies: ["V4L2Camera", "GateSpeedFrames", "GateSpeedPlatform"],
                    swiftSettings: strict),
        .testTarget(name: "GPIODLinesTests", dependencies: ["GPIODLines", "GateSpeedPlatform"], swiftSettings: strict),
        .testTarget(name: "SpeechTests", dependencies: ["GateSpeedSpeech", "EspeakVoice", "ALSAPlayback", "GateSpeedPlatform"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedRecordingTests",
                    dependencies: ["GateSpeedRecording", "FFmpegMedia", "FreeTypeText", "GateSpeedService", "GateSpeedPlatform"],
                    swiftSettings: strict),
        .testTarget(name: "FFmpegMediaTests",
                    dependencies: ["FFmpegMedia", "GateSpeedSimulation", "GateSpeedEngine", "GateSpeedCore"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedLiveViewTests", dependencies: ["GateSpeedLiveView", "TurboJPEG", "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedWebPageTests", dependencies: ["GateSpeedWebPage"], swiftSettings: strict),
        .testTarget(name: "FreeTypeTextTests", dependencies: ["FreeTypeText"], swiftSettings: strict),
        // A small HTTP/1.1 client on raw loopback sockets, for the server's and the pages' tests.
        .target(name: "LoopbackHTTPClient", path: "Tests/Support/LoopbackHTTPClient", swiftSettings: strict),
        // Where the end-to-end suites find the built `gatespeed` (one locator for all of them).
        .target(name: "BuiltBinary", path: "Tests/Support/BuiltBinary", swiftSettings: strict),
        .testTarget(name: "MicroHTTPServerTests", dependencies: ["MicroHTTPServer", "GateSpeedPlatform", "LoopbackHTTPClient"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedWebTests",
                    dependencies: ["GateSpeedWeb", "MicroHTTPServer", "GateSpeedPlatform", "GateSpeedService", "LoopbackHTTPClient"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedAppTests",
                    dependencies: ["GateSpeedApp", "GateSpeedPlatform", "GateSpeedService", "GateSpeedCore",
                                   "GateSpeedSimulation", "GateSpeedRecording", "GateSpeedBoard"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedPlatformTests", dependencies: ["GateSpeedPlatform"], swiftSettings: strict),
        .testTarget(name: "GateSpeedServiceTests",
                    dependencies: ["GateSpeedService", "GateSpeedPlatform", "FFmpegMedia", "GateSpeedSimulation", "GateSpeedFrames",
                                   "BuiltBinary"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedMQTTTests",
                    dependencies: ["GateSpeedMQTT", "MosquittoClient", "GateSpeedPlatform", "GateSpeedService", "BuiltBinary"],
                    swiftSettings: strict),
        // The whole service for an hour of scene (the `gatespeed` binary as a child process);
        // skipped unless GATESPEED_SOAK is set: `make soak`.
        .testTarget(name: "GateSpeedSoakTests", dependencies: ["FFmpegMedia", "GateSpeedFrames", "BuiltBinary"], swiftSettings: strict),
    ]
)
