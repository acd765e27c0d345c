import AllocationCounting
import FFmpegMedia
import GateSpeedCore
import GateSpeedFrames
import GateSpeedService
import GateSpeedSimulation
import Glibc

/// `gatespeed bench [FILE] [--frames N]`: what the per-frame path costs, per stage, median and
/// p99 in microseconds, and its heap allocations per frame (the requirement is 0 in steady state).
///
/// Without FILE it times the built-in simulated scene at 320x240, 640x480 and 1280x720; with
/// FILE, the file's frames at its own size (and reports the decoding separately). The table
/// goes to stdout; a failure is one line on stderr.
enum BenchCommand {
    /// Frames per size when `--frames` is not given (20 s of the built-in scene at 30 fps).
    static let defaultFrames = 600
    static let sizes = [(320, 240), (640, 480), (1280, 720)]

    /// Runs the benchmark; returns the exit status (0 done, 1 failure, 2 bad usage).
    static func run(file: String?, frames: Int = defaultFrames) -> Int32 {
        guard frames >= 1 else {
            printError("gatespeed bench: --frames must be at least 1 (got \(frames))")
            return 2
        }
        let allocationProblem = AllocationCounter.problem()
        let clockCost = MonotonicClock.readCost()
        do throws(BenchFailure) {
            if let file {
                try benchFile(file, frames: frames, clockCost: clockCost, allocationProblem: allocationProblem)
            } else {
                try benchScene(frames: frames, clockCost: clockCost, allocationProblem: allocationProblem)
            }
            return 0
        } catch {
            printError("gatespeed bench: \(error.message)")
            return 1
        }
    }

    private static func benchScene(frames: Int, clockCost: Double, allocationProblem: String?) throws(BenchFailure) {
        print(heading(BenchScene.description + ", \(frames) frames per size", clockCost: clockCost))
        print(BenchReport.header)
        var summaries: [String] = []
        for (width, height) in sizes {
            let scene = BenchScene.make(width: width, height: height, frames: frames)
            var source = SimulatedCourseSource(scene: scene)
            let course = Course(posts: scene.posts, lengthMetres: scene.courseLength)
            let measurement = try measure(&source, width: width, height: height, frames: frames, course: course,
                                          clockCost: clockCost, allocationProblem: allocationProblem)
            BenchReport.lines(for: measurement, fetchName: nil, allocationProblem: allocationProblem).forEach { print($0) }
            summaries.append(BenchReport.summary(for: measurement))
        }
        summaries.forEach { print($0) }
    }

    private static func benchFile(_ path: String, frames: Int, clockCost: Double,
                                  allocationProblem: String?) throws(BenchFailure) {
        let source: VideoFileSource
        do {
            source = try VideoFileSource(path: path)
        } catch {
            throw BenchFailure(message: error.description)
        }
        var frameSource = source
        let what = "\(path) (\(source.codecName) \(source.frameWidth)x\(source.frameHeight)), up to \(frames) frames"
        print(heading(what, clockCost: clockCost))
        print(BenchReport.header)
        let measurement = try measure(&frameSource, width: source.frameWidth, height: source.frameHeight,
                                      frames: frames, course: .standard, clockCost: clockCost,
                                      allocationProblem: allocationProblem)
        if let fault = measurement.sourceFault { throw BenchFailure(message: "\(path): \(fault)") }
        BenchReport.lines(for: measurement, fetchName: "decode", allocationProblem: allocationProblem).forEach { print($0) }
        print(BenchReport.summary(for: measurement))
    }

    private static func measure<Source: FrameSource & ~Copyable>(
        _ source: inout Source, width: Int, height: Int, frames: Int, course: Course, clockCost: Double,
        allocationProblem: String?
    ) throws(BenchFailure) -> BenchMeasurement {
        do {
            return try PipelineBench.measure(&source, width: width, height: height, frames: frames, course: course,
                                             clockCost: clockCost, countAllocations: allocationProblem == nil)
        } catch {
            throw BenchFailure(message: "the course is not usable: \(error)")
        }
    }

    private static func heading(_ what: String, clockCost: Double) -> String {
        #if DEBUG
        let build = "debug build (not representative: use swift build -c release)"
        #else
        let build = "release build"
        #endif
        return "gatespeed bench: \(what), \(build), one thread on \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores;"
            + " each time less one clock read (\(BenchReport.fixed(clockCost, 0)) ns)"
    }

    private static func printError(_ line: String) {
        Log.writeToStandardError(line + "\n")
    }
}

/// Why the benchmark could not run, one line.
struct BenchFailure: Error {
    var message: String
}
