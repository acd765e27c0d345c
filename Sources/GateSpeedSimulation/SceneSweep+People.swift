/// The people of a sweep scene who are not riding.
extension SceneSweep {
    /// In one scene in ten, a person of the rider's size stands on the course line (at 0.15–0.35
    /// or 0.65–0.85 of the width) from the first frame, starts walking after 1.5–4 s at
    /// 1.2–2 m/s and walks off past the nearer edge: two `SimulatedBystander`s, the standing one
    /// leaving as the walking one appears. Returns them (empty when there is none); the last
    /// one's `leaves` is when the course is clear. Recorded in `drawn`.
    static func drawOccupant(_ drawn: inout SweepParameters, _ random: inout SeededRandom) -> [SimulatedBystander] {
        guard random.unit() < 0.1, let rider = drawn.riders.first else { return [] }
        let x = random.unit() < 0.5 ? random.uniform(0.15...0.35) : random.uniform(0.65...0.85)
        let walksAt = random.uniform(1.5...4)
        let metresPerSecond = random.uniform(1.2...2)
        let speed = metresPerSecond / metresPerViewWidth
        let edge = x < 0.5 ? -0.15 : 1.15
        let gone = walksAt + (edge - x).magnitude / speed
        let tall = rider.heightFraction * random.uniform(0.9...1.1)
        let luma = random.uniform(25...200)
        drawn.bystanders.append(SweepBystanderDraw(kind: .occupant, heightFraction: tall, speedMetresPerSecond: metresPerSecond,
                                                   appears: 0, leaves: gone))
        return [
            SimulatedBystander(fromX: x, toX: x, speed: 0, heightFraction: tall, luma: luma, groundY: rider.groundY,
                               appears: 0, leaves: walksAt),
            SimulatedBystander(fromX: x, toX: edge, speed: speed, heightFraction: tall, luma: luma, groundY: rider.groundY,
                               appears: walksAt, leaves: gone),
        ]
    }

    /// 0–3 bystanders (45, 30, 15, 10 %), recorded in `drawn`:
    /// - walking on the rider's line at the rider's size (±15 %), 0.5–2 m/s, to and fro over
    ///   0.1–0.5 of the width;
    /// - walking behind the course (feet higher in the view, 0.3–0.8 of the rider's size, their
    ///   speed in view widths scaled down with their size as distance would);
    /// - standing beside an end post at the rider's size, or standing behind the course.
    /// Walkers appear once the course is learnt (`settled`), for 2–12 s or to the end; a standing
    /// person is there from the start in two cases out of five (learnt with the course).
    static func drawBystanders(_ drawn: inout SweepParameters, settled: Double, duration: Double,
                               _ random: inout SeededRandom) -> [SimulatedBystander] {
        guard let rider = drawn.riders.first else { return [] }
        let count = pick([(0, 0.45), (1, 0.3), (2, 0.15), (3, 0.1)], &random)
        let latest = max(settled, duration - 1)
        var people: [SimulatedBystander] = []
        for _ in 0..<count {
            let kind = pick([(SweepBystanderDraw.Kind.walkerBehind, 0.35), (.walkerOnCourse, 0.2),
                             (.standingBeside, 0.25), (.standingBehind, 0.2)], &random)
            let onLine = kind == .walkerOnCourse || kind == .standingBeside
            let tall = max(0.012, rider.heightFraction * (onLine ? random.uniform(0.85...1.15) : random.uniform(0.3...0.8)))
            let groundY = onLine ? min(0.98, rider.groundY + random.uniform(-0.02...0.02))
                : random.uniform(0.45...max(0.46, rider.groundY - 0.08))
            let luma = random.uniform(25...200)
            var person = SimulatedBystander(fromX: 0.5, toX: 0.5, speed: 0, heightFraction: tall, luma: luma, groundY: groundY)
            var metresPerSecond = 0.0
            switch kind {
            case .walkerOnCourse, .walkerBehind:
                metresPerSecond = random.uniform(0.5...2)
                person.speed = metresPerSecond / metresPerViewWidth * tall / rider.heightFraction
                person.fromX = random.uniform(-0.05...1.05)
                let span = random.uniform(0.1...0.5)
                person.toX = max(-0.1, min(1.1, random.unit() < 0.5 ? person.fromX - span : person.fromX + span))
                person.appears = random.uniform(settled...latest)
                person.leaves = random.unit() < 0.3 ? .infinity : person.appears + random.uniform(2...12)
            case .standingBeside, .standingBehind:
                let x = kind == .standingBehind ? random.uniform(0.05...0.95)
                    : random.unit() < 0.5 ? random.uniform(0.01...0.08) : random.uniform(0.92...0.99)
                person.fromX = x
                person.toX = x
                if random.unit() >= 0.4 {
                    person.appears = random.uniform(settled...latest)
                    if random.unit() < 0.5 { person.leaves = person.appears + random.uniform(3...12) }
                }
            case .occupant:
                break
            }
            people.append(person)
            drawn.bystanders.append(SweepBystanderDraw(kind: kind, heightFraction: tall, speedMetresPerSecond: metresPerSecond,
                                                       appears: person.appears, leaves: person.leaves))
        }
        return people
    }
}
