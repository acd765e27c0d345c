/// Someone who has stayed put is not riding, whatever their speed fit remembers.
///
/// The speed fits forget slowly (`speedMemorySeconds`, a second and a half): a rider whose region
/// took over someone standing as they left the view (a bystander beside the finish), or a rider
/// who stopped, keeps a fitted speed over the walking limit for two seconds or more while the track
/// stands still. Judged riding all that time, they stay the rider after their run, the course
/// never counts as clear and the next rider comes in unarmed: nothing is announced for them.
/// Riding is going faster than walking; a person whose upper body has stayed within
/// `restShare` of the walking limit's reach (the walking limit times `restSeconds`) for
/// `restSeconds` has gone slower than that on average, so they are not riding now, and
/// outside a run they are let go once the rider's lapse has passed too. Anyone riding leaves that
/// reach within a fraction of it (a rider at the walking limit in `restShare` of the time), and
/// position noise only moves the place sooner, so no rider riding is judged at rest.
///
/// Only outside a run: what it settles is who keeps the course from counting as clear, and a
/// run's rider who stops is held through the run anyway (`holdIdentity`). During a run the riding
/// judgement of everyone is left as it was: judging a walker on the course at rest then kept a
/// rider whose positions had run into the walker's through a gap at the finish, and their finish
/// was credited from those positions, 5 % off (seed 561), where it had ended `skipped_post`.
extension TrackMotion {
    /// Share of the walking limit's reach over `restSeconds` within which a person counts as staying put.
    static let restShare = 0.5

    /// Notes the upper body's centre `x` (normalised view x) at `t` (seconds): a new place once it
    /// is further from the last one than `restShare` of `limit` (view widths per second) times
    /// `seconds` (the rest time).
    mutating func noteRest(x: Double, t: Double, limit: Double, seconds: Double) {
        guard seconds.isFinite else { return }
        if rest.since == -Double.infinity || abs(x - rest.x) > Self.restShare * limit * seconds {
            rest = (x, t)
        }
    }

    /// Whether the person has stayed put for `seconds` up to `t` (seconds).
    func isAtRest(at t: Double, seconds: Double) -> Bool {
        seconds.isFinite && rest.since > -Double.infinity && t - rest.since >= seconds
    }
}
