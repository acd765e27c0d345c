/// Tunables of the rider detector. Defaults are chosen to be camera- and scene-independent:
/// distances are fractions of the view, times are seconds, speeds are body-heights per second.
public struct VisionSettings: Sendable, Equatable {
    /// Width of the analysis grid in cells; the view is sampled at this resolution
    /// (each cell averages a 2 x 2 pixel block at its centre). Height follows the aspect ratio.
    public var gridColumns: Int = 192
    /// Seconds the scene must be empty and still before the background is learnt (Calibrating -> Ready).
    public var calibrationWindowSeconds: Double = 1.0
    /// A frame counts as still when fewer than this fraction of cells changed since the previous frame.
    public var stillMotionFraction: Double = 0.003
    /// Seconds over which a cell's recent motion is averaged while calibrating: a cell that
    /// changed in over a tenth of its frames in that time is restless scenery (leaves, water)
    /// and does not keep the view from counting as still.
    public var restlessnessSeconds: Double = 2
    /// Smallest luma change (0-255) that counts as a difference, whatever the noise.
    public var minimumContrast: Float = 14
    /// Once the course is learnt, the foreground floor follows the light: `minimumContrast` in a
    /// view whose median luma is at least this, proportionally less in a darker one (dusk halves
    /// the contrast of everything, riders included), never below `darkestContrastFloor`. The
    /// noise term (`noiseDeviations`) still applies on top.
    public var contrastFloorReferenceLuma: Float = 120
    public var darkestContrastFloor: Float = 5
    /// Smallest colour change (L1 distance of the two chroma values, 0-255 scale) that counts,
    /// for cameras and files that deliver colour.
    public var minimumColourContrast: Float = 16
    /// A cell is foreground when it differs from the background by this many noise deviations.
    public var noiseDeviations: Float = 4.5
    /// Evidence pooled over blocks of 2 x 4 cells (see `BackgroundModel+PooledEvidence`): a block
    /// whose sum differs from the course by this many of its measured noise deviations, and by
    /// at least `pooledContrastShare` of the contrast floor a cell, marks its centre cells
    /// foreground where each differs the same way by at least `pooledCellDeviations` of its own
    /// noise. Blocks with a cell noisier than `pooledNoisyCell` times the view's median are left out.
    public var pooledNoiseDeviations: Float = 4.5
    public var pooledContrastShare: Float = 0.4
    public var pooledCellDeviations: Float = 1.5
    public var pooledNoisyCell: Float = 2
    /// Pixels the camera may tremble by once learnt: a block's change along the course's slopes
    /// that a shift this large explains is not pooled evidence.
    public var pooledShiftPixels: Float = 2
    /// A block is compared with the blocks this fraction of the view's width to its left and right.
    public var pooledSurroundWidth: Float = 0.0625
    /// Pixels of camera shake tolerated while waiting for a still scene (edges move this much).
    /// Once learnt, the per-cell thresholds carry whatever shake the learning window saw.
    public var shakeTolerancePixels: Float = 1.0
    /// While waiting for a still scene, moving moments shorter than this (seconds) between still
    /// frames are forgiven, as long as they are rarer than still frames and their change lies all
    /// across the view: a shaking camera jumps by up to twice its shake from one frame to the
    /// next, now and then, moving every edge at once; a person changes only where they are.
    public var calibrationJoltSeconds: Double = 0.1
    /// Time constant (seconds) with which the background follows slow light changes where nobody is.
    public var backgroundTimeConstant: Double = 4.0
    /// A person-sized foreground region that has not moved for this long is absorbed into the
    /// background (a parked bag or a calibration ghost). Longer than any stop of a rider.
    public var staticAbsorbSeconds: Double = 30
    /// Seconds after which foreground that has held its value (within the cell's noise) while
    /// nothing moved through it is learnt in as the course: the hole a person learnt with the
    /// course leaves when they walk off, a bag put down or picked up. The rider held during a
    /// run is never learnt in by this rule (only by `staticAbsorbSeconds`).
    public var ghostRelearnSeconds: Double = 2.5
    /// Largest camera shift (a bump), fraction of the view width, that the shifted-view test
    /// (`CameraShiftTest`) explains: foreground cells whose value a learnt cell this near had.
    public var cameraShiftFraction: Double = 0.02
    /// Seconds a foreground cell must hold its value before the shifted-view test counts it: a
    /// bump stays, a shaking camera's edges flicker from frame to frame.
    public var cameraShiftSettleSeconds: Double = 0.2
    /// Seconds the view must look moved, nearly frame after frame (`CameraMotionWatch`), for a
    /// camera bump to be taken as such when the camera goes on shaking or swaying (its edges never
    /// hold still): the course is then relearnt.
    public var cameraMovedSeconds: Double = 0.3
    /// The view counts as shifted (and the course is relearnt) when at least this fraction of
    /// the settled foreground cells is explained by the shift...
    public var cameraShiftExplainedShare: Double = 0.8
    /// ... and the explained cells lie in at least this fraction of the view's 8 x 6 tiles.
    public var cameraShiftTiles: Double = 0.25
    /// A frame whose freshly changed cells are explained by a shift (`cameraShiftExplainedShare`)
    /// in at least this fraction of the tiles is a shaking camera's jolt: the tracker skips it
    /// (as a dropped frame), though the view does not count as moved.
    public var cameraJoltTiles: Double = 0.125
    /// Fraction of the view foreground under the global gain above which the light is measured
    /// tile by tile (`LocalLight`): a cloud's shadow over part of the ground, shaded ground under
    /// a lit sky. It stays measured so until the tiles' gains agree again.
    public var localLightTrigger: Double = 0.03
    /// The tiles' gains agree when every one lies within this fraction of their median.
    public var localLightSpread: Float = 0.04
    /// Fraction of the view that, changing at once, means a camera bump or a light switch: relearn.
    public var globalChangeFraction: Double = 0.45
    /// Fraction of the view's 8 x 6 tiles that, all showing some change at once, also means the
    /// camera moved (a small shift changes every textured patch a little).
    public var globalChangeTiles: Double = 0.6
    /// Shortest region followed, as a fraction of the view height, when configured. Nil: the
    /// `smallestPersonHeight` floor. The course scale (`expectedRiderHeight`) is not a gate: a
    /// rider of any size from 3 % to 60 % of the view is followed, and what is not a rider (noise,
    /// leaves, a shadow, a walker or someone standing) is told apart by its shape and motion.
    public var riderMinHeight: Double? = nil
    /// Metres of course per view width (course length / post span), when known: it gives the
    /// expected size of a rider in the picture. Nil assumes the standard course filling the view.
    public var metresPerViewWidth: Double? = nil
    /// Height of a rider, metres (crouched on a bike or skates, or standing).
    public var assumedRiderHeightMetres: Double = 1.6
    /// Where the posts' poles stand, normalised view x (0...1, left edge origin), when known:
    /// a rider passing behind one is cut by it, and the two parts are joined again
    /// (`BlobExtractor+Poles`). Empty: no pole is known.
    public var postViewX: [Double] = []
    /// Width of a post's pole, metres; never taken as less than `polePixelsAtLeast` pixels (a
    /// pole narrower than a pixel still blends into the two pixels it straddles).
    public var poleWidthMetres: Double = 0.05
    public var polePixelsAtLeast: Double = 2

