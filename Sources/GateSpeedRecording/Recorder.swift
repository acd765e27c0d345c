import Dispatch
import FFmpegMedia
import Foundation
import FreeTypeText
import GateSpeedCore
import GateSpeedFrames
import GateSpeedEvents
import Synchronization
import GateSpeedPlatform

/// How the recorder encodes and what it keeps.
public struct RecorderSettings: Sendable {
    /// Size, frame rate, quality; `keyframeIntervalSeconds` should be <= 1 so clips can
    /// start within a second of what was asked.
    public var encoder: EncoderSettings
    public var timing: ClipTiming
    /// History kept in the ring, seconds: at least the highlight length and enough for
    /// pre-roll + the longest valid run (10 s) + post-roll.
    public var ringSeconds: Double
    /// Hard cap on the ring's encoded bytes.
    public var ringByteCap: Int
    /// Preallocated frame buffers between the frame loop and the recorder: the queue bound.
    public var frameBuffers: Int
    public var fontPath: String
    public var drawOverlay: Bool

    public init(encoder: EncoderSettings, timing: ClipTiming = ClipTiming(), ringSeconds: Double = 16,
                ringByteCap: Int = 64 << 20, frameBuffers: Int = 4, fontPath: String = FontFace.dejaVuSansBold,
                drawOverlay: Bool = true) {
        self.encoder = encoder
        self.timing = timing
        self.ringSeconds = ringSeconds
        self.ringByteCap = ringByteCap
        self.frameBuffers = frameBuffers
        self.fontPath = fontPath
        self.drawOverlay = drawOverlay
    }
}

/// Counters for the log and the `summary`.
public struct RecorderStatistics: Sendable, Equatable {
    /// Frames offered by the frame loop.
    public var submitted: Int
    /// Frames dropped because the recorder was behind (no free buffer) or the size was wrong.
    public var dropped: Int
    public var encoded: Int
    public var encodeFailures: Int
    public var clipsWritten: Int
    /// Clips not written: no space (storage guard), no footage, or a write error.
    public var clipsSkipped: Int
}

/// The recording path: its own thread draws the overlay on copies of the camera frames,
/// encodes them, keeps the last seconds in a `PacketRing`, and cuts clips (valid runs with
/// pre- and post-roll, highlights) that a writer thread muxes to MP4.
///
/// The frame loop calls `submit` (copy into a preallocated buffer, no allocation, no
/// lock, drops when full); the service calls `requestRunClip`/`requestHighlight` from any
/// thread. `onClip` is called on the writer thread for every clip written.
public final class Recorder: Sendable {
    public let settings: RecorderSettings
    private let handoff: FrameHandoff
    private let planner: Mutex<ClipPlanner>
    private let worker: RecorderWorker
    private let writer: ClipWriter
    private let library: ClipLibrary
    /// The library this recorder files its clips in (the pages mark favourites through it).
    public var clipLibrary: ClipLibrary { library }
    private let log: Log
    private let started = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    /// The recorder thread, joined by `stop`.
    private let thread = Mutex<WorkerThread?>(nil)
    private let submitted = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let encoded = Atomic<Int>(0)
    private let encodeFailures = Atomic<Int>(0)
    private let skipped = Atomic<Int>(0)

    /// Opens the encoder and the font; throws `MediaError` or `FontError` naming the problem.
    public init(settings: RecorderSettings, library: ClipLibrary,
                onClip: @escaping @Sendable (WrittenClip) -> Void,
                log: Log = Log().prefixed("clips: ")) throws {
        var settings = settings
        // Clips start at a keyframe: at most one second before what was asked.
        settings.encoder.keyframeIntervalSeconds = min(1, settings.encoder.keyframeIntervalSeconds)
        let width = settings.encoder.width, height = settings.encoder.height
        self.settings = settings
        self.library = library
        self.log = log
        handoff = FrameHandoff(slotCount: settings.frameBuffers, width: width, height: height)
        planner = Mutex(ClipPlanner(timing: settings.timing))
        worker = RecorderWorker(
            encoder: try VideoEncoder(settings: settings.encoder),
            renderer: settings.drawOverlay ? try OverlayRenderer(width: width, height: height, fontPath: settings.fontPath) : nil,
            ring: PacketRing(minimumSeconds: max(settings.ringSeconds, settings.timing.highlightLength),
                             byteCap: settings.ringByteCap))
        writer = ClipWriter(library: library, onClip: onClip, log: log)
    }

