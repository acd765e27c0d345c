import FFmpegMedia
import Foundation
import GateSpeedCore
import GateSpeedPlatform
import GateSpeedEvents
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

/// One clip to reserve a path for, mux and commit.
struct ClipJob: Sendable {
    var packets: [EncodedPacket]
    var stream: EncodedStreamInfo
    var plan: PlannedClip
}

/// The thread that reserves each clip's path (the library deletes old clips for space then),
/// muxes it to MP4, commits it to the library and reports it: all off the frame loop and off
/// the encoder, so housekeeping never holds up a frame. Jobs queue up to `capacity`; more are refused.
final class ClipWriter: Sendable {
    private let library: ClipLibrary
    private let onClip: @Sendable (WrittenClip) -> Void
    private let log: Log
    private let jobs: BoundedQueue<ClipJob>
    private let thread = Mutex<WorkerThread?>(nil)
    let written = Atomic<Int>(0)
    let failed = Atomic<Int>(0)

    init(library: ClipLibrary, capacity: Int = 4, onClip: @escaping @Sendable (WrittenClip) -> Void,
         log: Log) {
        self.library = library
        self.onClip = onClip
        self.log = log
        jobs = BoundedQueue(capacity: capacity)
    }

    func start() {
        do {
            let started = try WorkerThread.start(name: "gatespeed-clip-writer") { [self] in run() }
            thread.withLock { $0 = started }
        } catch {
            log.error("clip writer: no thread (\(error)); clips are not written")
            jobs.close()
        }
    }

    /// Queues a clip; false when the queue is full (the clip is dropped and logged).
    func enqueue(_ job: ClipJob) -> Bool {
        let accepted = jobs.push(job)
        if !accepted {
            failed.add(1, ordering: .relaxed)
            log.warning("\(job.plan.kind.rawValue) clip \(job.plan.from)…\(job.plan.to) s dropped: the clip writer is \(jobs.capacity) clips behind")
        }
        return accepted
    }

    /// Writes every queued clip, then ends the thread; returns when it has.
    func finish() {
        jobs.close()
        thread.withLock { $0 }?.join()
    }

    private func run() {
        while let job = jobs.take() { write(job) }
    }

    /// The clip's path in the library, or nil when clips are suspended for space (the storage
    /// guard logged why).
    private func reserve(_ job: ClipJob) -> ClipReservation? {
        let bytes = job.packets.reduce(0) { $0 + $1.data.count }
        guard let run = job.plan.run else {
            return library.reserveHighlightClip(expectedBytes: bytes, session: job.plan.session)
        }
        return library.reserveRunClip(number: run.number, speedKmh: run.speedKmh, pass: run.pass,
                                      filedKmh: SpeedText.filed(run.speedKmh, thresholdKmh: run.thresholdKmh),
                                      expectedBytes: bytes, session: job.plan.session)
    }

    private func write(_ job: ClipJob) {
        guard let reservation = reserve(job) else {
            failed.add(1, ordering: .relaxed)
            return
        }
        let path = reservation.path
        do {
            try ContainerWriter.write(packets: job.packets, stream: job.stream, to: path)
            try library.commit(reservation)
        } catch {
            failed.add(1, ordering: .relaxed)
            log.error("clip \(path) not written: \(error)")
            return
        }
        written.add(1, ordering: .relaxed)
        onClip(WrittenClip(path: path, kind: reservation.kind, number: reservation.number,
                           from: job.plan.from, to: job.plan.to,
                           firstFrameTime: job.packets.first?.timestamp ?? job.plan.from,
                           lastFrameTime: job.packets.last?.timestamp ?? job.plan.to))
    }
}
