/// How one followed person moves, measured so that it holds from the first frames in view:
/// whether they go at riding speed, and their velocity.
///
/// A person entering the view is cut by its border: the centre of what is seen moves at half
/// their speed until they are wholly in. So three positions are fitted apart (`MotionFit`): the
/// left and right edges of the upper body (head, shoulders, arms: no swinging legs, no ground
/// shadow) while each is clear of the border, and its centre while both are. The edge away from
/// the border moves at the person's own speed from the first frame on.
///
/// Riding: the fastest of the three fits, less `speedDeviations` of its standard error, is over
/// the walking limit. A fast rider is so within two frames at any rate (the displacement beats
/// the uncertainty at once); a rider barely above the limit within a second; a walker never.
struct TrackMotion: Sendable {
    private var left = MotionFit(), centre = MotionFit(), right = MotionFit()
    /// The upper body's edges and centre in the last whole-region sample, and which edges were clear.
    private var last = (left: 0.0, centre: 0.0, right: 0.0)
    private var lastClear = (left: false, right: false)
    private var hasLast = false
    /// Last time the person was seen going at riding speed (seconds), and which way (+1 right, -1 left).
    private(set) var lastRiding = -Double.infinity
    /// Where the upper body's centre was at that last riding judgement, normalised view x.
    private(set) var lastRidingX = 0.0
    private(set) var ridingDirection = 0.0
    /// When the motion last judged riding began (the first sample of that fit, after any
    /// restart), seconds: the person's positions before it belong to another motion (standing
    /// where a rider's region took them over).
    private(set) var ridingSince = -Double.infinity
    /// The best lower bound of the speed at the last sample, view widths per second (0 when unknown).
    private(set) var speedLowerBound = 0.0
    /// The upper bound of the speed from the same fit (its speed plus as many standard errors),
    /// view widths per second (0 when unknown): with the lower bound, the speeds the person's
    /// sightings allow (wide while they rest on a few entering frames).
    private(set) var speedUpperBound = 0.0
    /// The velocity of the best-determined fit at the last sample (view widths per second, signed),
    /// nil before a fit has two samples. Steadier than frame-to-frame differences, whose one-frame
    /// jumps (a region growing as the person enters) are many view widths a second at 120 fps.
    private(set) var fittedVelocity: Double?
    /// The velocity measured between the last two samples (view widths per second), and whether
    /// the last sample was held out of a fit as off its line (a change of motion not yet
    /// confirmed by the next sample, see `MotionFit`).
    private(set) var lastStep: Double?
    private(set) var changing = false
    /// Where (normalised view x of the upper body's centre) and since when (seconds) the person
    /// has stayed put (see `TrackMotion+Rest`).
    var rest = (x: 0.0, since: -Double.infinity)

    /// Upper-body edges within this distance (view widths) of the view's border count as cut by
    /// it; also one sample's position error (a grid cell).
    let borderMargin: Double
    /// Successive samples this many standard deviations off a fit, on one side, restart it (see
    /// `MotionFit`); 0 never does.
    let restartDeviations: Double

    init(borderMargin: Double, restartDeviations: Double = 0) {
        self.borderMargin = borderMargin
        self.restartDeviations = restartDeviations
    }

    /// Adds a whole region seen at time `t`; returns the velocity measured since the last sample
    /// (view widths per second) from a position both samples saw uncut, or nil when there is none.
    mutating func add(_ blob: Blob, t: Double, lastTime: Double, memorySeconds: Double) -> Double? {
        let clearLeft = blob.upperMinX > borderMargin, clearRight = blob.upperMaxX < 1 - borderMargin
        let now = (left: blob.upperMinX, centre: blob.upperCentreX, right: blob.upperMaxX)
        // Only someone never seen riding restarts: a rider who slows, stops and sets off again
        // keeps their history (and stays the rider of the run they were in).
        let floor = borderMargin, restart = lastRiding == -.infinity ? restartDeviations : 0
        if clearLeft { left.add(t: t, x: now.left, memorySeconds: memorySeconds, sigmaFloor: floor, restartDeviations: restart) }
        if clearRight { right.add(t: t, x: now.right, memorySeconds: memorySeconds, sigmaFloor: floor, restartDeviations: restart) }
        if clearLeft && clearRight {
            centre.add(t: t, x: now.centre, memorySeconds: memorySeconds, sigmaFloor: floor, restartDeviations: restart)
        }
        var velocity: Double?
        let dt = t - lastTime
        if hasLast && dt > 0 {
            if clearLeft && clearRight && lastClear.left && lastClear.right {
                velocity = (now.centre - last.centre) / dt
            } else if clearRight && lastClear.right {
                velocity = (now.right - last.right) / dt
            } else if clearLeft && lastClear.left {
                velocity = (now.left - last.left) / dt
            }
        }
        last = now
        lastClear = (clearLeft, clearRight)
        lastStep = velocity
        changing = left.heldOut != 0 || centre.heldOut != 0 || right.heldOut != 0
        hasLast = true
        return velocity
    }

    /// Judges the fits at time `t`: records riding when the speed is surely over `limit`
    /// (view widths per second). `sigmaFloor`: position error of one sample, view widths.
    /// `restSeconds`: someone who has stayed put that long is not riding, when `restEndsRiding`
    /// (outside a run, `TrackMotion+Rest`).
    mutating func judge(t: Double, limit: Double, sigmaFloor: Double, speedDeviations: Double,
                        restSeconds: Double = .infinity, restEndsRiding: Bool = false) {
        var best = 0.0, upper = 0.0, direction = 0.0, leastError = Double.infinity, since = -Double.infinity
        fittedVelocity = nil
        // Three calls, not a loop over an array literal (which would allocate every frame).
        // Only the fits sampled now: an edge the view's border has cut since, or whose fit is
        // older than a change of motion, says how the person moved, not how they move.
        @inline(__always) func consider(_ fit: MotionFit) {
            guard fit.isCurrent(at: t), let (speed, error) = fit.speed(sigmaFloor: sigmaFloor) else { return }
            let bound = abs(speed) - speedDeviations * error
            if bound > best {
                best = bound; upper = abs(speed) + speedDeviations * error
                direction = speed > 0 ? 1 : -1; since = fit.since
            }
            if error < leastError { leastError = error; fittedVelocity = speed }
        }
        consider(left)
        consider(centre)
        consider(right)
        speedLowerBound = best
        speedUpperBound = upper
        noteRest(x: last.centre, t: t, limit: limit, seconds: restSeconds)
        if best >= limit && !(restEndsRiding && isAtRest(at: t, seconds: restSeconds)) {
            lastRiding = t
            lastRidingX = last.centre
            ridingDirection = direction
            ridingSince = since
        }
    }
}
