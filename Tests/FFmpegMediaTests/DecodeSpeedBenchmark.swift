import FFmpegMedia
import Foundation
import GateSpeedFrames
import Testing

/// Decode speed at 640x480 H.264: a measurement, not a test of timing (no assertion on it).
/// Runs only with GATESPEED_BENCHMARK=1, best in release:
/// `GATESPEED_BENCHMARK=1 swift test -c release -Xswiftc -enable-testing --filter DecodeSpeed`
@Suite struct DecodeSpeedBenchmark {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GATESPEED_BENCHMARK"] == "1"))
    func decode640x480H264() throws {
        let video = SyntheticVideo(width: 640, height: 480, speed: 300)
        let frameCount = 600
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var settings = video.settings(.h264)
        settings.preset = "superfast"
        settings.crf = 23
        let (packets, stream) = try video.encode(timestamps: Timeline.constant(count: frameCount), settings: settings)
        let path = directory + "/bench.mp4"
        try ContainerWriter.write(packets: packets, stream: stream, to: path)

        let clock = ContinuousClock()
        var lumaSum = 0
        let source = try VideoFileSource(path: path)
        let elapsed = clock.measure {
            while source.nextFrame({ frame in lumaSum &+= Int(frame.luma.sample(x: 320, y: 240)) }) != .endOfStream {}
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let rate = Double(source.statistics.delivered) / seconds
        print("decode 640x480 H.264: \(source.statistics.delivered) frames in \(String(format: "%.3f", seconds)) s"
              + " = \(String(format: "%.0f", rate)) frames/s (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        #expect(source.statistics.delivered == frameCount)
        #expect(lumaSum > 0)
    }
}
