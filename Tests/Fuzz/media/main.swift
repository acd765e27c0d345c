// libFuzzer target: a video or image file (any container FFmpeg opens: AVI, MKV, MP4, JPEG...)
// demuxed and decoded by VideoFileSource, every frame read to the end.
import FFmpegMedia
import GateSpeedFrames

let fuzzDirectory = FuzzScratch.directory(named: "media")
let quiet: Void = FFmpegLog.silence()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMedia(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = quiet
    let path = fuzzDirectory + "/input"
    guard FuzzScratch.write(data, size, to: path), let source = try? VideoFileSource(path: path) else { return 0 }
    var last = -Double.infinity, checksum = 0
    for _ in 0..<2_000 {
        let outcome = source.nextFrame { frame in
            precondition(frame.timestamp.isFinite, "a frame time must be finite")
            last = frame.timestamp
            checksum &+= Int(frame.luma.sample(x: frame.width - 1, y: frame.height - 1))
        }
        if outcome == .endOfStream { break }
    }
    let statistics = source.statistics
    precondition(statistics.delivered >= 0 && statistics.dropped >= 0 && statistics.corrupt >= 0)
    _ = (last, checksum)
    return 0
}
