import GateSpeedFrames
import Testing
@testable import V4L2Camera

@Suite struct StreamingTests {
    @Test func timestampsComeFromTheBufferNotTheClock() {
        let device = FakeV4L2Device(offering: [.grey])
        let times = frameTimes(count: 6)
        device.events = times.enumerated().map { .frame(sequence: UInt32($0.offset), timestamp: $0.element) }
        let clock = TestClock(start: 99_000)  // far from the buffer times
        let source = makeSource(device, clock: clock)
        var seen: [Double] = []
        for _ in times {
            let (outcome, frame) = pull(source)
            #expect(outcome == .delivered)
            if let frame { seen.append(frame.timestamp) }
        }
        #expect(seen == times)
        #expect(source.timestampsAreMonotonic)
        #expect(source.statistics.delivered == 6)
    }

    @Test func sequenceGapsAreCountedAsDropped() {
        let device = FakeV4L2Device(offering: [.yuyv])
        let sequences: [UInt32] = [40, 41, 43, 44, 45, 49, 50]
        let times = frameTimes(count: 11)
        device.events = sequences.map { .frame(sequence: $0, timestamp: times[Int($0 - 40)]) }
        let source = makeSource(device)
        var delivered: [UInt64] = []
        for _ in sequences { if let frame = pull(source).1 { delivered.append(frame.sequence) } }
        #expect(delivered == sequences.map(UInt64.init))
        #expect(source.statistics == FrameSourceStatistics(delivered: 7, dropped: 4, corrupt: 0))
    }

    @Test func nonMonotonicTimestampsAreReportedOnce() {
        let device = FakeV4L2Device(offering: [.grey])
        device.events = [.frame(sequence: 0, timestamp: 1, flags: 0), .frame(sequence: 1, timestamp: 1.033, flags: 0)]
        let log = LogRecorder()
        let source = makeSource(device, log: log)
        _ = pull(source)
        _ = pull(source)
        #expect(!source.timestampsAreMonotonic)
        #expect(log.lines.filter { $0.contains("not CLOCK_MONOTONIC") }.count == 1)
    }

    @Test func damagedBuffersAreCorruptAndRequeued() {
        let device = FakeV4L2Device(offering: [.grey])
        device.events = [.frame(sequence: 0, timestamp: 1, flags: DequeuedBuffer.timestampMonotonic | DequeuedBuffer.errorFlag),
                         .frame(sequence: 1, timestamp: 1.033)]
        let source = makeSource(device)
        #expect(pull(source).0 == .skipped)
        #expect(pull(source).0 == .delivered)
        #expect(source.statistics == FrameSourceStatistics(delivered: 1, dropped: 0, corrupt: 1))
        #expect(device.calls.filter { $0 == .queueBuffer(0) }.count == 2)  // initial queue + requeue
    }

    @Test func greyLumaPointsIntoTheMappedBuffer() {
        let device = FakeV4L2Device(offering: [.grey])
        device.events = [.frame(sequence: 0, timestamp: 1, fill: 77), .frame(sequence: 1, timestamp: 1.033, fill: 78)]
        let source = makeSource(device)
        for index in 0..<2 {
            var checked = false
            let outcome = source.nextFrame { frame in
                #expect(frame.luma.base == UnsafeRawPointer(device.mapped[index]!.address))
                #expect(frame.luma.pixelStride == 1 && frame.luma.rowStride == 640)
                #expect(frame.luma.sample(x: 639, y: 479) == UInt8(77 + index))
                #expect(frame.chromaBlue == nil)
                checked = true
            }
            #expect(outcome == .delivered && checked)
        }
        // Each buffer goes back to the driver after the closure.
        #expect(device.calls.suffix(1) == [.queueBuffer(1)])
    }

