/// What moving the camera one way would do for the timing error.
public enum PlacementChange: Sendable, Equatable {
    /// The timing is already within the target.
    case notNeeded
    /// Moving the camera to `metres` (height or distance) brings the timing error to `errorPercent`.
    case to(metres: Double, errorPercent: Double)
    /// This change alone cannot reach the target; `reason` says why, in plain English.
    case unreachable(reason: String)

    /// The suggested value, if there is one.
    public var metres: Double? {
        if case let .to(metres, _) = self { return metres }
        return nil
    }
}
