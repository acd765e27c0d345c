import Foundation
import Testing
import GateSpeedPlatform
import GateSpeedTestSupport

/// What the frame loop tells systemd (issue 12): the watchdog is fed while frames arrive and
/// while the camera is being reopened within its retry schedule, not for minutes without a
/// frame; `STATUS=` follows the phase and the faults, one datagram per change.
@Suite struct NotifyStatusTests {
    /// The frame loop's use of `WatchdogRule` and the notifier, on a simulated clock: 30 fps with
    /// jitter and drops for 20 s, then the camera is lost and the loop comes round every 2 s (the
    /// source's poll timeout) for five minutes, then frames come back.
    @Test func theWatchdogStopsWhenNoFrameComesWithinTheGrace() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        let notifier = SystemdNotifier(socketPath: systemd.address, watchdogMicroseconds: 10_000_000)  // WatchdogSec=10
        var random = SplitMix64(seed: 12)
        var now = 1_000.0
        var rule = WatchdogRule(startedAt: now)
        var pings: [Double] = []
        func loopTurn(frame: Bool) {
            if rule.mayFeed(frameArrived: frame, now: now), notifier.watchdogPing(now: now) { pings.append(now) }
            _ = systemd.receiveAll()
        }
        for _ in 0..<(20 * 30) {
            now += 1.0 / 30 + (random.unit() - 0.5) * 0.008
            if random.unit() < 0.05 { now += Double(1 + random.next() % 4) / 30 }
            loopTurn(frame: true)
        }
        let lastFrame = now
        let whileFramesCame = pings.count
        #expect((3...5).contains(whileFramesCame), "a ping every 5 s: \(pings)")
        for _ in 0..<150 {   // five minutes of a missing camera
            now += 2
            loopTurn(frame: false)
        }
        let duringLoss = pings.dropFirst(whileFramesCame)
        #expect(!duringLoss.isEmpty, "the camera's reopening is given its grace")
        #expect(duringLoss.allSatisfy { $0 - lastFrame <= WatchdogRule.reopenGraceSeconds })
        #expect((duringLoss.last ?? 0) > lastFrame + WatchdogRule.reopenGraceSeconds - 10,
                "fed until near the end of the grace, so systemd restarts within WatchdogSec of it")
        // What the old loop did: ping on every turn, frames or not.
        let oldLoop = SystemdNotifier(socketPath: systemd.address, watchdogMicroseconds: 10_000_000)
        var oldPings = 0
        for turn in 0..<150 {
            if oldLoop.watchdogPing(now: lastFrame + Double(turn) * 2) { oldPings += 1 }
            _ = systemd.receiveAll()
        }
        #expect(oldPings > 50, "the old rule pinged all through the loss")
        // The camera is back: pings resume with the frames.
        let before = pings.count
        for _ in 0..<(6 * 30) {
            now += 1.0 / 30
            loopTurn(frame: true)
        }
        #expect(pings.count > before)
    }

    /// The unit's comments and the README state the rule with the number the code uses.
    @Test func theUnitAndTheReadmeStateTheWatchdogRule() throws {
        let grace = Int(WatchdogRule.reopenGraceSeconds)
        let unit = try readText(repositoryRoot() + "/Deploy/gatespeed.service")
        #expect(unit.contains("only while frames arrive or while a lost camera is"))
        #expect(unit.contains("at most \(grace) s after the last frame"))
        let readme = try readText(repositoryRoot() + "/README.md")
        #expect(readme.contains("The watchdog is fed only while frames arrive, or for up to \(grace) s while a lost camera"))
    }

    @Test func statusFollowsPhaseAndFaultsOnChangesOnly() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeNotifySocket(directory: directory.path)
        let status = ServiceStatusReporter(notifier: SystemdNotifier(socketPath: systemd.address, watchdogMicroseconds: nil))
        status.ready()
        status.setPhase(.calibrating)            // no change: nothing sent
        status.setPhase(.ready)
        status.setPhase(.running)
        status.setPhase(.running)
        status.setFault(.clips, "suspended, too little free space (clips.min_free_mb)")
        status.setPhase(.result)
        status.setFault(.camera, "no frame for 2 s\nreopening")
        status.setPhase(.fault)
        status.setFault(.camera, nil)
        status.setFault(.clips, nil)
        #expect(systemd.receiveAll() == [
            "READY=1\nSTATUS=calibrating",
            "STATUS=ready",
            "STATUS=running",
            "STATUS=running; clips: suspended, too little free space (clips.min_free_mb)",
            "STATUS=result; clips: suspended, too little free space (clips.min_free_mb)",
            "STATUS=result; camera: no frame for 2 s reopening; clips: suspended, too little free space (clips.min_free_mb)",
            "STATUS=fault; camera: no frame for 2 s reopening; clips: suspended, too little free space (clips.min_free_mb)",
            "STATUS=fault; clips: suspended, too little free space (clips.min_free_mb)",
            "STATUS=fault",
        ])
        #expect(status.current.phase == .fault)
        var long = ServiceStatus()
        long.set(.camera, String(repeating: "x", count: 1000))
        #expect(long.text.count < 150)
    }
}
