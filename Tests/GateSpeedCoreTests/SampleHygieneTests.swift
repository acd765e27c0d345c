import Testing
@testable import GateSpeedCore

/// Unusable samples are dropped and counted, and never change what the machine reports.
@Suite struct SampleHygieneTests {
    enum Bad: String, CaseIterable, Sendable {
        case nanPosition, infinitePosition, absurdPosition, nanConfidence, infiniteConfidence, confidenceAboveOne,
             negativeConfidence, backwardsTimestamp, repeatedTimestamp, nanTimestamp, infiniteTimestamp,
             nanConfidenceWithNobody

        /// The bad sample to slip in right after `previous`.
        func sample(after previous: RiderSample) -> RiderSample {
            let t = previous.t
            switch self {
            case .nanPosition: return RiderSample(t: t + 0.01, x: .nan, confidence: 0.9)
            case .infinitePosition: return RiderSample(t: t + 0.01, x: .infinity, confidence: 0.9)
            case .absurdPosition: return RiderSample(t: t + 0.01, x: 1e300, confidence: 0.9)
            case .nanConfidence: return RiderSample(t: t + 0.01, x: 0.95, confidence: .nan)
            case .infiniteConfidence: return RiderSample(t: t + 0.01, x: 0.95, confidence: .infinity)
            case .confidenceAboveOne: return RiderSample(t: t + 0.01, x: 0.95, confidence: 1.5)
            case .negativeConfidence: return RiderSample(t: t + 0.01, x: 0.95, confidence: -0.1)
            case .backwardsTimestamp: return RiderSample(t: t - 0.5, x: 0.95, confidence: 0.9)
            case .repeatedTimestamp: return RiderSample(t: t, x: 0.05, confidence: 0.9)
            case .nanTimestamp: return RiderSample(t: .nan, x: 0.95, confidence: 0.9)
            case .infiniteTimestamp: return RiderSample(t: .infinity, x: 0.95, confidence: 0.9)
            case .nanConfidenceWithNobody: return RiderSample(t: t + 0.01, x: nil, confidence: .nan)
            }
        }
    }

    static let run = Tracks.steady([(0, 0.02), (4, 0.98)])

    static func clean() throws -> [TimingEvent] {
        var machine = try TimingMachine.armed()
        return machine.feed(run)
    }

    @Test(arguments: Bad.allCases)
    func aBadSampleMidRunIsDroppedCountedAndHarmless(bad: Bad) throws {
        var machine = try TimingMachine.armed()
        var samples = Self.run
        samples.insert(bad.sample(after: samples[60]), at: 61)
        let events = machine.feed(samples)
        #expect(machine.rejectedSamples == 1)
        #expect(events == (try Self.clean()))
    }

    @Test func manyBadSamplesAreAllCountedAndTheRunStillTimesCorrectly() throws {
        var machine = try TimingMachine.armed()
        var samples: [RiderSample] = []
        var injected = 0
        for (index, sample) in Self.run.enumerated() {
            samples.append(sample)
            if index % 7 == 3 {
                let kind = Bad.allCases[injected % Bad.allCases.count]
                samples.append(kind.sample(after: sample))
                injected += 1
            }
        }
        let events = machine.feed(samples)
        #expect(injected > 10)
        #expect(machine.rejectedSamples == injected)
        #expect(events == (try Self.clean()))
    }

    @Test func lowConfidenceCountsAsNobodyNotAsRejected() throws {
        var machine = try TimingMachine.armed(settings: TimingSettings(minimumConfidence: 0.5))
        // A confident rider, and a phantom at 0.95 with confidence 0.2 that must be ignored.
        var samples = Self.run
        samples.insert(RiderSample(t: samples[60].t + 0.01, x: 0.95, confidence: 0.2), at: 61)
        let events = machine.feed(samples)
        #expect(machine.rejectedSamples == 0)
        #expect(events == (try Self.clean()))
    }
}
