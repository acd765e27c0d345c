/// A result or invalid run read back from the journal (`JournalTail` in GateSpeedJournal), as
/// the event line stdout printed for it, and where its line ends: what the journal hands to
/// the sinks that publish from it (MQTT) without their knowing the journal.
public struct JournalTailEntry: Sendable, Equatable {
    /// Byte offset just past this line's newline.
    public let end: Int
    /// `result` or `invalid`.
    public let event: String
    /// Seconds on the source's clock (nil when the journal had none).
    public let t: Double?
    /// The JSON event line (no newline).
    public let line: String

    public init(end: Int, event: String, t: Double?, line: String) {
        self.end = end
        self.event = event
        self.t = t
        self.line = line
    }
}

/// One read of the journal forward from a byte offset: the entries, the offset after the last
/// complete line read (session lines advance it too), and whether the file was shorter than
/// the offset (replaced; then nothing else).
public typealias JournalTailRead = (entries: [JournalTailEntry], end: Int, shorter: Bool)

/// Reads the journal at `path` from a byte offset; nil when the file cannot be read.
public typealias JournalTailReader = @Sendable (_ path: String, _ offset: Int) -> JournalTailRead?
