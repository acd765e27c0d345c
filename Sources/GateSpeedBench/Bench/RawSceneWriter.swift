import GateSpeedSimulation
import Glibc
import GateSpeedPlatform

/// `GATESPEED_BENCH_RAW=FILE gatespeed bench [--frames N]`: instead of timing, writes N frames
/// of the bench's colour scene (riders in coloured clothes, at the first size of
/// GATESPEED_BENCH_SIZES, 320x240 by default) to FILE as raw I420 (`yuv420p`, 30 fps), to be
/// encoded by ffmpeg for `gatespeed replay` under callgrind (see the README, "Speed").
enum RawSceneWriter {
    /// Writes the frames; returns the exit status (0 done, 1 failure).
    static func run(path: String, width: Int, height: Int, frames: Int) -> Int32 {
        guard let file = fopen(path, "wb") else {
            Log.writeToStandardError("gatespeed bench: cannot write \(path)\n")
            return 1
        }
        defer { fclose(file) }
        var source = SimulatedCourseSource(scene: BenchScene.colour(width: width, height: height, frames: frames))
        var slot = [UInt8](repeating: 0, count: StoredLayout.i420.bytesPerFrame(width: width, height: height))
        var written = 0
        while written < frames {
            var ok = true
            let outcome = source.nextFrame { frame in
                slot.withUnsafeMutableBytes { raw in
                    StoredLayout.i420.write(frame, to: raw.baseAddress!)
                    ok = fwrite(raw.baseAddress!, 1, raw.count, file) == raw.count
                }
            }
            guard outcome == .delivered else { break }
            guard ok else {
                Log.writeToStandardError("gatespeed bench: writing \(path) failed\n")
                return 1
            }
            written += 1
        }
        print("wrote \(written) frames of \(width)x\(height) yuv420p at \(Int(BenchScene.framesPerSecond)) fps to \(path)")
        return 0
    }
}
