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
/// So the fitted depth is drawn toward the post line by a share that falls as its systematic
/// variance (the foot's offset `depthBiasSigma` and a floor of `GateCourse.footPrecisionPixels`
/// of foot height as depth where the feet were seen) reaches the riders' own spread about the line
/// (`courseDepthSigmaMetres`): the share is 1 / (1 + r²), r the ratio of the two variances. Riders
/// are spread across the band rather than gathered on the line (a weave is farthest from it at
/// the posts), so while the reading's error is well inside the band it holds (r² instead of the
/// Gaussian posterior's r: a rider 1 m off the line at 640x480, half a pixel being 0.3 m, moves by
/// under a centimetre), and only where it reaches a metre (a pixel of foot height at 320x240 or
/// for a rider 7–15 px tall) is the course trusted more than the feet. The sample's sigma is the
/// fit's stated error scaled by the share, with the pull that a rider one prior sigma off the
/// line suffers; at HD both are as before.
extension GatePlaneTrack {
    /// Spread of riders' depth across the course about the post line, metres (1 sigma): they keep
    /// within about 1.5 m of it, weaving or riding off the line.
    static let courseDepthSigmaMetres = 1.0
    /// Farthest a slalom rider's axis is from the post line while passing the poles, metres
    /// (within reach of a pole, and a skate's width more): a depth read beyond it is a foot
    /// read too high or too low, not a rider there.
    static let courseReachMetres = 2.0

    /// A depth fit drawn toward the post line: course metres across at `dt` seconds from the
    /// judged frame, and its 1-sigma (metres).
    struct DepthEstimate {
        let fit: LocalQuadraticFit.Solution
        /// Share of the fit in the estimate (0...1); the rest is the post line's (depth 0).
        let weight: Double
        /// 1-sigma of the estimate's depth, metres.
        let sigma: Double

        /// The depth at `dt` seconds from the judged frame, metres, never farther from the post
        /// line than a rider passing the poles can be (`courseReachMetres`).
        func value(at dt: Double) -> Double {
            let depth = weight * fit.value(at: dt)
            return min(max(depth, -GatePlaneTrack.courseReachMetres), GatePlaneTrack.courseReachMetres)
        }
    }

    /// The fitted depth `fit` of `current`'s person, judged with the feet in `low...high`, combined
    /// with the course's prior (see above).
    func depthPosterior(_ fit: LocalQuadraticFit.Solution, _ low: Int, _ high: Int, _ current: Entry) -> DepthEstimate {
        let (weight, sigma) = Self.courseWeighing(noise: depthNoiseFactor * fit.sigma, bias: depthBiasSigma,
                                                  depthPerPixel: meanDepthPerPixel(low, high, current))
        return DepthEstimate(fit: fit, weight: weight, sigma: sigma)
    }

    /// The fit's share in the depth and the depth's 1-sigma (metres) for a fit with `noise` and
    /// `bias` (1-sigma, metres) whose feet were seen at `depthPerPixel` metres a pixel (see above).
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
