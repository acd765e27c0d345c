import GateSpeedPlatform
import MicroHTTPServer

/// The table of paths: which answer each request gets. Read-only paths are open to anyone;
/// everything that changes something needs a token (401 otherwise).
struct WebRoutes: Sendable {
    let setup: WebSetup
    let events: EventBroadcast
    let board: RunBoard
    let pairing: Pairing
    let courseEditor: CourseEditor?
    /// `GET /api/course` and `POST /api/course/check` (the setup page; see CourseInspection).
    let courseInspection: CourseInspection?
    let clips: ClipFiles?

    init(setup: WebSetup, events: EventBroadcast, board: RunBoard, pairing: Pairing) {
        self.setup = setup
        self.events = events
        self.board = board
        self.pairing = pairing
        courseEditor = setup.course.map(CourseEditor.init)
        courseInspection = setup.course.map(CourseInspection.init)
        clips = setup.clipsDirectory.map(ClipFiles.init)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let segments = request.pathSegments
        let reading = request.method == "GET" || request.method == "HEAD"
        switch (reading, segments.first ?? "") {
        case (true, "api"): return readAPI(Array(segments.dropFirst()), request)
        case (true, "events"): return eventStream(segments)
        case (true, "live.jpg"): return segments.count == 1 ? LiveResponses.still(setup.live) : notFound()
        case (true, "live.mjpeg"): return segments.count == 1 ? LiveResponses.stream(setup.live) : notFound()
        case (true, "clips"): return clips?.response(Array(segments.dropFirst()), request) ?? notFound()
        case (true, _): return asset(request.path)
        case (false, "api"): return changeAPI(Array(segments.dropFirst()), request)
        default: return notFound()
        }
    }

    private func readAPI(_ path: [String], _ request: HTTPRequest) -> HTTPResponse {
        switch path {
        case ["status"]:
            let status = setup.status()
            let (scoreboard, last) = board.statusMembers()
            let faults = status.faults.map { WebJSON.quoted("\($0.fault.rawValue): \($0.reason)") }
            return Self.json(WebJSON.object([("phase", WebJSON.quoted(status.phase.rawValue)), ("scoreboard", scoreboard),
                                             ("last", last), ("faults", WebJSON.array(faults)),
                                             ("pairing", pairing.isWaitingForButton(now: setup.clock()) ? "true" : "false")]))
        case ["runs"]:
            return Self.json(board.runsJSON())
        case ["course"]:
            return courseInspection?.current() ?? Self.notAvailable("the course is not known here")
        case let p where p.count == 2 && p[0] == "pair":
            switch pairing.claim(p[1], now: setup.clock()) {
            case .token(let token):
                return Self.json(WebJSON.object([("status", "\"paired\""), ("token", WebJSON.quoted(token))]))
            case .waiting:
                return Self.json(WebJSON.object([("status", "\"waiting\""), ("token", "null")]), status: 202)
            case .unknown:
                return Self.json(WebJSON.object([("status", "\"unknown\""), ("token", "null")]), status: 404)
            }
        case ["status"], ["runs"], ["rearm"], ["recalibrate"], ["highlight"], ["session"], ["course"], ["pair"],
             ["walkthrough"], ["clips", "favourite"]:
            return methodNotAllowed()
        default:
            return notFound()
        }
    }

