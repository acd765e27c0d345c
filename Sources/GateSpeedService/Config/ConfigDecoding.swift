import GateSpeedFrames

/// Turns the parsed JSON document into a `GateSpeedConfig`, section by section.
/// Keys are snake_case as in `Deploy/config.example.json`; absent keys keep their default.
extension GateSpeedConfig {
    init(document: JSONValue, source: String?) throws(ConfigError) {
        self.init()
        let root = try ConfigObjectReader(source: source, path: "", value: document,
                                          knownKeys: ["course", "camera", "vision", "board", "voice", "clips", "journal", "log"])
        course = try Self.course(root.object("course", knownKeys: ["posts", "length_m", "pass_kmh", "timeout_s",
                                                                   "post_height_m", "camera"]))
        camera = try Self.camera(root.object("camera", knownKeys: ["device", "width", "height", "fps", "io",
                                                                   "rotation", "mirror", "crop"]))
        vision = try Self.vision(root.object("vision", knownKeys: ["rider_min_height", "calibration_window_s"]))
        board = try Self.board(root.object("board", knownKeys: ["profile", "chip_label", "lines", "active_low"]))
        voice = try Self.voice(root.object("voice", knownKeys: ["name", "rate", "volume", "alsa_device", "wav_dir"]))
        clips = try Self.clips(root.object("clips", knownKeys: ["directory", "enabled", "pre_roll_s", "post_roll_s",
                                                                "highlight_s", "highlight_cooldown_s", "min_free_mb",
                                                                "codec", "crf", "keyframe_interval_s"]))
        journal.path = try root.object("journal", knownKeys: ["path"]).string("path", default: journal.path)
        log.level = try root.object("log", knownKeys: ["level"]).choice("level", default: log.level)
        _ = try solveGateCourse(source: source)
    }

    private static func course(_ reader: ConfigObjectReader) throws(ConfigError) -> Course {
        var course = Course()
        if let value = reader.value("posts") {
            guard case .array(let elements) = value else {
                throw reader.error("posts", "must be an array of numbers, not \(value.shortDescription)")
            }
            if case .object = elements.first {
                let marks = try CoursePostMarks.decode(elements, reader: reader)
                course.marks = marks
                course.posts = marks.map(\.base.x)
            }
            var posts: [Double] = []
            for (index, element) in elements.enumerated() where course.marks == nil {
                guard case .number(let position, _) = element else {
                    throw reader.error("posts[\(index)]", "must be a number, not \(element.shortDescription)")
                }
                posts.append(position)
            }
            if course.marks == nil {
                try CoursePosts.validate(posts, source: reader.source, path: reader.keyPath("posts"))
                course.posts = posts
            }
        }
        course.postHeightMetres = try reader.optionalNumber("post_height_m", default: nil)
        if let height = course.postHeightMetres { try reader.requireBetween("post_height_m", height, 0.2, 5) }
        course.camera = try cameraPlacement(reader.object("camera", knownKeys: ["height_m", "distance_m", "hfov_deg"]))
        course.lengthMetres = try reader.number("length_m", default: course.lengthMetres)
        try reader.requireGreater("length_m", course.lengthMetres, than: 0)
        course.passKmh = try reader.number("pass_kmh", default: course.passKmh)
        try reader.requireGreater("pass_kmh", course.passKmh, than: 0)
        course.timeoutSeconds = try reader.number("timeout_s", default: course.timeoutSeconds)
        try reader.requireGreater("timeout_s", course.timeoutSeconds, than: 0)
        return course
    }

    private static func cameraPlacement(_ reader: ConfigObjectReader) throws(ConfigError) -> CameraPlacement {
        var placement = CameraPlacement()
        placement.heightMetres = try reader.optionalNumber("height_m", default: nil)
        if let height = placement.heightMetres { try reader.requireBetween("height_m", height, 0.2, 30) }
        placement.distanceMetres = try reader.optionalNumber("distance_m", default: nil)
        if let distance = placement.distanceMetres { try reader.requireBetween("distance_m", distance, 1, 200) }
        placement.horizontalFieldOfViewDegrees = try reader.optionalNumber("hfov_deg", default: nil)
        if let fov = placement.horizontalFieldOfViewDegrees { try reader.requireBetween("hfov_deg", fov, 20, 170) }
        return placement
    }

