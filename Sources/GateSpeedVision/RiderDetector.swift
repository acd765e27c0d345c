import GateSpeedFrames

/// The whole per-frame vision path: sample the view grid, learn or compare with the empty
/// course, find person-sized regions and follow the rider.
///
/// Pure Swift and allocation-free per frame once the first frame has sized the buffers.
public struct RiderDetector: Sendable {
    public let settings: VisionSettings
    public let geometry: FrameGeometry
    public private(set) var phase: DetectorPhase = .calibrating

    private var grid: AnalysisGrid?
    private(set) var background = BackgroundModel(cellCount: 0)
    private(set) var blobs = BlobExtractor(columns: 1, rows: 1, capacity: 1)
    var tracker: RiderTracker
    /// The course is armed, waiting for a start: a rider lost as they come in is kept for it
    /// (`RiderTracker+AwaitingStart`). Set by the caller before each frame.
    public var awaitingStart: Bool {
        get { tracker.awaitingStart }
        set { tracker.awaitingStart = newValue }
    }
    private var readiness: ReadinessWindow
    private(set) var cells: [Float] = []
    private var previousCells: [Float] = []
    /// While calibrating: each cell's spread of luma around its block (0-255), this frame and the last.
    private var texture: [Float] = []
    private var previousTexture: [Float] = []
    /// Row buffers for the grid's sampling passes.
    private var scratch = AnalysisGrid.Scratch()
    private(set) var mask: [UInt8] = []
    /// The view's 8 x 6 tiles, for the test of a change everywhere.
    private var changeTiles = ChangeTiles(columns: 1, rows: 1)
    /// Histogram of frame-to-frame changes in quarter luma levels, for the noise estimate.
    private var differenceHistogram = LevelHistogram()
    private var previousMask: [UInt8] = []
    private(set) var lastTime = -Double.infinity
    /// View width / height, from the first frame.
    private var viewAspect = 4.0 / 3.0
    private var hasPreviousCells = false
    private var globalChangeSince = -Double.infinity
    private var pendingRelearn: RelearnCause?
    /// Colour: used when the frames carry usable chroma planes.
    private(set) var usesChroma = false
    private(set) var chroma = ChromaBackground(lumaColumns: 0, lumaRows: 0)
    /// This frame's chroma per colour cell, as sampled (0-255).
    private var blueBytes: [UInt8] = []
    private var redBytes: [UInt8] = []
    /// The same as floats, filled only for the colour test under the light field and a realignment.
    private(set) var blue: [Float] = []
    private(set) var red: [Float] = []
    /// Per cell, how often it changed lately (0...1, an average over `restlessnessSeconds`).
    private var restlessness: [Float] = []
    /// Where `stillnessAndChanges` writes the next restlessness (then swapped in).
    private var nextRestlessness: [Float] = []
    private var restlessFraction = 0.0
    private var restlessLogged = false
    /// Sub-pixel foot and head of the rider, on the frame's own pixels.
    /// (Set by `RiderDetector+FootAndHead` too.)
    var edges = EdgeRefiner(cellCount: 0)
    /// View size in whole pixels.
    private(set) var viewPixels = (width: 0, height: 0)
    /// Ghosts learnt in within seconds, the bump test they feed, and the rider a run holds (last region).
    private(set) var ghosts = GhostRelearning(cellCount: 0, columns: 1)
    private(set) var shift = CameraShiftTest(columns: 0, rows: 0)
    /// The run's rider's last region, and their track, held out of the ghost rule (`RiderDetector+HeldRider`).
    var heldRider: Blob?
    var heldRiderTrack: UInt32?
    /// Gains by tile while the light changes over part of the view (a cloud's shadow).
    private(set) var light = LocalLight(columns: 1, rows: 1)
    /// Regions reaching the view's bottom: a cloud's shadow sweeping in, not people.
    private var fronts = LightFronts(capacity: 1)
    /// Whether the light swept over part of the view while the course was learnt.
    private var drift = LearningDrift(cellCount: 0)
    /// The course learnt before a bump, while the view is learnt again (`RiderDetector+Realign`).
    var bumpRealignment: BumpRealignment?

    public init(settings: VisionSettings = VisionSettings(), geometry: FrameGeometry = .identity) {
        self.settings = settings
        self.geometry = geometry
        tracker = RiderTracker(settings: settings, viewAspect: 4.0 / 3.0)
        readiness = ReadinessWindow(windowSeconds: settings.calibrationWindowSeconds)
    }

