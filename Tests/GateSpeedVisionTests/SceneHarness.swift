import GateSpeedFrames
import GateSpeedSimulation
import GateSpeedVision

/// Runs a simulated scene through the detector and keeps what the timing core would see.
struct SceneRecording {
    var samples: [(t: Double, x: Double?, track: UInt32)] = []
    var readyAt: Double?
    var relearns: [(Double, RelearnCause)] = []
    var frames = 0

    init(scene: SimulatedScene, settings: VisionSettings = VisionSettings(), geometry: FrameGeometry = .identity) {
        var source = SimulatedCourseSource(scene: scene)
        var detector = RiderDetector(settings: settings, geometry: geometry)
        var local = self
        while true {
            var out: DetectorOutput?
            let outcome = source.nextFrame { frame in out = detector.process(frame) }
            guard outcome == .delivered, let o = out else { break }
            local.frames += 1
            if o.becameReady && local.readyAt == nil { local.readyAt = o.time }
            if let cause = o.relearn { local.relearns.append((o.time, cause)) }
            if o.phase == .ready { local.samples.append((o.time, o.rider?.x, o.rider?.trackID ?? 0)) }
        }
        self = local
    }

    /// Times at which the tracked x crosses `line`, interpolated between straddling samples,
    /// bridging gaps up to `bridge` seconds.
    func crossings(of line: Double, bridge: Double = 0.4) -> [Double] {
        var result: [Double] = []
        var last: (t: Double, x: Double, track: UInt32)?
        for s in samples {
            guard let x = s.x else {
                if let l = last, s.t - l.t > bridge { last = nil }
                continue
            }
            if let l = last, l.track == s.track, (l.x - line) * (x - line) < 0 {
                result.append(l.t + (line - l.x) / (x - l.x) * (s.t - l.t))
            }
            last = (s.t, x, s.track)
        }
        return result
    }
}
