import GateSpeedPlatform
import Foundation
import GateSpeedFrames
import Synchronization
import TurboJPEG

/// Counters for the log and the bench.
public struct LiveViewStatistics: Sendable, Equatable {
    /// Frames the frame loop copied for the live view.
    public var copied: Int
    /// JPEGs made, and the encoding thread's time for them (drawing + compression), seconds.
    public var encoded: Int
    public var encodeSeconds: Double
    public var encodeFailures: Int

    public init(copied: Int = 0, encoded: Int = 0, encodeSeconds: Double = 0, encodeFailures: Int = 0) {
        self.copied = copied
        self.encoded = encoded
        self.encodeSeconds = encodeSeconds
        self.encodeFailures = encodeFailures
    }
}

/// The live view's sink: JPEGs of the camera's frames with the posts drawn, a few per second,
/// made on its own thread and only while someone watches.
///
/// Frame loop: `offer(frame, now:)` once per frame. With nobody watching that is one atomic
/// load. With watchers, once per `interval` it copies the frame into the one preallocated slot
/// (when the encoder has handed it back; otherwise the frame is skipped) and wakes the encoder:
/// no allocation, no lock, no encoding. Call it from one thread only.
///
/// Watchers (the web server's threads): `beginWatching()`, then `nextJPEG(after:timeoutSeconds:)`
/// as often as wanted, then `endWatching()`. One JPEG serves every watcher.
public final class LiveView: @unchecked Sendable {
    // Safety: `slot` is owned by the frame loop while `slotState` is `free` and by the encoding
    // thread otherwise (handed over with release/acquire); `lastOfferTime` is the frame loop's
    // only; everything else is atomic or under `latestLock`.
    public let interval: Double
    private let watchers = Atomic<Int>(0)
    private let slotState = Atomic<Int>(SlotState.free)
    private var slot: I420Image
    private let requestedWidth = Atomic<Int>(0)
    private let requestedHeight = Atomic<Int>(0)
    private var lastOfferTime = -Double.infinity
    private let wake = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    /// The encoding thread, once started (joined by `stop`).
    private let encoder = Mutex<WorkerThread?>(nil)
    private let posts: Mutex<LivePosts>
    private let quality: Int
    private let copied = Atomic<Int>(0)
    private let encodeFailures = Atomic<Int>(0)
    private let log: Log

    /// The latest JPEG and the condition watchers wait on.
    private let latestLock = NSCondition()
    private var latest: (sequence: UInt64, bytes: [UInt8]) = (0, [])
    /// JPEGs made before the first watcher came are stale: `nextJPEG` never returns them.
    private var freshFrom: UInt64 = 1
    private var encoded = 0
    private var encodeSeconds = 0.0

    private enum SlotState {
        static let free = 0, filled = 1, resize = 2
    }

    /// `width` x `height`: the camera's frame size (the slot is allocated for it; frames of
    /// another size make the encoding thread reallocate it, and are skipped meanwhile).
    /// `framesPerSecond`: at most this many JPEGs a second; `quality` 1...100.
    public init(width: Int, height: Int, framesPerSecond: Double = 4, quality: Int = 70, posts: LivePosts = LivePosts(),
                log: Log = .silent) {
        let evenWidth = max(2, width - width % 2), evenHeight = max(2, height - height % 2)
        slot = I420Image(width: evenWidth, height: evenHeight)
        interval = framesPerSecond > 0 && framesPerSecond.isFinite ? 1 / min(framesPerSecond, 60) : 0.25
        self.quality = quality
        self.posts = Mutex(posts)
        self.log = log
    }

