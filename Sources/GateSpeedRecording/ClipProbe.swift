import FFmpegMedia
import GateSpeedFrames

/// Whether a clip file plays: it opens as a video and every frame decodes to the end.
/// Used at start on the hidden `.partial` files a kill leaves, to keep the complete ones.
public enum ClipProbe {
    /// True when `path` opens, has at least one frame, and decodes to its end with no
    /// corrupt frame (a clip cut short or damaged mid-write fails one of these).
    @Sendable public static func isPlayable(_ path: String) -> Bool {
        guard let source = try? VideoFileSource(path: path) else { return false }
        while true {
            switch source.nextFrame({ _ in }) {
            case .delivered, .skipped: continue
            case .fault: return false
            case .endOfStream:
                let statistics = source.statistics
                return statistics.delivered > 0 && statistics.corrupt == 0
            }
        }
    }
}
