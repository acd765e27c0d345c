#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Standard output and standard error, written with write(2): the one writer for both.
///
/// A line goes out whole (partial writes are continued, EINTR retried, EAGAIN waited out with
/// poll(2)). When a write fails for good (EPIPE: the reader went away, ENOSPC: `> /dev/full` or a
/// full disk, EIO, EBADF: the descriptor was closed) the stream stops: later writes are counted
/// and dropped, nothing crashes, and the caller (the frame loop, the event thread) goes on. The
/// failure is said once on the other stream, if that one still works; a notice about standard
/// error is not put on standard output while standard output carries JSON events.
///
/// SIGPIPE would kill the process before write(2) could return EPIPE; commands whose work must
/// outlive their reader (`run`, `demo`, `replay`) call `ignoreBrokenPipeSignal()` first. systemd
/// ignores SIGPIPE for its services already (`IgnoreSIGPIPE=yes`).
public final class StandardStream: Sendable {
    /// File descriptor 1.
    public static let output = StandardStream(descriptor: 1, name: "standard output")
    /// File descriptor 2.
    public static let error = StandardStream(descriptor: 2, name: "standard error")

    public let descriptor: Int32
    /// "standard output", for messages.
    public let name: String
    /// The errno that stopped the stream; 0 while it works.
    private let failureCode = Atomic<Int32>(0)
    private let dropped = Atomic<Int>(0)
    private let carriesEvents = Atomic<Bool>(false)

    /// A stream on `descriptor` (tests use a pipe or `/dev/full`).
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// The other standard stream, where a failure of this one is said.
    private var partner: StandardStream? {
        if self === Self.output { return Self.error }
        if self === Self.error { return Self.output }
        return nil
    }

    /// Marks this stream as carrying JSON Lines events: no plain-text notice is written on it.
    public func markAsEventStream() { carriesEvents.store(true, ordering: .relaxed) }

    /// The errno that stopped the stream, nil while it works.
    public var failure: Errno? {
        let code = failureCode.load(ordering: .acquiring)
        return code == 0 ? nil : Errno(code)
    }

    /// Writes (or parts of writes) dropped since the stream stopped.
    public var droppedWrites: Int { dropped.load(ordering: .relaxed) }

    /// One line for stderr when the stream has stopped, nil while it works:
    /// `standard output failed (No space left on device); 12 writes were dropped`.
    public var failureSummary: String? {
        guard let failure else { return nil }
        return "\(name) failed (\(failure)); \(droppedWrites) write(s) were dropped"
    }

    /// Writes all of `text`; false when the stream has stopped (now or before).
    @discardableResult
    public func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { write($0) }
    }

    /// Writes all of `bytes`; false when the stream has stopped (now or before).
    @discardableResult
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard failureCode.load(ordering: .relaxed) == 0 else {
            dropped.add(1, ordering: .relaxed)
            return false
        }
        do {
            try FileDescriptor(rawValue: descriptor).writeAll(UnsafeRawBufferPointer(bytes))
        } catch {
            stop(error)
            return false
        }
        return true
    }

    private func stop(_ failure: Errno) {
        dropped.add(1, ordering: .relaxed)
        guard failureCode.compareExchange(expected: 0, desired: failure.rawValue, ordering: .acquiringAndReleasing).exchanged
        else { return }
        guard let partner, !partner.carriesEvents.load(ordering: .relaxed) else { return }
        partner.write("gatespeed: \(name) failed (\(failure)); no more is written there, the work goes on\n")
    }

    /// SIG_IGN for SIGPIPE: a write to a pipe nobody reads returns EPIPE instead of killing the process.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}
