import GateSpeedBoard
import GateSpeedFrames

/// Turns the parsed JSON document into a `GateSpeedConfig`, section by section. Keys, ranges
/// and range messages come from `ConfigKeys`; absent keys keep their default.
extension GateSpeedConfig {
    init(document: JSONValue, source: String?) throws(ConfigError) {
        self.init()
        let root = try ConfigObjectReader(source: source, path: "", value: document)
        course = try Self.course(root.object("course"))
        camera = try Self.camera(root.object("camera"))
        vision = try Self.vision(root.object("vision"))
        board = try Self.board(root.object("board"))
        voice = try Self.voice(root.object("voice"))
        clips = try Self.clips(root.object("clips"))
        journal.path = try root.object("journal").string(ConfigKeys.Journal.path, default: journal.path)
        log.level = try root.object("log").choice(ConfigKeys.Logging.level, default: log.level)
        web = try Self.web(root.object("web"))
        mqtt = try Self.mqtt(root.object("mqtt"))
        _ = try boardProfile(source: source)
        _ = try solveGateCourse(source: source)
    }

    private static func course(_ reader: ConfigObjectReader) throws(ConfigError) -> Course {
        typealias Key = ConfigKeys.Course
        var course = Course()
        if let value = reader.value("posts") {
            guard case .array(let elements) = value else {
                throw reader.error("posts", "must be an array of numbers, not \(value.shortDescription)")
            }
            if case .object = elements.first {
                let marks = try CoursePostMarks.decode(elements, reader: reader)
                course.marks = marks
                course.rules.posts = marks.map(\.base.x)
            } else {
                var posts: [Double] = []
                for (index, element) in elements.enumerated() {
                    guard case .number(let position, _) = element else {
                        throw reader.error("posts[\(index)]", "must be a number, not \(element.shortDescription)")
                    }
                    posts.append(position)
                }
                try CoursePosts.validate(posts, source: reader.source, path: reader.keyPath("posts"))
                course.rules.posts = posts
            }
        }
        course.postHeightMetres = try reader.optionalNumber(Key.postHeight, default: nil)
        course.camera = try cameraPlacement(reader.object("camera"))
        course.rules.lengthMetres = try reader.number(Key.length, default: course.rules.lengthMetres)
        course.rules.passKmh = try reader.number(Key.passSpeed, default: course.rules.passKmh)
        course.rules.timeoutSeconds = try reader.number(Key.timeout, default: course.rules.timeoutSeconds)
        return course
    }

    private static func cameraPlacement(_ reader: ConfigObjectReader) throws(ConfigError) -> CameraPlacement {
        typealias Key = ConfigKeys.Course
        var placement = CameraPlacement()
        placement.heightMetres = try reader.optionalNumber(Key.cameraHeight, default: nil)
        placement.distanceMetres = try reader.optionalNumber(Key.cameraDistance, default: nil)
        placement.horizontalFieldOfViewDegrees = try reader.optionalNumber(Key.cameraFieldOfView, default: nil)
        return placement
    }

    private static func camera(_ reader: ConfigObjectReader) throws(ConfigError) -> Camera {
        typealias Key = ConfigKeys.Camera
        var camera = Camera()
        camera.device = try reader.string(Key.device, default: camera.device)
        camera.width = try reader.integer(Key.width, default: camera.width)
        camera.height = try reader.integer(Key.height, default: camera.height)
        camera.framesPerSecond = try reader.optionalNumber(Key.framesPerSecond, default: camera.framesPerSecond)
        camera.io = try reader.choice(Key.io, default: camera.io)
        if let value = reader.value(Key.rotation.name) {
            let allowed = FrameGeometry.Rotation.allCases.map { String($0.rawValue) }.joined(separator: ", ")
            guard case .number(let degrees, _) = value, degrees == degrees.rounded(), abs(degrees) < 1e6,
                  let rotation = FrameGeometry.Rotation(rawValue: Int(degrees)) else {
                throw reader.error(Key.rotation.name, "\(value.shortDescription) is not one of \(allowed)")
            }
            camera.rotation = rotation
        }
        camera.mirror = try reader.bool(Key.mirror, default: camera.mirror)
        camera.crop = try crop(reader.object("crop"))
        return camera
    }

    private static func crop(_ reader: ConfigObjectReader) throws(ConfigError) -> FrameGeometry.Rect {
        typealias Key = ConfigKeys.Camera
        var crop = FrameGeometry.Rect.full
        crop.x = try reader.number(Key.cropX, default: crop.x)
        crop.y = try reader.number(Key.cropY, default: crop.y)
        crop.width = try reader.number(Key.cropWidth, default: crop.width)
        crop.height = try reader.number(Key.cropHeight, default: crop.height)
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
        typealias Key = ConfigKeys.Vision
        var vision = Vision()
        vision.riderMinHeight = try reader.optionalNumber(Key.riderMinHeight, default: vision.riderMinHeight)
        vision.calibrationWindowSeconds = try reader.number(Key.calibrationWindow, default: vision.calibrationWindowSeconds)
        return vision
    }

