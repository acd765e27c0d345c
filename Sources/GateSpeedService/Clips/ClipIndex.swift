/// Whether a clip is a valid run (pre-roll to post-roll) or a highlight (the last 10 s).
public enum ClipKind: String, Sendable, Codable {
    case run
    case highlight
}

/// One clip in a session's `index.json`.
public struct ClipEntry: Sendable, Codable, Equatable {
    public var kind: ClipKind
    /// Run number in the session (runs) or highlight number (highlights), from 1.
    public var number: Int
    /// Wall-clock time the clip was written, ISO 8601 UTC.
    public var time: String
    /// Average speed of the run, km/h (runs only).
    public var speedKmh: Double?
    /// "pass" or "fail" (runs only).
    public var verdict: String?
    /// File name inside the session directory.
    public var file: String
    /// Favourites are never deleted by the storage guard.
    public var favourite: Bool
    /// Size of the file, bytes.
    public var bytes: Int

    enum CodingKeys: String, CodingKey {
        case kind, number, time, verdict, file, favourite, bytes
        case speedKmh = "speed_kmh"
    }

    public init(kind: ClipKind, number: Int, time: String, speedKmh: Double?, verdict: String?, file: String,
                favourite: Bool = false, bytes: Int) {
        self.kind = kind
        self.number = number
        self.time = time
        self.speedKmh = speedKmh
        self.verdict = verdict
        self.file = file
        self.favourite = favourite
        self.bytes = bytes
    }
}

/// The content of `clips/YYYY-MM-DD/session-N/index.json`.
public struct SessionClipIndex: Sendable, Codable, Equatable {
    public var date: String
    public var session: Int
    public var clips: [ClipEntry]

    public init(date: String, session: Int, clips: [ClipEntry] = []) {
        self.date = date
        self.session = session
        self.clips = clips
    }
}

/// A clip about to be written: where, and what goes into the index once it is complete.
public struct ClipReservation: Sendable, Equatable {
    /// Full path of the `.mp4` to write (write it under a temporary name, rename when complete).
    public let path: String
    public let kind: ClipKind
    public let number: Int
    public let session: SessionID
    public let speedKmh: Double?
    public let pass: Bool?
}