    /// Starts the recorder and writer threads.
    public func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        writer.start()
        do {
            thread.withLock { $0 = nil }
            let started = try WorkerThread.start(name: "gatespeed-recorder") { [self] in run() }
            thread.withLock { $0 = started }
        } catch {
            log.error("recorder: no thread (\(error)); recording is off")
            stopping.store(true, ordering: .releasing)
            writer.finish()
        }
    }

    /// Frame loop: hands over a copy of `frame` with the overlay of this moment. Call from
    /// one thread only (the hand-off is single-producer); no allocation, no lock.
    /// Returns false when the frame was dropped and counted: the recorder is behind (all
    /// buffers busy), the frame has the wrong size, or the recorder is stopping.
    /// - Parameter waitForRoom: wait for a free buffer instead of dropping. Only for sources
    ///   that can wait (a file in `replay`); never for a live camera.
    @discardableResult
    public func submit(_ frame: VideoFrame, overlay: OverlayState, waitForRoom: Bool = false) -> Bool {
        submitted.add(1, ordering: .relaxed)
        while !stopping.load(ordering: .relaxed) {
            switch handoff.submit(frame, overlay: overlay) {
            case .queued:
                return true
            case .wrongSize:
                dropped.add(1, ordering: .relaxed)
                return false
            case .full:
                guard waitForRoom else {
                    dropped.add(1, ordering: .relaxed)
                    return false
                }
                handoff.waitForRoom(milliseconds: 20)
            }
        }
        dropped.add(1, ordering: .relaxed)
        return false
    }

    /// Keeps a valid run: its clip is cut once the post-roll has been recorded, and filed in
    /// the session the run belongs to (`run.session`, else the session current now), even
    /// when a new session begins during the post-roll.
    public func requestRunClip(_ run: RunClipRequest) {
        var run = run
        if run.session == nil { run.session = library.session }
        planner.withLock { $0.requestRun(run) }
    }

    /// Marks a highlight ending at camera time `t`, normally the camera time of the newest
    /// frame the frame loop saw when the button was pressed (nil: the newest frame the
    /// recorder has encoded, which may lag by a few frames).
    /// Returns false when ignored (within the cooldown of the previous one, or nothing recorded).
    @discardableResult
    public func requestHighlight(at t: Double? = nil) -> Bool {
        let session = library.session
        return planner.withLock { $0.requestHighlight(at: t, session: session) }
    }

    /// Files the following clips under `session` (a new session was started).
    public func setSession(_ session: SessionID) throws(DurableFileError) {
        try library.setSession(session)
    }

    /// True while clips are refused for lack of space (timing goes on; the status LED says so).
    public var clipsSuspended: Bool { library.clipsSuspended }

    public var statistics: RecorderStatistics {
        RecorderStatistics(
            submitted: submitted.load(ordering: .relaxed), dropped: dropped.load(ordering: .relaxed),
            encoded: encoded.load(ordering: .relaxed), encodeFailures: encodeFailures.load(ordering: .relaxed),
            clipsWritten: writer.written.load(ordering: .relaxed),
            clipsSkipped: skipped.load(ordering: .relaxed) + writer.failed.load(ordering: .relaxed))
    }

    /// Encodes what is queued, cuts every requested clip with the footage there is,
    /// waits for the writer to finish them, and ends both threads.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard started.load(ordering: .acquiring) else { return }
        handoff.wake.signal()
        thread.withLock { $0 }?.join()
    }

    // MARK: - Recorder thread

    private func run() {
        while true {
            handoff.wake.wait()
            drainFrames()
            if stopping.load(ordering: .acquiring) { break }
        }
        drainFrames()
        do {
            appendToRing(try worker.encoder.flush())
        } catch {
            log.error("recorder: encoder flush failed: \(error)")
        }
        let remaining = planner.withLock { $0.takeAll() }
        for clip in remaining { cut(clip) }
        writer.finish()
    }

    private func drainFrames() {
        while let index = handoff.takeFilled() {
            guard index >= 0 else {
                handoff.recycle(index)
                continue
            }
            let slot = handoff.slots[index]
            worker.renderer?.draw(slot.overlay, on: &slot.image)
            let packets: [EncodedPacket]
            do {
                packets = try worker.encoder.encode(slot.image)
            } catch {
                handoff.recycle(index)
                if encodeFailures.add(1, ordering: .relaxed).newValue == 1 { log.error("recorder: encoding failed: \(error)") }
                continue
            }
            handoff.recycle(index)
            encoded.add(1, ordering: .relaxed)
            appendToRing(packets)
        }
    }

    private func appendToRing(_ packets: [EncodedPacket]) {
        guard let newest = packets.last?.timestamp else { return }
        worker.ring.append(contentsOf: packets)
        let due = planner.withLock { planner -> [PlannedClip] in
            planner.advance(to: newest)
            return planner.takeDue()
        }
        for clip in due { cut(clip) }
    }

    /// Takes a clip's packets from the ring and queues it for the writer.
    private func cut(_ clip: PlannedClip) {
        let packets = worker.ring.packets(from: clip.from, to: clip.to)
        guard !packets.isEmpty else {
            skipped.add(1, ordering: .relaxed)
            log.warning("recorder: no footage for the \(clip.kind.rawValue) clip \(clip.from)…\(clip.to) s")
            return
        }
        // The path is reserved (and old clips deleted for space) on the writer's thread: this
        // thread must go on encoding the frames that are the next rider's pre-roll.
        if !writer.enqueue(ClipJob(packets: packets, stream: worker.encoder.streamInfo, plan: clip)) {
            skipped.add(1, ordering: .relaxed)
        }
    }
}

/// What only the recorder thread touches: the encoder, the overlay renderer, the ring.
/// Created on the caller's thread and handed to the recorder thread before it starts;
/// never used from two threads at once.
final class RecorderWorker: @unchecked Sendable {
    let encoder: VideoEncoder
    let renderer: OverlayRenderer?
    var ring: PacketRing<EncodedPacket>

    init(encoder: VideoEncoder, renderer: OverlayRenderer?, ring: PacketRing<EncodedPacket>) {
        self.encoder = encoder
        self.renderer = renderer
        self.ring = ring
    }
}