    private static func board(_ reader: ConfigObjectReader) throws(ConfigError) -> Board {
        typealias Key = ConfigKeys.Board
        var board = Board()
        board.profile = try reader.choice(Key.profile, default: board.profile)
        board.chipLabel = try reader.optionalString(Key.chipLabel, default: board.chipLabel)
        let lines = try reader.object("lines")
        for role in LineRole.allCases {
            if let line = try lineOverride(lines, role) { board.lines.append(line) }
        }
        board.activeLow = try reader.optionalBool(Key.activeLow, default: board.activeLow)
        return board
    }

    /// `17`, `"GPIO17"`, `{"offset": 17, "active_low": true}`, `{"name": "GPIO17"}`, or null.
    private static func lineOverride(_ lines: ConfigObjectReader, _ role: LineRole) throws(ConfigError) -> LineOverride? {
        typealias Key = ConfigKeys.Board
        let key = role.description
        switch lines.value(key) {
        case nil, .null?:
            return nil
        case .object?:
            let line = try lines.object(key, section: "board.lines.*")
            var result = LineOverride(role: role, activeLow: try line.optionalBool(Key.lineActiveLow, default: nil))
            if let offset = line.value(Key.lineOffset.name) {
                guard line.value(Key.lineName.name) == nil else { throw lines.error(key, "give offset or name, not both") }
                guard let number = lineOffset(offset) else {
                    throw line.error(Key.lineOffset.name, "must be a whole number from 0 to "
                                     + "\(ConfigNumberFormat.plain(Key.lineOffsetRange.high)), not \(offset.shortDescription)")
                }
                result.line = .offset(number)
            } else if line.value(Key.lineName.name) != nil {
                result.line = .name(try line.string(Key.lineName, default: ""))
            }
            return result
        case let value?:
            if let number = lineOffset(value) { return LineOverride(role: role, line: .offset(number)) }
            if case .string(let name) = value, !name.isEmpty { return LineOverride(role: role, line: .name(name)) }
            throw lines.error(key, "must be a line offset (a whole number from 0 to "
                              + "\(ConfigNumberFormat.plain(Key.lineOffsetRange.high))), a line name or an object, "
                              + "not \(value.shortDescription)")
        }
    }

    private static func lineOffset(_ value: JSONValue) -> UInt32? {
        guard case .number(let number, _) = value, number == number.rounded(),
              ConfigKeys.Board.lineOffsetRange.contains(number) else {
            return nil
        }
        return UInt32(exactly: number)
    }

    private static func voice(_ reader: ConfigObjectReader) throws(ConfigError) -> Voice {
        typealias Key = ConfigKeys.Voice
        var voice = Voice()
        voice.name = try reader.string(Key.name, default: voice.name)
        voice.rateWordsPerMinute = try reader.integer(Key.rate, default: voice.rateWordsPerMinute)
        voice.volumePercent = try reader.integer(Key.volume, default: voice.volumePercent)
        voice.alsaDevice = try reader.string(Key.alsaDevice, default: voice.alsaDevice)
        voice.wavDirectory = try reader.optionalString(Key.wavDirectory, default: voice.wavDirectory)
        return voice
    }

    private static func clips(_ reader: ConfigObjectReader) throws(ConfigError) -> Clips {
        typealias Key = ConfigKeys.Clips
        var clips = Clips()
        clips.directory = try reader.string(Key.directory, default: clips.directory)
        clips.enabled = try reader.bool(Key.enabled, default: clips.enabled)
        clips.preRollSeconds = try reader.number(Key.preRoll, default: clips.preRollSeconds)
        clips.postRollSeconds = try reader.number(Key.postRoll, default: clips.postRollSeconds)
        clips.highlightSeconds = try reader.number(Key.highlight, default: clips.highlightSeconds)
        clips.highlightCooldownSeconds = try reader.number(Key.highlightCooldown, default: clips.highlightCooldownSeconds)
        clips.minimumFreeMegabytes = try reader.integer(Key.minimumFree, default: clips.minimumFreeMegabytes)
        clips.codec = try reader.string(Key.codec, default: clips.codec)
        guard clips.codec == "h264" else {
            throw reader.error(Key.codec.name, "\"\(MessageText.clipped(clips.codec))\" is not one of \"h264\"")
        }
        clips.crf = try reader.integer(Key.crf, default: clips.crf)
        clips.keyframeIntervalSeconds = try reader.number(Key.keyframeInterval, default: clips.keyframeIntervalSeconds)
        return clips
    }
}
