/// What an announcement is about. At most one unspoken announcement of each kind waits in the
/// queue: a newer one replaces it.
public enum AnnouncementKind: String, Sendable, CaseIterable {
    /// Speed and verdict of a valid run.
    case result
    /// Why a run was invalid.
    case invalid
    /// Confirmation of a button action ("Highlight saved.").
    case confirmation
    /// The hardware self-test phrase.
    case check
}

/// One thing to say.
public struct Announcement: Sendable, Equatable {
    /// Chosen by the caller; reported back in `SpeechCompletion`.
    public var id: UInt64
    public var kind: AnnouncementKind
    public var text: String

    public init(id: UInt64, kind: AnnouncementKind, text: String) {
        self.id = id
        self.kind = kind
        self.text = text
    }
}

/// How an announcement ended. Every enqueued announcement ends exactly once.
public enum SpeechOutcome: Sendable, Equatable {
    /// Played on the sound device, or written as WAV (then `SpeechCompletion.wavPath` is set).
    case spoken
    /// A newer announcement of the same kind took its place before it was spoken.
    case replaced(byID: UInt64)
    /// The queue was full; it was the oldest waiting announcement.
    case dropped
    /// The speaker stopped before it was spoken.
    case abandoned
    /// Synthesis or output failed, or there was nowhere to play it; the message says why.
    case failed(String)
}

/// Reported once per announcement through the speaker's `onFinished` callback.
public struct SpeechCompletion: Sendable, Equatable {
    public var id: UInt64
    public var kind: AnnouncementKind
    public var outcome: SpeechOutcome
    /// The WAV file written for it, when the output was a WAV file.
    public var wavPath: String?

    public init(id: UInt64, kind: AnnouncementKind, outcome: SpeechOutcome, wavPath: String? = nil) {
        self.id = id
        self.kind = kind
        self.outcome = outcome
        self.wavPath = wavPath
    }
}
