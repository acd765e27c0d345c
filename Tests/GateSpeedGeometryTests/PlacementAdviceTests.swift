import Testing
@testable import GateSpeedGeometry

/// The placement advice: image-rule parallax, rider size, the expected gate-plane error and where
/// to move the camera.
@Suite struct PlacementAdviceTests {
    static let course = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 65)
    static let hints = CameraHints(heightMetres: 2.5, horizontalFieldOfViewDegrees: 65)

    /// The solved course from marks with `noise` (sensor widths, 1 sigma); exact marks are judged
    /// at the 0.3 px floor.
    static func geometry(_ course: SyntheticCourse = course, hints: CameraHints = hints, noise: Double = 0, seed: UInt64 = 1) -> CourseGeometry? {
        guard case let .success(g) = CourseSolver.solve(course.survey(hints: hints, noise: noise, seed: seed)) else { return nil }
        return g
    }

    static func advice(_ g: CourseGeometry, target: Double = 0.5, foot: Double = 1, frames: Int = 18) -> PlacementAdvice {
        PlacementAdvice(geometry: g, sensorWidthPixels: 640, sensorHeightPixels: 480, footPrecisionPixels: foot,
                        smoothingFrames: frames, targetErrorPercent: target)
    }

    @Test func theImageRuleIsAboutThreeAndAHalfPercentFastForARiderAMetreNearer() {
        guard let g = Self.geometry() else { Issue.record("must solve"); return }
        let a = Self.advice(g)
        #expect(a.imageRuleParallaxPercent > 3 && a.imageRuleParallaxPercent < 4)
        // Square-on from 29 m the sight lines converge so the course looks 28 m × 28/29 long.
        #expect((a.imageRuleParallaxPercent - 100.0 / 28).magnitude < 0.05, "\(a.imageRuleParallaxPercent)")
        #expect((a.imageRuleShiftMetres[0] - 14.0 / 29).magnitude < 0.02 && (a.imageRuleShiftMetres[1] + 14.0 / 29).magnitude < 0.02,
                "\(a.imageRuleShiftMetres)")
        #expect((a.imageRuleErrorPercent(riderOffsetMetres: 0) ?? 1).magnitude < 1e-6, "on the line the image rule is right")
        #expect((a.imageRuleErrorPercent(riderOffsetMetres: -1) ?? 0) < 0, "beyond the line it is slow")
        let nearer = a.imageRuleErrorPercent(riderOffsetMetres: 2) ?? 0
        #expect((nearer - (29.0 / 27 - 1) * 100).magnitude < 0.1, "2 m nearer: \(nearer)")
    }

    @Test func theRiderIsAsTallAsThePinholeSays() {
        guard let g = Self.geometry() else { Issue.record("must solve"); return }
        let a = Self.advice(g)
        #expect(a.riderHeightPixels.count == 3)
        for (x, pixels) in zip([0.0, 14, 28], a.riderHeightPixels) {
            let depth = g.camera.cameraCoordinates(CoursePoint(x: x, y: 0, z: 0.85)).z
            let expected = g.camera.focalLength * 640 * 1.7 / depth
            #expect((pixels / expected - 1).magnitude < 0.03, "post at \(x): \(pixels) px, pinhole \(expected)")
        }
    }

    @Test func theExpectedErrorCombinesFootNoiseAndGeometry() {
        guard let g = Self.geometry() else { Issue.record("must solve"); return }
        let a = Self.advice(g)
        #expect(a.footErrorPercent > 0.5 && a.footErrorPercent < 2.5)
        #expect(a.geometryErrorPercent > 0 && a.geometryErrorPercent.isFinite)
        #expect((a.expectedErrorPercent - (a.footErrorPercent * a.footErrorPercent + a.geometryErrorPercent * a.geometryErrorPercent).squareRoot()).magnitude < 1e-9)
        // The foot part is linear in the foot precision and falls as 1/√N with smoothing.
        #expect((Self.advice(g, foot: 2).footErrorPercent / a.footErrorPercent - 2).magnitude < 1e-9)
        #expect((Self.advice(g, frames: 72).footErrorPercent / a.footErrorPercent - 0.5).magnitude < 1e-9)
        // The geometry part follows how precise the marks turn out to be, not the stated precision.
        guard let coarse = Self.geometry(noise: 0.0015, seed: 5), let fine = Self.geometry(noise: 0.00075, seed: 5) else {
            Issue.record("must solve")
            return
        }
        let ratio = Self.advice(fine).geometryErrorPercent / Self.advice(coarse).geometryErrorPercent
        #expect(ratio > 0.4 && ratio < 0.65, "halving the mark noise: ratio \(ratio)")
        #expect((fine.markNoisePixels / coarse.markNoisePixels - 0.5).magnitude < 0.01)
    }

    @Test func theSuggestedHeightReachesTheTarget() {
        guard let g = Self.geometry() else { Issue.record("must solve"); return }
        let target = 1.0
        let a = Self.advice(g, target: target)
        #expect(a.expectedErrorPercent > target)
        guard let height = a.suggestedHeightMetres else {
            Issue.record("raising the camera should reach ±\(target) %: \(a.heightChange)")
            return
        }
        #expect(height > 2.5 && height < 10)
        // Put a camera there, mark its posts and solve: its advice meets the target.
        let search = PlacementSearch(geometry: g, model: a.model, riderHeightMetres: 1.7, target: target)
        let raised = SyntheticCourse(camera: search.camera(height: height, distance: g.camera.distanceMetres))
        var hints = Self.hints
        hints.heightMetres = height
        guard let there = Self.geometry(raised, hints: hints) else { Issue.record("the raised camera must solve"); return }
        let achieved = Self.advice(there, target: target).expectedErrorPercent
        #expect((achieved - target).magnitude < 0.25, "at \(height) m: ±\(achieved) %")
        #expect(a.lines()[0].contains("raise the camera to \(NumberText.fixed(height, 1)) m"))
    }

    @Test func theSuggestedDistanceReachesTheTargetWithAWideLens() {
        let wide = SyntheticCourse.placed(distance: 29, height: 2.5, fov: 110)
        let hints = CameraHints(heightMetres: 2.5, horizontalFieldOfViewDegrees: 110)
        guard let g = Self.geometry(wide, hints: hints) else { Issue.record("must solve"); return }
        let target = 2.0
        let a = Self.advice(g, target: target)
        guard let distance = a.suggestedDistanceMetres else {
            Issue.record("moving nearer should reach ±\(target) % (now ±\(a.expectedErrorPercent) %): \(a.distanceChange)")
            return
        }
        #expect(distance < 29 && distance > 5)
        let search = PlacementSearch(geometry: g, model: a.model, riderHeightMetres: 1.7, target: target)
        let moved = search.camera(height: 2.5, distance: distance)
        #expect(search.fits(moved))
        guard let there = Self.geometry(SyntheticCourse(camera: moved), hints: hints) else { Issue.record("must solve there"); return }
        #expect((Self.advice(there, target: target).expectedErrorPercent - target).magnitude < 0.3)
    }

    @Test func aLooseTargetNeedsNoMoveAndAnUnreachableOneSaysWhy() {
        guard let g = Self.geometry() else { Issue.record("must solve"); return }
        let easy = Self.advice(g, target: 10)
        #expect(easy.heightChange == .notNeeded && easy.distanceChange == .notNeeded)
        #expect(easy.suggestedHeightMetres == nil && easy.suggestedDistanceMetres == nil)
        #expect(easy.lines() == [easy.lines()[0]] && easy.lines()[0].hasSuffix("; within ±10 % already"))
        // A 65° lens at 29 m already frames the course nearly edge to edge: it cannot come much nearer.
        let hard = Self.advice(g, target: 0.5)
        guard case let .unreachable(reason) = hard.distanceChange else {
            Issue.record("expected the lens to stop the camera coming nearer: \(hard.distanceChange)")
            return
        }
        #expect(reason.contains("would not fit this lens with a 10 % margin"))
        #expect(hard.lines().contains { $0.hasPrefix("placement: distance alone cannot reach ±0.5 %: closer than") })
    }

    @Test func theLogLineReadsAsOneSentence() {
        guard let g = Self.geometry() else { Issue.record("must solve"); return }
        let line = Self.advice(g, target: 1.0).lines()[0]
        #expect(line.hasPrefix("placement: a rider 1 m off the post line would be 3.6 % fast by the image rule; gate-plane timing here: ±"), "\(line)")
        #expect(line.contains("% (95 %); rider 2") && line.contains(" px tall; for ±1 %: raise the camera to "), "\(line)")
    }

    @Test func ignoringBarrelDistortionIsEstimatedBySimulation() {
        guard let g = Self.geometry() else { Issue.record("must solve"); return }
        let estimate = LensDistortionEstimate(geometry: g, riderHeightMetres: 1.7, riderOffsetMetres: 1)
        #expect(LensDistortionEstimate.typicalK1(horizontalFieldOfViewDegrees: 100) == -0.03)
        #expect((estimate.speedErrorPercent(horizontalFieldOfViewDegrees: 65, k1: 0) ?? 1).magnitude < 1e-4, "no distortion, no error")
        guard let single = estimate.speedErrorPercent(horizontalFieldOfViewDegrees: 65, k1: -0.03),
              let double = estimate.speedErrorPercent(horizontalFieldOfViewDegrees: 65, k1: -0.06) else {
            Issue.record("the simulation must solve")
            return
        }
        #expect(single.magnitude > 0.005 && single.magnitude < 1, "\(single) %")
        #expect((double / single - 2).magnitude < 0.3, "about linear in k1: \(single) → \(double)")
        let a = Self.advice(g)
        #expect(a.lensDistortionPercent(horizontalFieldOfViewDegrees: 65) == estimate.speedErrorPercent(horizontalFieldOfViewDegrees: 65))
        #expect(a.lensDistortionPercent(horizontalFieldOfViewDegrees: .nan) == nil)
        #expect(a.lensDistortionPercent(horizontalFieldOfViewDegrees: 10) == nil)
        // A wider lens from the same place is moved back only if the course would not fit; it still answers.
        #expect(a.lensDistortionPercent(horizontalFieldOfViewDegrees: 120) != nil)
    }
}
