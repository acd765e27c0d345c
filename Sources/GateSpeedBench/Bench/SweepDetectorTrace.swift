import GateSpeedEngine
import GateSpeedVision
import Glibc

/// `GATESPEED_SWEEP_TRACE=detector gatespeed bench --sweep 1 --seed S`: one line a frame of what the
/// detector made of it (phase, foreground and motion fractions, relearns, the rider followed),
/// to see where a replayed run went wrong.
enum SweepDetectorTrace {
    /// Whether the trace was asked for (GATESPEED_SWEEP_TRACE=detector).
    static let isOn = getenv("GATESPEED_SWEEP_TRACE").map { String(cString: $0) == "detector" } ?? false

    /// Prints the detector's output for the frame just processed.
    static func line(_ output: DetectorOutput, detector: RiderDetector) {
        var text = "t " + BenchReport.fixed(output.time, 3) + (output.phase == .ready ? " ready" : " calib")
        text += " fg " + BenchReport.fixed(100 * output.foregroundFraction, 2)
        if output.phase == .calibrating {
            text += " motion " + BenchReport.fixed(100 * output.motionFraction, 2) + " still " + BenchReport.fixed(output.stillSeconds, 2)
        }
        if let cause = output.relearn { text += " RELEARN \(cause.rawValue)" }
        if output.becameReady { text += " BECAME-READY" }
        text += " people \(output.trackedPeople)"
        if let rider = output.rider {
            text += " rider x " + BenchReport.fixed(rider.x, 3) + " foot " + BenchReport.fixed(rider.footY, 3)
                + " h " + BenchReport.fixed(rider.blob.maxY - rider.blob.minY, 3) + " id \(rider.trackID)"
        }
        if output.phase == .ready { text += " " + detector.cameraShiftTrace }
        let blobs = detector.lastBlobs
        text += " blobs \(blobs.count)"
        for blob in blobs.prefix(3) {
            text += " [" + BenchReport.fixed(blob.minX, 2) + "-" + BenchReport.fixed(blob.maxX, 2) + " y "
                + BenchReport.fixed(blob.minY, 2) + "-" + BenchReport.fixed(blob.maxY, 2) + "]"
        }
        print(text)
    }
}