    private static func camera(_ reader: ConfigObjectReader) throws(ConfigError) -> Camera {
        var camera = Camera()
        camera.device = try reader.string("device", default: camera.device)
        camera.width = try reader.integer("width", default: camera.width)
        try reader.requireBetween("width", Double(camera.width), 16, 8192)
        camera.height = try reader.integer("height", default: camera.height)
        try reader.requireBetween("height", Double(camera.height), 16, 8192)
        camera.framesPerSecond = try reader.optionalNumber("fps", default: camera.framesPerSecond)
        if let fps = camera.framesPerSecond { try reader.requireGreater("fps", fps, than: 0) }
        camera.io = try reader.choice("io", default: camera.io)
        if let value = reader.value("rotation") {
            let allowed = FrameGeometry.Rotation.allCases.map { String($0.rawValue) }.joined(separator: ", ")
            guard case .number(let degrees, _) = value, degrees == degrees.rounded(), abs(degrees) < 1e6,
                  let rotation = FrameGeometry.Rotation(rawValue: Int(degrees)) else {
                throw reader.error("rotation", "\(value.shortDescription) is not one of \(allowed)")
            }
            camera.rotation = rotation
        }
        camera.mirror = try reader.bool("mirror", default: camera.mirror)
        camera.crop = try crop(reader.object("crop", knownKeys: ["x", "y", "width", "height"]))
        return camera
    }

    private static func crop(_ reader: ConfigObjectReader) throws(ConfigError) -> FrameGeometry.Rect {
        var crop = FrameGeometry.Rect.full
        crop.x = try reader.number("x", default: crop.x)
        try reader.requireBetween("x", crop.x, 0, 1)
        crop.y = try reader.number("y", default: crop.y)
        try reader.requireBetween("y", crop.y, 0, 1)
        crop.width = try reader.number("width", default: crop.width)
        try reader.requireGreater("width", crop.width, than: 0)
        crop.height = try reader.number("height", default: crop.height)
        try reader.requireGreater("height", crop.height, than: 0)
        let slack = 1e-9
        guard crop.x + crop.width <= 1 + slack else {
            throw ConfigError(source: reader.source, location: reader.path,
                              problem: "x + width (\(ConfigNumberFormat.plain(crop.x)) + \(ConfigNumberFormat.plain(crop.width)))"
                                  + " must be at most 1")
        }
        guard crop.y + crop.height <= 1 + slack else {
            throw ConfigError(source: reader.source, location: reader.path,
                              problem: "y + height (\(ConfigNumberFormat.plain(crop.y)) + \(ConfigNumberFormat.plain(crop.height)))"
                                  + " must be at most 1")
        }
        return crop
    }

    private static func vision(_ reader: ConfigObjectReader) throws(ConfigError) -> Vision {
        var vision = Vision()
        vision.riderMinHeight = try reader.optionalNumber("rider_min_height", default: vision.riderMinHeight)
        if let height = vision.riderMinHeight {
            try reader.requireGreater("rider_min_height", height, than: 0)
            try reader.requireBetween("rider_min_height", height, 0, 1)
        }
        vision.calibrationWindowSeconds = try reader.number("calibration_window_s", default: vision.calibrationWindowSeconds)
        try reader.requireGreater("calibration_window_s", vision.calibrationWindowSeconds, than: 0)
        return vision
    }

    private static func board(_ reader: ConfigObjectReader) throws(ConfigError) -> Board {
        var board = Board()
        board.profile = try reader.choice("profile", default: board.profile)
        board.chipLabel = try reader.optionalString("chip_label", default: board.chipLabel)
        let lines = try reader.object("lines", knownKeys: Board.LineRole.allCases.map(\.rawValue))
        for role in Board.LineRole.allCases {
            if let line = try lineOverride(lines, role.rawValue) { board.lines[role] = line }
        }
        board.activeLow = try reader.optionalBool("active_low", default: board.activeLow)
        return board
    }

