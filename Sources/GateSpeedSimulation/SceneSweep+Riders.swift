/// The riders of a sweep scene: how they look and move, and when each rides.
extension SceneSweep {
    /// Course length, metres (the standard course).
    static let courseMetres = 28.0
    /// The slowest a rider may get before the finish, m/s (11 km/h: the course in under 10 s,
    /// the timeout).
    static let slowestMetresPerSecond = 11 / 3.6

    /// 1–3 riders of one size (±7 %) on one ground line (±0.01), alternating directions.
    static func drawRiders(_ drawn: inout SweepParameters, _ random: inout SeededRandom) {
        let count = pick([(1, 0.5), (2, 0.3), (3, 0.2)], &random)
        let sizeRoll = random.unit()
        let height = sizeRoll < 0.08 ? random.uniform(0.03...0.04)
            : sizeRoll < 0.88 ? lowSkewed(0.04...0.15, &random) : lowSkewed(0.15...0.6, &random)
        let lowestGround = max(0.62, height + 0.04)
        let ground = random.uniform(lowestGround...max(lowestGround, 0.94))
        var direction: TravelDirection = random.unit() < 0.5 ? .leftToRight : .rightToLeft
        for index in 0..<count {
            let tall = max(0.03, min(0.6, height * random.uniform(0.93...1.07)))
            let groundY = max(tall + 0.02, min(0.97, ground + random.uniform(-0.01...0.01)))
            let startKmh = random.uniform(12...60)
            var acceleration = random.unit() < 0.35 ? 0 : random.uniform(-1.5...1.5)
            let v = startKmh / 3.6, slowest = slowestMetresPerSecond
            if v * v + 2 * acceleration * courseMetres < slowest * slowest {
                acceleration = (slowest * slowest - v * v) / (2 * courseMetres)
            }
            let contrastRoll = random.unit()
            let magnitude = contrastRoll < 0.15 ? random.uniform(6...20)
                : contrastRoll < 0.4 ? random.uniform(20...40) : random.uniform(40...100)
            let luma = max(8, min(240, groundLuma + (random.unit() < 0.3 ? magnitude : -magnitude)))
            let grey = random.unit() < 0.5
            let chromaBlue = grey ? 128 + random.uniform(-6...6) : random.uniform(80...170)
            let chromaRed = grey ? 128 + random.uniform(-6...6) : random.uniform(80...190)
            drawn.riders.append(SweepRiderDraw(
                direction: direction, heightFraction: tall, groundY: groundY, startSpeedKmh: startKmh,
                acceleration: acceleration, contrast: luma - groundLuma, chromaBlue: chromaBlue, chromaRed: chromaRed,
                gapSeconds: index == 0 ? nil : random.uniform(2.5...6)))
            direction = direction == .leftToRight ? .rightToLeft : .leftToRight
        }
    }

    /// When each rider rides, and how long the scene lasts. The first rider enters the view
    /// 0.5–1.3 s after the course can have been learnt (`courseClearAt` plus the calibration
    /// window); each later one starts their drawn gap after the previous finish, but never enters
    /// until the previous rider has been out of view for 0.9 s (the course must be clear for
    /// half a second to re-arm, after the tracker's gap bridging). One scene in eight has a
    /// camera bump (2–8 px) in one of those gaps (or before the first rider), and the next rider
    /// then waits for the camera to settle (`drawn.bumpSettleSeconds`) and the course to be
    /// learnt again.
    static func scheduleRuns(_ drawn: inout SweepParameters, courseClearAt: Double, _ random: inout SeededRandom)
        -> (runs: [(rider: SimulatedRider, enters: Double, leaves: Double)], duration: Double) {
        let aspect = Double(drawn.width) / Double(drawn.height)
        let firstEntry = courseClearAt + learningSeconds + random.uniform(0.5...1.3)
        var bumpBefore: Int?
        if random.unit() < 0.125 {
            bumpBefore = Int(random.next() % UInt64(drawn.riders.count))
            let pixels = 2 + Int(random.next() % 7)
            drawn.bumpPixels = random.unit() < 0.5 ? pixels : -pixels
        }
        var runs: [(rider: SimulatedRider, enters: Double, leaves: Double)] = []
        var previousFinish = 0.0, previousLeaves = 0.0
        for index in drawn.riders.indices {
            let look = drawn.riders[index]
            let v = look.startSpeedKmh / 3.6
            let motion: MotionLaw = look.acceleration == 0 ? .constant(speed: v)
                : .accelerating(initialSpeed: v, acceleration: look.acceleration)
            // From the figure wholly outside the view to its centre on the outer post, metres.
            let runUp = (0.1 + 0.22 * look.heightFraction / aspect) * metresPerViewWidth
            var start = index == 0 ? firstEntry + runUp / v
                : max(previousFinish + (look.gapSeconds ?? 0), previousLeaves + 0.9 + runUp / v)
            if bumpBefore == index {
                let bump = index == 0 ? firstEntry : previousLeaves + 0.4
                drawn.bumpTime = bump
                // The bump is seen within a tenth of a second; then the view must be still for the window.
                start = max(start, bump + drawn.bumpSettleSeconds + 0.2 + learningSeconds + random.uniform(0.6...1.4) + runUp / v)
            }
            if index > 0 { drawn.riders[index].gapSeconds = start - previousFinish }
            var rider = SimulatedRider(direction: look.direction, startTime: start, motion: motion,
                                       heightFraction: look.heightFraction, luma: groundLuma + look.contrast,
                                       groundY: look.groundY)
            rider.chromaBlue = look.chromaBlue
            rider.chromaRed = look.chromaRed
            previousFinish = start + motion.time(atDistance: courseMetres)
            previousLeaves = start + motion.time(atDistance: courseMetres + runUp)
            runs.append((rider, start - runUp / v, previousLeaves))
        }
        return (runs, previousLeaves + 0.5)
    }
}
