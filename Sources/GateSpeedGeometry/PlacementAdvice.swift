/// What a solved course says about the camera's placement: how wrong the plain image rule would be,
/// how tall a rider looks, the expected error of gate-plane timing here, and where to move the
/// camera to reach the target error.
public struct PlacementAdvice: Sendable, Equatable {
    /// Speed error of the plain image rule for a rider `riderOffsetMetres` (1 m) nearer the camera
    /// than the line of posts, timed between the end posts, percent; positive = too fast.
    public var imageRuleParallaxPercent: Double
    /// Where that rider is seen to cross the first and the last post, metres along the course minus
    /// the post's position (positive = beyond it).
    public var imageRuleShiftMetres: [Double]
    /// Height in sensor pixels of a `riderHeightMetres` rider standing at the first, middle and last post.
    public var riderHeightPixels: [Double]
    /// Expected 95 % speed error of gate-plane timing with this camera, percent: foot noise and the
    /// geometry's uncertainty in quadrature (see `GatePlaneErrorModel`).
    public var expectedErrorPercent: Double
    /// The foot-noise part of `expectedErrorPercent`, percent (95 %).
    public var footErrorPercent: Double
    /// The geometry part of `expectedErrorPercent`, percent (95 %).
    public var geometryErrorPercent: Double
    /// Raising (or lowering) the camera at the same distance, re-aimed at the same point.
    public var heightChange: PlacementChange
    /// Moving the camera nearer or farther at the same height, with the same lens, keeping the course
    /// in view with a 10 % margin (5 % each side).
    public var distanceChange: PlacementChange
    /// The error the suggestions aim for, percent.
    public var targetErrorPercent: Double

    let geometry: CourseGeometry
    let model: GatePlaneErrorModel
    let riderHeightMetres: Double

    /// The camera height at which gate-plane timing reaches the target; nil when already there or
    /// when height alone cannot reach it.
    public var suggestedHeightMetres: Double? { heightChange.metres }
    /// The camera distance at which gate-plane timing reaches the target; nil when already there or
    /// when distance alone cannot reach it (see `distanceChange`).
    public var suggestedDistanceMetres: Double? { distanceChange.metres }

    /// - Parameters:
    ///   - geometry: a solved course.
    ///   - sensorWidthPixels, sensorHeightPixels: the sensor's size in pixels.
    ///   - riderHeightMetres: the assumed rider, metres.
    ///   - riderOffsetMetres: how far nearer the camera than the posts the rider rides, metres.
    ///   - footPrecisionPixels: 1-sigma of the foot point's vertical position per frame, pixels.
    ///   - smoothingFrames: frames in the local quadratic fit that smooths the foot point.
    ///   - targetErrorPercent: the 95 % speed error the suggestions aim for, percent.
    public init(geometry: CourseGeometry, sensorWidthPixels: Double, sensorHeightPixels: Double,
                riderHeightMetres: Double = 1.7, riderOffsetMetres: Double = 1, footPrecisionPixels: Double = 1.0,
                smoothingFrames: Int = 18, targetErrorPercent: Double = 0.5) {
        self.geometry = geometry
        self.riderHeightMetres = riderHeightMetres
        self.targetErrorPercent = targetErrorPercent
        let camera = geometry.camera, along = geometry.postAlong
        model = GatePlaneErrorModel(widthPixels: sensorWidthPixels, heightPixels: sensorHeightPixels,
                                    footPrecisionPixels: footPrecisionPixels, smoothingFrames: smoothingFrames,
                                    riderOffsetMetres: riderOffsetMetres)
        imageRuleParallaxPercent = ImageRuleParallax.speedErrorPercent(camera, postAlong: along, offset: riderOffsetMetres) ?? .nan
        imageRuleShiftMetres = [along.first ?? 0, along.last ?? 0].map { post in
            guard let seen = ImageRuleParallax.apparentCrossing(camera, along: post, offset: riderOffsetMetres) else { return .nan }
            return seen - post
        }
        let middle = along.isEmpty ? 0 : along[along.count / 2]
        riderHeightPixels = [along.first ?? 0, middle, along.last ?? 0].map { x in
            guard let foot = camera.project(CoursePoint(x: x, y: 0, z: 0)),
                  let head = camera.project(CoursePoint(x: x, y: 0, z: riderHeightMetres)) else { return 0 }
            let dx = (head.x - foot.x) * sensorWidthPixels, dy = (head.y - foot.y) * sensorHeightPixels
            return (dx * dx + dy * dy).squareRoot()
        }
        footErrorPercent = model.footErrorPercent(camera, postAlong: along)
        geometryErrorPercent = model.geometryErrorPercent(truth: camera, postAlong: along, variants: geometry.variants)
        expectedErrorPercent = model.combined(foot: footErrorPercent, geometry: geometryErrorPercent)
        let search = PlacementSearch(geometry: geometry, model: model, riderHeightMetres: riderHeightMetres,
                                     target: targetErrorPercent)
        heightChange = expectedErrorPercent <= targetErrorPercent ? .notNeeded : search.height()
        distanceChange = expectedErrorPercent <= targetErrorPercent ? .notNeeded : search.distance()
    }