    /// Analysis grid size, once the first frame has been seen.
    public var gridSize: (columns: Int, rows: Int)? { grid.map { ($0.columns, $0.rows) } }
    /// Pixels a side of each cell's block (`AnalysisGrid.block`; 2 before the first frame).
    public var gridBlock: Int { grid?.block ?? 2 }

    /// Starts learning the empty course again (button, command).
    public mutating func recalibrate() {
        bumpRealignment = nil
        startLearning()
        pendingRelearn = .requested
    }

    /// Analyses one frame. `holdIdentity`: a run is in progress, keep the rider even if they stop.
    public mutating func process(_ frame: VideoFrame, holdIdentity: Bool = false) -> DetectorOutput {
        var probe = NoStageProbe()
        return process(frame, holdIdentity: holdIdentity, probe: &probe)
    }

    /// As `process(_:holdIdentity:)`, telling `probe` as each stage ends (for the benchmark).
    public mutating func process<Probe: StageProbe>(_ frame: VideoFrame, holdIdentity: Bool,
                                                    probe: inout Probe) -> DetectorOutput {
        var output = DetectorOutput()
        output.time = frame.timestamp
        if prepareGrid(for: frame.luma) { output.relearn = .frameLayoutChanged }
        if let cause = pendingRelearn { output.relearn = cause; pendingRelearn = nil }
        let chromaNow = AnalysisGrid.chromaUsable(blue: frame.chromaBlue, red: frame.chromaRed)
        if chromaNow != usesChroma {
            // Colour appeared or went (another camera format): what was learnt no longer fits.
            usesChroma = chromaNow
            if phase == .ready { output.relearn = .frameLayoutChanged }
            bumpRealignment = nil
            startLearning()
        }
        if usesChroma, let bluePlane = frame.chromaBlue { grid?.prepareChroma(for: bluePlane) }
        guard let grid else { return output }
        let step = lastTime.isFinite ? max(0, frame.timestamp - lastTime) : 0
        lastTime = frame.timestamp

        switch phase {
        case .calibrating:
            learn(frame: frame, grid: grid, output: &output)
            probe.stageEnded(.segmentation)
        case .ready:
            cells.withUnsafeMutableBufferPointer { grid.sample(frame.luma, into: $0.baseAddress!, scratch: &scratch) }
            sampleChroma(frame, grid: grid)
            probe.stageEnded(.sampling)
            var fraction = classify(time: frame.timestamp, step: step)
            var lightIsEven = true
            if light.isActive || fraction > settings.localLightTrigger
                || fronts.seenLately(before: frame.timestamp, seconds: LightFronts.lightSeconds) {
                lightIsEven = false
                fraction = classifyUnderLocalLight(time: frame.timestamp, step: step) ?? fraction
            }
            if usesChroma {
                let rate = BackgroundModel.updateRate(step: step, settings: settings)
                let added: Int
                if light.isActive && light.columnsExplain {
                    chromaAsFloats()
                    added = chroma.refine(blue: blue, red: red, mask: &mask, light: light, time: frame.timestamp,
                                          rate: rate, settings: settings)
                } else {
                    added = chroma.refine(blueBytes: blueBytes, redBytes: redBytes, mask: &mask, gain: background.gain,
                                          time: frame.timestamp, rate: rate, settings: settings)
                }
                fraction += Double(added) / Double(max(1, mask.count))
            }
            // Where the people followed stand, for the shift test's count of this frame's cells.
            let stamp = shift.nextPeopleStamp()
            let shiftGrid = (columns: shift.columns, rows: shift.rows)
            shift.people.withUnsafeMutableBufferPointer {
                tracker.markPeopleCells(in: $0, stamp: stamp, columns: shiftGrid.columns, rows: shiftGrid.rows, time: frame.timestamp)
            }
            fraction -= Double(relearnGhosts(time: frame.timestamp, holdIdentity: holdIdentity)) / Double(max(1, mask.count))
            probe.stageEnded(.segmentation)
            output.foregroundFraction = fraction
            let shifted = shift.viewShifted(explainedShare: settings.cameraShiftExplainedShare, tileShare: settings.cameraShiftTiles,
                                            joltTileShare: settings.cameraJoltTiles, time: frame.timestamp,
                                            movedSeconds: settings.cameraMovedSeconds)
            if fraction > settings.globalChangeFraction || shifted
                || mask.withUnsafeBufferPointer({ changeTiles.changeIsEverywhere(mask: $0.baseAddress!,
                                                                                 tileShare: settings.globalChangeTiles) }) {
                // One frame can be a flash; a change that lasts a tenth of a second is a bump.
                if globalChangeSince == -.infinity { globalChangeSince = frame.timestamp }
                if frame.timestamp - globalChangeSince >= 0.1 {
                    keepCourseForRealign(time: frame.timestamp)
                    startLearning()
                    output.relearn = .globalChange
                }
            } else if shift.isSuspect(at: frame.timestamp) {
                globalChangeSince = -.infinity   // the edges changed at once: followed again once settled
                tracker.lookedAway(from: frame.timestamp - step, until: frame.timestamp)
            } else {
                globalChangeSince = -.infinity
                // What one cell's test cannot see, a block of cells may (see `BackgroundModel+PooledEvidence`),
                // under the light field only once the column gains measure it (a light front seen, see
                // `LocalLight.columnsExplain`) and only where the light around a cell is even (a cloud's
                // edge leaves no evidence, see `classify(cells:mask:time:step:settings:light:)`).
                // Added only now, for finding people: evidence this faint never says the camera moved
                // (the change and shift tests above judge the cell test's own foreground).
                if lightIsEven || light.columnsExplain {
                    _ = mask.withUnsafeMutableBufferPointer {
                        background.addPooledEvidence(mask: $0.baseAddress!, columns: grid.columns, settings: settings)
                    }
                }
                // Under uneven light a cloud's edge leaves slivers along the ground's far border
                // that move at wind speed; a faint small rider seen in slivers is lost only there.
                tracker.shortestRider = lightIsEven ? 0 : settings.smallestPersonHeight
                output.rider = findRider(time: frame.timestamp, holdIdentity: holdIdentity, probe: &probe)
                holdRunRider(output.rider, holdIdentity: holdIdentity)
                if var rider = output.rider {
                    refine(&rider, frame: frame, grid: grid)
                    output.rider = rider
                }
                output.prospects = tracker.prospects
                output.trackedPeople = tracker.activeTracks
                output.offCoursePeople = tracker.offCourseTracks
            }
        }
        output.phase = phase
        output.viewHeightPixels = Double(viewPixels.height)
        return output
    }

