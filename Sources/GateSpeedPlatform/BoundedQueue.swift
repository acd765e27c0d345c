#if canImport(Glibc)
import Glibc
#endif

/// The one hand-over queue between threads: many producers, one consumer, a fixed capacity.
/// `push` never blocks: past the capacity it refuses (the producer counts a drop), unless the
/// item must be kept (`beyondCapacity`: results, clips); `push(_:replacingWhere:)` makes room
/// by replacing or dropping waiting items instead (speech). The consumer sleeps in `takeAll` until
/// something arrives, the queue is closed, or an optional time-out passes.
public final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    /// What `takeAll` got: every waiting item, in order, and whether the queue is closed (after
    /// a closed, empty batch nothing more will come).
    public struct Batch {
        public var items: [Element]
        public var isClosed: Bool
    }

    public let capacity: Int
    // Guarded by `lock`.
    private var items: [Element] = []
    private var closed = false
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let arrived: UnsafeMutablePointer<pthread_cond_t>

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        lock = .allocate(capacity: 1)
        arrived = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(arrived, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(arrived)
        pthread_mutex_destroy(lock)
        arrived.deallocate()
        lock.deallocate()
    }

    /// Adds `item` at the end; false (nothing added) when the queue is full and the item may
    /// be dropped, or the queue is closed.
    @discardableResult
    public func push(_ item: Element, beyondCapacity: Bool = false) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard !closed, beyondCapacity || items.count < capacity else { return false }
        items.append(item)
        pthread_cond_signal(arrived)
        return true
    }

    /// What `push(_:replacingWhere:)` did with an item.
    public enum Placement {
        /// Added at the end.
        case added
        /// Put in the place in line of this waiting item, which is no longer waiting.
        case replaced(Element)
        /// Added at the end once this item, the oldest waiting, was removed to make room.
        case droppedOldest(Element)
        /// Not added: the queue is closed.
        case refused
    }

    /// Adds `item` without refusing it for room, for a queue whose newest items matter most
    /// (the speaker's): a waiting item for which `sameSlot` is true is replaced in its place in
    /// line; otherwise, when the queue is full, its oldest item makes room. Refused only once
    /// the queue is closed. `sameSlot` runs under the queue's lock: it must not use the queue.
    public func push(_ item: Element, replacingWhere sameSlot: (Element) -> Bool) -> Placement {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard !closed else { return .refused }
        if let index = items.firstIndex(where: sameSlot) {
            let old = items[index]
            items[index] = item
            pthread_cond_signal(arrived)
            return .replaced(old)
        }
        var placement = Placement.added
        if items.count >= capacity { placement = .droppedOldest(items.removeFirst()) }
        items.append(item)
        pthread_cond_signal(arrived)
        return placement
    }

    /// Items waiting now.
    public var count: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return items.count
    }

    /// No more pushes are taken; the consumer gets what is left, then closed, empty batches.
    public func close() {
        pthread_mutex_lock(lock)
        closed = true
        pthread_cond_broadcast(arrived)
        pthread_mutex_unlock(lock)
    }

    /// Waits until an item is there or the queue is closed (or `timeout` seconds pass), then
    /// takes every waiting item.
    public func takeAll(waitingAtMost timeout: Double? = nil) -> Batch {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let timeout {
            let deadline = Self.deadline(after: timeout)
            while items.isEmpty && !closed {
                var due = deadline
                if pthread_cond_timedwait(arrived, lock, &due) == ETIMEDOUT { break }
            }
        } else {
            while items.isEmpty && !closed { pthread_cond_wait(arrived, lock) }
        }
        let taken = items
        items.removeAll(keepingCapacity: true)
        return Batch(items: taken, isClosed: closed)
    }

    /// The first waiting item, waiting for one; nil once the queue is closed and empty.
    public func take() -> Element? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while items.isEmpty && !closed { pthread_cond_wait(arrived, lock) }
        return items.isEmpty ? nil : items.removeFirst()
    }

    private static func deadline(after seconds: Double) -> timespec {
        let now = MonotonicClock.reading()
        let wait = seconds.isFinite ? min(max(seconds, 0), 86_400) : 86_400
        let whole = wait.rounded(.down)
        var due = timespec(tv_sec: now.tv_sec + Int(whole), tv_nsec: now.tv_nsec + Int((wait - whole) * 1e9))
        if due.tv_nsec >= 1_000_000_000 {
            due.tv_sec += 1
            due.tv_nsec -= 1_000_000_000
        }
        return due
    }
}
