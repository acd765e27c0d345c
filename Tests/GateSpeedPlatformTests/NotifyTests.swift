#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import GateSpeedPlatform
import GateSpeedTestSupport

struct NotifyTests {
    @Test func withoutNotifySocketEverythingIsANoOp() {
        let notifier = SystemdNotifier(environment: [:])
        #expect(!notifier.isEnabled)
        #expect(notifier.socketPath == nil)
        #expect(notifier.watchdogInterval == nil)
        #expect(!notifier.ready())
        #expect(!notifier.watchdog())
        #expect(!notifier.watchdogPing(now: 100))
    }

    @Test func relativeOrOverlongAddressesDisableIt() {
        #expect(!SystemdNotifier(socketPath: "relative/notify", watchdogMicroseconds: 2_000_000).isEnabled)
        #expect(!SystemdNotifier(socketPath: "/" + String(repeating: "x", count: 200), watchdogMicroseconds: nil).isEnabled)
        #expect(!SystemdNotifier(socketPath: "vsock:2:1234", watchdogMicroseconds: nil).isEnabled)
    }

    @Test func statesArriveAtAPathSocket() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        let notifier = SystemdNotifier(socketPath: systemd.address, watchdogMicroseconds: nil)
        #expect(notifier.isEnabled)
        #expect(notifier.ready(status: "Calibrating\nkeep clear"))
        #expect(notifier.status("Ready: 5 posts"))
        #expect(notifier.watchdog())
        #expect(notifier.stopping())
        #expect(systemd.receiveAll() == ["READY=1\nSTATUS=Calibrating keep clear", "STATUS=Ready: 5 posts",
                                         "WATCHDOG=1", "STOPPING=1"])
    }

    @Test func statesArriveAtAnAbstractSocket() throws {
        let systemd = try FakeNotifySocket(directory: nil)
        #expect(systemd.address.hasPrefix("@"))
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address])
        #expect(notifier.ready())
        #expect(systemd.receiveAll() == ["READY=1"])
    }

    @Test func watchdogIntervalIsHalfOfWatchdogUSec() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        let environment = ["NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "2000000"]
        #expect(SystemdNotifier(environment: environment).watchdogInterval == 1.0)
        var ownProcess = environment
        ownProcess["WATCHDOG_PID"] = String(getpid())
        #expect(SystemdNotifier(environment: ownProcess).watchdogInterval == 1.0)
        var otherProcess = environment
        otherProcess["WATCHDOG_PID"] = String(getpid() + 1)
        #expect(SystemdNotifier(environment: otherProcess).watchdogInterval == nil)
        var garbage = environment
        garbage["WATCHDOG_USEC"] = "soon"
        #expect(SystemdNotifier(environment: garbage).watchdogInterval == nil)
    }

    /// The frame loop calls `watchdogPing(now:)` on every frame at 30 fps for 20 simulated
    /// seconds with WATCHDOG_USEC = 2 s: exactly one ping per second reaches the socket.
    @Test func watchdogPingsOncePerSecondAtThirtyFramesPerSecond() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        let notifier = SystemdNotifier(socketPath: systemd.address, watchdogMicroseconds: 2_000_000)
        let start = 5_000.0  // a monotonic clock does not start at zero
        var pingTimes: [Double] = []
        for frame in 0..<(20 * 30) {
            let now = start + Double(frame) / 30
            if notifier.watchdogPing(now: now) { pingTimes.append(now - start) }
            // Drain as systemd would, so the socket's queue never fills.
            for message in systemd.receiveAll() { #expect(message == "WATCHDOG=1") }
        }
        #expect(pingTimes.count == 20)
        for (second, time) in pingTimes.enumerated() {
            #expect(abs(time - Double(second)) < 1.0 / 30 + 1e-9, "ping \(second) at \(time) s")
        }
    }

    /// Real cadence: 30 fps with jitter and dropped frames, then a 3 s camera stall. Pings keep
    /// within the watchdog's limit while frames flow, stop during the stall, and resume with a
    /// single ping rather than a burst.
    @Test func watchdogFollowsAJitteryFrameLoopAndStopsWhenItStalls() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        let notifier = SystemdNotifier(socketPath: systemd.address, watchdogMicroseconds: 2_000_000)
        var random = SplitMix64(seed: 7)
        var now = 100.0
        var pings: [Double] = []
        func frame() {
            if notifier.watchdogPing(now: now) { pings.append(now) }
        }
        var received = 0
        for _ in 0..<(10 * 30) {
            now += 1.0 / 30 + (random.unit() - 0.5) * 0.008          // ±4 ms jitter
            if random.unit() < 0.05 { now += Double(1 + random.next() % 4) / 30 }  // 1-4 dropped frames
            frame()
            received += systemd.receiveAll().count
        }
        let beforeStall = pings.count
        #expect((9...11).contains(beforeStall))
        for (earlier, later) in zip(pings, pings.dropFirst()) {
            #expect(later - earlier < 1.0 + 5.0 / 30 + 0.005, "gap \(later - earlier) s")
        }
        now += 3.0  // the camera stalls: no frames, so no pings
        for _ in 0..<30 {
            now += 1.0 / 30
            frame()
            received += systemd.receiveAll().count
        }
        #expect(pings.count == beforeStall + 1, "one ping after the stall, not a burst")
        #expect(received == pings.count)
    }

    @Test func disabledWatchdogNeverPings() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        let notifier = SystemdNotifier(socketPath: systemd.address, watchdogMicroseconds: 0)
        for frame in 0..<300 { #expect(!notifier.watchdogPing(now: Double(frame) / 30)) }
        #expect(systemd.receiveAll().isEmpty)
    }
}

/// A small deterministic random source for simulated frame timing.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
