import Testing
@testable import GateSpeedRecording

@Suite struct ClipPlannerTests {
    @Test func aRunClipIsDueOnlyOnceThePostRollIsRecorded() {
        var planner = ClipPlanner()
        planner.advance(to: 100)
        planner.requestRun(RunClipRequest(number: 7, startTime: 100, finishTime: 103.5, speedKmh: 31, pass: true, thresholdKmh: 30))
        var time = 100.0
        var dueAt: Double?
        while time < 110 {
            time += 1.0 / 30
            planner.advance(to: time)
            let due = planner.takeDue()
            if !due.isEmpty {
                #expect(dueAt == nil, "due once")
                dueAt = time
                #expect(due[0].kind == .run && due[0].from == 98 && due[0].to == 106.5 && due[0].run?.number == 7)
            }
        }
        #expect(dueAt.map { $0 >= 106.5 && $0 < 106.5 + 1.0 / 30 + 1e-9 } == true)
        #expect(planner.pending.isEmpty)
    }

    @Test func aSecondHighlightWithinTheCooldownIsIgnored() {
        var planner = ClipPlanner()
        let early = planner.requestHighlight()
        #expect(!early, "nothing recorded yet")
        planner.advance(to: 50)
        let first = planner.requestHighlight()
        #expect(first)
        planner.advance(to: 51.2)
        let double = planner.requestHighlight()
        #expect(!double, "double press 1.2 s later")
        let stillCooling = planner.requestHighlight(at: 52.99)
        #expect(!stillCooling)
        let later = planner.requestHighlight(at: 53.0)
        #expect(later, "3 s after the first one is allowed")
        let due = planner.takeDue()
        #expect(due.count == 1, "the 53 s highlight is not recorded yet")
        #expect(due.first == PlannedClip(kind: .highlight, from: 40, to: 50, run: nil))
        planner.advance(to: 53.0)
        let second = planner.takeDue()
        #expect(second.first?.from == 43)
    }

    @Test func stopHandsOverEverythingStillWaiting() {
        var planner = ClipPlanner()
        planner.advance(to: 10)
        planner.requestRun(RunClipRequest(number: 1, startTime: 5, finishTime: 9, speedKmh: 30, pass: true, thresholdKmh: 30))
        let due = planner.takeDue()
        #expect(due.isEmpty)
        let all = planner.takeAll()
        #expect(all.count == 1)
        #expect(planner.pending.isEmpty)
    }

    @Test func theClockNeverGoesBack() {
        var planner = ClipPlanner()
        planner.advance(to: 10)
        planner.advance(to: 9)
        #expect(planner.now == 10)
    }
}
