import GateSpeedFrames

/// After a camera bump, the course learnt before it moved to where the settled view shows it,
/// instead of learning it again.
///
/// A bump moves the whole view rigidly (a shift of a few pixels, a small roll); the course has
/// not changed, only where it appears. Learning it again needs a still second, which people
/// walking in view can put off until a rider has passed. So the course learnt before the bump
/// is kept, and each calibrating frame (at most one in `realignInterval` seconds) is matched
/// against it (`CourseAlignment`): when the match is clear (correlation, and the frame within
/// the course's thresholds on nearly all its edges and cells, people left aside) and the same
/// for `realignSteadySeconds` (the camera has settled), the course, its colour and its pixel
/// spread are read through the map and the view is ready: armed as after a calibration, with
/// the same tests. Otherwise the ordinary learning goes on and ends the wait when it can.
/// Work done a few times per bump, never on a steady frame.
struct BumpRealignment: Sendable {
    var background: BackgroundModel
    var chroma: ChromaBackground
    var edges: EdgeRefiner
    /// Source time of the relearn the bump caused, seconds.
    var bumpTime: Double
    /// Scratch: the learnt course read through a map, one value per cell.
    var aligned: [Float]
    /// The frames seen since the current map held.
    var seen: RealignFrames
    var lastAttempt = -Double.infinity
    /// The clear matches that agree so far: since when, how many, the first.
    var streakSince = -Double.infinity
    var streakCount = 0
    var streakMap: CourseAlignment?
}

extension RiderDetector {
    /// Seconds after the bump during which the course learnt before it is tried.
    static let realignSeconds = 10.0
    /// Least seconds between two attempts.
    static let realignInterval = 0.08
    /// Seconds the matches must agree (the camera has settled), over at least three attempts.
    static let realignSteadySeconds = 0.4
    /// Largest shift looked for, view widths, and roll, radians (0.8 degrees).
    static let realignReachFraction = 0.04
    static let realignMaximumRoll = 0.014
    /// Least correlation of the frame with the course read through the map.
    static let realignCorrelation = 0.9
    /// Least share of the cells whose value the learnt cells around where they now look explain.
    static let realignMatchedShare = 0.85
    /// Least share of the cells that are edges: a view too plain to tell a map.
    static let realignEdgeCells = 0.01
    /// The matches of a streak agree with its first within this many cells and radians.
    static let realignAgreeCells = 0.1
    static let realignAgreeRoll = 0.001
    /// Largest share of the course's edges that may vary through the frames learnt from (a
    /// person changes a few; a camera still settling, the poles and lines all over the view).
    static let realignUnsettledEdges = 0.05

    /// The view is about to be learnt again because it changed all over at `time`: keep the
    /// course as learnt, to move it if the change was a bump.
    mutating func keepCourseForRealign(time: Double) {
        guard background.isLearnt else { bumpRealignment = nil; return }
        bumpRealignment = BumpRealignment(background: background, chroma: chroma, edges: edges, bumpTime: time,
                                          aligned: [Float](repeating: 0, count: cells.count),
                                          seen: RealignFrames(cellCount: cells.count, colourCellCount: usesChroma ? chroma.cellCount : 0))
    }

    /// The grid's shape for `CourseAlignment`.
    var alignmentGrid: CourseAlignment.Grid? {
        guard let size = gridSize, viewPixels.width > 0, size.rows > 0 else { return nil }
        let aspect = Double(viewPixels.height) * Double(size.columns) / (Double(viewPixels.width) * Double(size.rows))
        return CourseAlignment.Grid(columns: size.columns, rows: size.rows, cellAspect: aspect)
    }

    /// Matches this calibrating frame's `cells` with the course kept at the bump; true when the
    /// course was moved and the view is ready.
    mutating func attemptRealign(frame: VideoFrame, grid analysisGrid: AnalysisGrid, settings: VisionSettings) -> Bool {
        let time = frame.timestamp
        guard let grid = alignmentGrid, var kept = bumpRealignment.take() else { return false }
        guard time - kept.bumpTime <= Self.realignSeconds else { return false }   // too late: forgotten
        guard time - kept.lastAttempt >= Self.realignInterval else { bumpRealignment = kept; return false }
        kept.lastAttempt = time
        var moved = false
        defer { if !moved { bumpRealignment = kept } }
        let reach = (x: max(1, Int((Self.realignReachFraction * Double(grid.columns)).rounded(.up))),
                     y: max(1, Int((Self.realignReachFraction * Double(grid.rows) / grid.cellAspect).rounded(.up))))
        let measured = kept.background.withMeans { old in
            cells.withUnsafeBufferPointer { new in
                CourseAlignment.measure(old.baseAddress!, new.baseAddress!, grid: grid, reach: reach,
                                        maximumRoll: Self.realignMaximumRoll, near: kept.streakMap)
            }
        }
        guard let measured, measured.correlation >= Self.realignCorrelation else {
            kept.streakCount = 0; kept.streakMap = nil
            return false
        }
        let fit = cells.withUnsafeBufferPointer { c in
            kept.aligned.withUnsafeMutableBufferPointer { a in
                kept.background.fit(cells: c.baseAddress!, map: measured.map, grid: grid, aligned: a.baseAddress!)
            }
        }
        guard Double(fit.edges) >= Self.realignEdgeCells * Double(fit.inside),
              fit.matchedShare >= Self.realignMatchedShare else {
            kept.streakCount = 0; kept.streakMap = nil
            return false
        }
        // Every map of the streak agrees with its first: a camera still swinging slowly as it
        // settles drifts away from it.
        if let first = kept.streakMap, measured.map.agrees(with: first, cells: Self.realignAgreeCells, roll: Self.realignAgreeRoll) {
            kept.streakCount += 1
        } else {
            kept.streakCount = 1
            kept.streakSince = time
            kept.streakMap = measured.map
            kept.seen.reset()
        }
        cells.withUnsafeBufferPointer { kept.seen.add($0.baseAddress!, gain: fit.gain) }
        if usesChroma {
            sampleChroma(frame, grid: analysisGrid)
            chromaAsFloats()
            kept.seen.addColour(blue: blue, red: red, gain: fit.gain)
        }
        guard kept.streakCount >= 3, time - kept.streakSince >= Self.realignSteadySeconds else { return false }
        // The course's edges held still through the frames learnt from: else the camera was still
        // settling (see `BackgroundModel+RealignSettled`), and the frames from now on are tried.
        let settled = kept.background.unsettledEdges(map: measured.map, grid: grid, seen: kept.seen)
        guard Double(settled.varied) <= Self.realignUnsettledEdges * Double(settled.edges) else {
            kept.streakCount = 0; kept.streakMap = nil
            return false
        }
        realign(from: kept, map: measured.map, grid: grid, gain: fit.gain, settings: settings)
        moved = true
        return true
    }
}
