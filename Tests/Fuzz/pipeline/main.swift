// libFuzzer target: the per-frame path fed arbitrary pictures and timestamps. The input is
// a small frame size, then frames: one control byte (how the timestamp steps: a normal
// frame interval with jitter, a repeat, a small or big step back, a huge gap, NaN, an
// infinity, raw 64-bit patterns; and the button commands), then where a bright block
// stands and how bright it is (or, for one control value, the picture's own bytes).
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedConfig

/// The example gate-plane course (Deploy/config.gates.example.json), solved once.
let gates: (course: Course, gateCourse: GateCourse)? = {
    let json = """
        {"course": {"posts": [{"base": [0.1225, 0.5], "top": [0.1208, 0.446]}, {"base": [0.3113, 0.5], "top": [0.3104, 0.446]},
          {"base": [0.5, 0.5], "top": [0.5, 0.446]}, {"base": [0.6887, 0.5], "top": [0.6896, 0.446]},
          {"base": [0.8775, 0.5], "top": [0.8792, 0.446]}],
          "post_height_m": 1.5, "length_m": 28, "camera": {"height_m": 2.5, "distance_m": 29, "hfov_deg": 65}}}
        """
    guard let config = try? GateSpeedConfig.parse(json: json, source: nil),
          let gateCourse = try? config.solveGateCourse() else { return nil }
    return (config.course.rules, gateCourse)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    let shape = input.byte()
    let width = 16 + 8 * Int(shape % 8), height = 12 + 6 * Int(input.byte() % 8)
    // Half the inputs time gate planes (marked posts), half the image rule.
    let made = shape >= 128 ? gates.flatMap { try? TimingPipeline(course: $0.course, gateCourse: $0.gateCourse) }
                            : try? TimingPipeline(course: Course())
    guard var pipeline = made else { return 0 }
    var picture = [UInt8](repeating: 0, count: width * height)
    var t = 0.0
    var frames = 0
    let check: (TimingEvent) -> Void = { event in precondition(!event.t.isNaN, "an event at NaN") }
    while !input.isEmpty && frames < 2_000 {
        let control = input.byte()
        switch control % 16 {
        case 0: break                                   // a repeat
        case 1: t -= 0.01                               // slightly out of order
        case 2: t -= 1 + Double(input.byte())           // a new timeline
        case 3: t += 2 + Double(input.byte()) * 100     // a long gap
        case 4: t = .nan
        case 5: t = input.byte() % 2 == 0 ? .infinity : -.infinity
        case 6: t = Double(bitPattern: input.word())    // anything at all
        case 7: t = (t.isFinite ? t : 0) + 1e300
        default: t = (t.isFinite ? t : 0) + 1.0 / 30 + (Double(control) - 128) * 0.00005
        }
        // The picture: a still, textured course with a bright rider-sized block at a place the
        // input gives (so riders cross posts), or the input's own bytes.
        let place = Int(input.byte()) * width / 256, level = input.byte()
        for y in 0..<height {
            for x in 0..<width {
                let inBlock = x >= place && x < place + width / 8 && y >= height / 3 && y < 2 * height / 3
                picture[y * width + x] = inBlock ? level : UInt8(60 + (x * 7 + y * 3) % 13)
            }
        }
        if control % 16 == 15 { for index in 0..<picture.count where !input.isEmpty { picture[index] = input.byte() } }
        picture.withUnsafeBytes { bytes in
            let frame = VideoFrame(luma: Plane(base: bytes.baseAddress!, width: width, height: height, rowStride: width),
                                   timestamp: t, sequence: UInt64(frames))
            pipeline.process(frame, emit: check)
        }
        switch control >> 5 {
        case 1: pipeline.announcementFinished(emit: check)
        case 2: pipeline.rearm(emit: check)
        case 3: if control & 1 == 0 { pipeline.recalibrate() }
        case 4: pipeline.sourceLost(emit: check)
        default: break
        }
        frames += 1
        if !t.isFinite || t.magnitude > 1e12 { t = 0 }
    }
    pipeline.finish(emit: check)
    return 0
}

/// Reads a fuzz input front to back; zeros once it is used up.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    var isEmpty: Bool { position >= bytes.count }
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }
    mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }
}
