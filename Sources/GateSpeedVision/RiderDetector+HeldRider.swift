/// The run's rider held out of the ghost rule (`GhostRelearning`): a rider who stops stands
/// still long enough to be learnt into the course, so their region is protected while the run
/// lasts, and after it too (a timeout) until it is clear.
///
/// After the run the hold moves on with them while the tracker follows them (`heldRiderTrack`),
/// and is let go once it no longer does: what they passed or merged with (a ghost beside the
/// finish, a bystander) is not theirs to hold.
extension RiderDetector {
    /// After the tracker's choice: holds `rider`'s region when they are the run's rider
    /// (`holdIdentity`) or the held rider followed on after the run; lets the hold go once the
    /// tracker no longer follows them.
    mutating func holdRunRider(_ rider: RiderTracker.Observation?, holdIdentity: Bool) {
        if let rider, holdIdentity || (heldRider != nil && rider.trackID == heldRiderTrack) {
            heldRider = rider.blob
            heldRiderTrack = rider.trackID
        } else if !holdIdentity, heldRider != nil, let id = heldRiderTrack, !tracker.follows(id) {
            heldRider = nil   // the tracker let them go: out of view, or hidden in someone else's region
        }
    }

    /// Before the ghost rule: outside a run, lets the hold go once the held region holds no
    /// foreground (the run's rider has gone from where they were last seen).
    mutating func releaseHeldRiderIfGone(holdIdentity: Bool) {
        if !holdIdentity, let held = heldRider,
           !mask.withUnsafeBufferPointer({ ghosts.anyForeground(in: held, mask: $0.baseAddress!, rows: blobs.rows) }) {
            heldRider = nil
        }
    }
}
