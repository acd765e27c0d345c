/// How far the start-to-finish gate distance would be off when a rider is timed through one camera
/// while the true camera is another: the quantity the Engine's speed ± rests on, computed the way
/// the Engine computes it.
///
/// A rider stands at each end post `offset` metres across the line (0, or 1 m either side); the
/// true camera says where the foot (ground) and the body (1.1 m up) appear; the timing camera maps
/// the foot to the ground for the rider's depth across the course and reads the position along the
/// course where the body's ray meets that depth; the gate distance is the difference of those
/// positions, each measured from the timing geometry's own end post.
enum GateDistanceSpread {
    /// Height of the body point the Engine reads the along position from, metres.
    static let bodyHeightMetres = 1.1
    /// The offsets across the line the spread is judged at, metres (the Engine's).
    static let offsetsMetres: [Double] = [-1, 0, 1]

    /// The gate distance (metres) that `timing` measures for a rider `across` metres from the line
    /// (positive away from the true camera) seen by `truth` at the end posts `first` and `last`
    /// (true positions, metres); nil when a point is behind a camera or above its horizon.
    static func measuredDistance(truth: PinholeCamera, first: Double, last: Double, across: Double,
                                 timing: CourseGeometryVariant) -> Double? {
        func place(_ x: Double) -> Double? {
            guard let foot = truth.project(CoursePoint(x: x, y: across, z: 0)),
                  let body = truth.project(CoursePoint(x: x, y: across, z: bodyHeightMetres)),
                  let ground = timing.camera.groundPoint(of: foot),
                  let seen = timing.camera.point(through: body, across: ground.y) else { return nil }
            return seen.x
        }
        guard let start = place(first), let end = place(last),
              let timingFirst = timing.postAlong.first, let timingLast = timing.postAlong.last else { return nil }
        let distance = (end - timingLast) - (start - timingFirst) + (last - first)
        return distance.isFinite ? distance : nil
    }

    /// "Away from the camera" along course y: +1 when the camera stands at negative y.
    static func awaySign(_ camera: PinholeCamera) -> Double { camera.position.y < 0 ? 1 : -1 }

    /// 1-sigma of the gate distance over ± variant pairs (each pair is one principal axis; half
    /// their difference is that axis's contribution), metres, for a rider `offset` metres across the
    /// line (positive away from the camera). Pairs that cannot time the rider count as infinite.
    static func sigmaMetres(nominal: PinholeCamera, postAlong: [Double], variants: [CourseGeometryVariant],
                            offset: Double) -> Double {
        guard let first = postAlong.first, let last = postAlong.last, postAlong.count >= 2 else { return 0 }
        let across = offset * awaySign(nominal)
        var sumOfSquares = 0.0
        var index = 0
        while index + 1 < variants.count {
            guard let plus = measuredDistance(truth: nominal, first: first, last: last, across: across, timing: variants[index]),
                  let minus = measuredDistance(truth: nominal, first: first, last: last, across: across, timing: variants[index + 1])
            else { return .infinity }
            let half = (plus - minus) / 2
            sumOfSquares += half * half
            index += 2
        }
        let sigma = sumOfSquares.squareRoot()
        return sigma.isFinite ? sigma : .infinity
    }

    /// The largest of `sigmaMetres` over the offsets 1 m nearer, on, and 1 m beyond the line, metres.
    static func worstSigmaMetres(nominal: PinholeCamera, postAlong: [Double], variants: [CourseGeometryVariant]) -> Double {
        offsetsMetres.map { sigmaMetres(nominal: nominal, postAlong: postAlong, variants: variants, offset: $0) }.max() ?? 0
    }
}
