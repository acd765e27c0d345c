import GateSpeedBoard
import Synchronization

/// The machine's situation for the button, stored lock-free: the timing loop writes it on
/// events, the button thread reads it when a press completes.
public final class MachineSituationCell: Sendable {
    private let raw: Atomic<UInt8>

    public init(_ situation: MachineSituation = .calibrating) {
        raw = Atomic(Self.code(situation))
    }

    public var value: MachineSituation {
        Self.situation(raw.load(ordering: .acquiring))
    }

    public func set(_ situation: MachineSituation) {
        raw.store(Self.code(situation), ordering: .releasing)
    }

    private static func code(_ situation: MachineSituation) -> UInt8 {
        switch situation {
        case .calibrating: return 0
        case .ready: return 1
        case .running: return 2
        case .waitingAfterInvalid: return 3
        case .waitingAfterResult: return 4
        }
    }

    private static func situation(_ code: UInt8) -> MachineSituation {
        switch code {
        case 1: return .ready
        case 2: return .running
        case 3: return .waitingAfterInvalid
        case 4: return .waitingAfterResult
        default: return .calibrating
        }
    }
}
