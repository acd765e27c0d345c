import FFmpegMedia
import GateSpeedFrames

/// Synthetic test footage: a bright rectangle moving left to right over a textured grey
/// background, at timestamps chosen by the test (constant rate, jitter, drops).
struct SyntheticVideo {
    let width: Int
    let height: Int
    let rectangleWidth: Int
    let rectangleHeight: Int
    /// Pixels per second the rectangle moves to the right.
    let speed: Double

    init(width: Int = 320, height: Int = 240, speed: Double = 60) {
        self.width = width
        self.height = height
        self.rectangleWidth = width / 8
        self.rectangleHeight = height / 6
        self.speed = speed
        FFmpegLog.errorsOnly()  // keep libx264's statistics out of the test log
    }

    /// Top-left corner of the rectangle at `time` seconds, pixels.
    func rectangleOrigin(at time: Double) -> (x: Int, y: Int) {
        let travel = Double(width - rectangleWidth - 8)
        let x = 4 + Int((time * speed).truncatingRemainder(dividingBy: travel))
        return (x, height / 2 - rectangleHeight / 2)
    }

    /// Centre of the rectangle at `time`, pixels.
    func rectangleCentre(at time: Double) -> (x: Double, y: Double) {
        let origin = rectangleOrigin(at: time)
        return (Double(origin.x) + Double(rectangleWidth - 1) / 2, Double(origin.y) + Double(rectangleHeight - 1) / 2)
    }

    func image(at time: Double) -> I420Image {
        var image = I420Image(width: width, height: height, timestamp: time)
        let origin = rectangleOrigin(at: time)
        image.bytes.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    // A dim checker texture (40...80) so the encoder has real detail to code.
                    let texture = ((x / 8 + y / 8) % 2 == 0) ? 40 : 70
                    bytes[y * width + x] = UInt8(texture + (x * 7 + y * 3) % 11)
                }
            }
            for y in origin.y..<(origin.y + rectangleHeight) {
                for x in origin.x..<(origin.x + rectangleWidth) { bytes[y * width + x] = 235 }
            }
        }
        return image
    }

    /// Encodes the frames at `timestamps` (seconds).
    func encode(timestamps: [Double], settings: EncoderSettings) throws -> (packets: [EncodedPacket], stream: EncodedStreamInfo) {
        let encoder = try VideoEncoder(settings: settings)
        var packets: [EncodedPacket] = []
        for time in timestamps { packets += try encoder.encode(image(at: time)) }
        packets += try encoder.flush()
        return (packets, encoder.streamInfo)
    }

    func settings(_ codec: VideoCodecChoice) -> EncoderSettings {
        EncoderSettings(codec: codec, width: width, height: height, framesPerSecond: 30, crf: 20, preset: "ultrafast")
    }
}

/// Frame timestamps for tests, seconds.
enum Timeline {
    /// `count` frames at exactly `fps`, starting at `start`.
    static func constant(count: Int, fps: Double = 30, start: Double = 0) -> [Double] {
        (0..<count).map { start + Double($0) / fps }
    }

    /// Nominal 30 fps slots with deterministic ±3 ms jitter, leaving out the slot indices in `dropped`.
    static func jittered(slots: Int, dropped: Set<Int>, fps: Double = 30, start: Double = 1000) -> [Double] {
        var generator = SplitMix(seed: 7)
        return (0..<slots).compactMap { slot -> Double? in
            let jitter = (generator.unit() * 2 - 1) * 0.003
            guard !dropped.contains(slot) else { return nil }
            return start + Double(slot) / fps + (slot == 0 ? 0 : jitter)
        }
    }
}

/// A small deterministic random generator (tests must be repeatable).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
