/// Relearns ghosts: parts of the learnt course that changed and then stayed unchanged while
/// nothing moved through them.
///
/// A person present while the course was learnt who then walks off leaves a hole the shape of
/// them; a bag put down is new scenery, and the place it is picked up from is a hole again. Each
/// is foreground that holds one value, to within the cell's noise, for `ghostRelearnSeconds`:
/// then its cells are learnt in at once (the luma model and, in colour, the chroma model).
///
/// What keeps a real person out:
/// - stability per cell: a cell's value must stay within its tolerance of the value it took when
///   it last changed (its anchor); anything moving through the cell, a walker, a rider, a
///   swaying arm, restarts its clock;
/// - the rider of a run: the cells of the rider's last region seen during the run (grown by a
///   margin) never count as stable, during the run and after it (a timeout) until that region
///   holds no foreground, so a rider who stops mid-course is learnt in only by the
///   `staticAbsorbSeconds` timeout of `BackgroundModel`, never by this rule.
///
/// Only foreground cells are visited, eight mask bytes a word: the steady-state cost is one test
/// per empty word.
struct GhostRelearning: Sendable {
    let cellCount: Int
    let columns: Int
    /// Per cell: luma (0-255 at gain 1) the cell has held since `stableSince`; valid where the
    /// previous frame's mask was set.
    private var anchor: [Float]
    /// Per colour cell (2 x 2 luma cells, see `ChromaBackground`): chroma it has held since
    /// the last time one of its luma cells moved (colour views only).
    private var anchorBlue: [Float]
    private var anchorRed: [Float]
    /// Per cell: source time (seconds) since which the cell has held its anchor.
    private var stableSince: [Double]
    /// Cells that may not be relearnt by this rule (the held rider), inclusive grid bounds;
    /// empty when `protectedColumns.lowerBound > protectedColumns.upperBound`.
    private var protectedColumns = (low: 1, high: 0)
    private var protectedRows = (low: 1, high: 0)

    /// Colour cells across (half the luma grid's, rounded up).
    let chromaColumns: Int

    init(cellCount: Int, columns: Int) {
        self.cellCount = cellCount
        self.columns = max(1, columns)
        chromaColumns = (self.columns + 1) / 2
        let chromaCells = chromaColumns * ((cellCount / self.columns + 1) / 2)
        anchor = [Float](repeating: 0, count: cellCount)
        anchorBlue = [Float](repeating: 128, count: chromaCells)
        anchorRed = [Float](repeating: 128, count: chromaCells)
        stableSince = [Double](repeating: 0, count: cellCount)
    }

    /// Protects the cells of `blob` (normalised view box), grown by `margin` of its height on
    /// every side, from this rule; nil protects nothing.
    mutating func protect(_ blob: Blob?, rows: Int, margin: Double) {
        guard let blob else {
            protectedColumns = (1, 0); protectedRows = (1, 0)
            return
        }
        let grow = margin * blob.height
        let c = Double(columns), r = Double(rows)
        protectedColumns = (Int(((blob.minX - grow * r / c) * c).rounded(.down)), Int(((blob.maxX + grow * r / c) * c).rounded(.up)))
        protectedRows = (Int(((blob.minY - grow) * r).rounded(.down)), Int(((blob.maxY + grow) * r).rounded(.up)))
    }

    /// Whether any cell of `blob` (normalised view box) is foreground in `mask`.
    func anyForeground(in blob: Blob, mask: UnsafePointer<UInt8>, rows: Int) -> Bool {
        let c = Double(columns), r = Double(max(1, rows))
        let x0 = max(0, Int((blob.minX * c).rounded(.down))), x1 = min(columns, Int((blob.maxX * c).rounded(.up)))
        let y0 = max(0, Int((blob.minY * r).rounded(.down))), y1 = min(rows, Int((blob.maxY * r).rounded(.up)))
        guard x1 > x0, y1 > y0, rows * columns <= cellCount else { return false }
        for y in y0..<y1 {
            for x in x0..<x1 where mask[y * columns + x] != 0 { return true }
        }
        return false
    }

