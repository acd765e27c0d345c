import Testing
@testable import GateSpeedGeometry

/// Every combination of camera facts a user might give, with tops marked, across 15–29 m, 1.5–3 m
/// and 65–100° lenses, with exact marks and with 0.3, 0.7 and 1.5 px of mark noise.
///
/// What must hold: a survey is refused only when it cannot be timed (the gate distance's 1 sigma
/// over 3 % of the course, as solved or with the regularising priors widened, and then the refusal
/// says what would help), never by the mirror check for these square-on cameras; the camera height
/// makes every survey timeable; the even-spacing prior holds the inner posts near their taped places; and the gate
/// distance's 1 sigma from the variants covers the gate distance's actual error (a rider 1 m either
/// side of the line, timed as the Engine times) about 68 % of the time.
@Suite struct FactCombinationTests {
    struct Facts: Sendable, CustomStringConvertible {
        var height: Bool, distance: Bool, fieldOfView: Bool
        var description: String {
            let given = [height ? "height" : nil, distance ? "distance" : nil, fieldOfView ? "hfov" : nil].compactMap { $0 }
            return given.isEmpty ? "none" : given.joined(separator: "+")
        }
        static let all = Facts(height: true, distance: true, fieldOfView: true)
        static let combinations = [all, Facts(height: true, distance: false, fieldOfView: false),
                                   Facts(height: false, distance: true, fieldOfView: false),
                                   Facts(height: false, distance: false, fieldOfView: true),
                                   Facts(height: false, distance: false, fieldOfView: false)]
    }

    /// What one placement's surveys came to.
    struct Outcome {
        var solved = 0, refusedForTiming = 0
        var covered = 0, judged = 0
        var postSquares = 0.0, postCount = 0, worstPost = 0.0
        var problems: [String] = []
    }

    static let placements: [(distance: Double, height: Double, fov: Double)] = [
        (15, 1.5, 100), (18, 3, 90), (22, 3, 80), (25, 2, 75), (29, 2.5, 65), (29, 1.5, 65),
    ]
    static let noisesPixels = [0.3, 0.7, 1.5]
    static let seeds: ClosedRange<UInt64> = 1...8

    /// The gate distance error (metres) the solution would make for a rider `offset` metres across
    /// the line (positive away from the camera) when `truth` is the real camera.
    static func gateError(_ g: CourseGeometry, truth: PinholeCamera, offset: Double) -> Double? {
        let timing = CourseGeometryVariant(camera: g.camera, postAlong: g.postAlong)
        guard let last = g.postAlong.last,
              let d = GateDistanceSpread.measuredDistance(truth: truth, first: 0, last: last,
                                                          across: offset * GateDistanceSpread.awaySign(truth), timing: timing)
        else { return nil }
        return d - last
    }

    static func run(_ placement: (distance: Double, height: Double, fov: Double), facts: Facts, noisePixels: Double,
                    seeds: ClosedRange<UInt64>) -> Outcome {
        let course = SyntheticCourse.placed(distance: placement.distance, height: placement.height, fov: placement.fov)
        let hints = CameraHints(heightMetres: facts.height ? placement.height : nil,
                                distanceMetres: facts.distance ? placement.distance : nil,
                                horizontalFieldOfViewDegrees: facts.fieldOfView ? placement.fov : nil)
        var outcome = Outcome()
        for seed in seeds {
            let survey = course.survey(hints: hints, noise: noisePixels / 640, seed: seed)
            switch CourseSolver.solve(survey) {
            case .failure(let f):
                let message = f.problems.first?.message ?? ""
                if f.problems.count == 1, f.problems[0].key == "posts",
                   message.hasPrefix("the marks cannot pin the geometry down well enough to time (a rider 1 m off the post line could be timed ") {
                    outcome.refusedForTiming += 1
                    // The advice is the height when it is missing, finer marks when nothing else would do.
                    if !facts.height && !message.contains("camera.height_m") {
                        outcome.problems.append("\(facts) \(noisePixels) px seed \(seed): advice \(message)")
                    }
                } else {
                    outcome.problems.append("\(facts) \(noisePixels) px seed \(seed): refused \(f)")
                }
            case .success(let g):
                outcome.solved += 1
                if g.gateDistanceSigmaMetres > Determinability.timeableFraction * course.length {
                    outcome.problems.append("\(facts) seed \(seed): solved with gate sigma \(g.gateDistanceSigmaMetres)")
                }
                for i in 1..<4 {
                    let error = (g.postAlong[i] - course.postAlong[i]).magnitude
                    outcome.postSquares += error * error
                    outcome.postCount += 1
                    outcome.worstPost = max(outcome.worstPost, error)
                }
                for offset in [-1.0, 1.0] {
                    let sigma = GateDistanceSpread.sigmaMetres(nominal: g.camera, postAlong: g.postAlong, variants: g.variants, offset: offset)
                    guard let error = gateError(g, truth: course.camera, offset: offset) else {
                        outcome.problems.append("\(facts) seed \(seed): the solution cannot time the rider")
                        continue
                    }
                    outcome.judged += 1
                    if error.magnitude <= sigma { outcome.covered += 1 }
                }
            }
        }
        return outcome
    }

    @Test(arguments: placements.indices)
    func everyFactCombinationIsSolvedOrRefusedOnlyForTiming(placementIndex: Int) {
        let placement = Self.placements[placementIndex]
        let label = "d \(placement.distance) h \(placement.height) fov \(placement.fov)"
        var total = Outcome()
        for facts in Facts.combinations {
            // Exact marks: every combination with the height solves, the posts exactly where taped.
            let exact = Self.run(placement, facts: facts, noisePixels: 0, seeds: 1...1)
            #expect(exact.problems.isEmpty, "\(label): \(exact.problems)")
            if facts.height {
                #expect(exact.solved == 1, "\(label) \(facts): exact marks must solve")
                #expect(exact.worstPost < 1e-3, "\(label) \(facts): posts off by \(exact.worstPost) m with exact marks")
            }
            for noise in Self.noisesPixels {
                let outcome = Self.run(placement, facts: facts, noisePixels: noise, seeds: Self.seeds)
                #expect(outcome.problems.isEmpty, "\(label): \(outcome.problems)")
                if facts.height {
                    #expect(outcome.refusedForTiming == 0, "\(label) \(facts) \(noise) px: \(outcome.refusedForTiming) refused")
                }
                if noise <= 0.7 && outcome.postCount > 0 {
                    let rms = (outcome.postSquares / Double(outcome.postCount)).squareRoot()
                    #expect(rms < 0.15, "\(label) \(facts) \(noise) px: inner posts rms \(rms) m from their taped places")
                    #expect(outcome.worstPost < 0.4, "\(label) \(facts) \(noise) px: a post \(outcome.worstPost) m out")
                }
                total.covered += outcome.covered
                total.judged += outcome.judged
                total.solved += outcome.solved
            }
        }
        let coverage = Double(total.covered) / Double(max(1, total.judged))
        #expect(total.judged >= 90, "\(label): only \(total.judged) timed riders judged")
        #expect(coverage > 0.5 && coverage < 0.85, "\(label): the 1-sigma gate distance covered \(total.covered) of \(total.judged)")
    }
}
