import Foundation
import Synchronization

/// A wall clock the test moves by hand.
public final class JournalTestClock: Sendable {
    private let now: Mutex<Date>
    public init(_ start: Date) { now = Mutex(start) }
    public func advance(by seconds: TimeInterval) { now.withLock { $0 += seconds } }
    public var read: @Sendable () -> Date { { self.now.withLock { $0 } } }
}

public func makeTemporaryDirectory(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "gatespeed-\(name)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
