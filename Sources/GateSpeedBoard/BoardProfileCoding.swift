/// JSON form of a profile, as in `Board/*.json`:
/// `{"name", "chip_label" (string or null), "posts": [line x5], "status": line, "button": line,
///   "button_pull_up"}` where a line is `{"offset": 17}` or `{"name": "GPIO17"}`, plus an
/// optional `"active_low"` (default false).
extension BoardProfile: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, chipLabel = "chip_label", posts, status, button, buttonPullUp = "button_pull_up"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            chipLabel: try container.decodeIfPresent(String.self, forKey: .chipLabel),
            posts: try container.decode([LineSpec].self, forKey: .posts),
            status: try container.decode(LineSpec.self, forKey: .status),
            button: try container.decode(LineSpec.self, forKey: .button),
            buttonPullUp: try container.decodeIfPresent(Bool.self, forKey: .buttonPullUp) ?? true)
        try validate()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(chipLabel, forKey: .chipLabel)
        try container.encode(posts, forKey: .posts)
        try container.encode(status, forKey: .status)
        try container.encode(button, forKey: .button)
        try container.encode(buttonPullUp, forKey: .buttonPullUp)
    }
}

extension LineSpec: Codable {
    private enum CodingKeys: String, CodingKey {
        case offset, name, activeLow = "active_low"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let offset = try container.decodeIfPresent(UInt32.self, forKey: .offset)
        let name = try container.decodeIfPresent(String.self, forKey: .name)
        let activeLow = try container.decodeIfPresent(Bool.self, forKey: .activeLow) ?? false
        switch (offset, name) {
        case (let offset?, nil): self.init(.offset(offset), activeLow: activeLow)
        case (nil, let name?): self.init(.name(name), activeLow: activeLow)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .offset, in: container,
                debugDescription: "a line needs exactly one of \"offset\" or \"name\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch line {
        case .offset(let offset): try container.encode(offset, forKey: .offset)
        case .name(let name): try container.encode(name, forKey: .name)
        }
        try container.encode(activeLow, forKey: .activeLow)
    }
}