    @Test func yuyvPlanesUseStridesIntoTheBuffer() {
        let device = FakeV4L2Device(offering: [.yuyv])
        // One row of Y0 U Y1 V = 10 20 11 30, repeated.
        var row: [UInt8] = []
        for pair in 0..<320 {
            let odd = UInt8(pair % 2)
            row += [10 + odd, 20, 11 + odd, 30]
        }
        device.events = [.frame(sequence: 0, timestamp: 1, payload: row)]
        let source = makeSource(device)
        var checked = false
        _ = source.nextFrame { frame in
            let base = UnsafeRawPointer(device.mapped[0]!.address)
            #expect(frame.luma.base == base)
            #expect(frame.luma.pixelStride == 2 && frame.luma.rowStride == 1280)
            #expect(frame.luma.sample(x: 0, y: 0) == 10 && frame.luma.sample(x: 1, y: 0) == 11)
            #expect(frame.luma.sample(x: 2, y: 0) == 11 && frame.luma.sample(x: 3, y: 0) == 12)
            let blue = frame.chromaBlue!, red = frame.chromaRed!
            #expect(blue.base == base + 1 && red.base == base + 3)
            #expect(blue.pixelStride == 4 && red.pixelStride == 4 && blue.rowStride == 1280)
            #expect(blue.width == 320 && blue.height == 480)
            #expect(blue.sample(x: 5, y: 0) == 20 && red.sample(x: 5, y: 0) == 30)
            checked = true
        }
        #expect(checked)
    }

    @Test func nv12AndYU12ChromaFollowTheLuma() {
        for format in [PixelFormat.nv12, .yu12] {
            let device = FakeV4L2Device(offering: [format])
            device.events = [.frame(sequence: 0, timestamp: 1)]
            let source = makeSource(device)
            var checked = false
            _ = source.nextFrame { frame in
                let base = UnsafeRawPointer(device.mapped[0]!.address)
                #expect(frame.luma.base == base && frame.luma.pixelStride == 1)
                let blue = frame.chromaBlue!, red = frame.chromaRed!
                #expect(blue.base == base + 640 * 480)
                #expect(blue.width == 320 && blue.height == 240)
                if format == .nv12 {
                    #expect(red.base == blue.base + 1 && blue.pixelStride == 2 && blue.rowStride == 640)
                } else {
                    #expect(red.base == blue.base + 320 * 240 && blue.pixelStride == 1 && blue.rowStride == 320)
                }
                checked = true
            }
            #expect(checked)
        }
    }

    @Test func mjpegOnlyCameraIsDecodedIntoAReusableBuffer() {
        let device = FakeV4L2Device(offering: [.mjpeg], width: 16, height: 16)
        device.events = [.frame(sequence: 0, timestamp: 2, payload: tinyGreyJPEG),
                         .frame(sequence: 1, timestamp: 2.033, payload: [0xff, 0xd8, 0x00, 0x01]),
                         .frame(sequence: 2, timestamp: 2.066, payload: tinyGreyJPEG)]
        let source = makeSource(device, settings: CameraSettings(width: 16, height: 16))
        #expect(source.pixelFormat == .mjpeg)
        var bases: [UnsafeRawPointer] = []
        var lumas: [UInt8] = []
        let outcomes = (0..<3).map { _ in
            source.nextFrame { frame in
                bases.append(frame.luma.base)
                lumas.append(frame.luma.sample(x: 8, y: 8))
                #expect(frame.chromaBlue?.width == 8 && frame.chromaBlue?.height == 8)
                #expect(frame.chromaBlue!.sample(x: 3, y: 3) > 120 && frame.chromaBlue!.sample(x: 3, y: 3) < 136)
            }
        }
        #expect(outcomes == [.delivered, .skipped, .delivered])
        #expect(lumas.allSatisfy { $0 >= 92 && $0 <= 98 })
        #expect(bases.count == 2 && bases[0] == bases[1])  // the same decode buffer every time
        #expect(!device.mapped.values.contains { UnsafeRawPointer($0.address) == bases[0] })
        #expect(source.statistics == FrameSourceStatistics(delivered: 2, dropped: 0, corrupt: 1))
    }

    @Test func shortUncompressedBufferIsCorrupt() {
        let device = FakeV4L2Device(offering: [.grey])
        device.events = [.frame(sequence: 0, timestamp: 1, bytesUsed: 3)]
        let source = makeSource(device)
        #expect(pull(source).0 == .skipped)
        #expect(source.statistics.corrupt == 1)
    }
}
