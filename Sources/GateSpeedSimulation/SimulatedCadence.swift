import GateSpeedFrames

/// When a simulated camera delivers its frames: at multiples of the nominal period, each
/// stamped with up to ±`jitter` seconds of error (never running backwards), some dropped the
/// way a busy camera drops them (the sequence number moves on, no frame comes). Shared by the
/// simulated sources so they keep one cadence; draws from the source's own random stream.
struct SimulatedCadence: Sendable {
    let framesPerSecond: Double
    /// Seconds of scene; frames after it end the stream.
    let duration: Double
    let dropFraction: Double
    /// Largest timestamp error, seconds (uniform).
    let jitter: Double
    private(set) var statistics = FrameSourceStatistics()
    private var index: UInt64 = 0
    private var lastTimestamp = -Double.infinity

    init(framesPerSecond: Double, duration: Double, dropFraction: Double, jitter: Double) {
        self.framesPerSecond = framesPerSecond
        self.duration = duration
        self.dropFraction = dropFraction
        self.jitter = jitter
    }

    /// Nominal time of frame `index` (before jitter), seconds.
    func nominalTime(ofFrame index: UInt64) -> Double { Double(index) / framesPerSecond }

    /// The next frame to deliver, its timestamp (seconds) and sequence number, or nil at the end.
    mutating func next(random: inout SeededRandom) -> (t: Double, sequence: UInt64)? {
        while true {
            guard nominalTime(ofFrame: index) <= duration else { return nil }
            if index > 0 && dropFraction > 0 && random.unit() < dropFraction {
                index += 1
                statistics.dropped += 1
                continue
            }
            break
        }
        var t = nominalTime(ofFrame: index)
        if jitter > 0 {
            t += random.uniform(-jitter...jitter)
            t = max(t, lastTimestamp + 1e-4)  // a camera clock never runs backwards
        }
        lastTimestamp = t
        let sequence = index
        index += 1
        statistics.delivered += 1
        return (t, sequence)
    }
}

/// Lends a simulated source's frame buffer to `body` as a grey frame, or as I420 (the chroma
/// planes at half resolution following the luma) when `colour`.
func lendSimulatedFrame(_ frame: [UInt8], width w: Int, height h: Int, colour: Bool, timestamp t: Double,
                        sequence: UInt64, _ body: (VideoFrame) -> Void) {
    frame.withUnsafeBytes { raw in
        let plane = Plane(base: raw.baseAddress!, width: w, height: h, rowStride: w)
        if colour {
            let cw = w / 2, ch = h / 2
            let blue = Plane(base: raw.baseAddress! + w * h, width: cw, height: ch, rowStride: cw)
            let red = Plane(base: raw.baseAddress! + w * h + cw * ch, width: cw, height: ch, rowStride: cw)
            body(VideoFrame(luma: plane, chromaBlue: blue, chromaRed: red, timestamp: t, sequence: sequence))
        } else {
            body(VideoFrame(luma: plane, timestamp: t, sequence: sequence))
        }
    }
}
