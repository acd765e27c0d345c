import FFmpegMedia
import Foundation
import GateSpeedRecording
import GateSpeedConfig
import GateSpeedEvents
import GateSpeedPlatform

/// `gatespeed replay FILE`: the full pipeline on a recorded video's own timestamps, as fast as
/// the machine allows, events on stdout, ending with `summary`.
enum ReplayCommand {
    static func run(_ command: ParsedCommand, log: Log) throws(CommandFailure) {
        let loaded = try Assembly.loadConfig(command, log: log)
        var config = loaded.config
        if command.has("--speak") { try Assembly.checkVoice(loaded, log: log) }
        StandardStream.ignoreBrokenPipeSignal()
        StandardStream.output.markAsEventStream()
        if let posts = command.value("--posts") {
            do {
                config.course.rules.posts = try CoursePosts.parseOption(posts)
                config.course.marks = nil   // --posts is the image rule, as it always was
            } catch {
                throw CommandFailure(message: error.message, status: 2)
            }
        }
        let path = command.positionals[0]
        // FFmpeg's own messages stay quiet: a bad file gets our one line, which names it.
        FFmpegLog.silence()
        var source: VideoFileSource
        do { source = try VideoFileSource(path: path) } catch {
            throw CommandFailure(message: "\(error)")
        }
        let pipeline = try Assembly.pipeline(config, source: loaded.source, log: log)
        let sink = Assembly.eventSink(config, journal: nil, speak: command.has("--speak"), wavFallback: nil, log: log)
        var recorder: Recorder? = nil
        if let clips = command.value("--clips") {
            config.clips.enabled = true
            recorder = Assembly.recorder(config, directory: clips, session: SessionID(date: Self.today(), number: 1),
                                         width: source.frameWidth, height: source.frameHeight, sink: sink, log: log)
        }
        var loop = FrameLoop(pipeline: pipeline, sink: sink, recorder: recorder, commands: LoopCommands(),
                             shutdown: ShutdownSignal.install(), notifier: nil, log: log, indicate: { _ in })
        let summary = loop.run(&source, pacing: LoopPacing(realTime: false, stopAfter: nil, recorderMayBlock: true))
        recorder?.stop()
        sink.post(.summary(t: summary.lastTime, frames: summary.statistics.delivered, dropped: summary.statistics.dropped,
                           corrupt: summary.statistics.corrupt, wallSeconds: summary.wallSeconds))
        sink.finish()
        sink.stopSpeaking(abandoningPending: false)
    }

    static func today() -> String {
        let now = WallClockText.now()
        return WallClockText.date(now, utcOffsetSeconds: WallClockText.localUTCOffsetSeconds(at: now))
    }
}
