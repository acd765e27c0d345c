/// The parts of a sweep scene drawn on a stream of their own (`SceneSweep.worldStream`), so that
/// adding them left every other draw of a seed as it was: the light on the ground (fixed shadows,
/// a cloud), a bag, the bystanders' clothes, and how the camera shakes and is bumped.
extension SceneSweep {
    /// The seed of the second stream of draws.
    static func worldStream(_ seed: UInt64) -> SeededRandom { SeededRandom(seed: seed ^ 0x574F_524C_4453_4545) }

    /// Camera motion: a shaking camera sways smoothly at 1–6 Hz in three cases out of five (wind
    /// on the tripod), else jumps by whole pixels each frame (vibration); a bump swings and
    /// settles over 0.2–1 s in seven cases out of ten (else at once) and turns the camera by up to
    /// ±0.6° about its axis in half of them.
    static func drawCameraMotion(_ drawn: inout SweepParameters, _ random: inout SeededRandom) {
        let sways = random.unit() < 0.6, frequency = random.uniform(1...6)
        if drawn.cameraShake > 0 && sways { drawn.shakeFrequency = frequency }
        let settles = random.unit() < 0.7, settle = random.uniform(0.2...1)
        let rolls = random.unit() < 0.5, roll = random.uniform(-0.6...0.6)
        // Drawn before the runs are laid out (a settling bump holds the next rider back); cleared
        // by `scene(seed:)` when the scene has no bump.
        drawn.bumpSettleSeconds = settles ? settle : 0
        drawn.bumpRollDegrees = rolls ? roll : 0
    }

    /// Light on the ground: in three scenes out of ten, 1–3 fixed shadows (tree crowns 0.04–0.2
    /// view widths across, or, one in three, a building's straight edge), the sun giving 20–50 %
    /// of the ground's light; in one scene in eight a cloud's shadow sweeps across (0.15–0.45 view
    /// widths a second, 0.5–3 view widths long, soft over 0.03–0.15), arriving at any time,
    /// calibration included.
    static func drawGroundLight(_ drawn: inout SweepParameters, duration: Double, _ random: inout SeededRandom) {
        let shaded = random.unit() < 0.3
        let count = 1 + Int(random.next() % 3)
        var shadows: [SimulatedShadow] = []
        for _ in 0..<count {
            if random.unit() < 1.0 / 3 {
                let top = random.uniform(0...1)
                shadows.append(SimulatedShadow(shape: .edge(topX: top, bottomX: top + random.uniform(-0.3...0.3), left: random.unit() < 0.5),
                                               softness: random.uniform(0.005...0.03)))
            } else {
                shadows.append(SimulatedShadow(shape: .ellipse(x: random.uniform(0...1), y: random.uniform(0.5...0.97),
                                                               rx: random.uniform(0.04...0.2), ry: random.uniform(0.02...0.08)),
                                               softness: random.uniform(0.005...0.03)))
            }
        }
        let sunShare = random.uniform(0.2...0.5)
        let clouded = random.unit() < 0.125
        let cloud = SimulatedCloud(arrives: random.uniform(0...max(0, duration - 1)), speed: random.uniform(0.15...0.45),
                                   length: random.uniform(0.5...3), fromLeft: random.unit() < 0.5,
                                   softness: random.uniform(0.03...0.15))
        if shaded { drawn.fixedShadows = shadows }
        if clouded { drawn.cloud = cloud }
        if shaded || clouded { drawn.sunShare = sunShare }
    }

    /// In one scene in eight, a bag (0.3–0.5 m wide, 0.25–0.4 m high on a 1.6 m rider's scale, any
    /// brightness and colour) is put down on the riders' line (±0.03) between 0.15 and 0.85 of the
    /// width once the course is learnt, and picked up 3–15 s later (or lies there to the end).
    static func drawBag(_ drawn: inout SweepParameters, settled: Double, duration: Double, _ random: inout SeededRandom) {
        let dropped = random.unit() < 0.125
        guard let rider = drawn.riders.first else { return }
        let scale = rider.heightFraction / 1.6
        var bag = SimulatedObject(x: random.uniform(0.15...0.85), groundY: min(0.98, rider.groundY + random.uniform(-0.03...0.03)),
                                  widthFraction: scale * random.uniform(0.3...0.5), heightFraction: scale * random.uniform(0.25...0.4),
                                  luma: random.uniform(25...200), appears: random.uniform(settled...max(settled, duration - 2)))
        bag.leaves = bag.appears + random.uniform(3...15)
        let grey = random.unit() < 0.5
        bag.chromaBlue = grey ? 128 : random.uniform(80...170)
        bag.chromaRed = grey ? 128 : random.uniform(80...190)
        if dropped { drawn.bag = bag }
    }

    /// Clothes of the people who are not riding: grey in half the cases (±6 of 128), else of any
    /// colour (Cb 80–170, Cr 80–190), in the order of `people`.
    static func dress(_ people: inout [SimulatedBystander], _ drawn: inout SweepParameters, _ random: inout SeededRandom) {
        // The calibration occupant is two bystanders (standing, then walking off): one person.
        var previous: (x: Double, blue: Double, red: Double)?
        for index in people.indices {
            let grey = random.unit() < 0.5
            var blue = grey ? 128 + random.uniform(-6...6) : random.uniform(80...170)
            var red = grey ? 128 + random.uniform(-6...6) : random.uniform(80...190)
            if let previous, index == 1, drawn.bystanders.first?.kind == .occupant, people[index].fromX == previous.x {
                blue = previous.blue
                red = previous.red
            }
            people[index].chromaBlue = blue
            people[index].chromaRed = red
            previous = (people[index].fromX, blue, red)
        }
    }
}
