/// A frame of a track judged by `CentredWindow`: its time (seconds) and whom it saw (0: nobody).
protocol CentredWindowEntry: Sendable {
    var t: Double { get }
    var trackID: UInt32 { get }
}

/// The frames a centred smoother (`GatePlaneTrack`, `ViewTrack`) judges `window` seconds after
/// they were seen, with the frames either side of them: a fixed ring, filled once, holding the
/// frames still to be judged and the history the next ones need. Appending and dropping do not
/// allocate. The owner judges; this keeps the order and says which frames are due.
struct CentredWindow<Entry: CentredWindowEntry>: Sendable {
    /// Half-width of the smoothing window, seconds (and the delay of every frame).
    let window: Double
    private var ring: [Entry]
    private var head = 0
    /// Frames held, history and pending.
    private(set) var count = 0
    /// Frames [0, judged) have been judged and are kept as history for later ones.
    private var judged = 0

    init(window: Double, capacity: Int, filler: Entry) {
        self.window = window
        ring = [Entry](repeating: filler, count: capacity)
    }

    var pendingCount: Int { count - judged }

    /// Forgets every frame; pending ones are dropped unjudged.
    mutating func reset() {
        head = 0; count = 0; judged = 0
    }

    /// The frame at logical index `logical` (0: the oldest held).
    @inline(__always)
    subscript(_ logical: Int) -> Entry {
        get { ring[(head + logical) % ring.count] }
        set { ring[(head + logical) % ring.count] = newValue }
    }

    /// Hands the frames not judged yet to `body`, newest first, while it returns true.
    private mutating func updatePendingNewestFirst(_ body: (inout Entry) -> Bool) {
        var index = count - 1
        while index >= judged {
            var entry = self[index]
            let goOn = body(&entry)
            self[index] = entry
            guard goOn else { return }
            index -= 1
        }
    }

    /// A rider newly confirmed: the frames not judged yet in which nobody was the rider, newest
    /// first, back to the first frame that had someone as the rider (two people's positions are
    /// never joined) and only from `since` on (seconds), are handed to `promote`, which makes
    /// those in which the new rider was followed theirs. Only when the earliest of those
    /// sightings (`position`: where the new rider was in a frame, nil where not followed) lies
    /// outside `outerPosts` (nil: anywhere): what this adds is the crossing of an outer post a
    /// timing gate would have seen, and someone first seen mid-course gains no history.
    mutating func promotePending(since: Double, outside outerPosts: ClosedRange<Double>?,
                                 position: (Entry) -> Double?, promote: (inout Entry) -> Void) {
        var earliest: Double?
        updatePendingNewestFirst { entry in
            guard entry.trackID == 0, entry.t >= since else { return false }
            if let x = position(entry) { earliest = x }
            return true
        }
        guard let earliest, earliest.isFinite else { return }
        if let outerPosts, outerPosts.contains(earliest) { return }
        updatePendingNewestFirst { entry in
            guard entry.trackID == 0, entry.t >= since else { return false }
            promote(&entry)
            return true
        }
    }

    /// True when the ring is full and nothing in it is judged yet: the oldest frame must be
    /// judged (`takeNextPending`) before another is appended, so none is lost unjudged.
    var mustJudgeBeforeAppending: Bool { count == ring.count && judged == 0 }

    /// Adds a frame; when the ring is full the oldest history goes first.
    mutating func append(_ new: Entry) {
        if count == ring.count {
            head = (head + 1) % ring.count
            count -= 1
            judged -= 1
        }
        ring[(head + count) % ring.count] = new
        count += 1
    }

    /// Whether the next pending frame is due: at least `window` older than `now`, or any when `flush`.
    func nextPendingIsDue(now: Double, flush: Bool) -> Bool {
        judged < count && (flush || self[judged].t <= now - window)
    }

    /// The logical index of the next pending frame, counted as judged from now on.
    mutating func takeNextPending() -> Int {
        judged += 1
        return judged - 1
    }

    /// Drops the history older than a window before the next frame to judge (never used again).
    mutating func dropUnneededHistory() {
        let horizon = judged < count ? self[judged].t - window : (count > 0 ? self[count - 1].t - window : 0)
        while judged > 0, count > 0, self[0].t < horizon {
            head = (head + 1) % ring.count
            count -= 1
            judged -= 1
        }
    }

    /// The logical indices of the frames within `window` seconds of frame `index`, either side.
    func neighbourhood(of index: Int) -> ClosedRange<Int> {
        let t = self[index].t
        var low = index
        while low > 0, t - self[low - 1].t <= window { low -= 1 }
        var high = index
        while high + 1 < count, self[high + 1].t - t <= window { high += 1 }
        return low...high
    }
}
