import Testing
import GateSpeedFrames
import GateSpeedSimulation

/// Frames come at the nominal period with jitter and drops, like a real camera.
@Suite struct PerspectiveCadenceTests {
    func run(_ scene: PerspectiveScene) -> (times: [Double], sequences: [UInt64], source: PerspectiveCourseSource) {
        var source = PerspectiveCourseSource(scene: scene)
        var times: [Double] = [], sequences: [UInt64] = []
        while source.nextFrame({ frame in
            times.append(frame.timestamp)
            sequences.append(frame.sequence)
        }) == .delivered {}
        return (times, sequences, source)
    }

    @Test func withoutJitterFramesAreAtTheNominalPeriodUntilTheEnd() {
        var scene = PerspectiveScene(duration: 1)
        scene.framesPerSecond = 25
        let r = run(scene)
        #expect(r.times.count == 26)
        for (i, t) in r.times.enumerated() { #expect(abs(t - Double(i) / 25) < 1e-12) }
        #expect(r.sequences == (0..<26).map(UInt64.init))
        #expect(r.source.statistics == FrameSourceStatistics(delivered: 26, dropped: 0, corrupt: 0))
        #expect(r.source.frameWidth == 640 && r.source.frameHeight == 480 && r.source.nominalFramesPerSecond == 25)
    }

    @Test func jitterStaysWithinItsBoundAndTimeNeverRunsBackwards() {
        var scene = PerspectiveScene(duration: 3)
        scene.timestampJitter = 0.02                        // more than half the 33 ms period
        scene.camera.width = 64; scene.camera.height = 48
        let r = run(scene)
        var largest = 0.0
        for (t, s) in zip(r.times, r.sequences) {
            let error = t - Double(s) / 30
            largest = max(largest, abs(error))
            #expect(error <= 0.02 + 1e-12)
        }
        #expect(largest > 0.01)                             // jitter is really there
        for i in 1..<r.times.count { #expect(r.times[i] > r.times[i - 1]) }
    }

    @Test func droppedFramesSkipSequenceNumbersAndAreCounted() {
        var scene = PerspectiveScene(duration: 10)
        scene.dropFraction = 0.1
        scene.camera.width = 64; scene.camera.height = 48
        let r = run(scene)
        let gaps = zip(r.sequences.dropFirst(), r.sequences).map { Int($0 - $1) - 1 }.reduce(0, +)
        #expect(r.source.statistics.dropped == gaps)
        #expect(r.source.statistics.delivered == r.times.count)
        #expect(r.source.statistics.dropped + r.source.statistics.delivered == 301)
        #expect(gaps > 15 && gaps < 50)
        for (t, s) in zip(r.times, r.sequences) { #expect(abs(t - Double(s) / 30) < 1e-12) }
    }

    @Test func framesAreGreyOrI420FromOneReusedBuffer() {
        var scene = PerspectiveScene(duration: 1)
        scene.camera.width = 64; scene.camera.height = 48
        var grey = PerspectiveCourseSource(scene: scene)
        var addresses: Set<UnsafeRawPointer> = []
        for _ in 0..<3 {
            _ = grey.nextFrame { frame in
                #expect(frame.chromaBlue == nil && frame.width == 64 && frame.height == 48)
                addresses.insert(frame.luma.base)
            }
        }
        #expect(addresses.count == 1)
        scene.colour = true
        var colour = PerspectiveCourseSource(scene: scene)
        _ = colour.nextFrame { frame in
            #expect(frame.chromaBlue?.width == 32 && frame.chromaRed?.height == 24)
            #expect(frame.chromaBlue!.base == frame.luma.base + 64 * 48)
            #expect(frame.chromaRed!.base == frame.luma.base + 64 * 48 + 32 * 24)
        }
    }

    @Test func aStillDoesNotMoveTheSourceOn() {
        var scene = PerspectiveScene(duration: 1)
        scene.camera.width = 64; scene.camera.height = 48
        scene.timestampJitter = 0.005
        var plain = PerspectiveCourseSource(scene: scene), stilled = PerspectiveCourseSource(scene: scene)
        stilled.still(at: 0.4) { #expect($0.timestamp == 0.4) }
        var a: [Double] = [], b: [Double] = []
        for _ in 0..<5 {
            _ = plain.nextFrame { a.append($0.timestamp) }
            _ = stilled.nextFrame { b.append($0.timestamp) }
        }
        #expect(a == b)
        #expect(stilled.statistics.delivered == 5)
    }

    @Test func noiseHasTheRequestedSpread() {
        var scene = PerspectiveScene(duration: 1)
        scene.camera.width = 160; scene.camera.height = 120
        scene.noise = 4
        var noisy = PerspectiveCourseSource(scene: scene)
        scene.noise = 0
        var quiet = PerspectiveCourseSource(scene: scene)
        var a: [UInt8] = [], b: [UInt8] = []
        _ = noisy.nextFrame { f in for y in 0..<120 { for x in 0..<160 { a.append(f.luma.sample(x: x, y: y)) } } }
        _ = quiet.nextFrame { f in for y in 0..<120 { for x in 0..<160 { b.append(f.luma.sample(x: x, y: y)) } } }
        let d = zip(a, b).map { Double(Int($0) - Int($1)) }
        let mean = d.reduce(0, +) / Double(d.count)
        let sigma = (d.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(d.count)).squareRoot()
        #expect(abs(sigma - 4) < 0.4, "sigma \(sigma)")
    }
}
