import Testing
@testable import V4L2Camera

@Suite struct FormatNegotiationTests {
    @Test func picksGreyWhenOffered() {
        let device = FakeV4L2Device(offering: [.mjpeg, .yuyv, .grey, .nv12])
        let source = makeSource(device)
        #expect(source.pixelFormat == .grey)
        #expect(device.setFormatCalls == [.setFormat(.grey, 640, 480)])
        #expect(source.frameWidth == 640 && source.frameHeight == 480)
    }

    @Test(arguments: [
        ([PixelFormat.mjpeg, .nv12, .yuyv], PixelFormat.yuyv),
        ([.mjpeg, .yu12, .nv12], .nv12),
        ([.mjpeg, .yu12], .yu12),
        ([.mjpeg], .mjpeg),
        ([PixelFormat("RGB3"), .jpeg], .jpeg),
    ])
    func fallsBackInOrder(offered: [PixelFormat], expected: PixelFormat) {
        let source = makeSource(FakeV4L2Device(offering: offered))
        #expect(source.pixelFormat == expected)
    }

    @Test func refusedFormatMovesToTheNextCandidate() {
        let device = FakeV4L2Device(offering: [.yuyv, .grey])
        device.refusedFormats = [.grey]  // S_FMT answers with YUYV instead
        let source = makeSource(device)
        #expect(device.setFormatCalls == [.setFormat(.grey, 640, 480), .setFormat(.yuyv, 640, 480)])
        #expect(source.pixelFormat == .yuyv)
    }

    @Test func emulatedFormatsAreIgnored() throws {
        let device = FakeV4L2Device(offering: [.mjpeg])
        device.formats.append(FormatDescriptor(format: .yu12, description: "emulated", isEmulated: true))
        device.sizes[.yu12] = [.discrete(width: 640, height: 480)]
        try device.open(path: "/dev/video0")
        let offers = try FormatNegotiation.readOffers(from: device)
        #expect(offers.map(\.format) == [.mjpeg])
    }

    @Test func nearestSizeWhenTheExactOneIsNotOffered() {
        let device = FakeV4L2Device(offering: [.yuyv])
        device.sizes[.yuyv] = [.discrete(width: 320, height: 240), .discrete(width: 800, height: 600),
                               .discrete(width: 1280, height: 720)]
        let log = LogRecorder()
        let source = makeSource(device, log: log)
        #expect(device.setFormatCalls == [.setFormat(.yuyv, 800, 600)])
        #expect(source.frameWidth == 800 && source.frameHeight == 600)
        #expect(log.lines == ["camera /dev/video0: 800x600 YUYV at 30 fps (Fake Webcam, uvcvideo, 640x480 not offered)"])
    }

