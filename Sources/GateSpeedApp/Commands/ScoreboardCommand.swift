import Foundation
import GateSpeedCore
import GateSpeedMQTT
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedWeb
import MicroHTTPServer
import MosquittoClient
import Synchronization

/// `gatespeed scoreboard --mqtt URL [--listen HOST:PORT]`: the club scoreboard. Subscribes to
/// every station on the broker (`gatespeed/+/…`) and serves a live page (one column per
/// course) with the pages' HTTP adapter: `GET /` the page, `GET /api/scoreboard` its JSON,
/// `GET /events` Server-Sent Events of that JSON whenever it changes (the setup pages' `EventBroadcast`). Runs until SIGTERM/SIGINT.
enum ScoreboardCommand {
    static func run(_ command: ParsedCommand, log: Log) throws(CommandFailure) {
        guard let url = command.value("--mqtt") else {
            throw CommandFailure(message: "scoreboard: --mqtt URL is needed (mqtt://HOST[:PORT] or mqtts://HOST[:PORT])", status: 2)
        }
        let endpoint: MQTTEndpoint
        switch MQTTEndpoint.parse(url) {
        case .success(let parsed): endpoint = parsed
        case .failure(let problem): throw CommandFailure(message: "scoreboard: --mqtt \"\(MessageText.clipped(url))\" \(problem.phrase)", status: 2)
        }
        let listen = command.value("--listen") ?? "0.0.0.0:8090"
        guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
            throw CommandFailure(message: "scoreboard: --listen \"\(MessageText.clipped(listen))\" must be HOST:PORT", status: 2)
        }
        var settings = MQTTConnectionSettings(endpoint: endpoint, clientID: "gatespeed-scoreboard-\(getpid())")
        settings.username = command.value("--username")
        if let path = command.value("--password-file") {
            switch Assembly.readPassword(path) {
            case .success(let password): settings.password = password
            case .failure(let problem): throw CommandFailure(message: "scoreboard: --password-file: \(problem.text)", status: 2)
            }
        }
        if let path = command.value("--ca-file") {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw CommandFailure(message: "scoreboard: --ca-file: cannot read \(path)", status: 2)
            }
            settings.caFile = path
        }
        let broadcast = EventBroadcast()
        let board = LiveScoreboard(onChange: { broadcast.publish($0) })
        let box = ConnectionBox()
        var handlers = MQTTHandlers()
        handlers.connected = {
            log.info("scoreboard: connected to \(endpoint.host):\(endpoint.port)")
            for leaf in ["status", "result", "scoreboard", "event"] { try? box.connection?.subscribe("gatespeed/+/\(leaf)", qos: 1) }
        }
        handlers.disconnected = { reason, retry in log.warning("scoreboard: \(reason); retrying in \(DecimalFormat.fixed(retry, decimals: 1)) s") }
        handlers.message = { topic, payload in board.apply(topic: topic, payload: payload) }
        let shutdown = ShutdownSignal.install()
        do {
            let connection = try MosquittoConnection(settings: settings, handlers: handlers)
            box.connection = connection
            let server = try HTTPServer.start(HTTPServerSettings(host: String(listen[..<colon]), port: port)) { request in
                route(request, board: board, events: broadcast)
            }
            try connection.start()
            log.info("scoreboard: http://\(listen[..<colon]):\(server.port)/ for the stations on \(url)")
            _ = shutdown.wait()
            server.stop()
            connection.stop(finalMessage: nil)
        } catch {
            throw CommandFailure(message: "scoreboard: \(error)")
        }
    }

    static func route(_ request: HTTPRequest, board: LiveScoreboard, events: EventBroadcast) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return .text("only GET\n", status: 405) }
        switch request.path {
        case "/": return .text(ScoreboardPage.html(initialJSON: board.snapshot.json), contentType: "text/html; charset=utf-8")
        case "/api/scoreboard": return .text(board.snapshot.json, contentType: "application/json")
        case "/events":
            guard let stream = events.openStream() else { return .text("too many event readers\n", status: 503) }
            return .stream(stream, contentType: "text/event-stream")
        default: return .text("not found\n", status: 404)
        }
    }
}

/// The scoreboard shared by the MQTT thread (writes) and the page's connections (reads).
final class LiveScoreboard: Sendable {
    private let state = Mutex<ClubScoreboard>(ClubScoreboard())
    /// Told the scoreboard's JSON after every change, on the MQTT thread, outside the lock.
    private let onChange: @Sendable (String) -> Void

    init(onChange: @escaping @Sendable (String) -> Void = { _ in }) { self.onChange = onChange }

    func apply(topic: String, payload: [UInt8]) {
        let changed = state.withLock { board -> String? in
            board.apply(topic: topic, payload: payload) ? board.json : nil
        }
        if let changed { onChange(changed) }
    }

    var snapshot: ClubScoreboard { state.withLock { $0 } }
}

/// The connection, for the handler that subscribes on every connect (set once before `start`).
final class ConnectionBox: @unchecked Sendable {
    var connection: MosquittoConnection?
}
