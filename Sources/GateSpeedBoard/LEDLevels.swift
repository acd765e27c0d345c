/// Logical levels (true = lit) of the five post LEDs and the status LED.
/// Active-low wiring is the output's business, not this type's.
public struct LEDLevels: Hashable, Sendable, CustomStringConvertible {
    /// Bit 0 = post 1 ... bit 4 = post 5.
    public var posts: PostSet
    public var status: Bool

    public init(posts: PostSet = .none, status: Bool = false) {
        self.posts = posts
        self.status = status
    }

    public static let allOff = LEDLevels()
    public static let allOn = LEDLevels(posts: .all, status: true)

    /// Only one LED lit: post 1...5, or the status LED for `BoardProfile.postCount + 1`.
    public static func only(_ index: Int) -> LEDLevels {
        index == BoardProfile.postCount + 1 ? LEDLevels(status: true) : LEDLevels(posts: PostSet([index]))
    }

    public func post(_ number: Int) -> Bool { posts.contains(number) }

    /// A one-line picture, e.g. `posts ● ● ○ ○ ○  status ●`.
    public var description: String {
        var text = "posts"
        for number in 1...BoardProfile.postCount { text += post(number) ? " ●" : " ○" }
        return text + "  status " + (status ? "●" : "○")
    }
}