    @Test func exactSizeBeatsAPreferredFormatAtAnotherSize() {
        let offers = [
            FormatOffer(descriptor: FormatDescriptor(format: .grey, description: ""), sizes: [.discrete(width: 320, height: 240)]),
            FormatOffer(descriptor: FormatDescriptor(format: .mjpeg, description: ""), sizes: [.discrete(width: 640, height: 480)]),
            FormatOffer(descriptor: FormatDescriptor(format: .yuyv, description: ""), sizes: [.discrete(width: 352, height: 288)]),
        ]
        let candidates = FormatNegotiation.candidates(offers: offers, width: 640, height: 480)
        #expect(candidates == [FormatCandidate(format: .mjpeg, width: 640, height: 480),
                               FormatCandidate(format: .yuyv, width: 352, height: 288),
                               FormatCandidate(format: .grey, width: 320, height: 240)])
    }

    @Test func stepwiseSizesSnapToTheStep() {
        let sizes: [FrameSizeOffer] = [.stepwise(minWidth: 64, maxWidth: 2592, stepWidth: 32,
                                                 minHeight: 64, maxHeight: 1944, stepHeight: 16)]
        let size = FormatNegotiation.nearestSize(in: sizes, width: 650, height: 487)
        #expect(size?.width == 640 && size?.height == 480)
    }

    @Test func highestFrameRateIsChosen() {
        let device = FakeV4L2Device(offering: [.yuyv], rates: [15, 60, 30])
        let source = makeSource(device)
        #expect(device.calls.contains(.setFrameInterval(Fraction(1, 60))))
        #expect(source.nominalFramesPerSecond == 60)
    }

    @Test func requestedRateTakesTheNearestOffered() {
        let device = FakeV4L2Device(offering: [.yuyv], rates: [15, 30, 60])
        let source = makeSource(device, settings: CameraSettings(framesPerSecond: 25))
        #expect(device.calls.contains(.setFrameInterval(Fraction(1, 30))))
        #expect(source.nominalFramesPerSecond == 30)
    }

    @Test func stepwiseIntervalsOfferTheirShortest() {
        let best = FormatNegotiation.bestInterval(
            in: [.stepwise(min: Fraction(1, 90), max: Fraction(1, 1), step: Fraction(1, 90))], framesPerSecond: nil)
        #expect(best == Fraction(1, 90))
    }

    /// libcamera's compat layer: no ENUM_FRAMEINTERVALS, no S_PARM/G_PARM.
    @Test func streamsWithoutFrameRateSupport() {
        let device = FakeV4L2Device(offering: [.yu12])
        device.supportsFrameIntervals = false
        device.supportsStreamParameters = false
        device.events = [.frame(sequence: 0, timestamp: 1)]
        let source = makeSource(device)
        #expect(source.faultReason == nil)
        #expect(source.nominalFramesPerSecond == 0)
        #expect(pull(source).0 == .delivered)
    }

    @Test func cameraWithoutUsableFormatsIsAFaultNamingWhatItHas() {
        let log = LogRecorder()
        let source = makeSource(FakeV4L2Device(offering: [PixelFormat("RGB3")]), log: log)
        #expect(source.faultReason?.contains("offers none of GREY, YUYV, NV12, YU12, MJPG (it has: RGB3)") == true)
        #expect(log.lines.count == 1)
    }

    @Test func fourBuffersAtLeastAreRequestedMappedAndQueued() {
        let device = FakeV4L2Device(offering: [.grey])
        let source = makeSource(device, settings: CameraSettings(bufferCount: 2))
        #expect(device.calls.contains(.requestBuffers(4)))
        #expect(device.mapped.count == 4)
        for index in 0..<4 {
            #expect(device.calls.contains(.queryBuffer(index)))
            #expect(device.calls.contains(.queueBuffer(index)))
        }
        #expect(device.calls.last == .streamOn)
        withExtendedLifetime(source) {}

        let larger = FakeV4L2Device(offering: [.grey])
        let largerSource = makeSource(larger, settings: CameraSettings(bufferCount: 6))
        #expect(larger.calls.contains(.requestBuffers(6)) && larger.mapped.count == 6)
        withExtendedLifetime(largerSource) {}
    }

    @Test func releasingTheSourceStopsAndUnmaps() {
        let device = FakeV4L2Device(offering: [.grey])
        _ = makeSource(device)
        #expect(device.mapped.isEmpty)
        #expect(device.calls.suffix(3) == [.unmap(3), .requestBuffers(0), .close])
    }

    @Test func ioModeAutoPicksRawUnderLibcamerify() {
        let preload = ["LD_PRELOAD": "/usr/lib/aarch64-linux-gnu/libcamera/v4l2-compat.so"]
        #expect(CameraIOMode.auto.resolved(environment: preload) == .raw)
        #expect(CameraIOMode.auto.resolved(environment: [:]) == .libv4l2)
        #expect(CameraIOMode.libv4l2.resolved(environment: preload) == .libv4l2)
        #expect(CameraIOMode.raw.resolved(environment: [:]) == .raw)
    }
}
