import FFmpegMedia
import Foundation
import GateSpeedFrames

/// Clips as the service left them: every `index.json` entry and every `.mp4` on disk.
struct ClipsOnDisk {
    /// Full paths of the clips the indexes list.
    var indexed: Set<String> = []
    /// Full paths of the `.mp4` files present.
    var files: Set<String> = []
    /// Paths of files left half-written (`.partial`, `.tmp`).
    var leftovers: [String] = []

    init(root: String) {
        let manager = FileManager.default
        for relative in manager.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] {
            let path = root + "/" + relative
            if relative.hasSuffix(".mp4") && !(relative as NSString).lastPathComponent.hasPrefix(".") { files.insert(path) }
            if relative.hasSuffix(".partial") || relative.hasSuffix(".tmp") { leftovers.append(path) }
            if relative.hasSuffix("index.json"), let data = manager.contents(atPath: path),
               let index = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               let clips = index["clips"] as? [[String: Any]] {
                let directory = (path as NSString).deletingLastPathComponent
                for clip in clips { if let file = clip["file"] as? String { indexed.insert(directory + "/" + file) } }
            }
        }
    }
}

/// What decoding a clip from start to end gave.
struct DecodedClip {
    var frames = 0
    var corrupt = 0
    var seconds = 0.0
    var error: String?
}

/// Decodes every frame of `path` with the FFmpegMedia module (as `replay` would).
func decodeClip(_ path: String) -> DecodedClip {
    var result = DecodedClip()
    do {
        let source = try VideoFileSource(path: path)
        var first: Double?, last = 0.0
        decoding: while true {
            switch source.nextFrame({ frame in
                if first == nil { first = frame.timestamp }
                last = frame.timestamp
            }) {
            case .delivered: result.frames += 1
            case .skipped: continue
            case .endOfStream: break decoding
            case .fault(let reason):
                result.error = reason
                break decoding
            }
        }
        result.corrupt = source.statistics.corrupt
        result.seconds = last - (first ?? last)
    } catch {
        result.error = "\(error)"
    }
    return result
}
