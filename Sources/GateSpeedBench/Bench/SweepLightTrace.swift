import GateSpeedEngine
import GateSpeedSimulation
import GateSpeedVision
import Glibc

/// `GATESPEED_SWEEP_TRACE=light` with `--sweep 1 --seed S`: one line a frame of what the detector
/// made of the replayed scene, next to the truth, to see where a run went wrong:
/// time, phase, foreground %, whether the light is measured tile by tile, people followed, the
/// rider seen (track, x, box), every region found, the riders' true x and the cloud's front.
enum SweepLightTrace {
    static let isOn = getenv("GATESPEED_SWEEP_TRACE").map { String(cString: $0) == "light" } ?? false
    /// GATESPEED_LIGHT_TILES=1 as well: the field's tile gains under each frame's line.
    static let tiles = getenv("GATESPEED_LIGHT_TILES") != nil
    static let masks = getenv("GATESPEED_LIGHT_MASK") != nil

    static func line(_ pipeline: TimingPipeline, scene: SimulatedScene) -> String {
        let out = pipeline.lastOutput, detector = pipeline.detector
        func f(_ v: Double, _ digits: Int = 3) -> String { BenchReport.fixed(v, digits) }
        var text = f(out.time) + (out.phase == .ready ? " R" : " C") + " fg " + f(100 * out.foregroundFraction, 1)
        text += detector.usesLocalLight ? " L" : " -"
        text += " n \(out.trackedPeople)"
        if out.phase == .calibrating { text += " mot " + f(100 * out.motionFraction, 1) + " still " + f(out.stillSeconds, 2) }
        if let rider = out.rider {
            let b = rider.blob
            text += " rider #\(rider.trackID) x " + f(rider.x) + " box " + f(b.minX, 2) + "-" + f(b.maxX, 2) + " y " + f(b.minY, 2) + "-" + f(b.maxY, 2)
        }
        text += " | blobs"
        for b in detector.lastBlobs { text += " [" + f(b.minX, 2) + "-" + f(b.maxX, 2) + " " + f(b.minY, 2) + "-" + f(b.maxY, 2) + "]" }
        text += " | truth"
        for r in scene.riders {
            let x = scene.x(of: r, at: out.time)
            if x > -0.2 && x < 1.2 { text += " " + f(x) }
        }
        if let cloud = scene.cloud {
            let front = (out.time - cloud.arrives) * cloud.speed
            let back = front - cloud.length
            func view(_ a: Double) -> Double { cloud.fromLeft ? a : 1 - a }
            text += " | cloud front " + f(view(front), 2) + " back " + f(view(back), 2)
        }
        if tiles { text += "\n" + detector.lightTiles }
        if masks, let size = detector.gridSize {
            // GATESPEED_LIGHT_MASK=1: the foreground mask, every other column, rows with any foreground only.
            let mask = detector.foregroundMask
            for y in 0..<size.rows {
                var row = "", any = false
                for x in stride(from: 0, to: size.columns, by: 2) {
                    let on = mask[y * size.columns + x] != 0 || mask[y * size.columns + min(size.columns - 1, x + 1)] != 0
                    row += on ? "#" : "."
                    any = any || on
                }
                if any { text += "\n  " + (y < 10 ? "  " : y < 100 ? " " : "") + "\(y) " + row }
            }
        }
        return text
    }
}
