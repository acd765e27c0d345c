/// A hard thing about a sweep run, so that failures can be grouped by what drove them.
///
/// Scene traits belong to every run of the scene; rider traits to one run. Each is a threshold
/// on a drawn parameter (see `SweepScene.traits`), chosen where the condition starts to be
/// unusual for the vision, not where it is known to fail.
public enum SweepTrait: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    // Rider
    /// Shorter than 0.65 of the height a 1.6 m rider has on the course (`SceneSweep.expectedRiderHeight`):
    /// under 4.0 % of a 4:3 view's height, 5.3 % of a 16:9 one's.
    case smallRider = "small rider"
    /// Taller than 2.5 times that (over 15 % of a 4:3 view, 20 % of a 16:9 one: a view cropped
    /// to the course band).
    case largeRider = "large rider"
    /// Under 25 luma levels from the ground after the scene's contrast, and no colour to tell
    /// them apart (in grey, or chroma within 45 of the grass's).
    case lowContrast = "low contrast"
    /// Clothes brighter than the ground.
    case brightRider = "rider brighter than ground"
    /// Average speed over the course at least 45 km/h.
    case fastRider = "fast rider"
    /// Average speed over the course under 18 km/h.
    case slowRider = "slow rider"
    /// Accelerating or braking by at least 0.75 m/s².
    case accelerating = "accelerating"
    case rightToLeft = "right to left"
    /// Not the scene's first run (the course had to clear and re-arm).
    case laterRun = "later run"
    // Camera
    /// 320 pixels wide.
    case lowResolution = "320x240"
    /// At least 960 pixels wide.
    case highDefinition = "HD size"
    /// Under 20 frames per second.
    case lowFrameRate = "under 20 fps"
    /// At least 90 frames per second.
    case highFrameRate = "90 fps or more"
    /// At least 5 % of frames dropped.
    case drops = "drops 5 % or more"
    /// Timestamp jitter of at least 3 ms.
    case jitter = "jitter 3 ms or more"
    /// Shake of at least a pixel.
    case shake = "camera shake"
    /// Shake as a smooth sway (sub-pixel, 1–6 Hz) rather than whole-pixel jumps.
    case sway = "camera swaying"
    /// A permanent camera bump during the scene.
    case bump = "camera bump"
    /// A bump that swings before it settles, or turns the camera about its axis.
    case swingingBump = "bump swinging or turning"
    case colour = "colour camera"
    // Light
    /// The scene's dynamic range scaled below 0.7 (dusk).
    case dusk = "dusk contrast"
    /// Sensor noise of at least 5 levels (1 sigma).
    case noisy = "noise 5 or more"
    /// Light drifting by at least ±10 %.
    case lightDrift = "light drift"
    case shadows = "shadows"
    /// The shadow of a tree or a building lies on the ground.
    case fixedShadow = "tree or building shadow"
    /// A cloud's shadow sweeps across the view.
    case cloud = "cloud over the sun"
    // People
    /// Someone walking on the course line.
    case walkerOnCourse = "walker on course"
    /// Someone walking behind the course (farther, smaller).
    case walkerBehind = "walker behind"
    /// Someone standing still in view.
    case standing = "standing bystander"
    /// A bystander within 15 % of the rider's height, on the rider's ground line.
    case riderSizedBystander = "rider-sized bystander"
    /// Someone standing on the course while it is learnt, who then walks off.
    case occupant = "person on course at calibration"
    // Things
    /// A bag put down on the course and picked up later.
    case bag = "bag dropped and picked up"
    // Perspective (`PerspectiveSweep` only)
    /// Weaving round the poles, passing them on alternate sides.
    case weaving = "weaving"
    /// Riding a line at least 1 m nearer or farther than the posts.
    case offLine = "off the post line"
    /// The view cropped to the band of the course (the rider a larger share of it).
    case croppedView = "view cropped to the course"
    /// A lens of 80° or wider (strong perspective at the outer posts).
    case wideLens = "lens 80° or wider"
    /// The camera 20 m or nearer the post line.
    case nearCamera = "camera 20 m or nearer"

    /// The camera's traits, in this order: size, frame rate, drops and jitter (one rule for every sweep).
    static func camera(width: Int, framesPerSecond: Double, dropFraction: Double, timestampJitter: Double) -> [SweepTrait] {
        var traits: [SweepTrait] = []
        if width <= 320 { traits.append(.lowResolution) }
        if width >= 960 { traits.append(.highDefinition) }
        if framesPerSecond < 20 { traits.append(.lowFrameRate) }
        if framesPerSecond >= 90 { traits.append(.highFrameRate) }
        if dropFraction >= 0.05 { traits.append(.drops) }
        if timestampJitter >= 0.003 { traits.append(.jitter) }
        return traits
    }

    public static func < (a: SweepTrait, b: SweepTrait) -> Bool {
        let all = allCases
        return (all.firstIndex(of: a) ?? 0) < (all.firstIndex(of: b) ?? 0)
    }
}
