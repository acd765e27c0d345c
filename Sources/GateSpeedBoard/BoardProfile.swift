/// How a GPIO line is found on its chip.
public enum LineSelector: Hashable, Sendable, CustomStringConvertible {
    /// The line's offset on the chip (for the Raspberry Pi header, the BCM number).
    case offset(UInt32)
    /// The line's name as the kernel reports it (e.g. "GPIO17").
    case name(String)

    public var description: String {
        switch self {
        case .offset(let offset): return "line \(offset)"
        case .name(let name): return "\"\(name)\""
        }
    }
}

/// One line of the board: where it is and whether "on"/"pressed" is the low level.
public struct LineSpec: Hashable, Sendable {
    public var line: LineSelector
    /// When true, the logical level "on"/"pressed" is the physical low level.
    public var activeLow: Bool

    public init(_ line: LineSelector, activeLow: Bool = false) {
        self.line = line
        self.activeLow = activeLow
    }
}

/// The lines a profile names, used for overrides and messages.
public enum LineRole: Hashable, Sendable, CustomStringConvertible {
    /// Post LED, 1...5, counted from the left edge of the image.
    case post(Int)
    case status
    case button

    /// Parses a config key: "post1"..."post5", "status", "button".
    public init?(configKey: String) {
        switch configKey {
        case "status": self = .status
        case "button": self = .button
        default:
            guard configKey.hasPrefix("post"), let number = Int(configKey.dropFirst(4)),
                  (1...BoardProfile.postCount).contains(number) else { return nil }
            self = .post(number)
        }
    }

    public var description: String {
        switch self {
        case .post(let number): return "post\(number)"
        case .status: return "status"
        case .button: return "button"
        }
    }
}

extension LineRole: CaseIterable {
    /// Every role, in the order of the config's `board.lines` keys: post1…post5, status, button.
    public static let allCases: [LineRole] = (1...BoardProfile.postCount).map { .post($0) } + [.status, .button]
}

/// A single-line change from the config applied on top of a profile.
public struct LineOverride: Hashable, Sendable {
    public var role: LineRole
    /// The new line, or nil to keep the profile's.
    public var line: LineSelector?
    /// The new active-low flag, or nil to keep the profile's.
    public var activeLow: Bool?

    public init(role: LineRole, line: LineSelector? = nil, activeLow: Bool? = nil) {
        self.role = role
        self.line = line
        self.activeLow = activeLow
    }
}

/// What is wrong with a profile or a profile lookup.
public enum BoardProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownProfile(name: String, known: [String])
    case wrongPostCount(Int)
    case offsetWithoutChipLabel(LineRole)
    case duplicateLine(LineRole, LineRole)
    case unknownRole(String)

    public var description: String {
        switch self {
        case .unknownProfile(let name, let known):
            return "unknown board profile \"\(name)\" (known: \(known.joined(separator: ", ")))"
        case .wrongPostCount(let count):
            return "a board profile needs exactly \(BoardProfile.postCount) post LEDs, got \(count)"
        case .offsetWithoutChipLabel(let role):
            return "\(role) is given by offset but the profile has no chip label; give the line by name or set the chip label"
        case .duplicateLine(let first, let second):
            return "\(first) and \(second) use the same line"
        case .unknownRole(let key):
            return "unknown line \"\(key)\" (use post1...post5, status or button)"
        }
    }
}

/// Which GPIO lines drive the five post LEDs and the status LED, and which reads the button.
///
/// Chips are found by label (or, when `chipLabel` is nil, by the lines' names), never by
/// number: the Raspberry Pi 5 header moved from gpiochip4 to gpiochip0 between kernels.
public struct BoardProfile: Hashable, Sendable {
    public static let postCount = 5

    public var name: String
    /// The chip's label (e.g. "pinctrl-bcm2711"); nil to find every line by its name.
    public var chipLabel: String?
    /// Post LEDs 1...5 (post 1 is leftmost in the image).
    public var posts: [LineSpec]
    public var status: LineSpec
    public var button: LineSpec
    /// Request the internal pull-up on the button line (button wired to ground).
    public var buttonPullUp: Bool

    public init(name: String, chipLabel: String?, posts: [LineSpec], status: LineSpec,
                button: LineSpec, buttonPullUp: Bool) {
        self.name = name
        self.chipLabel = chipLabel
        self.posts = posts
        self.status = status
        self.button = button
        self.buttonPullUp = buttonPullUp
    }

    /// The line of one role; nil only for a post number out of range.
    public func spec(for role: LineRole) -> LineSpec? {
        switch role {
        case .post(let number): return posts.indices.contains(number - 1) ? posts[number - 1] : nil
        case .status: return status
        case .button: return button
        }
    }

    /// Every role with its line, posts first.
    public var allLines: [(role: LineRole, spec: LineSpec)] {
        var lines = posts.enumerated().map { (role: LineRole.post($0.offset + 1), spec: $0.element) }
        lines.append((role: .status, spec: status))
        lines.append((role: .button, spec: button))
        return lines
    }

    /// This profile with config overrides applied on top, then validated.
    public func applying(overrides: [LineOverride], chipLabel newLabel: String?? = nil)
        throws(BoardProfileError) -> BoardProfile {
        var result = self
        if let newLabel { result.chipLabel = newLabel }
        for change in overrides {
            guard var spec = result.spec(for: change.role) else { throw .unknownRole(change.role.description) }
            if let line = change.line { spec.line = line }
            if let activeLow = change.activeLow { spec.activeLow = activeLow }
            switch change.role {
            case .post(let number): result.posts[number - 1] = spec
            case .status: result.status = spec
            case .button: result.button = spec
            }
        }
        try result.validate()
        return result
    }

    /// Checks post count, that offsets have a chip to refer to, and that no line is used twice.
    public func validate() throws(BoardProfileError) {
        guard posts.count == Self.postCount else { throw .wrongPostCount(posts.count) }
        let lines = allLines
        for (index, entry) in lines.enumerated() {
            if case .offset = entry.spec.line, chipLabel == nil { throw .offsetWithoutChipLabel(entry.role) }
            for earlier in lines[..<index] where earlier.spec.line == entry.spec.line {
                throw .duplicateLine(earlier.role, entry.role)
            }
        }
    }
}
