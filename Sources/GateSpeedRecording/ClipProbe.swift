import FFmpegMedia
import GateSpeedFrames
import Glibc

/// Whether a clip file plays: its MP4 boxes cover the file exactly (nothing cut off the
/// end), and it opens as a video whose every frame decodes to the end.
/// Used at start on the hidden `.partial` files a kill leaves, to keep the complete ones.
public enum ClipProbe {
    /// True when `path` is a whole MP4 with at least one frame that decodes to its end with
    /// no corrupt frame (a clip cut short or damaged mid-write fails one of these).
    @Sendable public static func isPlayable(_ path: String) -> Bool {
        guard boxesTileTheFile(path), let source = try? VideoFileSource(path: path) else { return false }
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

    /// True when the file is a sequence of ISO-BMFF top-level boxes (`ftyp` first, a `moov`
    /// and an `mdat` among them) whose sizes add up to exactly the file's length.
    static func boxesTileTheFile(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let length = UInt64(clamping: info.st_size)
        var offset: UInt64 = 0
        var types: [String] = []
        var header = [UInt8](repeating: 0, count: 16)
        while offset < length {
            guard length - offset >= 8, types.count < 1_000 else { return false }
            let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, off_t(offset)) }
            guard read >= 8 else { return false }
            var size = header[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if size == 1 {
                guard read == 16 else { return false }
                size = header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            } else if size == 0 {
                size = length - offset   // "to the end of the file"
            }
            guard size >= 8, size <= length - offset else { return false }
            types.append(type)
            offset += size
        }
        return types.first == "ftyp" && types.contains("moov") && types.contains("mdat")
    }
}
