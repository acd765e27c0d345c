/// Regions that are light, not people: the shadow of a cloud (or the sunlit ground behind it)
/// sweeping over the course. Its front enters at wind speed, as fast across the view as a
/// rider, and covers the ground from its far edge down to the view's bottom, while a person
/// stands on the ground, in view: a foreground region that reaches the view's bottom row is
/// taken for such a front.
///
/// - It is never a candidate for the tracker (so never the rider, never a person keeping the
///   course from counting as clear).
/// - Nor are the front's own fragments: where the shadow's edge is faint, its far part breaks
///   off into small regions stacked in the same columns as the part reaching the bottom, moving
///   with it. A region lying across the columns of a front in the same frame is such a fragment:
///   a person there would be joined to the front (both are foreground and touch), not beside it.
/// - Nor is a region wider than `widestPerson` of the view: the sky brightening at once against
///   ground in a cloud's shadow, a band across the whole view. (Below it the rider is still the
///   rider: a region that large would otherwise take the people under it for its parts.)
/// - Seeing one switches the light field on (`LocalLight`) at once, before the front covers
///   `VisionSettings.localLightTrigger` of the view, so the field learns the shadow while it is
///   still narrow.
struct LightFronts: Sendable {
    /// Seconds after a front was seen during which the light field is switched on (once on, it
    /// stays on until the light is even again, see `LocalLight`).
    static let lightSeconds = 0.5
    /// Fraction of the view's width no person spans (a rider 60 % of the view high, close to the
    /// camera, spans well under half).
    static let widestPerson = 0.8
    /// A front whose columns take its fragments is at most this fraction of the view wide: the
    /// moving edge of a shadow, not the whole ground changing.
    static let widestFrontEdge = 0.5
    /// Source time a front was last seen, seconds.
    private(set) var lastSeen = -Double.infinity
    /// Scratch: the regions handed to the tracker.
    private var kept: [Blob]
    /// Scratch: the horizontal extents (normalised view x) of this frame's fronts.
    private var frontColumns: [(minX: Double, maxX: Double)]

    init(capacity: Int) {
        kept = [Blob](repeating: Blob(), count: max(1, capacity))
        frontColumns = [(minX: Double, maxX: Double)](repeating: (0, 0), count: max(1, capacity))
    }

    /// Share of a front's width its faint edge reaches beyond the part detected, on either side.
    static let fringeShare = 0.5

    /// Whether `blob` lies across the columns of one of `fronts`: its horizontal extent inside
    /// the front's, widened by `fringeShare` of its width on either side.
    static func liesInColumns(_ blob: Blob, of fronts: UnsafeMutableBufferPointer<(minX: Double, maxX: Double)>.SubSequence) -> Bool {
        for front in fronts {
            let fringe = fringeShare * (front.maxX - front.minX)
            if blob.minX >= front.minX - fringe && blob.maxX <= front.maxX + fringe { return true }
        }
        return false
    }

    /// Whether `blob` (normalised view box) reaches the view's bottom, on a grid of `rows` rows:
    /// its bottom lies in the last row or the one above it.
    static func reachesViewBottom(_ blob: Blob, rows: Int) -> Bool {
        blob.maxY >= 1 - 1 / Double(max(1, rows))
    }

    /// Calls `body` with `blobs` less the fronts among them (in their order), noting when a
    /// front was seen. Allocation-free: `kept` is sized for the extractor's capacity.
    mutating func withoutFronts<R>(_ blobs: UnsafeBufferPointer<Blob>, rows: Int, time: Double,
                                   _ body: (UnsafeBufferPointer<Blob>) -> R) -> R {
        var count = 0
        var frontCount = 0
        var seen = false
        frontColumns.withUnsafeMutableBufferPointer { columns in
            for blob in blobs where Self.reachesViewBottom(blob, rows: rows) && blob.width <= Self.widestFrontEdge
                && frontCount < columns.count {
                columns[frontCount] = (blob.minX, blob.maxX)
                frontCount &+= 1
            }
            kept.withUnsafeMutableBufferPointer { out in
                for blob in blobs {
                    if Self.reachesViewBottom(blob, rows: rows) { seen = true; continue }
                    if blob.width > Self.widestPerson { continue }
                    if frontCount > 0 && Self.liesInColumns(blob, of: columns[0..<frontCount]) { continue }
                    guard count < out.count else { break }
                    out[count] = blob
                    count &+= 1
                }
            }
        }
        if seen { lastSeen = time }
        return kept.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Whether a front was seen in the frame before `time` (or at it): the light field is needed.
    func seenLately(before time: Double, seconds: Double) -> Bool { time - lastSeen <= seconds }

    mutating func reset() { lastSeen = -.infinity }
}