    /// Starts the encoding thread (once); false when it could not be created or the
    /// compressor not opened (the live view then stays dark: `nextJPEG` answers nil).
    @discardableResult
    public func start() -> Bool {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return true }
        let compressor: JPEGCompressor
        do { compressor = try JPEGCompressor(quality: quality) } catch {
            log.error("live view: \(error); no live view")
            return false
        }
        let box = CompressorBox(compressor)
        guard let thread = try? WorkerThread.start(name: "gatespeed-live", { [self] in encodeLoop(box.compressor) }) else {
            log.error("live view: the encoding thread could not be started; no live view")
            return false
        }
        encoder.withLock { $0 = thread }
        return true
    }

    /// Stops the encoding thread and wakes every watcher (who then get nil).
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        latestLock.lock()
        latestLock.broadcast()
        latestLock.unlock()
        guard started.load(ordering: .acquiring) else { return }
        wake.signal()
        // The loop checks `stopping` after every wake-up, so it ends after at most one encoding.
        encoder.withLock { $0 }?.join()
    }

    /// The lines drawn from now on (a course saved from the page takes effect at once).
    public func setPosts(_ newPosts: LivePosts) {
        posts.withLock { $0 = newPosts }
    }

    // MARK: Frame loop

    /// Frame loop, once per frame: see the type's description. `now`: seconds on any steady
    /// clock (the frame's timestamp will do); a clock that steps back starts the interval again.
    @inline(__always)
    public func offer(_ frame: VideoFrame, now: Double) {
        guard watchers.load(ordering: .relaxed) > 0 else { return }
        offerWatched(frame, now: now)
    }

    private func offerWatched(_ frame: VideoFrame, now: Double) {
        if now < lastOfferTime { lastOfferTime = -.infinity }
        guard now - lastOfferTime >= interval, slotState.load(ordering: .acquiring) == SlotState.free else { return }
        guard frame.width == slot.width, frame.height == slot.height else {
            guard frame.width >= 2, frame.height >= 2, frame.width % 2 == 0, frame.height % 2 == 0 else { return }
            requestedWidth.store(frame.width, ordering: .relaxed)
            requestedHeight.store(frame.height, ordering: .relaxed)
            slotState.store(SlotState.resize, ordering: .releasing)
            wake.signal()
            return
        }
        guard slot.copy(from: frame) else { return }
        lastOfferTime = now
        copied.add(1, ordering: .relaxed)
        slotState.store(SlotState.filled, ordering: .releasing)
        wake.signal()
    }

    // MARK: Watchers

    /// A watcher comes (a `/live.mjpeg` client, or a `/live.jpg` request while it waits).
    public func beginWatching() {
        let before = watchers.add(1, ordering: .acquiringAndReleasing).oldValue
        if before == 0 {
            latestLock.lock()
            freshFrom = latest.sequence + 1
            latestLock.unlock()
        }
    }

    /// A watcher goes. Unbalanced calls never take the count below zero.
    public func endWatching() {
        var current = watchers.load(ordering: .relaxed)
        while current > 0 {
            let (exchanged, original) = watchers.compareExchange(expected: current, desired: current - 1,
                                                                 ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }

    /// Frames copied so far (one atomic load; the bench tells copies from skips with it).
    public var copiedFrames: Int { copied.load(ordering: .relaxed) }

    /// How many watch now.
    public var watcherCount: Int { watchers.load(ordering: .relaxed) }

    /// The first JPEG newer than `sequence` (0: any made since the watching began), waiting up
    /// to `timeoutSeconds` for it; nil on timeout or when the live view stops. Any thread.
    public func nextJPEG(after sequence: UInt64, timeoutSeconds: Double) -> (sequence: UInt64, bytes: [UInt8])? {
        let deadline = Date(timeIntervalSinceNow: max(0, min(timeoutSeconds, 3600)))
        latestLock.lock()
        defer { latestLock.unlock() }
        while !(latest.sequence > sequence && latest.sequence >= freshFrom) {
            if stopping.load(ordering: .relaxed) { return nil }
            if !latestLock.wait(until: deadline) {
                return latest.sequence > sequence && latest.sequence >= freshFrom ? latest : nil
            }
        }
        return latest
    }

    public var statistics: LiveViewStatistics {
        latestLock.lock()
        defer { latestLock.unlock() }
        return LiveViewStatistics(copied: copied.load(ordering: .relaxed), encoded: encoded, encodeSeconds: encodeSeconds,
                                  encodeFailures: encodeFailures.load(ordering: .relaxed))
    }

    // MARK: Encoding thread

    private func encodeLoop(_ compressor: JPEGCompressor) {
        while true {
            wake.wait()
            if stopping.load(ordering: .relaxed) { return }
            switch slotState.load(ordering: .acquiring) {
            case SlotState.resize:
                let width = requestedWidth.load(ordering: .relaxed), height = requestedHeight.load(ordering: .relaxed)
                if width >= 2, height >= 2, width % 2 == 0, height % 2 == 0, width <= 16384, height <= 16384 {
                    slot = I420Image(width: width, height: height)
                }
                slotState.store(SlotState.free, ordering: .releasing)
            case SlotState.filled:
                let started = MonotonicClock.nanoseconds()
                PostPainter.draw(posts.withLock { $0 }, on: &slot)
                let jpeg: [UInt8]?
                do { jpeg = try compressor.compress(slot) } catch {
                    if encodeFailures.add(1, ordering: .relaxed).newValue == 1 { log.warning("live view: encoding failed: \(error)") }
                    jpeg = nil
                }
                slotState.store(SlotState.free, ordering: .releasing)
                let seconds = Double(MonotonicClock.nanoseconds() &- started) / 1e9
                latestLock.lock()
                if let jpeg {
                    latest = (latest.sequence + 1, jpeg)
                    encoded += 1
                    encodeSeconds += seconds
                }
                latestLock.broadcast()
                latestLock.unlock()
            default:
                break
            }
        }
    }
}

/// Carries the compressor (made on the starting thread, used only on the encoding thread).
private final class CompressorBox: @unchecked Sendable {
    let compressor: JPEGCompressor
    init(_ compressor: JPEGCompressor) { self.compressor = compressor }
}