    private func changeAPI(_ path: [String], _ request: HTTPRequest) -> HTTPResponse {
        let method = request.method
        if path == ["pair"] {
            guard method == "POST" else { return methodNotAllowed() }
            let id = pairing.begin(now: setup.clock(), label: request.header("user-agent"))
            setup.log.info("pages: pairing requested; press the button (short) within \(Int(pairing.windowSeconds)) s")
            return Self.json(WebJSON.object([("id", WebJSON.quoted(id)),
                                             ("expires_s", WebJSON.number(pairing.windowSeconds, decimals: 0))]), status: 201)
        }
        if path == ["course", "check"] {   // changes nothing: no token needed
            guard method == "POST" else { return methodNotAllowed() }
            return courseInspection?.check(request.body) ?? Self.notAvailable("the course cannot be checked here")
        }
        let known: [[String]: String] = [["rearm"]: "POST", ["recalibrate"]: "POST", ["highlight"]: "POST",
                                         ["session"]: "POST", ["course"]: "PUT", ["walkthrough"]: "POST",
                                         ["clips", "favourite"]: "POST"]
        guard let wanted = known[path] else { return notFound() }
        guard method == wanted else { return methodNotAllowed() }
        guard pairing.authorizes(request.header("authorization"), now: setup.clock()) else {
            return HTTPResponse.text("{\"ok\":false,\"error\":\"a token is needed: Authorization: Bearer TOKEN (pair with the button, or web.token)\"}",
                                     status: 401, contentType: "application/json",
                                     headers: [("WWW-Authenticate", "Bearer realm=\"gatespeed\"")])
        }
        switch path {
        case ["rearm"]: setup.commands.rearm()
        case ["recalibrate"]: setup.commands.recalibrate()
        case ["highlight"]: setup.commands.highlight()
        case ["session"]: setup.commands.newSession()
        case ["course"]:
            guard let courseEditor else { return Self.notAvailable("the course cannot be changed here") }
            return courseEditor.put(request.body, checkOnly: request.query["check"] == "1" || request.query["check"] == "true")
        case ["walkthrough"]:
            return walkthrough(request.body)
        case ["clips", "favourite"]:
            return favourite(request.body)
        default:
            return notFound()
        }
        return Self.json("{\"ok\":true}", status: 202)
    }

    private func walkthrough(_ body: [UInt8]) -> HTTPResponse {
        guard let start = setup.walkthrough else { return Self.notAvailable("the walk-through check is not available here") }
        let fields = WebBody.object(body)
        let seconds = fields?["seconds"] as? Double ?? 60
        guard seconds.isFinite, seconds >= 1, seconds <= 600 else {
            return Self.json("{\"ok\":false,\"error\":\"seconds must be between 1 and 600\"}", status: 422)
        }
        start(seconds)
        return Self.json(WebJSON.object([("ok", "true"), ("seconds", WebJSON.number(seconds, decimals: 1))]), status: 202)
    }

    private func favourite(_ body: [UInt8]) -> HTTPResponse {
        guard let setFavourite = setup.setFavourite, let clips else { return Self.notAvailable("there are no clips here") }
        guard let fields = WebBody.object(body), let url = fields["clip"] as? String else {
            return Self.json("{\"ok\":false,\"error\":\"the body must be {\\\"clip\\\": \\\"/clips/…\\\", \\\"favourite\\\": true}\"}",
                             status: 422)
        }
        let favourite = fields["favourite"] as? Bool ?? true
        guard let (session, file) = clips.session(ofURL: url) else {
            return Self.json("{\"ok\":false,\"error\":\"not a clip of a session\"}", status: 422)
        }
        do {
            guard try setFavourite(favourite, file, session) else {
                return Self.json("{\"ok\":false,\"error\":\"no such clip in its session's index\"}", status: 404)
            }
        } catch {
            return Self.json(WebJSON.object([("ok", "false"), ("error", WebJSON.quoted("\(error)"))]), status: 500)
        }
        return Self.json(WebJSON.object([("ok", "true"), ("favourite", favourite ? "true" : "false")]))
    }

    private func eventStream(_ segments: [String]) -> HTTPResponse {
        guard segments.count == 1 else { return notFound() }
        guard let stream = events.openStream() else {
            return .text("too many event streams open\n", status: 503, headers: [("Retry-After", "5")])
        }
        return .stream(stream, contentType: "text/event-stream", headers: [("X-Accel-Buffering", "no")])
    }

    private func asset(_ path: String) -> HTTPResponse {
        let key = path.isEmpty ? "/" : path
        if let asset = setup.assets[key] ?? (key == "/index.html" ? setup.assets["/"] : nil) {
            return .bytes(asset.bytes, contentType: asset.contentType, headers: [("Cache-Control", "no-cache")])
        }
        if key == "/" { return .text(PlaceholderPage.html, contentType: "text/html; charset=utf-8") }
        return notFound()
    }

    private func notFound() -> HTTPResponse { .text("not found\n", status: 404) }
    private func methodNotAllowed() -> HTTPResponse { .text("method not allowed\n", status: 405) }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        .text(text, status: status, contentType: "application/json", headers: [("Cache-Control", "no-store")])
    }

    static func notAvailable(_ why: String) -> HTTPResponse {
        json(WebJSON.object([("ok", "false"), ("error", WebJSON.quoted(why))]), status: 501)
    }
}