    // MARK: - Steps

    /// Sizes every buffer for the frame's layout; returns true when that forced a relearn.
    private mutating func prepareGrid(for plane: Plane) -> Bool {
        if var existing = grid {
            guard existing.prepare(for: plane) else { return false }
            // Same view geometry, new sensor layout: rebuild everything below.
            _ = existing
        }
        let view = geometry.viewSize(sensorWidth: plane.width, sensorHeight: plane.height)
        let aspect = view.width / max(1, view.height)
        viewAspect = aspect
        viewPixels = (max(1, Int(view.width)), max(1, Int(view.height)))
        var newGrid = AnalysisGrid(columns: settings.gridColumns, viewAspect: aspect, geometry: geometry)
        newGrid.prepare(for: plane)
        let n = newGrid.cellCount
        cells = [Float](repeating: 0, count: n)
        previousCells = [Float](repeating: 0, count: n)
        texture = [Float](repeating: 0, count: n)
        previousTexture = [Float](repeating: 0, count: n)
        restlessness = [Float](repeating: 0, count: n)
        nextRestlessness = [Float](repeating: 0, count: n)
        blue = [Float](repeating: 0, count: newGrid.chromaCellCount)
        red = [Float](repeating: 0, count: newGrid.chromaCellCount)
        blueBytes = [UInt8](repeating: 0, count: newGrid.chromaCellCount)
        redBytes = [UInt8](repeating: 0, count: newGrid.chromaCellCount)
        chroma = ChromaBackground(lumaColumns: newGrid.columns, lumaRows: newGrid.rows)
        mask = [UInt8](repeating: 0, count: n)
        previousMask = [UInt8](repeating: 0, count: n)
        changeTiles = ChangeTiles(columns: newGrid.columns, rows: newGrid.rows)
        background = BackgroundModel(cellCount: n)
        edges = EdgeRefiner(cellCount: n, viewRows: viewPixels.height, gridColumns: newGrid.columns)
        ghosts = GhostRelearning(cellCount: n, columns: newGrid.columns)
        light = LocalLight(columns: newGrid.columns, rows: newGrid.rows)
        shift = CameraShiftTest(columns: newGrid.columns, rows: newGrid.rows)
        blobs = BlobExtractor(columns: newGrid.columns, rows: newGrid.rows)
        blobs.setPoles(viewX: settings.postViewX,
                       widthCells: settings.poleWidthCells(viewWidthPixels: view.width, columns: newGrid.columns))
        fronts = LightFronts(capacity: blobs.capacity)
        drift = LearningDrift(cellCount: n)
        tracker = RiderTracker(settings: settings, viewAspect: aspect)
        let hadGrid = grid != nil
        grid = newGrid
        bumpRealignment = nil
        startLearning()
        return hadGrid
    }

