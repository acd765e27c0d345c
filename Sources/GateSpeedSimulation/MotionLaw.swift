/// How a simulated rider moves along the course.
///
/// Distances are metres along the course from the first post of the rider's direction
/// (0 at the start post, `length` at the finish post); times are seconds from the rider's
/// appearance; speeds metres per second; accelerations metres per second squared.
public enum MotionLaw: Sendable, Equatable {
    /// Steady speed.
    case constant(speed: Double)
    /// Speed `initialSpeed` at the start post, changing at a constant rate (never below 0.5 m/s).
    case accelerating(initialSpeed: Double, acceleration: Double)
    /// Steady speed, but stops at `stopAt` metres for `pause` seconds, then goes on.
    case stopping(speed: Double, stopAt: Double, pause: Double)

    /// Distance (metres from the start post) at `time` seconds after the rider crossed it
    /// (negative times give the run-up before the start post).
    public func distance(at time: Double) -> Double {
        switch self {
        case .constant(let v):
            return v * time
        case .accelerating(let v0, let a):
            if time < 0 { return v0 * time }
            // Speed floors at 0.5 m/s so a decelerating rider still finishes.
            let floor = 0.5
            if a < 0 && v0 + a * time < floor {
                let tFloor = (floor - v0) / a
                let sFloor = v0 * tFloor + 0.5 * a * tFloor * tFloor
                return sFloor + floor * (time - tFloor)
            }
            return v0 * time + 0.5 * a * time * time
        case .stopping(let v, let stopAt, let pause):
            let tStop = stopAt / v
            if time <= tStop { return v * time }
            if time <= tStop + pause { return stopAt }
            return stopAt + v * (time - tStop - pause)
        }
    }

    /// Seconds after crossing the start post at which the rider reaches `distance` metres
    /// (found by bisection: every law is non-decreasing).
    public func time(atDistance target: Double) -> Double {
        var low = -1000.0, high = 1000.0
        for _ in 0..<200 {
            let mid = 0.5 * (low + high)
            if distance(at: mid) < target { low = mid } else { high = mid }
        }
        return 0.5 * (low + high)
    }
}
