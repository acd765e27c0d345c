import Foundation
import Synchronization

/// A pretend disk of `capacity` bytes: free space is capacity minus the files under the root.
public final class TinyDisk: Sendable {
    public let root: String
    private let capacity: Mutex<UInt64>
    public init(root: String, capacity: UInt64) {
        self.root = root
        self.capacity = Mutex(capacity)
    }
    public func grow(to bytes: UInt64) { capacity.withLock { $0 = bytes } }
    public var freeBytes: @Sendable (String) -> UInt64? {
        { _ in
            var used: UInt64 = 0
            let enumerator = FileManager.default.enumerator(atPath: self.root)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".mp4") else { continue }
                let size = (try? FileManager.default.attributesOfItem(atPath: self.root + "/" + file)[.size]) as? Int
                used += UInt64(size ?? 0)
            }
            let capacity = self.capacity.withLock { $0 }
            return capacity > used ? capacity - used : 0
        }
    }
}

public final class LogLines: Sendable {
    public init() {}
    private let lines = Mutex<[String]>([])
    public var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    public var all: [String] { lines.withLock { $0 } }
}
