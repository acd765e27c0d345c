import CFFmpeg
@testable import FFmpegMedia
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
}
