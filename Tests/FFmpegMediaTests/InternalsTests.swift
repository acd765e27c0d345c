import CFFmpeg
@testable import FFmpegMedia
import Foundation
import Testing

@Suite struct PixelFormatTests {
    @Test func eightBitYUVAndGreyAreHandedOverWithoutConversion() {
        #expect(DecodedFrameLayout(AV_PIX_FMT_YUV420P) == .planar(chromaHalfHeight: true))
        #expect(DecodedFrameLayout(AV_PIX_FMT_YUVJ420P) == .planar(chromaHalfHeight: true))
        #expect(DecodedFrameLayout(AV_PIX_FMT_YUVJ422P) == .planar(chromaHalfHeight: false))
        #expect(DecodedFrameLayout(AV_PIX_FMT_NV12) == .semiPlanar(blueFirst: true, chromaHalfHeight: true))
        #expect(DecodedFrameLayout(AV_PIX_FMT_NV21) == .semiPlanar(blueFirst: false, chromaHalfHeight: true))
        #expect(DecodedFrameLayout(AV_PIX_FMT_GRAY8) == .lumaOnly)
        #expect(DecodedFrameLayout(AV_PIX_FMT_YUV444P) == .lumaOnly)
        #expect(DecodedFrameLayout(AV_PIX_FMT_RGB24) == .converted)
        #expect(DecodedFrameLayout(AV_PIX_FMT_YUV420P10LE) == .converted)
    }

    /// An RGB picture (white square on black) converts to I420 with the square bright in luma.
    @Test func rgbIsConvertedToI420() throws {
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        let picture = try #require(frame)
        picture.pointee.format = AV_PIX_FMT_RGB24.rawValue
        picture.pointee.width = 64
        picture.pointee.height = 48
        #expect(av_frame_get_buffer(picture, 0) >= 0)
        let stride = Int(picture.pointee.linesize.0)
        let rgb = try #require(picture.pointee.data.0)
        for y in 0..<48 {
            for x in 0..<64 {
                let white: UInt8 = (16..<32).contains(x) && (16..<32).contains(y) ? 255 : 0
                for channel in 0..<3 { rgb[y * stride + x * 3 + channel] = white }
            }
        }
        let converter = FrameConverter()
        let i420 = try #require(converter.convert(picture))
        #expect(converter.width == 64 && converter.height == 48)
        #expect(i420[24 * 64 + 24] > 220, "inside the square")
        #expect(i420[5 * 64 + 5] < 30, "background")
        let blue = i420[64 * 48 + 12 * 32 + 12]
        #expect(abs(Int(blue) - 128) < 4, "white and black have neutral chroma")
    }

    @Test func timingTrackerCountsGapsAndKeepsTimeIncreasing() {
        var tracker = FrameTimingTracker(nominalFramesPerSecond: 30)
        let interval = 1.0 / 30
        #expect(tracker.record(time: 0) == 0)
        _ = tracker.record(time: interval + 0.003)
        #expect(tracker.dropped == 0)
        _ = tracker.record(time: 4 * interval - 0.002)  // two frames missing
        #expect(tracker.dropped == 2)
        let repeated = tracker.record(time: 4 * interval - 0.002)
        #expect(repeated > 4 * interval - 0.002)
        let guessed = tracker.record(time: nil)  // no timestamp: one interval later
        #expect(abs(guessed - (repeated + interval)) < 1e-9)
        #expect(tracker.dropped == 2)
    }

    /// Unreadable frames fill the empty slots of the next gap, even when noted a frame early
    /// (a decoder hands pictures out late); only the rest are dropped.
    @Test func unreadableFramesFillTheNextGap() {
        var tracker = FrameTimingTracker(nominalFramesPerSecond: 30)
        let interval = 1.0 / 30
        _ = tracker.record(time: 0)
        tracker.noteUnreadable(2)
        _ = tracker.record(time: interval)
        #expect(tracker.dropped == 0)
        _ = tracker.record(time: 5 * interval)  // three slots empty: two unreadable, one dropped
        #expect(tracker.dropped == 1)
        _ = tracker.record(time: 8 * interval)  // nothing unreadable left: both slots dropped
        #expect(tracker.dropped == 3)
    }

    /// A step back beyond half a second, or a jump forward beyond an hour, is a new timeline:
    /// handed on, no frames counted missing. Times that are no clock time become one interval
    /// after the last. Nothing traps, however far the jump.
    @Test func newTimelinesAndImpossibleTimes() {
        var tracker = FrameTimingTracker(nominalFramesPerSecond: 30)
        let interval = 1.0 / 30
        _ = tracker.record(time: 100)
        #expect(tracker.record(time: 3) == 3)
        #expect(tracker.record(time: 3 - 0.01) == 3 + 1e-6, "a small step back is disorder, not a new timeline")
        #expect(tracker.record(time: 1e9) == 1e9)
        #expect(tracker.discontinuities == 2 && tracker.dropped == 0)
        for impossible in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            let before = tracker.lastTime ?? 0
            #expect(abs(tracker.record(time: impossible) - (before + interval)) < 1e-6)
        }
        _ = tracker.record(time: 1e9 + 3000)  // under an hour: counted, in bounds
        #expect(tracker.dropped > 80_000 && tracker.dropped < 100_000)
        var unknownRate = FrameTimingTracker(nominalFramesPerSecond: .nan)
        _ = unknownRate.record(time: 0)
        _ = unknownRate.record(time: 10)
        #expect(unknownRate.dropped == 0 && unknownRate.nominalInterval == 0)
    }
}

@Suite struct H264ParameterSetTests {
    @Test func findsInlineSPSAndPPSOfAKeyframe() throws {
        let sps: [UInt8] = [0x67, 0x42, 0xC0, 0x1E, 0xDA]
        let pps: [UInt8] = [0x68, 0xCE, 0x3C, 0x80]
        let slice: [UInt8] = [0x65, 0x88, 0x84, 0x00]
        let packet = [0, 0, 0, 1] + sps + [0, 0, 1] + pps + [0, 0, 0, 1] + slice
        let headers = try #require(H264ParameterSets.extract(from: packet))
        #expect(headers == [0, 0, 0, 1] + sps + [0, 0, 0, 1] + pps)
        #expect(H264ParameterSets.extract(from: [0, 0, 0, 1] + slice) == nil)
    }

    /// libx264's global header is exactly such a pair.
    @Test func libx264GlobalHeaderHoldsSPSAndPPS() throws {
        let video = SyntheticVideo()
        let encoder = try VideoEncoder(settings: video.settings(.h264))
        #expect(H264ParameterSets.extract(from: encoder.streamInfo.extradata) != nil)
    }

    /// As from h264_v4l2m2m: no global header, SPS/PPS inline in the first keyframe. The MP4
    /// still gets its header and plays back.
    @Test func inlineParameterSetsBecomeTheMP4Header() throws {
        let video = SyntheticVideo()
        let timestamps = Timeline.constant(count: 20)
        var (packets, stream) = try video.encode(timestamps: timestamps, settings: video.settings(.h264))
        packets[0].data = stream.extradata + packets[0].data
        stream = stream.with(extradata: [])
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try ContainerWriter.write(packets: packets, stream: stream, to: directory + "/inline.mp4")
        let source = try VideoFileSource(path: directory + "/inline.mp4")
        #expect(Decoding.readAll(source).count == timestamps.count)
        #expect(source.statistics.corrupt == 0)
    }
}