    /// A pole's width in grid cells, for a view `viewWidthPixels` wide sampled by `columns` cells.
    public func poleWidthCells(viewWidthPixels: Double, columns: Int) -> Double {
        let pixels = max(polePixelsAtLeast, poleWidthMetres / max(1e-3, courseMetresPerViewWidth) * viewWidthPixels)
        return pixels * Double(columns) / max(1, viewWidthPixels)
    }

    /// Expected rider height as a fraction of the view height, for a view `aspect` (width / height).
    public func expectedRiderHeight(viewAspect aspect: Double) -> Double {
        min(1, assumedRiderHeightMetres / courseMetresPerViewWidth * aspect)
    }

    /// The height below which a region is not followed, fraction of the view height.
    public var minimumRiderHeight: Double { riderMinHeight ?? smallestPersonHeight }
    /// Fraction of a region's height, from the top, used for its horizontal centre (head and torso:
    /// legs swing and ground shadows spread sideways, the upper body does neither).
    public var upperBodyFraction: Double = 0.5
    /// Seconds a track survives without a detection (gaps are bridged).
    public var gapBridgeSeconds: Double = 0.35
    /// Seconds a track last seen riding survives without a detection: its fitted velocity says
    /// where to look, so a low-contrast rider lost for a few frames (a shadow, a patch of ground
    /// of their own shade) keeps their identity, as long as the timing core bridges the gap.
    public var ridingGapBridgeSeconds: Double = 0.5
    /// A challenger must score this many times the incumbent to take the track over.
    public var incumbentAdvantage: Double = 1.43
    /// Distance (fraction of the view width) within which the candidate nearest the predicted
    /// position counts as the incumbent.
    public var incumbentRadius: Double = 0.12
    /// A move away from the predicted position faster than this (body-heights per second) is
    /// implausible for one person: the track restarts rather than follow a second person.
    public var maxJumpBodyHeightsPerSecond: Double = 12
    /// Where riders' feet can be (the ground around the course, projected into the view). A person
    /// whose smoothed foot point lies outside it is followed but never taken for the rider.
    /// Nil: no band, anyone can be the rider.
    public var courseBand: CourseBand? = nil
    /// Seconds over which each person's foot point is averaged for the band test (an exponential
    /// average whose mean age is half of this, as for a sliding mean over this long), so one noisy
    /// frame cannot take a rider off the course.
    public var footSmoothingSeconds: Double = 0.3
    /// Hysteresis of the band test: a person counts as on the course once their smoothed feet are
    /// in the band, and as off it only when they are beyond the band grown by this fraction of its
    /// size (see `CourseBand.contains(x:y:margin:)`).
    public var courseBandLeaveMargin: Double = 0.1