    private mutating func startLearning() {
        phase = .calibrating
        restlessLogged = false
        for i in 0..<restlessness.count { restlessness[i] = 0 }
        readiness.reset()
        background.beginLearning()
        chroma.beginLearning()
        drift.reset()
        tracker.reset()
        heldRider = nil
        heldRiderTrack = nil
        light.reset()
        fronts.reset()
        hasPreviousCells = false
        globalChangeSince = -.infinity
        for i in 0..<mask.count { mask[i] = 0; previousMask[i] = 0 }
    }

    private mutating func learn(frame: VideoFrame, grid: AnalysisGrid, output: inout DetectorOutput) {
        cells.withUnsafeMutableBufferPointer { c in
            texture.withUnsafeMutableBufferPointer { t in
                grid.sample(frame.luma, into: c.baseAddress!, texture: t.baseAddress!, scratch: &scratch)
            }
        }
        if bumpRealignment != nil && attemptRealign(frame: frame, grid: grid, settings: settings) {
            output.becameReady = true
            return
        }
        if !hasPreviousCells {
            texture.withUnsafeBufferPointer { t in
                previousTexture.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: t.baseAddress!, count: t.count) }
            }
        }
        let hadPrevious = hasPreviousCells
        // A jolt of a shaking camera, not a person, is forgiven now and then (see `ReadinessWindow.forgive`):
        // only a frame that could be is tested for a change spread all across the view.
        let forgivable = readiness.mayForgive(time: frame.timestamp, seconds: settings.calibrationJoltSeconds)
        let change = hadPrevious ? changedFraction(step: max(0, frame.timestamp - (readiness.lastTime ?? frame.timestamp)),
                                                   spread: forgivable)
                                 : (moved: 1, isSpread: false)
        let motion = change.moved
        let still = hadPrevious && motion < settings.stillMotionFraction
        if !restlessLogged && restlessFraction > settings.stillMotionFraction {
            restlessLogged = true
            output.restlessView = true
        }
        swap(&cells, &previousCells)
        swap(&texture, &previousTexture)
        hasPreviousCells = true
        output.motionFraction = hadPrevious ? motion : 0   // nothing to compare the first frame with
        let forgiven = !still && change.isSpread && readiness.forgive(time: frame.timestamp, seconds: settings.calibrationJoltSeconds)
        if !still && !forgiven {
            readiness.add(time: frame.timestamp, still: false)
            if background.framesLearnt > 0 { background.beginLearning(); chroma.beginLearning(); drift.reset() }
            return
        }
        previousCells.withUnsafeBufferPointer {
            drift.accumulate(cells: $0.baseAddress!, time: frame.timestamp, with: &background)   // and the background's sums
        }
        if usesChroma, let bluePlane = frame.chromaBlue, let redPlane = frame.chromaRed {
            chroma.accumulate(blue: bluePlane, red: redPlane, grid: grid)   // sampled and added in one pass
        }
        let ready = still && readiness.add(time: frame.timestamp, still: true)
        output.stillSeconds = readiness.stillSeconds
        if ready && background.framesLearnt >= 3 {
            background.finishLearning(settings: settings)
            // Where a shadow's front swept over the course while it was learnt, the last frame is the course.
            _ = previousCells.withUnsafeBufferPointer { drift.relearnSwept(&background, latest: $0.baseAddress!, settings: settings) }
            previousCells.withUnsafeBufferPointer {
                background.learnPooledLimits(columns: grid.columns, latest: $0.baseAddress!,
                                             shiftCells: settings.pooledShiftPixels * Float(grid.columns) / Float(viewPixels.width),
                                             settings: settings)
            }
            let learnt = background
            let context = pixelContext(frame: frame, grid: grid)
            learnt.withMeans { edges.learn(background: learnt, frame: context, means: $0) }
            learnt.withMeans { shift.learn(means: $0, radiusFraction: settings.cameraShiftFraction) }
            if usesChroma { chroma.finishLearning(settings: settings) }
            bumpRealignment = nil
            phase = .ready
            output.becameReady = true
        }
    }

    /// Takes over the course `kept` at a bump, read through `map` (see `RiderDetector+Realign`),
    /// this frame (`cells`, at `gain`) filling what was outside the learnt view: the view is ready.
    mutating func realign(from kept: BumpRealignment, map: CourseAlignment, grid: CourseAlignment.Grid, gain: Float,
                          settings: VisionSettings) {
        let columns = grid.columns
        background.realign(from: kept.background, map: map, grid: grid, seen: kept.seen, gain: gain, settings: settings)
        if usesChroma { chroma.realign(from: kept.chroma, map: map, grid: grid, seen: kept.seen, gain: gain) }
        edges.realign(from: kept.edges, map: map, grid: grid)
        // The pooled test's limits, from this frame (the course is learnt at this light).
        cells.withUnsafeBufferPointer {
            background.learnPooledLimits(columns: columns, latest: $0.baseAddress!,
                                         shiftCells: settings.pooledShiftPixels * Float(columns) / Float(max(1, viewPixels.width)),
                                         settings: settings)
        }
        let learnt = background
        learnt.withMeans { shift.learn(means: $0, radiusFraction: settings.cameraShiftFraction) }
        for i in 0..<mask.count { mask[i] = 0; previousMask[i] = 0 }
        hasPreviousCells = false
        phase = .ready
    }

    /// Fraction of cells that changed since the previous frame by more than noise and shake
    /// explain. The noise is measured on the frame pair itself (the median absolute change,
    /// which the few cells a walking person covers cannot move), so a grainy night camera is
    /// still "still" when nothing moves. `spread`: also tell, when the frame moved, whether its
    /// moved cells lie all across the view (a shaken camera's edges, see `changeIsSpread`).
    ///
    /// Cells that have been changing most of the time for the last seconds (leaves, water, a
    /// flag) are restless scenery: they do not count, so such a view can still be learnt (their
    /// cells learn a high noise and stay quiet afterwards), while a person walking in changes
    /// calm cells and keeps the course in Calibrating. `step`: seconds since the last frame.
    private mutating func changedFraction(step: Double, spread: Bool) -> (moved: Double, isSpread: Bool) {
        let n = cells.count, columns = grid?.columns ?? 1
        let shake = settings.shakeTolerancePixels
        let rate = Float(min(1, step / settings.restlessnessSeconds))
        let minimumContrast = settings.minimumContrast
        var counts = (changed: 0, restless: 0), isSpread = false, swapped = false
        cells.withUnsafeBufferPointer { cellsBuffer in
        previousCells.withUnsafeBufferPointer { previousBuffer in
        texture.withUnsafeBufferPointer { textureBuffer in
        previousTexture.withUnsafeBufferPointer { previousTextureBuffer in
        restlessness.withUnsafeMutableBufferPointer { restlessnessBuffer in
        nextRestlessness.withUnsafeMutableBufferPointer { nextBuffer in
            let cells = cellsBuffer.baseAddress!, previous = previousBuffer.baseAddress!
            let texture = textureBuffer.baseAddress!, previousTexture = previousTextureBuffer.baseAddress!
            let result = Self.stillnessAndChanges(cells, previous, texture: texture, previousTexture: previousTexture,
                                                  restlessness: restlessnessBuffer.baseAddress!,
                                                  updated: nextBuffer.baseAddress!, count: n,
                                                  minimumContrast: minimumContrast, shake: shake, rate: rate,
                                                  histogram: &differenceHistogram)
            counts = (result.changed, result.restless)
            swapped = result.inUpdated
            if spread && Double(counts.changed) >= settings.stillMotionFraction * Double(n) {   // a moving frame
                isSpread = Self.changeIsSpread(cells, previous, texture: texture, previousTexture: previousTexture,
                                               restlessness: swapped ? nextBuffer.baseAddress! : restlessnessBuffer.baseAddress!,
                                               columns: columns, count: n, noiseLimit: result.noiseLimit, shake: shake)
            }
        }}}}}}
        if swapped { swap(&restlessness, &nextRestlessness) }
        restlessFraction = Double(counts.restless) / Double(max(1, n))
        return (Double(counts.changed) / Double(max(1, n)), isSpread)
    }

    mutating func sampleChroma(_ frame: VideoFrame, grid: AnalysisGrid) {
        guard usesChroma, let bluePlane = frame.chromaBlue, let redPlane = frame.chromaRed else { return }
        blueBytes.withUnsafeMutableBufferPointer { b in
            redBytes.withUnsafeMutableBufferPointer { r in
                grid.sampleChromaBytes(blue: bluePlane, red: redPlane, into: b.baseAddress!, r.baseAddress!)
            }
        }
    }

    /// `blue` and `red` from this frame's chroma bytes (for the colour test under the light field and a
    /// realignment).
    mutating func chromaAsFloats() {
        for i in 0..<min(blue.count, blueBytes.count) { blue[i] = Float(blueBytes[i]) }
        for i in 0..<min(red.count, redBytes.count) { red[i] = Float(redBytes[i]) }
    }

    private mutating func classify(time: Double, step: Double) -> Double {
        swap(&mask, &previousMask)
        return cells.withUnsafeBufferPointer { c in
            previousMask.withUnsafeBufferPointer { previous in
                mask.withUnsafeMutableBufferPointer { m in
                    background.classify(cells: c.baseAddress!, previousMask: previous.baseAddress!,
                                        mask: m.baseAddress!, time: time, step: step, settings: settings,
                                        quarterLevels: true)
                }
            }
        }
    }

    /// Classifies this frame again under the light field (see `LocalLight`), switching it on if
    /// needed; nil when the field finds the light even (the global gain's mask stands).
    private mutating func classifyUnderLocalLight(time: Double, step: Double) -> Double? {
        if !light.isActive { light.activate(time: time) }
        if fronts.seenLately(before: time, seconds: LightFronts.lightSeconds) { light.noteFront() }
        light.clearPeople()
        for t in 0..<tracker.trackCount where Self.isPersonNotLight(tracker.tracks[t], time: time, viewAspect: viewAspect,
                                                                     cells: (blobs.columns, blobs.rows)) {
            light.leaveOut(tracker.tracks[t].blob, margin: Self.heldRiderMargin)
        }
        if let heldRider, !LightFronts.reachesViewBottom(heldRider, rows: blobs.rows) {
            light.leaveOut(heldRider, margin: Self.heldRiderMargin)
        }
        let model = background
        cells.withUnsafeBufferPointer { c in
            model.withMeansPointer { light.estimate(cells: c.baseAddress!, means: $0, fallback: model.gain, time: time,
                                                    spread: settings.localLightSpread) }
        }
        guard light.isActive else { return nil }
        return cells.withUnsafeBufferPointer { c in
            mask.withUnsafeMutableBufferPointer { m in
                background.classify(cells: c.baseAddress!, mask: m.baseAddress!, time: time, step: step, settings: settings,
                                    light: light)
            }
        }
    }

    /// Learns in the ghosts of this frame's mask (see `GhostRelearning`); returns how many cells it cleared.
    private mutating func relearnGhosts(time: Double, holdIdentity: Bool) -> Int {
        releaseHeldRiderIfGone(holdIdentity: holdIdentity)
        ghosts.protect(heldRider, rows: blobs.rows, margin: Self.heldRiderMargin)
        shift.begin()
        return mask.withUnsafeMutableBufferPointer { m in previousMask.withUnsafeBufferPointer { p in
            cells.withUnsafeBufferPointer { c in blueBytes.withUnsafeBufferPointer { b in redBytes.withUnsafeBufferPointer { r in
                ghosts.relearn(mask: m.baseAddress!, previousMask: p.baseAddress!, cells: c.baseAddress!,
                               blue: b.baseAddress!, red: r.baseAddress!, background: &background, chroma: &chroma,
                               usesChroma: usesChroma, shift: &shift, time: time, settings: settings)
            }}}}}
    }

    private mutating func findRider<Probe: StageProbe>(time: Double, holdIdentity: Bool,
                                                       probe: inout Probe) -> RiderTracker.Observation? {
        let minimumHeight = max(2, Int((settings.minimumRiderHeight * Double(blobs.rows)).rounded()))
        if blobs.poleCount > 0 { tracker.markPeople(on: &blobs) }
        mask.withUnsafeBufferPointer { m in
            blobs.extract(mask: m.baseAddress!, minimumHeightCells: minimumHeight,
                          upperFraction: settings.upperBodyFraction)
        }
        probe.stageEnded(.components)
        defer { probe.stageEnded(.tracking) }
        // A cloud's shadow sweeping in is light, not a person (see `LightFronts`).
        return blobs.blobs.withUnsafeBufferPointer { all in
            fronts.withoutFronts(UnsafeBufferPointer(rebasing: all[0..<blobs.blobCount]), rows: blobs.rows, time: time) {
                tracker.update(time: time, candidates: $0, parts: blobs, holdIdentity: holdIdentity)
            }
        }
    }
}
