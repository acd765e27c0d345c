/// Where the foot depth is poor, the course knows more than the feet: a slalom rider rides within
/// about 1.5 m of the post line (on it, a little nearer or farther, or weaving round the poles and
/// passing each 0.4–1.5 m off it). A small or low-resolution rider's foot row is only good to a
/// pixel or so, and one pixel of foot height is 1–3 m of depth seen from 1.5–3.5 m up at 20–35 m;
/// that error does not average out over the frames (the foot row's quantisation and the post
/// marks' own half pixel move the ground plane under the rider for the whole pass), so the fitted
/// depth can be metres off while its scatter claims a few tenths. At an end post the position
/// along the course moves by about half the depth error, in opposite directions at the two ends:
/// speeds 2–7 % off.
///
/// So the fitted depth is combined with a prior on the course, centred on the post line with
/// `courseDepthSigmaMetres`, each weighed by its inverse variance (the posterior mean of two
/// Gaussians). The fit's variance is its noise (`depthNoiseFactor`), the foot's systematic offset
/// (`depthBiasSigma`) and a floor of `GateCourse.footPrecisionPixels` of foot height as depth where
/// the feet were seen. Where the foot depth is precise (HD, near riders: a few centimetres a pixel)
/// the fit keeps its value (a rider 1.5 m off the line moves by a centimetre or two); where it is
/// worse than the prior it is drawn toward the line, and the sample's sigma is the posterior's,
/// never more than the prior's.
extension GatePlaneTrack {
    /// 1-sigma of a rider's depth across the course about the post line, metres: riders keep
    /// within about 1.5 m of it (2 sigma), weaving or riding off the line.
    static let courseDepthSigmaMetres = 1.0

    /// A depth fit drawn toward the post line: course metres across at `dt` seconds from the
    /// judged frame, and its 1-sigma (metres) with the prior's information in it.
    struct DepthEstimate {
        let fit: LocalQuadraticFit.Solution
        /// Share of the fit in the estimate (0...1); the rest is the post line's (depth 0).
        let weight: Double
        /// 1-sigma of the estimate's depth, metres.
        let sigma: Double

        func value(at dt: Double) -> Double { weight * fit.value(at: dt) }
    }

    /// The fitted depth `fit` of `current`'s person, judged with the feet in `low...high`, combined
    /// with the course's prior (see above).
    func depthPosterior(_ fit: LocalQuadraticFit.Solution, _ low: Int, _ high: Int, _ current: Entry) -> DepthEstimate {
        let (weight, sigma) = Self.courseWeighing(noise: depthNoiseFactor * fit.sigma, bias: depthBiasSigma,
                                                  depthPerPixel: meanDepthPerPixel(low, high, current))
        return DepthEstimate(fit: fit, weight: weight, sigma: sigma)
    }

    /// The fit's share in the depth and the depth's 1-sigma (metres) for a fit with `noise` and
    /// `bias` (1-sigma, metres) whose feet were seen at `depthPerPixel` metres a pixel (see
    /// above). The share is the posterior's, with a floor of `GateCourse.footPrecisionPixels`
    /// under the fit; the sigma is the error of that estimate (the fit's noise, bias and foot-row
    /// quantisation scaled by the share, and the pull toward the line of a rider one prior sigma
    /// off it), leaving out the marks' part the post sigmas hold.
    static func courseWeighing(noise: Double, bias: Double, depthPerPixel: Double) -> (weight: Double, sigma: Double) {
        let prior = courseDepthSigmaMetres * courseDepthSigmaMetres
        let floor = GateCourse.footPrecisionPixels * depthPerPixel
        let systematic = bias * bias + floor * floor
        guard systematic.isFinite, noise.isFinite else { return (0, courseDepthSigmaMetres) }
        let ratio = systematic / prior
        let weight = 1 / (1 + ratio * ratio)
        let own = noise * noise + bias * bias
        let pull = (1 - weight) * courseDepthSigmaMetres
        return (weight, (weight * weight * own + pull * pull).squareRoot())
    }

    /// The mean depth of one pixel of foot height where `current`'s person's feet were seen in
    /// `low...high`, metres (0 when none is known).
    func meanDepthPerPixel(_ low: Int, _ high: Int, _ current: Entry) -> Double {
        var sum = 0.0, count = 0.0
        for j in low...high {
            let e = self[frame: j]
            guard e.trackID == current.trackID && e.hasFoot && e.depthPerPixel.isFinite && e.depthPerPixel > 0 else { continue }
            sum += e.depthPerPixel
            count += 1
        }
        return count > 0 ? sum / count : 0
    }
}
