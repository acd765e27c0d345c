/// What the timing machine is doing, as far as the button cares.
public enum MachineSituation: Hashable, Sendable {
    /// Learning the course.
    case calibrating
    /// Armed and idle, waiting for a rider.
    case ready
    /// A run is in progress.
    case running
    /// An invalid run ended; the machine waits to be re-armed.
    case waitingAfterInvalid
    /// A valid result is being shown/announced; the machine re-arms by itself.
    case waitingAfterResult
}

/// What a press asks the machine to do. The button replaces the iPhone tap and the watch.
public enum ButtonAction: Hashable, Sendable {
    case highlight
    case rearm
    case recalibrate

    /// The words spoken to confirm the action.
    public var confirmation: String {
        switch self {
        case .highlight: return "Highlight saved."
        case .rearm: return "Re-armed."
        case .recalibrate: return "Recalibrating. Keep the course clear."
        }
    }

    /// The decision table:
    /// - long press: recalibrate, whatever the machine is doing;
    /// - short press: re-arm when waiting after an invalid run; mark a highlight when no
    ///   run is in progress (ready, or after a valid result); nothing while running or
    ///   calibrating (nil: the press is ignored).
    public static func decide(_ press: ButtonPress, in situation: MachineSituation) -> ButtonAction? {
        switch (press, situation) {
        case (.long, _): return .recalibrate
        case (.short, .waitingAfterInvalid): return .rearm
        case (.short, .ready), (.short, .waitingAfterResult): return .highlight
        case (.short, .running), (.short, .calibrating): return nil
        }
    }
}
