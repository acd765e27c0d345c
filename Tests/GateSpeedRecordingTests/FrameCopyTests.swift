import GateSpeedFrames
import Testing
@testable import GateSpeedRecording

/// The recorder's copy of a frame (rows at a time) is byte for byte `I420Image.copy(from:)`
/// (a byte at a time) for every layout a camera or a file delivers, and the hand-off uses it.
@Suite struct FrameCopyTests {
    struct Layout {
        var name: String
        var bytes: Int
        /// The frame view over `base`, for `width` x `height`.
        var frame: (UnsafeRawPointer, Int, Int) -> VideoFrame
    }

    static func layouts(width w: Int, height h: Int) -> [Layout] {
        let cw = w / 2, ch = h / 2, padded = w + 24
        return [
            Layout(name: "grey", bytes: w * h) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w), timestamp: 1, sequence: 0)
            },
            Layout(name: "grey, padded rows", bytes: padded * h) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: padded), timestamp: 1, sequence: 0)
            },
            Layout(name: "I420", bytes: w * h + 2 * cw * ch) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w),
                           chromaBlue: Plane(base: base + w * h, width: cw, height: ch, rowStride: cw),
                           chromaRed: Plane(base: base + w * h + cw * ch, width: cw, height: ch, rowStride: cw),
                           timestamp: 2, sequence: 0)
            },
            Layout(name: "YU12, padded rows", bytes: padded * h + 2 * (padded / 2) * ch) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: padded),
                           chromaBlue: Plane(base: base + padded * h, width: cw, height: ch, rowStride: padded / 2),
                           chromaRed: Plane(base: base + padded * h + (padded / 2) * ch, width: cw, height: ch,
                                            rowStride: padded / 2),
                           timestamp: 2, sequence: 0)
            },
            Layout(name: "NV12", bytes: w * h + w * ch) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w),
                           chromaBlue: Plane(base: base + w * h, width: cw, height: ch, rowStride: w, pixelStride: 2),
                           chromaRed: Plane(base: base + w * h + 1, width: cw, height: ch, rowStride: w, pixelStride: 2),
                           timestamp: 3, sequence: 0)
            },
            Layout(name: "NV21", bytes: w * h + w * ch) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w),
                           chromaBlue: Plane(base: base + w * h + 1, width: cw, height: ch, rowStride: w, pixelStride: 2),
                           chromaRed: Plane(base: base + w * h, width: cw, height: ch, rowStride: w, pixelStride: 2),
                           timestamp: 3, sequence: 0)
            },
            Layout(name: "YUYV", bytes: 2 * w * h) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: 2 * w, pixelStride: 2),
                           chromaBlue: Plane(base: base + 1, width: cw, height: h, rowStride: 2 * w, pixelStride: 4),
                           chromaRed: Plane(base: base + 3, width: cw, height: h, rowStride: 2 * w, pixelStride: 4),
                           timestamp: 4, sequence: 0)
            },
            Layout(name: "4:2:2 planar", bytes: w * h + 2 * cw * h) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w),
                           chromaBlue: Plane(base: base + w * h, width: cw, height: h, rowStride: cw),
                           chromaRed: Plane(base: base + w * h + cw * h, width: cw, height: h, rowStride: cw),
                           timestamp: 5, sequence: 0)
            },
            Layout(name: "chroma short of the frame", bytes: w * h + 2 * (cw - 1) * (ch - 1)) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: w),
                           chromaBlue: Plane(base: base + w * h, width: cw - 1, height: ch - 1, rowStride: cw - 1),
                           chromaRed: Plane(base: base + w * h + (cw - 1) * (ch - 1), width: cw - 1, height: ch - 1,
                                            rowStride: cw - 1),
                           timestamp: 6, sequence: 0)
            },
            Layout(name: "odd stride 3", bytes: 3 * w * h) { base, w, h in
                VideoFrame(luma: Plane(base: base, width: w, height: h, rowStride: 3 * w, pixelStride: 3),
                           chromaBlue: Plane(base: base + 1, width: cw, height: ch, rowStride: 6 * w, pixelStride: 6),
                           chromaRed: Plane(base: base + 2, width: cw, height: ch, rowStride: 6 * w, pixelStride: 6),
                           timestamp: 7, sequence: 0)
            },
        ]
    }

    @Test(arguments: [(640, 480), (320, 240), (34, 18), (18, 10), (2, 2)])
    func everyLayoutIsCopiedExactlyAsTheByteByByteCopy(size: (Int, Int)) {
        let (w, h) = size
        for layout in Self.layouts(width: w, height: h) where layout.name != "chroma short of the frame" || (w > 2 && h > 2) {
            // The buffer ends exactly at the last byte the layout uses: reading past it would be a bug
            // (the address sanitizer or an unlucky page would say so); here it is all random bytes.
            var state: UInt64 = UInt64(w * 31 + h)
            let bytes = (0..<layout.bytes).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 35)
            }
            bytes.withUnsafeBytes { raw in
                let frame = layout.frame(raw.baseAddress!, w, h)
                var expected = I420Image(width: w, height: h)
                let expectedCopied = expected.copy(from: frame)
                var copied = I420Image(width: w, height: h)
                for i in copied.bytes.indices { copied.bytes[i] = 7 }   // nothing of the old image may survive
                let didCopy = FrameCopy.copy(frame, into: &copied)
                #expect(expectedCopied && didCopy)
                #expect(copied.bytes == expected.bytes, "\(w)x\(h) \(layout.name)")
                #expect(copied.timestamp == frame.timestamp)
            }
        }
    }

    @Test func aFrameOfAnotherSizeIsRefusedAndTheHandoffUsesTheCopy() {
        let w = 64, h = 48
        let layout = Self.layouts(width: w, height: h).first { $0.name == "YUYV" }!
        let bytes = (0..<layout.bytes).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        bytes.withUnsafeBytes { raw in
            let frame = layout.frame(raw.baseAddress!, w, h)
            var wrong = I420Image(width: 32, height: 24)
            let copied = FrameCopy.copy(frame, into: &wrong)
            #expect(!copied)
            let handoff = FrameHandoff(slotCount: 2, width: w, height: h)
            #expect(handoff.submit(frame, overlay: OverlayState()) == .queued)
            let slot = handoff.takeFilled()!
            var expected = I420Image(width: w, height: h)
            expected.copy(from: frame)
            #expect(handoff.slots[slot].image.bytes == expected.bytes)
            handoff.recycle(slot)
        }
    }
}
