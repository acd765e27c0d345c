import Testing
@testable import GateSpeedVision

/// A cell the light lifts past what the sensor holds (a white post band as the sun comes out) reads
/// 255, not the gain times its learnt value: it stays background while the light is up, keeps its
/// learnt value, and is background again when the light falls back. A person in front of it is
/// still foreground.
@Suite struct SaturatedCellTests {
    /// Cells: ground at luma 100, every eighth cell a white band at 236.
    static let count = 192 * 144
    static func isBand(_ i: Int) -> Bool { i % 8 == 3 }

    /// Small deterministic noise, about ±1.5 levels.
    struct Noise {
        var state: UInt64
        mutating func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int((state >> 33) % 31) - 15) * 0.1
        }
    }

    /// The frame at light `light`: each cell's luma times the light plus noise, clipped as a sensor clips.
    static func frame(light: Float, noise: inout Noise, person: Range<Int>? = nil) -> [Float] {
        (0..<count).map { i in
            let luma: Float = person?.contains(i) == true ? 40 : (isBand(i) ? 236 : 100)
            return min(255, max(0, luma * light + noise.next()))
        }
    }

    @Test func aBandLitPastTheSensorsTopStaysBackground() {
        let settings = VisionSettings()
        var model = BackgroundModel(cellCount: Self.count)
        var noise = Noise(state: 11)
        model.beginLearning()
        for _ in 0..<30 {
            Self.frame(light: 1, noise: &noise).withUnsafeBufferPointer { model.accumulate(cells: $0.baseAddress!) }
        }
        model.finishLearning(settings: settings)
        var previous = [UInt8](repeating: 0, count: Self.count), mask = previous
        // 30 fps with ±3 ms jitter and every 17th frame dropped: the light rises 25 % over 4 s,
        // holds for 3 s, then falls back over 4 s.
        var time = 0.0, frame = 0
        var bandForeground = 0, groundForeground = 0, step = 1.0 / 30
        func light(at t: Double) -> Float {
            t < 4 ? Float(1 + 0.25 * t / 4) : t < 7 ? 1.25 : t < 11 ? Float(1.25 - 0.25 * (t - 7) / 4) : 1
        }
        while time < 13 {
            frame += 1
            let jitter = Double(frame % 7 - 3) * 0.001
            let advance = (frame % 17 == 0 ? 2.0 : 1.0) / 30 + jitter
            time += advance; step = advance
            let cells = Self.frame(light: light(at: time), noise: &noise)
            cells.withUnsafeBufferPointer { c in
                previous.withUnsafeBufferPointer { p in
                    mask.withUnsafeMutableBufferPointer { m in
                        _ = model.classify(cells: c.baseAddress!, previousMask: p.baseAddress!, mask: m.baseAddress!,
                                           time: time, step: step, settings: settings)
                    }
                }
            }
            for i in 0..<Self.count where mask[i] != 0 {
                if Self.isBand(i) { bandForeground += 1 } else { groundForeground += 1 }
            }
            previous = mask
        }
        #expect(bandForeground == 0, "band cells judged foreground \(bandForeground) times")
        #expect(groundForeground == 0, "ground cells judged foreground \(groundForeground) times")
        // The bands kept about what was learnt of them: learning the clipped 255 over the light
        // (1.25 held for 3 s, time constant 4 s) would have taken them below 220. Within a few
        // levels: the gain, measured over cells some of which clip, reads the light a little low.
        #expect(abs(model.learntValue(at: 3) - 236) < 8)

        // Someone dark in front of the bands, the light up again: still foreground.
        let person = 96 * 192 ..< 96 * 192 + 16
        let cells = Self.frame(light: 1.2, noise: &noise, person: person)
        cells.withUnsafeBufferPointer { c in
            previous.withUnsafeBufferPointer { p in
                mask.withUnsafeMutableBufferPointer { m in
                    _ = model.classify(cells: c.baseAddress!, previousMask: p.baseAddress!, mask: m.baseAddress!,
                                       time: time + 1.0 / 30, step: 1.0 / 30, settings: settings)
                }
            }
        }
        #expect(person.allSatisfy { mask[$0] != 0 })
    }
}