    /// `17`, `"GPIO17"`, `{"offset": 17, "active_low": true}`, `{"name": "GPIO17"}`, or null.
    private static func lineOverride(_ lines: ConfigObjectReader, _ key: String) throws(ConfigError) -> Board.LineOverride? {
        switch lines.value(key) {
        case nil, .null?:
            return nil
        case .object?:
            let line = try lines.object(key, knownKeys: ["offset", "name", "active_low"])
            var result = Board.LineOverride(activeLow: try line.optionalBool("active_low", default: nil))
            if let offset = line.value("offset") {
                guard line.value("name") == nil else { throw lines.error(key, "give offset or name, not both") }
                guard let number = lineOffset(offset) else {
                    throw line.error("offset", "must be a whole number from 0, not \(offset.shortDescription)")
                }
                result.line = .offset(number)
            } else if line.value("name") != nil {
                result.line = .name(try line.string("name", default: ""))
            }
            return result
        case let value?:
            if let number = lineOffset(value) { return Board.LineOverride(line: .offset(number)) }
            if case .string(let name) = value, !name.isEmpty { return Board.LineOverride(line: .name(name)) }
            throw lines.error(key, "must be a line offset (a whole number from 0), a line name or an object, "
                              + "not \(value.shortDescription)")
        }
    }

    private static func lineOffset(_ value: JSONValue) -> Int? {
        guard case .number(let number, _) = value, number == number.rounded(), number >= 0, number < 100_000 else {
            return nil
        }
        return Int(number)
    }

    private static func voice(_ reader: ConfigObjectReader) throws(ConfigError) -> Voice {
        var voice = Voice()
        voice.name = try reader.string("name", default: voice.name)
        voice.rateWordsPerMinute = try reader.integer("rate", default: voice.rateWordsPerMinute)
        try reader.requireBetween("rate", Double(voice.rateWordsPerMinute), 80, 450)
        voice.volumePercent = try reader.integer("volume", default: voice.volumePercent)
        try reader.requireBetween("volume", Double(voice.volumePercent), 0, 200)
        voice.alsaDevice = try reader.string("alsa_device", default: voice.alsaDevice)
        voice.wavDirectory = try reader.optionalString("wav_dir", default: voice.wavDirectory)
        return voice
    }

    private static func clips(_ reader: ConfigObjectReader) throws(ConfigError) -> Clips {
        var clips = Clips()
        clips.directory = try reader.string("directory", default: clips.directory)
        clips.enabled = try reader.bool("enabled", default: clips.enabled)
        clips.preRollSeconds = try reader.number("pre_roll_s", default: clips.preRollSeconds)
        try reader.requireBetween("pre_roll_s", clips.preRollSeconds, 0, 10)
        clips.postRollSeconds = try reader.number("post_roll_s", default: clips.postRollSeconds)
        try reader.requireBetween("post_roll_s", clips.postRollSeconds, 0, 10)
        clips.highlightSeconds = try reader.number("highlight_s", default: clips.highlightSeconds)
        try reader.requireGreater("highlight_s", clips.highlightSeconds, than: 0)
        try reader.requireBetween("highlight_s", clips.highlightSeconds, 0, 60)
        clips.highlightCooldownSeconds = try reader.number("highlight_cooldown_s", default: clips.highlightCooldownSeconds)
        try reader.requireAtLeast("highlight_cooldown_s", clips.highlightCooldownSeconds, 0)
        clips.minimumFreeMegabytes = try reader.integer("min_free_mb", default: clips.minimumFreeMegabytes)
        try reader.requireAtLeast("min_free_mb", Double(clips.minimumFreeMegabytes), 0)
        clips.codec = try reader.string("codec", default: clips.codec)
        guard clips.codec == "h264" else { throw reader.error("codec", "\"\(clips.codec)\" is not one of \"h264\"") }
        clips.crf = try reader.integer("crf", default: clips.crf)
        try reader.requireBetween("crf", Double(clips.crf), 0, 51)
        clips.keyframeIntervalSeconds = try reader.number("keyframe_interval_s", default: clips.keyframeIntervalSeconds)
        try reader.requireGreater("keyframe_interval_s", clips.keyframeIntervalSeconds, than: 0)
        try reader.requireBetween("keyframe_interval_s", clips.keyframeIntervalSeconds, 0, 10)
        return clips
    }
}
