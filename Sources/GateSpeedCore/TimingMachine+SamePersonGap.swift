/// Inner posts passed unseen by a rider the vision kept the same identity for across the gap.
///
/// A faint rider may be seen only once a second or so (a low-contrast rider at a low frame rate):
/// each sighting then comes after a gap longer than the crossing detector's bridge and is a
/// stretch of its own, so the rule for inner posts passed unseen (`TimingMachine+Gaps`), which
/// waits for a stretch's own pace from two of its sightings, never credits them, and the run
/// used to end as `skipped_post`. When the vision kept the same identity across the gap (a change
/// of identity forgets the sighting before it: two people's positions are never joined, as for
/// the start in a gap, `TimingMachine+StartInGap`), the person found is the run's rider, and the
/// first sighting suffices once the pace across the gap agrees with the run's own pace, measured
/// (`gapPaceRelativeSigma`), within `gapPaceRatio` either way. The posts are credited as any
/// passed unseen: timed anywhere in the gap, never the finish, never entering the speed.
extension TimingMachine {
    /// Whether `here` (a new stretch's first sighting) is of the person last seen at `seen`, the
    /// run's rider, with no change of identity between (the sighting before the detector's gap).
    func isSamePersonAfterGap(_ here: Sighting, seen: Sighting) -> Bool {
        guard let before = sightingBeforeGap, let first = detector.stretchFirst else { return false }
        return first.t == here.t && before.t == seen.t && seen.t < here.t
    }

    /// Whether the same person found at `first`, last seen at `seen`, goes on at the run's pace
    /// (measured from its start crossing to `seen`) across the gap.
    func continuesRunAtOnce(seen: Sighting, first: Sighting, direction: Direction, startTime: Double) -> Bool {
        let way = Double(direction.postStep)
        guard first.t - seen.t <= Self.startGapSeconds,
              let across = Self.pace(from: seen, to: first, way: way), across.value > 0 else { return false }
        let startPost = direction == .leftToRight ? 1 : course.postCount
        let start = Sighting(t: startTime, x: course.posts[startPost - 1],
                             tSigma: runCrossingSigmas.first ?? 0, xSigma: 0)
        guard let run = Self.pace(from: start, to: seen, way: way), run.value > 0,
              run.relativeSigma <= Self.gapPaceRelativeSigma else { return false }
        return Self.agree(across.value, run.value)
    }
}
