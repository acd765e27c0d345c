import Dispatch
import FFmpegMedia
import Foundation
import GateSpeedService
import Synchronization

/// A clip that was written completely and indexed.
public struct WrittenClip: Sendable, Equatable {
    /// Full path of the `.mp4`.
    public var path: String
    public var kind: ClipKind
    /// Run number or highlight number in its session.
    public var number: Int
    /// Camera-time range that was asked for, seconds (the file starts at the keyframe at
    /// or before `from`).
    public var from: Double
    public var to: Double
    /// Camera times of the first and last frame in the file, seconds.
    public var firstFrameTime: Double
    public var lastFrameTime: Double
}

/// One clip to mux.
struct ClipJob: Sendable {
    var packets: [EncodedPacket]
    var stream: EncodedStreamInfo
    var reservation: ClipReservation
    var plan: PlannedClip
}

/// The thread that muxes clips to MP4 (off the frame loop and off the encoder), commits
/// them to the library and reports them. Jobs queue up to `capacity`; more are refused.
final class ClipWriter: Sendable {
    private let library: ClipLibrary
    private let onClip: @Sendable (WrittenClip) -> Void
    private let log: @Sendable (String) -> Void
    private let capacity: Int
    private let jobs = Mutex<[ClipJob]>([])
    private let closing = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    let written = Atomic<Int>(0)
    let failed = Atomic<Int>(0)

    init(library: ClipLibrary, capacity: Int = 4, onClip: @escaping @Sendable (WrittenClip) -> Void,
         log: @escaping @Sendable (String) -> Void) {
        self.library = library
        self.onClip = onClip
        self.log = log
        self.capacity = capacity
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "gatespeed-clip-writer"
        thread.start()
    }

    /// Queues a clip; false when the queue is full (the clip is dropped and logged).
    func enqueue(_ job: ClipJob) -> Bool {
        let accepted = jobs.withLock { queue -> Bool in
            guard queue.count < capacity else { return false }
            queue.append(job)
            return true
        }
        if accepted { wake.signal() } else {
            failed.add(1, ordering: .relaxed)
            log("clip \(job.reservation.path) dropped: the clip writer is \(capacity) clips behind")
        }
        return accepted
    }

    /// Writes every queued clip, then ends the thread; returns when it has.
    func finish() {
        closing.store(true, ordering: .releasing)
        wake.signal()
        exited.wait()
    }

    private func run() {
        while true {
            wake.wait()
            while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { write(job) }
            if closing.load(ordering: .acquiring) && jobs.withLock({ $0.isEmpty }) { break }
        }
        exited.signal()
    }

    private func write(_ job: ClipJob) {
        let path = job.reservation.path
        do {
            try ContainerWriter.write(packets: job.packets, stream: job.stream, to: path)
            try library.commit(job.reservation)
        } catch {
            failed.add(1, ordering: .relaxed)
            log("clip \(path) not written: \(error)")
            return
        }
        written.add(1, ordering: .relaxed)
        onClip(WrittenClip(path: path, kind: job.reservation.kind, number: job.reservation.number,
                           from: job.plan.from, to: job.plan.to,
                           firstFrameTime: job.packets.first?.timestamp ?? job.plan.from,
                           lastFrameTime: job.packets.last?.timestamp ?? job.plan.to))
    }
}
