import GateSpeedPlatform
import MicroHTTPServer

/// The setup and live pages (`../shared/interfaces.md`, "Setup and live pages"): an HTTP server
/// on its own threads (`MicroHTTPServer`), fed with the event lines by `observe(line:)`, asking
/// the frame loop through `WebCommands` and the course hand-over. Nothing here runs on the loop.
public final class WebPages: Sendable {
    public let events: EventBroadcast
    public let board: RunBoard
    public let pairing: Pairing
    private let server: HTTPServer

    /// The port listened on.
    public var port: UInt16 { server.port }

    /// Starts the server.
    public static func start(_ setup: WebSetup, events: EventBroadcast = EventBroadcast()) throws(HTTPServerError) -> WebPages {
        let board = RunBoard(tally: setup.tally, clipsDirectory: setup.clipsDirectory)
        let pairing = setup.pairing ?? Pairing(fixedToken: setup.token)
        let routes = WebRoutes(setup: setup, events: events, board: board, pairing: pairing)
        let server = try HTTPServer.start(setup.server) { routes.respond(to: $0) }
        return WebPages(events: events, board: board, pairing: pairing, server: server)
    }

    private init(events: EventBroadcast, board: RunBoard, pairing: Pairing, server: HTTPServer) {
        self.events = events
        self.board = board
        self.pairing = pairing
        self.server = server
    }

    /// An event line (hand this to `EventSink.addLineObserver`): to `/events` and the run board.
    /// Never blocks on a client.
    public func observe(line: String) {
        board.observe(line)
        events.publish(line)
    }

    /// A short press of the button: completes a waiting pairing (true), else means nothing here.
    public func buttonPressed(now: Double) -> Bool { pairing.buttonPressed(now: now) }

    /// Stops the server (open streams end within a fraction of a second).
    public func stop() { server.stop() }
}