    /// Visits the foreground cells of `mask`, learns in the ghosts among them (clearing them from
    /// `mask`), and feeds every one to `shift` with its age (turned foreground this frame, held
    /// its value `cameraShiftSettleSeconds`, or neither). Returns the number of cells learnt in.
    ///
    /// - Parameters:
    ///   - previousMask: last frame's final mask (a cell foreground there has an anchor).
    ///   - cells: this frame's luma per cell; `blue`, `red`: its chroma byte per colour cell (used
    ///     when `usesChroma`).
    ///   - time: source time of the frame, seconds.
    mutating func relearn(mask: UnsafeMutablePointer<UInt8>, previousMask: UnsafePointer<UInt8>,
                          cells: UnsafePointer<Float>, blue: UnsafePointer<UInt8>, red: UnsafePointer<UInt8>,
                          background: inout BackgroundModel, chroma: inout ChromaBackground, usesChroma: Bool,
                          shift: inout CameraShiftTest, time: Double, settings: VisionSettings) -> Int {
        let n = min(cellCount, background.cellCount)
        let g = background.gain
        let toGainOne = max(1, g) / g
        let after = settings.ghostRelearnSeconds, settle = settings.cameraShiftSettleSeconds
        let cols = columns, chromaCols = chromaColumns
        let guarded = protectedColumns, guardedRows = protectedRows
        var absorbed = 0
        anchor.withUnsafeMutableBufferPointer { anchorBuffer in
        anchorBlue.withUnsafeMutableBufferPointer { blueBuffer in
        anchorRed.withUnsafeMutableBufferPointer { redBuffer in
        stableSince.withUnsafeMutableBufferPointer { sinceBuffer in
            let anchor = anchorBuffer.baseAddress!, since = sinceBuffer.baseAddress!
            let anchorBlue = blueBuffer.baseAddress!, anchorRed = redBuffer.baseAddress!
            @inline(__always) func visit(_ i: Int) {
                let value = cells[i] / g
                let y = i / cols, x = i - y * cols
                // Stable: within the cell's noise (4 deviations of a difference of two samples),
                // at least half the foreground threshold and at most all of it.
                let threshold = background.thresholdValue(at: i) * toGainOne
                let tolerance = min(threshold, max(0.5 * threshold, 5.7 * background.noiseValue(at: i)))
                var moved = previousMask[i] == 0 || abs(value - anchor[i]) > tolerance
                var colour: (blue: Float, red: Float) = (128, 128)
                let c = (y >> 1) * chromaCols + (x >> 1)
                if usesChroma {
                    colour = (128 + (Float(blue[c]) - 128) / max(0.25, g), 128 + (Float(red[c]) - 128) / max(0.25, g))
                    let limit = 0.5 * chroma.thresholdValue(at: c)
                    moved = moved || abs(colour.blue - anchorBlue[c]) + abs(colour.red - anchorRed[c]) > limit
                }
                let held = x >= guarded.low && x <= guarded.high && y >= guardedRows.low && y <= guardedRows.high
                if moved || held {
                    shift.count(cell: i, x: x, y: y, value: value, threshold: threshold, background: background,
                                age: previousMask[i] == 0 ? .fresh : .other)
                    anchor[i] = value
                    anchorBlue[c] = colour.blue; anchorRed[c] = colour.red
                    since[i] = time
                    return
                }
                // A shifted view holds still from one moment on; a shaking camera's edges flicker and
                // never count, and light that creeps past the model's gain settles cell by cell.
                let settled = time - since[i]
                shift.count(cell: i, x: x, y: y, value: value, threshold: threshold, background: background,
                            age: settled >= settle && settled < settle + 0.5 ? .settled : .other)
                if time - since[i] >= after {
                    background.absorb(at: i, value: value)
                    if usesChroma { chroma.absorb(at: c, blue: colour.blue, red: colour.red) }
                    mask[i] = 0
                    absorbed &+= 1
                }
            }
            // Thirty-two cells a test (most of the view is background), then their words one by one
            // (read again: `visit` changes only the cell it visits, so each reads as it did).
            // Written out: a local function around `visit` would box its captures, a heap allocation a frame.
            let words = UnsafeRawPointer(mask)
            var i = 0
            while i &+ 32 <= n {
                let any = words.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    | words.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
                    | words.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)
                    | words.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)
                if any != 0 {
                    var at = i
                    while at < i &+ 32 {
                        var word = words.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                        while word != 0 {
                            let byte = word.trailingZeroBitCount &>> 3
                            visit(at &+ byte)
                            word &= ~(UInt64(0xFF) &<< UInt64(byte &<< 3))
                        }
                        at &+= 8
                    }
                }
                i &+= 32
            }
            while i &+ 8 <= n {
                var word = words.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                while word != 0 {
                    let byte = word.trailingZeroBitCount &>> 3
                    visit(i &+ byte)
                    word &= ~(UInt64(0xFF) &<< UInt64(byte &<< 3))
                }
                i &+= 8
            }
            while i < n {
                if mask[i] != 0 { visit(i) }
                i &+= 1
            }
        }}}}
        return absorbed
    }
}

extension RiderDetector {
    /// Margin around the held rider's region, fraction of its height, kept from `GhostRelearning`.
    static let heldRiderMargin = 0.25
}