    // MARK: Who is a rider (any size, any frame rate)

    /// Regions shorter than this fraction of the view height are not followed (noise specks):
    /// below the smallest rider timed (3 % of the view), with room for a missed head or foot row.
    public var smallestPersonHeight: Double = 0.02
    /// A person is taken for the rider only once seen going faster than this, metres per second
    /// along the course (speed in view widths times `metresPerViewWidth`; 35 m when not known):
    /// walking is 0.5-2 m/s, riding at least 11 km/h (3.1 m/s). For someone of the expected rider
    /// height this is 1.6 body heights per second. The speed is the fit's, less `speedDeviations`
    /// of its error, so a walker is never taken however noisy the frames.
    public var walkingLimitMetresPerSecond: Double = 2.5
    /// How many standard errors of the fitted speed are taken off before comparing with the walking limit.
    public var speedDeviations: Double = 2.5
    /// Seconds over which a person's speed is fitted (the weights' memory, see `MotionFit`).
    public var speedMemorySeconds: Double = 1.5
    /// The speed fits of someone never seen riding (or whose ride lapsed, `TrackMotion+Lapsed`)
    /// restart when two successive positions lie this many standard deviations off the fitted
    /// line on one side (0: never): a rider whose region took over someone standing where they
    /// came in is judged on their own motion.
    public var motionChangeDeviations: Double = 4
    /// Outside a run, a rider not seen at riding speed for this long (seconds) is let go: someone
    /// who stopped, or who walks off, no longer keeps the course from being clear.
    public var riderLapseSeconds: Double = 0.6
    /// The fastest rider, metres per second along the course (72 km/h): a person seen for the first
    /// time may be this far from where they were a frame before and still be matched.
    public var fastestRiderMetresPerSecond: Double = 20
    /// A person seen once or twice is matched as far off as the fastest rider goes only this long
    /// (seconds) after the last sighting: a rider is seen at least every 0.2 s (10 fps with a
    /// frame dropped). Sightings not followed by another by then are a flicker, matched only
    /// where expected.
    public var unconfirmedSightingSeconds: Double = 0.22
    /// Height over width (in pixels) below which a region is not a person: a ground shadow, a
    /// ghost of the background, leaves. A person with swinging legs and a shadow is about 1.1, on a bike 0.9.
    public var minimumHeightOverWidth: Double = 0.5
    /// Time constants (seconds) of the smoothing of a person's velocity, and of their size and area
    /// (the same smoothing at any frame rate).
    public var velocitySmoothingSeconds: Double = 0.05
    public var sizeSmoothingSeconds: Double = 0.13

    /// Metres along the course per view width: `metresPerViewWidth`, or 35 m (the standard course).
    public var courseMetresPerViewWidth: Double { metresPerViewWidth ?? 35 }

    /// Luma difference of a typical rider's clothes from the ground, as a fraction of the view's
    /// median luma (a third: 40 levels on a mid-grey 120 course): differences of reflectance
    /// scale with the light (see `VisibilityMargin`).
    public var typicalRiderContrastFraction: Float = 1.0 / 3.0
    /// Below this visibility margin (a typical rider's contrast over the threshold a region must
    /// pass) the view is too dark to time reliably, and the log says so.
    public var reliableVisibilityMargin: Float = 2

    public init() {}
}
