import FFmpegMedia

/// What the ring needs to know about an encoded packet.
public protocol RingPacket: Sendable {
    /// Camera timestamp of the frame, seconds.
    var timestamp: Double { get }
    var isKeyframe: Bool { get }
    /// Payload size, bytes (what the byte cap counts).
    var byteCount: Int { get }
}

extension EncodedPacket: RingPacket {
    public var byteCount: Int { data.count }
}

/// RallySnap's ring: the most recent encoded packets, always starting at a keyframe, so
/// any clip cut from it decodes from its first frame.
///
/// Keeps at least `minimumSeconds` of packets (when the cap allows) and at most
/// `byteCap` bytes. Trimming removes whole groups of pictures from the front (up to the
/// next keyframe). Packets arriving while the ring is empty are discarded until a keyframe.
/// Storage is a circular buffer that only grows during warm-up.
public struct PacketRing<Packet: RingPacket> {
    public let minimumSeconds: Double
    public let byteCap: Int
    public private(set) var byteCount = 0
    /// Packets discarded because the ring did not start with a keyframe.
    public private(set) var discardedBeforeKeyframe = 0

    private var storage: [Packet?]
    private var head = 0
    public private(set) var count = 0
    private var keyframes = 0

    /// - Parameters:
    ///   - minimumSeconds: how much history to keep, seconds (10 for highlights; more when
    ///     run clips need pre-roll + run + post-roll).
    ///   - byteCap: hard limit on the payload bytes held.
    public init(minimumSeconds: Double = 10, byteCap: Int = 48 << 20, initialCapacity: Int = 512) {
        self.minimumSeconds = minimumSeconds
        self.byteCap = byteCap
        storage = [Packet?](repeating: nil, count: max(2, initialCapacity))
    }

    public var isEmpty: Bool { count == 0 }
    public var oldestTimestamp: Double? { count == 0 ? nil : self[0].timestamp }
    public var newestTimestamp: Double? { count == 0 ? nil : self[count - 1].timestamp }
    /// Seconds from the oldest to the newest packet.
    public var span: Double { count == 0 ? 0 : self[count - 1].timestamp - self[0].timestamp }

    /// The `position`-th packet from the oldest (0 = oldest).
    public subscript(position: Int) -> Packet {
        // Every slot in 0..<count holds a packet by construction.
        storage[(head + position) % storage.count].unsafelyUnwrapped
    }

    public mutating func append(_ packet: Packet) {
        if count == 0 && !packet.isKeyframe {
            discardedBeforeKeyframe += 1
            return
        }
        if count == storage.count { grow() }
        storage[(head + count) % storage.count] = packet
        count += 1
        byteCount += packet.byteCount
        if packet.isKeyframe { keyframes += 1 }
        trim()
    }

    public mutating func append<Packets: Sequence<Packet>>(contentsOf packets: Packets) {
        for packet in packets { append(packet) }
    }

    /// Packets from the last keyframe at or before `t0` (or the oldest packet, itself a
    /// keyframe, when `t0` is older than the ring) through the last packet at or before `t1`.
    public func packets(from t0: Double, to t1: Double) -> [Packet] {
        guard count > 0 else { return [] }
        var first = 0
        for position in 0..<count {
            let packet = self[position]
            if packet.timestamp > t0 { break }
            if packet.isKeyframe { first = position }
        }
        var result: [Packet] = []
        for position in first..<count {
            let packet = self[position]
            if packet.timestamp > t1 { break }
            result.append(packet)
        }
        return result
    }

    public mutating func removeAll() {
        while count > 0 { dropFirst() }
    }

    /// Drops whole groups of pictures from the front while the rest still covers
    /// `minimumSeconds`, then while over the byte cap.
    private mutating func trim() {
        guard let newest = newestTimestamp else { return }
        while keyframes >= 2, let next = nextKeyframePosition(), self[next].timestamp <= newest - minimumSeconds {
            dropFirst(next)
        }
        while byteCount > byteCap {
            if keyframes >= 2, let next = nextKeyframePosition() {
                dropFirst(next)
            } else {
                // A single group of pictures larger than the cap: nothing to keep that
                // starts at a keyframe; start again at the next one.
                removeAll()
            }
        }
    }

    private func nextKeyframePosition() -> Int? {
        guard count > 1 else { return nil }
        for position in 1..<count where self[position].isKeyframe { return position }
        return nil
    }

    private mutating func dropFirst(_ packets: Int = 1) {
        for _ in 0..<packets {
            let index = head
            if let packet = storage[index] {
                byteCount -= packet.byteCount
                if packet.isKeyframe { keyframes -= 1 }
            }
            storage[index] = nil
            head = (head + 1) % storage.count
            count -= 1
        }
        if count == 0 { head = 0 }
    }

    private mutating func grow() {
        var bigger = [Packet?](repeating: nil, count: storage.count * 2)
        for position in 0..<count { bigger[position] = storage[(head + position) % storage.count] }
        storage = bigger
        head = 0
    }
}
