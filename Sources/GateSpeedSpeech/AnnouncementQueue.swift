/// The bounded waiting line of the speaker (pure logic, not thread-safe; `Speaker` locks it).
///
/// Rules: a new announcement replaces a waiting one of the same kind, keeping its place in line;
/// otherwise, when full, the oldest waiting announcement is dropped to make room. Storage never
/// grows beyond `capacity`.
public struct AnnouncementQueue: Sendable {
    /// What happened to an announcement that was pushed out by `insert`.
    public enum Displacement: Sendable, Equatable {
        case replaced(Announcement)
        case dropped(Announcement)
    }

    public let capacity: Int
    public private(set) var waiting: [Announcement]

    /// `capacity` is at least 1.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        waiting = []
        waiting.reserveCapacity(self.capacity)
    }

    public var count: Int { waiting.count }
    public var isEmpty: Bool { waiting.isEmpty }

    /// Adds `announcement`; returns the one it pushed out, if any.
    public mutating func insert(_ announcement: Announcement) -> Displacement? {
        if let index = waiting.firstIndex(where: { $0.kind == announcement.kind }) {
            let old = waiting[index]
            waiting[index] = announcement
            return .replaced(old)
        }
        var displaced: Displacement?
        if waiting.count >= capacity {
            displaced = .dropped(waiting.removeFirst())
        }
        waiting.append(announcement)
        return displaced
    }

    /// Takes the next announcement to speak.
    public mutating func popFirst() -> Announcement? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// Empties the queue, returning what was waiting.
    public mutating func removeAll() -> [Announcement] {
        let all = waiting
        waiting.removeAll(keepingCapacity: true)
        return all
    }
}
