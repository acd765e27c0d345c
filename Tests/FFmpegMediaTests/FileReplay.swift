import FFmpegMedia
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames

/// A recorded file through the whole per-frame path on its own timestamps, as `gatespeed replay`
/// runs it: every event said, a run's verdict taken as spoken at once (so the course re-arms).
enum FileReplay {
    static func events(_ path: String, course: Course) throws -> (events: [TimingEvent], statistics: FrameSourceStatistics) {
        let source = try VideoFileSource(path: path)
        var pipeline = try TimingPipeline(course: course)
        var events: [TimingEvent] = []
        while true {
            var verdict = false
            let outcome = source.nextFrame { frame in
                pipeline.process(frame) { event in
                    events.append(event)
                    if case .result = event { verdict = true }
                    if case .invalid = event { verdict = true }
                }
            }
            if verdict { pipeline.announcementFinished { _ in } }
            if outcome == .endOfStream { break }
        }
        return (events, source.statistics)
    }
}
