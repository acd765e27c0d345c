/// What the pages' controls ask of the frame loop (the composition root passes `LoopCommands`'
/// requests); each is called on an HTTP thread and must only hand the request over.
public struct WebCommands: Sendable {
    public var rearm: @Sendable () -> Void
    public var recalibrate: @Sendable () -> Void
    public var highlight: @Sendable () -> Void
    public var newSession: @Sendable () -> Void

    public init(rearm: @escaping @Sendable () -> Void, recalibrate: @escaping @Sendable () -> Void,
                highlight: @escaping @Sendable () -> Void, newSession: @escaping @Sendable () -> Void) {
        self.rearm = rearm
        self.recalibrate = recalibrate
        self.highlight = highlight
        self.newSession = newSession
    }

    public static let none = WebCommands(rearm: {}, recalibrate: {}, highlight: {}, newSession: {})
}

/// A file of the page (HTML, CSS, JavaScript, an image), handed over by the composition root.
public struct WebAsset: Sendable {
    public var contentType: String
    public var bytes: [UInt8]

    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }

    public init(contentType: String, text: String) {
        self.init(contentType: contentType, bytes: Array(text.utf8))
    }
}
