@testable import GateSpeedVision

/// A hand-made region for the tracker's rule tests: `height` tall (view heights), its upper-body
/// centre at `x`, standing at `feet` (normalised view y), cut by the view's border.
func handMadeRegion(x: Double, height: Double, width: Double, feet: Double) -> Blob {
    let left = max(0, x - width / 2), right = min(1, x + width / 2)
    return Blob(minX: left, maxX: right, minY: feet - height, maxY: feet,
                area: (right - left) * height * 0.6, centroidX: 0.5 * (left + right), centroidY: feet - height / 2,
                upperCentreX: 0.5 * (left + right), bottomX: 0.5 * (left + right), bottomY: feet)
}

/// One frame of hand-made regions at `t` (seconds) through `tracker`; the rider it follows.
/// `hold`: a run is in progress, the rider's identity is held (`holdIdentity`).
func step(_ tracker: inout RiderTracker, _ t: Double, _ blobs: [Blob], hold: Bool = false) -> RiderTracker.Observation? {
    blobs.withUnsafeBufferPointer { tracker.update(time: t, candidates: $0, holdIdentity: hold) }
}

/// A camera's cadence for the tracker's rule tests: frame times at `fps` with ±3 ms of jitter
/// (the same for a given frame number) and every 13th frame dropped, from `start` to `end` seconds.
func jitteredFrameTimes(fps: Double, from start: Double, to end: Double) -> [Double] {
    var times: [Double] = []
    var frame = Int((start * fps).rounded(.up))
    while Double(frame) / fps <= end {
        if frame % 13 != 5 { times.append(Double(frame) / fps + Double((frame * 7919) % 7 - 3) * 0.001) }
        frame += 1
    }
    return times
}

/// A harder cadence: frame times at `fps` with ±3 ms of jitter and every seventh frame dropped,
/// from 0 to `duration` seconds.
func frameTimesDroppingOneInSeven(fps: Double, duration: Double) -> [Double] {
    var times: [Double] = []
    for frame in 0..<Int(duration * fps) where frame % 7 != 3 {
        let jitter = Double((frame * 7919) % 7 - 3) * 0.001
        times.append(Double(frame) / fps + jitter)
    }
    return times
}

/// Paints rectangles (cell coordinates, inclusive) into a mask of `columns` x `rows`, for the
/// region extractor's tests.
func paintedMask(_ columns: Int, _ rows: Int, _ boxes: [(Int, Int, Int, Int)]) -> [UInt8] {
    var m = [UInt8](repeating: 0, count: columns * rows)
    for (x0, y0, x1, y1) in boxes { for y in y0...y1 { for x in x0...x1 { m[y * columns + x] = 1 } } }
    return m
}
