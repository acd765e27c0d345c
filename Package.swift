// swift-tools-version:6.0
// GateSpeed: a camera-based slalom timing appliance for Linux boards.
//
// Layering (see README "Architecture"); the module list reads like the data flow. The rules
// hold here and in the imports (Tests/ArchitectureTests checks both):
//   pure Swift, no Foundation, no C : GateSpeedFrames, GateSpeedVision, GateSpeedCore (timing),
//                                      GateSpeedGeometry, GateSpeedEngine, GateSpeedBoard,
//                                      GateSpeedSimulation, GateSpeedEvents (event lines, session ids)
//                                      - depend only on pure modules
//   platform (Glibc)                 : GateSpeedPlatform (errno, descriptors, durable files, clock,
//                                      threads and queues, log, signals, systemd and its status, priority)
//   one thin adapter per C library   : V4L2Camera, GPIODLines, EspeakVoice, ALSAPlayback, FFmpegMedia,
//                                      FreeTypeText, MosquittoClient, TurboJPEG, MicroHTTPServer
//                                      - depend only on platform, their C module and pure modules
//   settings                         : GateSpeedConfig (the config file, decoded and checked)
//   sinks, one output each           : GateSpeedJournal, GateSpeedRecording, GateSpeedSpeech,
//                                      GateSpeedIndicators, GateSpeedWeb, GateSpeedMQTT, GateSpeedLiveView
//                                      - never depend on each other
//   app (sees everything)            : GateSpeedApp (frame loop, event sink, assembly, commands)
//   executable                       : gatespeed (main.swift, the benchmark, the counting allocator)
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
        .executable(name: "gatespeed-bench", targets: ["GateSpeedBench"]),
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
        /// The event lines on stdout (field order, number format), session ids and clip kinds:
        /// the words every sink shares.
        .target(name: "GateSpeedEvents", dependencies: ["GateSpeedCore"], swiftSettings: strict, linkerSettings: libm),
        // The web page's files, embedded (GateSpeedWebPage/page/, generated by Deploy/embed-page.sh).
        .target(name: "GateSpeedWebPage", exclude: ["page"], swiftSettings: strict),

        // MARK: Platform: the one home for the OS (Glibc and Synchronization only)
        .target(name: "GateSpeedPlatform", swiftSettings: strict),

        // MARK: Adapters, one per C library
        .target(name: "V4L2Camera", dependencies: ["CV4L2", "GateSpeedFrames", "GateSpeedPlatform", "GateSpeedCore"], swiftSettings: strict),
        .target(name: "GPIODLines", dependencies: ["CGPIOD", "GateSpeedBoard", "GateSpeedPlatform"], swiftSettings: strict),
        .target(name: "EspeakVoice", dependencies: ["CEspeakNG"], swiftSettings: strict),
        .target(name: "ALSAPlayback", dependencies: ["CALSA"], swiftSettings: strict),
        .target(name: "FFmpegMedia", dependencies: ["CFFmpeg", "GateSpeedFrames", "GateSpeedPlatform"], swiftSettings: fast),
        .target(name: "FreeTypeText", dependencies: ["CFreeType"], swiftSettings: fast),
        .target(name: "MosquittoClient", dependencies: ["CMosquitto", "GateSpeedPlatform"], swiftSettings: strict),
        .target(name: "TurboJPEG", dependencies: ["CTurboJPEG", "GateSpeedFrames"], swiftSettings: fast),
        .target(name: "MicroHTTPServer", dependencies: ["CMicroHTTPD", "GateSpeedPlatform"], swiftSettings: strict),

        // MARK: Settings: the config file, decoded and checked (sinks and the app read it)
        .target(name: "GateSpeedConfig",
                dependencies: ["GateSpeedPlatform", "GateSpeedCore", "GateSpeedFrames", "GateSpeedBoard",
                               "GateSpeedGeometry", "GateSpeedEngine", "GateSpeedEvents"],
                swiftSettings: strict),

        // MARK: Sinks: each owns one output; none depends on another
        /// `results.jsonl`: the one owner of session and run numbers and of the session's tally.
        .target(name: "GateSpeedJournal", dependencies: ["GateSpeedPlatform", "GateSpeedCore", "GateSpeedEvents"],
                swiftSettings: strict),
        /// The clips: overlay, encoder thread, ring buffer, clip writer, and the clip library
        /// with its storage guard.
        .target(name: "GateSpeedRecording",
                dependencies: ["FFmpegMedia", "FreeTypeText", "GateSpeedFrames", "GateSpeedCore", "GateSpeedEvents",
                               "GateSpeedPlatform"],
                swiftSettings: strict),
        .target(name: "GateSpeedSpeech", dependencies: ["EspeakVoice", "ALSAPlayback", "GateSpeedPlatform", "GateSpeedCore"],
                swiftSettings: strict),
        /// The LEDs, the button and the hardware check, on their own threads.
        .target(name: "GateSpeedIndicators", dependencies: ["GateSpeedBoard", "GateSpeedCore", "GateSpeedPlatform"],
                swiftSettings: strict),
        // The setup and live pages: one sink (the web output) on the HTTP adapter.
        .target(name: "GateSpeedWeb",
                dependencies: ["MicroHTTPServer", "GateSpeedPlatform", "GateSpeedConfig", "GateSpeedEvents"],
                swiftSettings: strict),
        /// Results, status and Home Assistant discovery over MQTT, and the club scoreboard's state.
        .target(name: "GateSpeedMQTT",
                dependencies: ["MosquittoClient", "GateSpeedPlatform", "GateSpeedConfig", "GateSpeedEvents", "GateSpeedCore"],
                swiftSettings: strict),
        // The live view: JPEGs of the camera with the posts drawn, off the frame loop.
        .target(name: "GateSpeedLiveView", dependencies: ["TurboJPEG", "GateSpeedFrames", "GateSpeedPlatform"], swiftSettings: fast),

        // MARK: The app and the executable
        // The app: the composition root as a library (frame loop, event sink, presentation,
        // assembly, the command table and parser), so that it can be tested in process.
        .target(name: "GateSpeedApp",
                dependencies: ["GateSpeedPlatform", "GateSpeedCore", "GateSpeedFrames", "GateSpeedVision",
                               "GateSpeedEngine", "GateSpeedSimulation", "GateSpeedBoard", "GateSpeedGeometry",
                               "GateSpeedEvents", "GateSpeedWebPage", "GateSpeedConfig",
                               "V4L2Camera", "GPIODLines", "EspeakVoice", "FFmpegMedia", "MicroHTTPServer", "MosquittoClient",
                               "GateSpeedJournal", "GateSpeedRecording", "GateSpeedSpeech", "GateSpeedIndicators",
                               "GateSpeedWeb", "GateSpeedMQTT", "GateSpeedLiveView"],
                swiftSettings: fast),
        .target(name: "AllocationCounting", swiftSettings: fast, linkerSettings: countingLinker),
        // The appliance: main.swift only (`gatespeed bench` runs gatespeed-bench beside it).
        .executableTarget(name: "gatespeed",
                          dependencies: ["GateSpeedApp", "GateSpeedPlatform", "GateSpeedConfig"],
                          swiftSettings: fast),
        // `gatespeed-bench`: the benchmark and the sweep with the counting allocator, which must
        // be linked into exactly one executable, and never the appliance (`make callgrind`).
        .executableTarget(name: "GateSpeedBench",
                          dependencies: ["GateSpeedApp", "GateSpeedPlatform", "GateSpeedConfig", "GateSpeedCore", "GateSpeedGeometry",
                                         "GateSpeedFrames", "GateSpeedVision", "GateSpeedEngine",
                                         "GateSpeedSimulation", "FFmpegMedia", "GateSpeedLiveView",
                                         "GateSpeedRecording", "AllocationCounting"],
                          swiftSettings: fast),

        // MARK: Tests mirror the modules
        // Helpers several suites share: temporary folders, a hand-moved wall clock, pretend and
        // full disks, a fake systemd socket, the package root, where the end-to-end suites find the built binary (`BuiltBinary`).
        .target(name: "GateSpeedTestSupport", path: "Tests/Support/GateSpeedTestSupport", swiftSettings: strict),
        // A small HTTP/1.1 client on raw loopback sockets, for the server's and the pages' tests.
        .target(name: "LoopbackHTTPClient", path: "Tests/Support/LoopbackHTTPClient", swiftSettings: strict),
        // The layering rules above, read from this file and the sources' imports.
        .testTarget(name: "ArchitectureTests", dependencies: ["GateSpeedTestSupport"], swiftSettings: strict),
        .testTarget(name: "GateSpeedCoreTests", dependencies: ["GateSpeedCore"], swiftSettings: strict),
        .testTarget(name: "GateSpeedFramesTests", dependencies: ["GateSpeedFrames"], swiftSettings: strict),
        .testTarget(name: "GateSpeedGeometryTests", dependencies: ["GateSpeedGeometry"], swiftSettings: strict),
        .testTarget(name: "GateSpeedSimulationTests", dependencies: ["GateSpeedSimulation", "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedVisionTests",
                    dependencies: ["GateSpeedVision", "GateSpeedSimulation", "GateSpeedEngine", "GateSpeedCore", "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedEngineTests",
                    dependencies: ["GateSpeedEngine", "GateSpeedSimulation", "GateSpeedCore", "GateSpeedVision",
                                   "GateSpeedGeometry", "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedBoardTests", dependencies: ["GateSpeedBoard"], swiftSettings: strict),
        .testTarget(name: "GateSpeedPlatformTests", dependencies: ["GateSpeedPlatform", "GateSpeedTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "V4L2CameraTests", dependencies: ["V4L2Camera", "GateSpeedFrames", "GateSpeedPlatform"],
                    swiftSettings: strict),
        .testTarget(name: "GPIODLinesTests", dependencies: ["GPIODLines", "GateSpeedBoard", "GateSpeedPlatform"], swiftSettings: strict),
        .testTarget(name: "FFmpegMediaTests",
                    dependencies: ["FFmpegMedia", "CFFmpeg", "GateSpeedSimulation", "GateSpeedEngine", "GateSpeedCore",
                                   "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "FreeTypeTextTests", dependencies: ["FreeTypeText"], swiftSettings: strict),
        .testTarget(name: "MicroHTTPServerTests", dependencies: ["MicroHTTPServer", "LoopbackHTTPClient"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedConfigTests",
                    dependencies: ["GateSpeedConfig", "GateSpeedBoard", "GateSpeedCore", "GateSpeedFrames", "GateSpeedPlatform",
                                   "GateSpeedTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedJournalTests",
                    dependencies: ["GateSpeedJournal", "GateSpeedCore", "GateSpeedEvents", "GateSpeedPlatform", "GateSpeedTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedRecordingTests",
                    dependencies: ["GateSpeedRecording", "FFmpegMedia", "GateSpeedCore", "GateSpeedEvents", "GateSpeedFrames",
                                   "GateSpeedPlatform", "GateSpeedTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "SpeechTests", dependencies: ["GateSpeedSpeech", "EspeakVoice", "ALSAPlayback", "GateSpeedPlatform"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedIndicatorsTests",
                    dependencies: ["GateSpeedIndicators", "GateSpeedBoard", "GateSpeedPlatform"], swiftSettings: strict),
        .testTarget(name: "GateSpeedWebTests",
                    dependencies: ["GateSpeedWeb", "MicroHTTPServer", "GateSpeedPlatform", "GateSpeedConfig", "GateSpeedEvents",
                                   "GateSpeedRecording", "LoopbackHTTPClient"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedWebPageTests", dependencies: ["GateSpeedWebPage"], swiftSettings: strict),
        .testTarget(name: "GateSpeedMQTTTests",
                    dependencies: ["GateSpeedMQTT", "MosquittoClient", "GateSpeedPlatform", "GateSpeedConfig", "GateSpeedJournal",
                                   "GateSpeedCore", "GateSpeedTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedLiveViewTests", dependencies: ["GateSpeedLiveView", "TurboJPEG", "GateSpeedFrames"],
                    swiftSettings: strict),
        .testTarget(name: "GateSpeedAppTests",
                    dependencies: ["GateSpeedApp", "GateSpeedPlatform", "GateSpeedConfig", "GateSpeedJournal", "GateSpeedCore",
                                   "GateSpeedFrames", "GateSpeedSimulation", "GateSpeedRecording", "GateSpeedBoard"],
                    swiftSettings: strict),
        // The built `gatespeed` binary as a user runs it (exit codes, errors, demo and replay outputs).
        .testTarget(name: "gatespeedTests",
                    dependencies: ["FFmpegMedia", "GateSpeedFrames", "GateSpeedSimulation", "GateSpeedTestSupport"],
                    swiftSettings: strict),
        // The install scripts, systemd units and udev rules under Deploy/.
        .testTarget(name: "DeployTests", dependencies: ["GateSpeedTestSupport"], swiftSettings: strict),
        // The whole service for an hour of scene (the `gatespeed` binary as a child process);
        // skipped unless GATESPEED_SOAK is set: `make soak`.
        .testTarget(name: "GateSpeedSoakTests", dependencies: ["FFmpegMedia", "GateSpeedFrames", "GateSpeedTestSupport"], swiftSettings: strict),
    ]
)
