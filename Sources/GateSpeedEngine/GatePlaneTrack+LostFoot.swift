/// A foot point is the lowest point found of a person, so when it is wrong it is almost always
/// too high in the view: the feet missed (the legs apart in a skating stride leave ground up to
/// the crotch between them, a boot of the ground's shade, a leg too thin for the grid), a knee or
/// the crotch read instead. Too high is too far across the course: by metres at 15–35 m (a point
/// 0.25–0.5 m up, seen from a camera 1.5–3.5 m high, meets the ground a tenth to a third of the
/// distance beyond the feet), where a clean foot edge is good to a tenth or two of a metre.
/// Such readings come in runs, a third to a half of a window's frames, always on the far side;
/// a least-squares fit is dragged metres away by them, and their scatter then sets the limit
/// the outlier refits use, so they are never left out: the rider's position along the course,
/// read on the rays at that depth, runs ahead of or behind the truth by metres near the outer
/// posts (runs announced 5–17 % too fast).
///
/// So before the usual fits, the nearer readings are found: the least-squares fit, then fits of
/// the readings no farther than the last fit (`lostFootEnvelopePasses`), which sit on the feet
/// whatever share of the frames lost them. A reading farther than that envelope by more than it
/// can be off (`lostFootMargin`) plus `lostFootStrideMetres` (the feet's spread across the course
/// in a stride) is a foot lost, and is left out. The envelope lies a little on the near side of
/// the feet (it fits their nearer half), which the stride margin covers.
///
/// How far a reading can be off: three of its sigmas for a measured foot edge; but a foot known
/// only to its grid cell (no edge found, or an edge that may go on unseen: its sigma is the
/// cell, 1.7–7 px) lies somewhere in that cell, not three cells off, so it is lost once it is more
/// than its cell (or `lostFootBoundPixels`) beyond. Feet read knee-high in every frame (low
/// contrast, a large rider) were kept by the three-cell margin.
///
/// And an envelope fitted to such cell-precision readings only is itself known to a cell: the
/// region's bottom runs up to most of a cell below the feet for a while (read too near, the
/// whole stride). Readings beyond it by more than their own precision allows but by less than
/// its own (measured edges, mostly) are the feet when several frames agree
/// (`lostFootCorroboration`): left out as lost, the depth falls onto the too-near cells and a run
/// is announced 2–5 % too slow (or too fast at the other end). One or two such readings are a
/// knee's edge and stay lost.
extension GatePlaneTrack {
    /// Fits of the nearer readings alone that pull the envelope onto the feet.
    static let lostFootEnvelopePasses = 2
    /// Readings a fit of the nearer half needs (fewer: the envelope stays where it is). At 10–20
    /// fps the window holds 6–12 feet and their nearer half 3–6 (it is fitted by a line or their
    /// mean, `LocalQuadraticFit.solve`); needing 5 left the least-squares fit, dragged by the lost
    /// feet, as the envelope at low frame rates.
    static let lostFootLeastReadings = 3
    /// How many of its own depth sigmas a measured foot edge may lie beyond the envelope.
    static let lostFootDeviations = 3.0
    /// Spread of the feet across the course in a skating stride, metres (each foot pushes out
    /// 0.1–0.3 m from the body's axis).
    static let lostFootStrideMetres = 0.3
    /// How far beyond the feet a reading known only to its grid cell may lie when its cell is
    /// smaller than this, pixels (the least cells, at 320x240, are 1.7 px).
    static let lostFootBoundPixels = 3.0
    /// Readings beyond a cell-precision envelope by more than their own precision but within its
    /// own that are the feet (fewer: a knee's edge, lost).
    static let lostFootCorroboration = 3

    /// Whether `entry`'s foot depth lies beyond `envelope` by more than it can without the foot
    /// being lost (see above). `envelope.sigma`: how well the envelope itself is known, metres
    /// (0: exactly; see `lostFootEnvelope`).
    func isLostFoot(_ entry: Entry, dt: Double, envelope: LocalQuadraticFit.Solution) -> Bool {
        let beyond = (entry.across - envelope.value(at: dt)) * awayFromCamera
        return beyond > lostFootMargin(entry) + max(Self.lostFootStrideMetres, envelope.sigma)
    }

    /// How far beyond the feet `entry`'s reading may lie and still be a foot, metres: three of its
    /// sigmas for a measured edge, but never more than the larger of one sigma (a foot known only
    /// to its grid cell, whose sigma is the cell, is somewhere in that cell) and
    /// `lostFootBoundPixels`. Its pixels come back from its weight (`TimingPipeline.gateReading`).
    func lostFootMargin(_ entry: Entry) -> Double {
        let sigmaPixels = Self.footSigmaPixels(entry)
        let metresPerPixel = entry.depthSigma / sigmaPixels
        let pixels = min(Self.lostFootDeviations * sigmaPixels, max(sigmaPixels, Self.lostFootBoundPixels))
        return pixels * metresPerPixel
    }

    /// The sigma of `entry`'s foot height, pixels, from its weight (`TimingPipeline.gateReading`).
    static func footSigmaPixels(_ entry: Entry) -> Double {
        TimingPipeline.cleanFootSigmaPixels / max(1e-6, entry.footWeight).squareRoot()
    }

    /// Whether `entry`'s foot is a measured edge (its margin is three of its sigmas), not a
    /// reading known only to its grid cell.
    static func isMeasuredFoot(_ entry: Entry) -> Bool {
        let sigmaPixels = footSigmaPixels(entry)
        return lostFootDeviations * sigmaPixels <= max(sigmaPixels, lostFootBoundPixels)
    }

    /// The envelope of the nearer foot depths of `current`'s person in `low...high` (see above);
    /// nil when there are too few to fit. Its `sigma` is the weighted mean depth sigma of the
    /// readings it was fitted to when measured edges beyond it by less than that are
    /// corroborated (`lostFootCorroboration`), else 0.
    func lostFootEnvelope(_ low: Int, _ high: Int, _ current: Entry) -> LocalQuadraticFit.Solution? {
        let away = awayFromCamera
        var envelope: LocalQuadraticFit.Solution?
        for _ in 0...Self.lostFootEnvelopePasses {
            var nearer = LocalQuadraticFit(window: window)
            var count = 0
            var sigmas = 0.0, weights = 0.0
            for j in low...high {
                let e = self[frame: j]
                guard e.trackID == current.trackID && e.hasFoot else { continue }
                let dt = e.t - current.t
                if let envelope, (e.across - envelope.value(at: dt)) * away > 0 { continue }
                nearer.add(dt: dt, value: e.across, weight: e.footWeight)
                count += 1
                if e.depthSigma.isFinite { sigmas += e.footWeight * e.depthSigma; weights += e.footWeight }
            }
            guard count >= Self.lostFootLeastReadings, var solution = nearer.solve() else { break }
            solution.sigma = weights > 0 ? sigmas / weights : 0
            envelope = solution
        }
        guard var envelope, envelope.sigma > Self.lostFootStrideMetres else { return envelope }
        // Readings beyond the envelope by more than their own precision allows but by less than
        // its own: the feet when enough frames agree, else lost.
        var strict = envelope
        strict.sigma = 0
        var disputed = 0
        for j in low...high {
            let e = self[frame: j]
            guard e.trackID == current.trackID && e.hasFoot && Self.isMeasuredFoot(e) else { continue }
            let dt = e.t - current.t
            if isLostFoot(e, dt: dt, envelope: strict) && !isLostFoot(e, dt: dt, envelope: envelope) { disputed += 1 }
        }
        if disputed < Self.lostFootCorroboration { envelope.sigma = 0 }
        return envelope
    }
}