    /// The image rule's speed error (percent, positive = too fast) for a rider `offset` metres nearer
    /// the camera than the line of posts (negative: beyond it); nil when undefined.
    public func imageRuleErrorPercent(riderOffsetMetres offset: Double) -> Double? {
        ImageRuleParallax.speedErrorPercent(geometry.camera, postAlong: geometry.postAlong, offset: offset)
    }

    /// What ignoring barrel distortion would cost a typical lens of this field of view (degrees), as
    /// the speed error (percent, positive = too fast) of gate-plane timing for a rider 1 m off the post
    /// line when the posts were marked on the distorted image. By simulation, assuming a one-parameter
    /// radial lens with k₁ = −0.03·(half field of view / 50°)² (a 100° lens pulls the image edge in by
    /// 3 %); see `LensDistortionEstimate`. Nil when the field of view is outside 20–170° or the
    /// simulated survey cannot be solved.
    public func lensDistortionPercent(horizontalFieldOfViewDegrees fov: Double) -> Double? {
        LensDistortionEstimate(geometry: geometry, riderHeightMetres: riderHeightMetres,
                               riderOffsetMetres: model.riderOffsetMetres).speedErrorPercent(horizontalFieldOfViewDegrees: fov)
    }

    /// The advice as short log lines.
    public func lines() -> [String] {
        let parallax = imageRuleParallaxPercent
        let way = parallax >= 0 ? "fast" : "slow"
        let offset = NumberText.trimmed(model.riderOffsetMetres, 1)
        let sizes = riderHeightPixels.filter { $0 > 0 }
        let shortest = NumberText.fixed(sizes.min() ?? 0, 0), tallest = NumberText.fixed(sizes.max() ?? 0, 0)
        let tall = sizes.isEmpty ? "rider not in view"
            : "rider " + (shortest == tallest ? shortest : "\(shortest)–\(tallest)") + " px tall"
        var main = "placement: a rider \(offset) m off the post line would be \(NumberText.fixed(parallax.magnitude, 1)) % \(way) "
            + "by the image rule; gate-plane timing here: ±\(NumberText.fixed(expectedErrorPercent, 1)) % (95 %); \(tall)"
        let target = NumberText.trimmed(targetErrorPercent, 2)
        var notes: [String] = []
        var moves: [String] = []
        if case let .to(h, _) = heightChange {
            moves.append("\(h > geometry.camera.heightMetres ? "raise" : "lower") the camera to \(NumberText.fixed(h, 1)) m")
        } else if case let .unreachable(reason) = heightChange {
            notes.append("placement: height alone cannot reach ±\(target) %: \(reason)")
        }
        if case let .to(d, _) = distanceChange {
            moves.append("move it to \(NumberText.fixed(d, d < 10 ? 1 : 0)) m")
        } else if case let .unreachable(reason) = distanceChange {
            notes.append("placement: distance alone cannot reach ±\(target) %: \(reason)")
        }
        if heightChange == .notNeeded && distanceChange == .notNeeded {
            main += "; within ±\(target) % already"
        } else if !moves.isEmpty {
            main += "; for ±\(target) %: " + moves.joined(separator: ", or ")
        }
        return [main] + notes
    }
}
