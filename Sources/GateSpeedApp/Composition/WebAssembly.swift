import Foundation
import GateSpeedCore
import GateSpeedLiveView
import GateSpeedRecording
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedJournal
import GateSpeedWeb
import GateSpeedWebPage
import MicroHTTPServer

/// The setup and live pages as `run` and `demo` serve them.
struct WebWiring {
    var loaded: LoadedConfig
    var sink: EventSink
    var status: ServiceStatusReporter
    var commands: LoopCommands
    var clipsDirectory: String
    var recorder: Recorder?
    var handover: PipelineHandover
    var pairing: Pairing
    /// The session's tally restored from the journal.
    var tally: RunBoard.Tally
    var log: Log
    /// The camera's view for `/live.jpg` and `/live.mjpeg` (nil: they answer 503).
    var liveView: LiveView? = nil
}

extension Assembly {
    /// The pairing book for `web.token` and the paired tokens kept in `web-tokens.json` beside
    /// the journal at `journalPath`, made before the button is hooked to it.
    static func pairing(_ config: GateSpeedConfig, journalPath: String, log: Log) -> Pairing {
        Pairing(fixedToken: config.web.token, tokenFile: TokenFile.besideJournal(journalPath), log: log)
    }

    /// Starts the pages on `web.listen` (nil when off, or when the address cannot be had: timing
    /// never depends on the pages) and feeds them every event line.
    static func webPages(_ wiring: WebWiring) -> WebPages? {
        let config = wiring.loaded.config
        guard let listen = config.web.listen else {
            wiring.log.info("pages: off (web.listen is null)")
            return nil
        }
        let log = wiring.log, commands = wiring.commands, handover = wiring.handover, source = wiring.loaded.source
        var setup = WebSetup(server: HTTPServerSettings(host: listen.host, port: listen.port))
        setup.status = { [status = wiring.status] in status.current }
        setup.commands = WebCommands(rearm: { commands.requestRearm() }, recalibrate: { commands.requestRecalibration() },
                                     highlight: { commands.requestHighlight() }, newSession: { commands.requestNewSession() })
        setup.walkthrough = { commands.requestWalkthrough(seconds: $0) }
        setup.clipsDirectory = wiring.clipsDirectory
        if let library = wiring.recorder?.clipLibrary {
            setup.setFavourite = { try library.setFavourite($0, file: $1, session: $2) }
        }
        setup.token = config.web.token
        setup.pairing = wiring.pairing
        setup.tally = wiring.tally
        setup.log = log
        setup.assets["/"] = WebAsset(contentType: WebPage.contentType, bytes: WebPage.index)
        let liveView = wiring.liveView
        if let liveView { setup.live = Assembly.liveFeed(liveView) }
        setup.course = CourseEditing(configPath: wiring.loaded.path, source: source) { newConfig in
            // On the HTTP thread: the geometry solve and the pipeline are made here, never on the loop.
            var advice: [String] = []
            do throws(CommandFailure) {
                let pipeline = try Assembly.pipeline(newConfig, source: source, log: log, advice: { advice.append($0) })
                return .success(CourseChange(advice: advice, takeEffect: {
                    handover.offer(pipeline)
                    liveView?.setPosts(Assembly.livePosts(newConfig))
                }))
            } catch {
                return .failure(CourseRefusal(message: error.message))
            }
        }
        do {
            let pages = try WebPages.start(setup)
            wiring.sink.addLineObserver { pages.observe(line: $0) }
            log.info("pages: http://\(listen.host == "0.0.0.0" ? "127.0.0.1" : listen.host):\(pages.port)/"
                     + (config.web.token == nil ? " (changes need pairing with the button)" : ""))
            return pages
        } catch {
            log.warning("pages: \(error); running without them")
            return nil
        }
    }

    /// The tally a restored journal session starts the pages with.
    static func tally(_ journal: ResultsJournal) -> RunBoard.Tally {
        let board = journal.current.scoreboard
        return RunBoard.Tally(runs: board.runs, passes: board.passes, totalKmh: board.totalKmh)
    }

    /// In the demo there is no button: each line typed on the terminal (Enter) is a short press
    /// for a waiting pairing. Reads until standard input ends.
    static func pairFromTerminal(_ pairing: Pairing, log: Log) {
        let started = try? WorkerThread.start(name: "gatespeed-terminal") {
            while readLine() != nil {
                if pairing.buttonPressed(now: EventBroadcast.now()) {
                    log.info("pages: paired (Enter on the terminal)")
                } else {
                    log.info("pages: no pairing is waiting; ask for one on the page first")
                }
            }
        }
        if started == nil { log.warning("pages: Enter on the terminal cannot pair (no thread for it)") }
    }
}
