/// Regions that are light, not people: the shadow of a cloud (or the sunlit ground behind it)
/// sweeping over the course. Its front enters at wind speed, as fast across the view as a
/// rider, and covers the ground from its far edge down to the view's bottom, while a person
/// stands on the ground, in view: a foreground region that reaches the view's bottom row is
/// taken for such a front.
///
/// - It is never a candidate for the tracker (so never the rider, never a person keeping the
///   course from counting as clear).
/// - Seeing one switches the light field on (`LocalLight`) at once, before the front covers
///   `VisionSettings.localLightTrigger` of the view, so the field learns the shadow while it is
///   still narrow.
struct LightFronts: Sendable {
    /// Seconds after a front was seen during which the light field is switched on (once on, it
    /// stays on until the light is even again, see `LocalLight`).
    static let lightSeconds = 0.5
    /// Source time a front was last seen, seconds.
    private(set) var lastSeen = -Double.infinity
    /// Scratch: the regions handed to the tracker.
    private var kept: [Blob]

    init(capacity: Int) {
        kept = [Blob](repeating: Blob(), count: max(1, capacity))
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
        var seen = false
        kept.withUnsafeMutableBufferPointer { out in
            for blob in blobs {
                if Self.reachesViewBottom(blob, rows: rows) { seen = true; continue }
                guard count < out.count else { break }
                out[count] = blob
                count &+= 1
            }
        }
        if seen { lastSeen = time }
        return kept.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Whether a front was seen in the frame before `time` (or at it): the light field is needed.
    func seenLately(before time: Double, seconds: Double) -> Bool { time - lastSeen <= seconds }

    mutating func reset() { lastSeen = -.infinity }
}
