import GateSpeedPlatform
import GateSpeedEvents
import MicroHTTPServer

/// Everything the pages are connected to, handed over by the composition root.
public struct WebSetup: Sendable {
    /// Where to listen and the server's limits.
    public var server: HTTPServerSettings
    /// The page's files by URL path (`/` is the page itself, `/app.js`, …); `/` falls back to a
    /// small placeholder page when absent.
    public var assets: [String: WebAsset] = [:]
    /// The phase and faults (`ServiceStatusReporter.current`).
    public var status: @Sendable () -> ServiceStatus = { ServiceStatus() }
    public var commands: WebCommands = .none
    public var live: LiveFeed = .unavailable
    /// The clips folder `/clips/…` serves (nil: none).
    public var clipsDirectory: String?
    /// Marks or unmarks a clip of a session as a favourite in the clip index the recorder
    /// keeps (`ClipLibrary.setFavourite`); false when the index has no such clip. Nil:
    /// favourites cannot be set.
    public var setFavourite: (@Sendable (_ favourite: Bool, _ file: String, _ session: SessionID) throws -> Bool)?
    /// `PUT /api/course` (nil: answered 501).
    public var course: CourseEditing?
    /// `POST /api/walkthrough`: report every post crossing for this many seconds (nil: 501).
    public var walkthrough: (@Sendable (_ seconds: Double) -> Void)?
    /// `web.token`, or nil for pairing only.
    public var token: String?
    /// The pairing book, when the composition root hooks the button to it before the pages start
    /// (nil: one is made with `token`).
    public var pairing: Pairing?
    /// The session's tally when the pages start (restored from the journal).
    public var tally = RunBoard.Tally()
    /// Any monotonic clock, seconds (pairing windows).
    public var clock: @Sendable () -> Double = { EventBroadcast.now() }
    /// The service's log (the pages' lines say "pages: …").
    public var log: Log = .silent

    public init(server: HTTPServerSettings) { self.server = server }
}
