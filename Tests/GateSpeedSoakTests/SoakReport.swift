import Foundation

/// What the soak measured, for its output and for `GATESPEED_SOAK_REPORT`.
struct SoakReport {
    var samples: [ProcessSample]
    var wallSeconds: Double
    var frames: Int
    var results: Int
    var invalids: Int
    var clips: Int
    var deleted: Int
    var decoded: Int
    var sessions: Int

    /// A few lines: the totals, then the curve every five minutes of scene.
    var text: String {
        var lines = [String(format: "soak: %d frames in %.0f s wall (%.1f x real time); %d results, %d invalid, "
                                + "%d clips (%d deleted for space, %d left and decoded), %d new sessions",
                            frames, wallSeconds, Double(frames) / 30 / max(wallSeconds, 1), results, invalids,
                            clips, deleted, decoded, sessions),
                     "soak: scene min   wall s   RSS MB   fds  threads"]
        var nextMinute = 0.0
        for sample in samples where sample.sceneSeconds / 60 >= nextMinute {
            lines.append(String(format: "soak: %9.0f %8.0f %8.1f %5d %8d", sample.sceneSeconds / 60, sample.wallSeconds,
                                sample.residentMegabytes, sample.descriptors, sample.threads))
            nextMinute = (sample.sceneSeconds / 60 / 5).rounded(.down) * 5 + 5
        }
        if let last = samples.last {
            lines.append(String(format: "soak: %9.0f %8.0f %8.1f %5d %8d (last)", last.sceneSeconds / 60, last.wallSeconds,
                                last.residentMegabytes, last.descriptors, last.threads))
        }
        return lines.joined(separator: "\n")
    }

    /// Every sample, tab-separated with a header.
    var table: String {
        (["wall_s\tscene_s\trss_mb\tfds\tthreads"] + samples.map {
            String(format: "%.1f\t%.1f\t%.2f\t%d\t%d", $0.wallSeconds, $0.sceneSeconds, $0.residentMegabytes,
                   $0.descriptors, $0.threads)
        }).joined(separator: "\n") + "\n"
    }
}
