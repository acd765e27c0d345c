import Glibc
import GateSpeedFrames
import Testing
@testable import V4L2Camera

@Suite struct ReconnectTests {
    private func isFault(_ outcome: FrameOutcome) -> Bool {
        if case .fault = outcome { return true }
        return false
    }

    @Test func unplugMidStreamFaultsBacksOffAndRecovers() throws {
        let device = FakeV4L2Device(offering: [.grey])
        let times = frameTimes(count: 3)
        device.events = times.enumerated().map { .frame(sequence: UInt32(100 + $0.offset), timestamp: $0.element) }
        device.events.append(.failure(ENODEV))
        let clock = TestClock()
        let log = LogRecorder()
        let source = makeSource(device, clock: clock, log: log)
        #expect(log.lines == ["camera /dev/video0: 640x480 GREY at 30 fps (Fake Webcam, uvcvideo)"])
        // The normal start-up line is information, not a warning (issue 13).
        #expect(log.levels == [.info])
        for _ in times { #expect(pull(source).0 == .delivered) }

        let lostAt = clock.now
        #expect(pull(source).0 == .fault(reason: "poll failed: No such device"))
        #expect(log.lines.last == "camera /dev/video0 lost: poll failed: No such device; reopening with backoff")
        #expect(device.mapped.isEmpty)  // buffers unmapped, device closed
        #expect(device.calls.last == .close)

        // Keep asking while unplugged: every call is a fault, reopen attempts follow the backoff.
        var calls = 0
        while device.openCount < 7 && calls < 500 {
            #expect(isFault(pull(source).0))
            calls += 1
        }
        let attempts = device.openTimes.dropFirst().map { $0 - lostAt }
        #expect(attempts == [0.5, 1.5, 3.5, 7.5, 15.5, 23.5])
        #expect(clock.sleeps.allSatisfy { $0 <= 0.5 })  // the loop regains control at least every 0.5 s
        // One line for the loss, one when the reason changed (open now fails), none per attempt.
        #expect(log.lines.count == 3)
        #expect(log.lines.last == "camera /dev/video0 still unavailable: cannot open /dev/video0: No such file or directory")

        // Plugged back in: frames flow again, with sequence numbers starting over.
        device.unplugged = false
        device.events = [.frame(sequence: 0, timestamp: 7000), .frame(sequence: 1, timestamp: 7000.033)]
        var outcome = pull(source)
        while isFault(outcome.0) && calls < 1000 {
            outcome = pull(source)
            calls += 1
        }
        #expect(outcome.0 == .delivered)
        #expect(pull(source).0 == .delivered)
        #expect(log.lines.count == 4)
        #expect(log.lines.last == "camera /dev/video0 back after 7 attempts: 640x480 GREY at 30 fps")
        #expect(source.statistics == FrameSourceStatistics(delivered: 5, dropped: 0, corrupt: 0))
        #expect(source.faultReason == nil)
    }

    @Test func dequeueTimeoutIsALoss() {
        let device = FakeV4L2Device(offering: [.yuyv])
        device.events = [.frame(sequence: 0, timestamp: 1), .timeout]
        let log = LogRecorder()
        let source = makeSource(device, log: log)
        #expect(pull(source).0 == .delivered)
        #expect(pull(source).0 == .fault(reason: "no frame for 2 s"))
        #expect(log.lines.last == "camera /dev/video0 lost: no frame for 2 s; reopening with backoff")
        // The camera still exists: the next due attempt reopens and streams.
        device.events = [.frame(sequence: 0, timestamp: 5)]
        var outcome = pull(source)
        for _ in 0..<5 where outcome.0 != .delivered { outcome = pull(source) }
        #expect(outcome.0 == .delivered)
        #expect(log.lines.last == "camera /dev/video0 back after 1 attempt: 640x480 YUYV at 30 fps")
    }

    @Test func missingDeviceAtStartUpIsTheSameFaultPath() {
        let device = FakeV4L2Device(offering: [.grey])
        device.unplugged = true
        let clock = TestClock()
        let log = LogRecorder()
        let source = makeSource(device, clock: clock, log: log)
        #expect(log.lines == ["camera /dev/video0 unavailable: cannot open /dev/video0: No such file or directory; retrying with backoff"])
        #expect(source.faultReason == "cannot open /dev/video0: No such file or directory")
        for _ in 0..<10 {
            #expect(pull(source).0 == .fault(reason: "cannot open /dev/video0: No such file or directory"))
        }
        #expect(log.lines.count == 1)
        #expect(device.openCount >= 3)

        device.unplugged = false
        device.events = [.frame(sequence: 0, timestamp: 12)]
        var delivered = false
        for _ in 0..<40 where !delivered { delivered = pull(source).0 == .delivered }
        #expect(delivered)
        #expect(log.lines.count == 2 && log.lines[1].hasPrefix("camera /dev/video0 back after"))
        #expect(source.frameWidth == 640)
    }

    @Test func lockIsReappliedAfterReconnection() {
        let device = FakeV4L2Device(offering: [.grey])
        device.controls = [CameraControlID.autoWhiteBalance: (ControlInfo(id: CameraControlID.autoWhiteBalance,
                                                                          name: "White Balance, Automatic",
                                                                          minimum: 0, maximum: 1, defaultValue: 1), 1)]
        device.events = [.failure(ENODEV)]
        let source = makeSource(device)
        #expect(source.lockExposureAndWhiteBalance().count == 1)
        #expect(isFault(pull(source).0))
        device.controls[CameraControlID.autoWhiteBalance]?.value = 1  // a replugged camera starts automatic
        device.unplugged = false
        device.events = [.frame(sequence: 0, timestamp: 3)]
        for _ in 0..<5 { _ = pull(source) }
        #expect(device.controls[CameraControlID.autoWhiteBalance]?.value == 0)
    }
}
