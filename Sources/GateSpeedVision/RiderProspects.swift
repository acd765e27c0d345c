/// People followed in one frame who are not the rider (yet): where each was, so that a smoother
/// that judges frames late (`ViewTrack`, 0.45 s) can time the rider from the frames before
/// they were confirmed riding.
///
/// Why: a rider is confirmed riding once their speed fit is surely over walking speed, which
/// takes a few sightings; a faint, small or fast rider entering the view may cross the outer
/// post before that. A timing gate sees the crossing whenever the rider is confirmed; so does
/// the program when the positions of the same followed person (one track, never joined across
/// identities) from before the confirmation are timed too. Nothing here makes anyone the rider:
/// only the person the tracker later confirms is timed from these positions.
///
/// A fixed set of `capacity` slots, the largest regions first; copying it does not allocate.
public struct RiderProspects: Sendable, Equatable {
    /// One person followed this frame.
    public struct Prospect: Sendable, Equatable {
        public var trackID: UInt32 = 0
        /// Timed position (upper-body centre), normalised view x, as the rider's would be.
        public var x = 0.0
        /// 0...1, as `RiderTracker.Observation.confidence`.
        public var confidence = 0.0
        /// The region's horizontal extent, normalised view x as seen (to weigh a region cut by the view's edge).
        public var minX = 0.0, maxX = 0.0
        /// Region area, fraction of the view (to keep the largest).
        public var area = 0.0
        /// The region's lowest point and the height its `x` was measured at, normalised view, as
        /// `RiderTracker.Observation.footX`, `footY`, `bodyY`; `footSigma`: one sigma of `footY`
        /// (a grid row: the region's bottom, not measured on the pixels).
        public var footX = 0.0, footY = 0.0, bodyY = 0.0, footSigma = 0.0
        public init() {}
    }

    /// Slots kept a frame: the rider-to-be is among the larger regions on the course; a rider
    /// entering beside a bystander, a walker and a speck of noise still has a slot.
    public static let capacity = 4
    public private(set) var count = 0
    private var slots = (Prospect(), Prospect(), Prospect(), Prospect())

    public init() {}

    public subscript(_ index: Int) -> Prospect {
        get {
            switch index {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            default: return slots.3
            }
        }
        set {
            switch index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            default: slots.3 = newValue
            }
        }
    }

    /// The prospect followed as `trackID`, if any.
    public func prospect(trackID: UInt32) -> Prospect? {
        guard trackID != 0 else { return nil }
        for i in 0..<count where self[i].trackID == trackID { return self[i] }
        return nil
    }

    public mutating func removeAll() { count = 0 }

    /// The same prospects in the same order (unused slots do not count).
    public static func == (a: RiderProspects, b: RiderProspects) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    /// Adds `p`, keeping the `capacity` largest by area.
    public mutating func add(_ p: Prospect) {
        if count < Self.capacity {
            self[count] = p
            count += 1
            return
        }
        var smallest = 0
        for i in 1..<count where self[i].area < self[smallest].area { smallest = i }
        if p.area > self[smallest].area { self[smallest] = p }
    }

    /// Every timed position `x` moved back by `dx` view widths (read into the view the posts were
    /// set in); the regions' extents stay in the view they were seen in (for the edge test).
    public mutating func shift(by dx: Double) {
        for i in 0..<count { self[i].x -= dx }
    }
}

extension RiderTracker {
    /// The people followed this frame on the course, other than the rider (see `RiderProspects`).
    func collectProspects(into prospects: inout RiderProspects) {
        prospects.removeAll()
        for t in 0..<trackCount where tracks[t].matchedNow && tracks[t].id != riderID && tracks[t].onCourse {
            let track = tracks[t], c = track.blob
            var p = RiderProspects.Prospect()
            p.trackID = track.id
            p.x = track.x
            p.confidence = max(0.05, min(1, min(c.area, track.area) / max(c.area, track.area, 1e-9)))
            p.minX = c.minX; p.maxX = c.maxX
            p.area = c.area
            p.footX = c.bottomX; p.footY = c.bottomY; p.bodyY = c.upperCentreY
            p.footSigma = 1 / (Double(gridRows) * 12.0.squareRoot())
            prospects.add(p)
        }
    }
}
