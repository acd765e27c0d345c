/// Whether a clip is a valid run (pre-roll to post-roll) or a highlight (the last 10 s).
public enum ClipKind: String, Sendable, Codable {
    case run
    case highlight
}
