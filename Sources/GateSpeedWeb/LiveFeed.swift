/// The camera's view as JPEG frames, made off the frame loop by whoever implements this (the
/// live-view encoder). The pages call `beginWatching` when a viewer comes and `endWatching` when
/// it goes (the encoder does nothing while nobody watches), and pull frames with `nextJPEG`.
public struct LiveFeed: Sendable {
    /// A viewer came (`/live.jpg` asked, or an MJPEG stream opened).
    public var beginWatching: @Sendable () -> Void
    /// A viewer went; called once for every `beginWatching`.
    public var endWatching: @Sendable () -> Void
    /// The newest frame whose sequence number is greater than `after` (0: any frame), waiting at
    /// most `timeoutSeconds` for one; nil when there is none yet.
    public var nextJPEG: @Sendable (_ after: UInt64, _ timeoutSeconds: Double) -> (sequence: UInt64, bytes: [UInt8])?

    public init(beginWatching: @escaping @Sendable () -> Void, endWatching: @escaping @Sendable () -> Void,
                nextJPEG: @escaping @Sendable (_ after: UInt64, _ timeoutSeconds: Double)
                    -> (sequence: UInt64, bytes: [UInt8])?) {
        self.beginWatching = beginWatching
        self.endWatching = endWatching
        self.nextJPEG = nextJPEG
    }

    /// No view (no encoder): `/live.jpg` and `/live.mjpeg` answer 503.
    public static let unavailable = LiveFeed(beginWatching: {}, endWatching: {}, nextJPEG: { _, _ in nil })
}
