/// The run's rider seen in flashes, under one identity: sightings chained across gaps.
///
/// A faint rider may be seen only once every half second or more (a low-contrast rider at a low
/// frame rate): each sighting then comes after a gap longer than the crossing detector's bridge
/// and is a stretch of its own. The rule for inner posts passed unseen (`TimingMachine+Gaps`)
/// waits for a stretch's own pace, from its first sighting to a later one of the same stretch,
/// so it never credited them, and the run used to end as `skipped_post`. When the vision kept the
/// same identity across the next gap too (a change of identity forgets the sighting before a gap:
/// two people's positions are never joined, as for the start in a gap, `TimingMachine+StartInGap`),
/// the candidate's own pace is measured from its first sighting to the same person's next one,
/// across that gap, and judged by the same tests (the pace across the first gap and that pace
/// agree with the run's, and with each other).
///
/// A chained candidate that continues the run but was found short of the next post is the run's
/// rider from then on (its stretch is the run's, a new candidate begins with the next gap).
///
/// When that next sighting lies past the finish too, the finish is timed in the gap before it
/// (`TimingMachine+FinishInGap`), from the candidate's last sighting short of the line.
extension TimingMachine {
    /// Whether `here` (a new stretch's first sighting) is of the person last seen at `seen`, with
    /// no change of identity between (`seen` is the sighting before the detector's gap).
    func isSamePersonAfterGap(_ here: Sighting, seen: Sighting) -> Bool {
        guard let before = detector.pointBeforeStretch, let first = detector.stretchFirst else { return false }
        return first.t == here.t && before.t == seen.t && seen.t < here.t
    }

    /// After inner posts were credited from a chained candidate: when `beyond` (the same person's
    /// sighting after the gap that followed `before`) lies past the finish, times it in that gap.
    mutating func finishAfterChain(seen: Sighting, before: Sighting, beyond: Sighting, emit: (TimingEvent) -> Void) {
        guard case .running(let direction, let nextPost, let startTime) = phase else { return }
        // The run's rider was last seen at `seen`, then at `before` (the chained candidate).
        gap.lastSeen = seen
        gap.seenEarlier = nil
        gap.seenBetween = seen
        noteRunRiderSeen(before)
        guard let finish = finishInGap(beyond: beyond, direction: direction, nextPost: nextPost) else { return }
        takeFinishPassedUnseen(finish, direction: direction, startTime: startTime, emit: emit)
    }

    /// The chained candidate (the detector's current stretch) is the run's rider: its stretch
    /// becomes the run's, and the next gap begins a new candidate.
    mutating func adoptChainedCandidate() {
        gap.runStretch = detector.stretch
        gap.candidateFirst = nil
        gap.candidateLast = nil
    }
}
