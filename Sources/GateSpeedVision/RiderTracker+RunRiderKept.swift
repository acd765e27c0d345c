/// During a run, a rider followed on their way keeps the identity against anyone out of their reach.
///
/// The rider's identity goes to a challenger whose region scores `incumbentAdvantage` times more
/// (its area, decaying with distance). During a run that let a walker behind the course, whose
/// regions split and merge with a bystander's at riding speed for a frame or two, take the identity
/// from a rider followed on every frame at the other end of the course: the rider's later posts
/// were then never crossed by anyone followed, and the run ended unspoken. A run has one rider, and
/// while their own track is matched this frame and judged riding (within `riderLapseSeconds`), they
/// are where that track is: a region further from it than their own reach (`ownReach`, about their
/// size) is someone else, however large. Within that reach a challenger still may take over (the
/// rider's whole region against a fragment of it that had the identity), and a rider lost, or no
/// longer riding, is challenged as before.
extension RiderTracker {
    /// Whether track `challenger` may take over by its score from `rider`, the run's rider held
    /// (`holdingRun`): not when the rider is matched now, riding at `time` (seconds) and the
    /// challenger lies further from them than `ownReach`.
    func mayChallengeRiderOnTheirWay(_ challenger: Int, rider: Int, time: Double) -> Bool {
        guard holdingRun, rider >= 0, tracks[rider].matchedNow,
              time - tracks[rider].motion.lastRiding <= settings.riderLapseSeconds else { return true }
        return abs(tracks[challenger].x - tracks[rider].x) <= ownReach(tracks[rider])
    }
}
