import Foundation
import GateSpeedPlatform
import MicroHTTPServer
import Synchronization

/// Every event line of stdout to every `/events` client (Server-Sent Events). `publish` is called
/// on the event sink's thread and never waits for a client: each client has its own bounded queue,
/// and a client that falls behind loses its oldest lines (it is told how many, in a comment).
public final class EventBroadcast: Sendable {
    /// Lines a client may have waiting before its oldest are dropped.
    public let queueCapacity: Int
    /// `/events` clients at once; more are answered 503.
    public let maximumClients: Int
    /// A comment is sent after this many seconds without an event, so proxies and the browser
    /// keep the connection and a client that left is noticed.
    public let keepaliveSeconds: Double
    /// What the browser waits before reconnecting, milliseconds (`retry:`).
    public let retryMilliseconds: Int
    private let clients = Mutex<[EventSubscriber]>([])

    public init(queueCapacity: Int = 256, maximumClients: Int = 12, keepaliveSeconds: Double = 15,
                retryMilliseconds: Int = 2000) {
        self.queueCapacity = max(1, queueCapacity)
        self.maximumClients = max(1, maximumClients)
        self.keepaliveSeconds = keepaliveSeconds
        self.retryMilliseconds = retryMilliseconds
    }

    /// Hands `line` (one JSON object, no newline) to every client's queue; any thread, never blocks
    /// for longer than a queue append.
    public func publish(_ line: String) {
        for client in clients.withLock({ $0 }) { client.push(line) }
    }

    public var clientCount: Int { clients.withLock { $0.count } }

    /// A new client's stream, or nil when there are `maximumClients` already.
    public func openStream() -> HTTPStream? {
        let subscriber = EventSubscriber(capacity: queueCapacity)
        let accepted = clients.withLock { list -> Bool in
            guard list.count < maximumClients else { return false }
            list.append(subscriber)
            return true
        }
        guard accepted else { return nil }
        let greeting = "retry: \(retryMilliseconds)\n: connected\n\n"
        let state = Mutex<(greeted: Bool, lastSent: Double)>((false, Self.now()))
        let keepalive = keepaliveSeconds
        return HTTPStream(next: { timeout in
            if !state.withLock({ $0.greeted }) {
                state.withLock { $0.greeted = true; $0.lastSent = Self.now() }
                return .data(Array(greeting.utf8))
            }
            var batch = subscriber.take()
            if batch.isEmpty {
                subscriber.wait(timeoutSeconds: timeout)
                batch = subscriber.take()
            }
            if !batch.isEmpty {
                state.withLock { $0.lastSent = Self.now() }
                return .data(batch)
            }
            let idle = state.withLock { state -> Bool in
                guard Self.now() - state.lastSent >= keepalive else { return false }
                state.lastSent = Self.now()
                return true
            }
            return idle ? .data(Array(": keepalive\n\n".utf8)) : .wait
        }, finished: { [weak self] in
            self?.clients.withLock { list in list.removeAll { $0 === subscriber } }
        })
    }

    /// Seconds on the program's monotonic clock (the pages' default clock).
    public static func now() -> Double { MonotonicClock.seconds() }
}

/// One `/events` client's queue.
final class EventSubscriber: Sendable {
    private let capacity: Int
    private let state = Mutex<(lines: [String], dropped: Int)>(([], 0))
    private let wake = DispatchSemaphore(value: 0)

    init(capacity: Int) { self.capacity = capacity }

    func push(_ line: String) {
        state.withLock { state in
            if state.lines.count >= capacity {
                state.lines.removeFirst()
                state.dropped += 1
            }
            state.lines.append(line)
        }
        wake.signal()
    }

    func wait(timeoutSeconds: Double) { _ = wake.wait(timeout: .now() + max(0, timeoutSeconds)) }

    /// Everything waiting, as SSE text (empty when nothing is).
    func take() -> [UInt8] {
        let (lines, dropped) = state.withLock { state in
            defer { state.lines.removeAll(keepingCapacity: true); state.dropped = 0 }
            return (state.lines, state.dropped)
        }
        guard !lines.isEmpty || dropped > 0 else { return [] }
        var text = dropped > 0 ? ": \(dropped) events dropped (this client fell behind)\n\n" : ""
        for line in lines { text += "data: " + line + "\n\n" }
        return Array(text.utf8)
    }
}
