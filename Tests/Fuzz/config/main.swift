// libFuzzer target: the config parser and decoder, then what the service builds from a config
// that passed (the course geometry, the timing pipeline, the words of a result).
import GateSpeedCore
import GateSpeedEngine
import GateSpeedConfig

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let config = try? GateSpeedConfig.parse(json: text, source: "fuzz.json") else { return 0 }
    let gateCourse = try? config.solveGateCourse(source: "fuzz.json")
    let course = config.course.rules
    guard let pipeline = try? TimingPipeline(course: course, gateCourse: gateCourse ?? nil,
                                             geometry: config.camera.geometry) else { return 0 }
    // A run of a second up to the timeout: its speed and the words said for it.
    for elapsed in [0.001, 1, pipeline.machine.course.timeoutSeconds] {
        let speed = pipeline.machine.course.speedKmh(elapsedSeconds: elapsed)
        _ = Announcement.result(speedKmh: speed, thresholdKmh: course.passKmh, closeCall: false)
    }
    return 0
}
