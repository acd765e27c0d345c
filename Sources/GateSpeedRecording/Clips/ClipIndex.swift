import GateSpeedCore
import GateSpeedEvents
import GateSpeedPlatform

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

/// The names clip files have, `run-0007-31kmh-pass.mp4` and `highlight-0003.mp4`, made and
/// read back (to rebuild a lost or corrupt index, or to keep a clip an interrupted write left).
public struct ClipFileName: Sendable, Equatable {
    /// Run and highlight numbers never go past this (an index saying otherwise is not believed).
    public static let maximumNumber = 999_999

    public var kind: ClipKind
    public var number: Int
    /// Whole km/h in the name (runs only).
    public var roundedKmh: Int?
    /// Runs only.
    public var pass: Bool?

    public init(kind: ClipKind, number: Int, roundedKmh: Int? = nil, pass: Bool? = nil) {
        self.kind = kind
        self.number = number
        self.roundedKmh = roundedKmh
        self.pass = pass
    }

    /// The file name: numbers at least four digits, speeds as given.
    public var text: String {
        let padded = Self.padded(number)
        switch kind {
        case .highlight: return "highlight-\(padded).mp4"
        case .run: return "run-\(padded)-\(roundedKmh ?? 0)kmh-\((pass ?? false) ? "pass" : "fail").mp4"
        }
    }

    /// Parses a clip file name; nil for anything else (hidden files, the index, other files).
    public init?(parsing name: String) {
        guard name.hasSuffix(".mp4") else { return nil }
        let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0] == "highlight", let number = Self.number(parts[1]) {
            self.init(kind: .highlight, number: number)
        } else if parts.count == 4, parts[0] == "run", let number = Self.number(parts[1]),
                  parts[2].hasSuffix("kmh"), let kmh = Self.number(parts[2].dropLast(3), allowZero: true),
                  parts[3] == "pass" || parts[3] == "fail" {
            self.init(kind: .run, number: number, roundedKmh: kmh, pass: parts[3] == "pass")
        } else {
            return nil
        }
    }

    /// Digits only, at most six, within 1…maximumNumber (0 allowed for speeds).
    private static func number(_ text: Substring, allowZero: Bool = false) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text),
              value <= maximumNumber, allowZero || value >= 1 else { return nil }
        return value
    }

    private static func padded(_ number: Int) -> String { DecimalFormat.zeroPadded(number, width: 4) }
}

extension ClipEntry {
    /// Why this entry (read from an index file) cannot be believed, or nil: its `file` must be a
    /// plain clip file name inside the session folder, its numbers in range.
    public var problem: String? {
        if let problem = ConfinedDirectory.problem(withName: file) { return "file \(problem)" }
        guard ClipFileName(parsing: file) != nil else {
            return "file '\(ConfinedDirectory.shortened(file))' is not a clip name (run-NNNN-…mp4 or highlight-NNNN.mp4)"
        }
        guard (1...ClipFileName.maximumNumber).contains(number) else {
            return "number \(number) is outside 1…\(ClipFileName.maximumNumber)"
        }
        guard bytes >= 0 else { return "bytes \(bytes) is negative" }
        if let speedKmh, !speedKmh.isFinite { return "speed_kmh is not finite" }
        return nil
    }
}
