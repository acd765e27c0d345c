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
/// whatever share of the frames lost them. A reading farther than that envelope by more than
/// `lostFootDeviations` of its own depth sigma plus `lostFootStrideMetres` (the feet's spread
/// across the course in a stride) is a foot lost, and is left out. The envelope lies a little
/// on the near side of the feet (it fits their nearer half), which the stride margin covers.
extension GatePlaneTrack {
    /// Fits of the nearer readings alone that pull the envelope onto the feet.
    static let lostFootEnvelopePasses = 2
    /// Readings a fit of the nearer half needs (fewer: the envelope stays where it is).
    static let lostFootLeastReadings = 5
    /// How many of its own depth sigmas a foot may lie beyond the envelope.
    static let lostFootDeviations = 3.0
    /// Spread of the feet across the course in a skating stride, metres (each foot pushes out
    /// 0.1–0.3 m from the body's axis).
    static let lostFootStrideMetres = 0.3

    /// Whether `entry`'s foot depth lies beyond `envelope` by more than it can without the foot
    /// being lost (see above).
    func isLostFoot(_ entry: Entry, dt: Double, envelope: LocalQuadraticFit.Solution) -> Bool {
        let beyond = (entry.across - envelope.value(at: dt)) * awayFromCamera
        return beyond > Self.lostFootDeviations * entry.depthSigma + Self.lostFootStrideMetres
    }

    /// The envelope of the nearer foot depths of `current`'s person in `low...high` (see above);
    /// nil when there are too few to fit.
    func lostFootEnvelope(_ low: Int, _ high: Int, _ current: Entry) -> LocalQuadraticFit.Solution? {
        let away = awayFromCamera
        var envelope: LocalQuadraticFit.Solution?
        for _ in 0...Self.lostFootEnvelopePasses {
            var nearer = LocalQuadraticFit(window: window)
            var count = 0
            for j in low...high {
                let e = self[frame: j]
                guard e.trackID == current.trackID && e.hasFoot else { continue }
                let dt = e.t - current.t
                if let envelope, (e.across - envelope.value(at: dt)) * away > 0 { continue }
                nearer.add(dt: dt, value: e.across, weight: e.footWeight)
                count += 1
            }
            guard count >= Self.lostFootLeastReadings, let solution = nearer.solve() else { break }
            envelope = solution
        }
        return envelope
    }
}
