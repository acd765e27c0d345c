import GateSpeedBoard
import GateSpeedFrames
import GateSpeedPlatform

/// The table of every config key (see `ConfigKey`), in the order of `Deploy/config.example.json`.
/// The decoder reads its known keys, ranges and range messages from here, and the reference
/// `Deploy/CONFIG.md` is generated from `all`. Ranges are what is sane for a slalom course and
/// a Linux board: wide enough for every real setup, narrow enough that no later arithmetic on a
/// value can overflow or trap.
public enum ConfigKeys {
    public enum Course {
        public static let posts = ConfigKey(
            "course.posts", .described("array of numbers, or of objects"), default: "[0.1, 0.3, 0.5, 0.7, 0.9]",
            "Where the posts are, from the left. Numbers: each post's x as a fraction of the view's width "
                + "(each inside 0 … 1, increasing, at least \(ConfigNumberFormat.plain(CoursePosts.minimumSpacing)) apart). "
                + "Objects `{\"base\": [x, y], \"top\": [x, y]}`: the posts marked on the view (gate-plane timing).")
        public static let base = ConfigKey(
            "course.posts[].base", .described("[x, y], each 0 … 1"), default: nil, defaultWords: "required",
            "Where a marked post meets the ground: normalised view coordinates (0 … 1 of the width and of the height, "
                + "top-left origin, after rotation, mirror and crop). Bases at least "
                + "\(ConfigNumberFormat.plain(CoursePosts.minimumSpacing)) apart in x, from the left.")
        public static let top = ConfigKey(
            "course.posts[].top", .described("[x, y], each 0 … 1"), nullable: true, default: "null",
            "The top of a marked post's pole, above its base; mark every post's top or none.")
        public static let postHeight = ConfigKey(
            "course.post_height_m", .number(ConfigRange(0.2, 5)), nullable: true, default: "null",
            "Height of the poles above the ground, metres (used with marked tops).")
        public static let cameraHeight = ConfigKey(
            "course.camera.height_m", .number(ConfigRange(0.2, 30)), nullable: true, default: "null",
            "The lens's height above the ground, metres.")
        public static let cameraDistance = ConfigKey(
            "course.camera.distance_m", .number(ConfigRange(1, 200)), nullable: true, default: "null",
            "The lens's horizontal distance from the line of posts, metres.")
        public static let cameraFieldOfView = ConfigKey(
            "course.camera.hfov_deg", .number(ConfigRange(20, 170)), nullable: true, default: "null",
            "The lens's horizontal field of view, degrees.")
        public static let length = ConfigKey(
            "course.length_m", .number(ConfigRange(1, 1000)), default: "28",
            "Metres from the first post to the last.")
        public static let passSpeed = ConfigKey(
            "course.pass_kmh", .number(ConfigRange(1, 300)), default: "30",
            "A run passes at this average speed or faster, km/h (decided on the unrounded speed).")
        public static let timeout = ConfigKey(
            "course.timeout_s", .number(ConfigRange(1, 600)), default: "10",
            "Seconds after the start after which an unfinished run is invalid.")
    }

    public enum Camera {
        public static let device = ConfigKey(
            "camera.device", .text, default: "\"/dev/video0\"",
            "The V4L2 capture device (a path, or a stable name under /dev/v4l/by-id).")
        public static let width = ConfigKey(
            "camera.width", .wholeNumber(ConfigRange(16, 8192)), default: "640",
            "Requested capture width, pixels; the driver may choose the nearest size it offers.")
        public static let height = ConfigKey(
            "camera.height", .wholeNumber(ConfigRange(16, 8192)), default: "480",
            "Requested capture height, pixels.")
        public static let framesPerSecond = ConfigKey(
            "camera.fps", .number(ConfigRange(1, 240)), nullable: true, default: "null",
            "Requested frames per second; null for the highest the camera offers at that size.")
        public static let io = ConfigKey(
            "camera.io", .choice(GateSpeedConfig.Camera.IO.allCases.map { "\"\($0.rawValue)\"" }), default: "\"auto\"",
            "How frames are read: raw ioctl and mmap, through libv4l2 (format conversion in software), "
                + "or auto (libv4l2 only when the camera offers no format GateSpeed reads directly).")
        public static let rotation = ConfigKey(
            "camera.rotation", .choice(FrameGeometry.Rotation.allCases.map { String($0.rawValue) }), default: "0",
            "Clockwise rotation of the sensor image that gives the view, degrees.")
        public static let mirror = ConfigKey(
            "camera.mirror", .flag, default: "false", "Mirror the view left-right (after rotation).")
        public static let cropX = ConfigKey(
            "camera.crop.x", .number(ConfigRange(0, 1)), default: "0",
            "Left edge of the view in the rotated, mirrored image, a fraction of its width.")
        public static let cropY = ConfigKey(
            "camera.crop.y", .number(ConfigRange(0, 1)), default: "0",
            "Top edge of the view, a fraction of the image's height.")
        public static let cropWidth = ConfigKey(
            "camera.crop.width", .number(.above(0, upTo: 1)), default: "1",
            "Width of the view, a fraction of the image's width; x + width is at most 1.")
        public static let cropHeight = ConfigKey(
            "camera.crop.height", .number(.above(0, upTo: 1)), default: "1",
            "Height of the view, a fraction of the image's height; y + height is at most 1.")
    }

    public enum Vision {
        public static let riderMinHeight = ConfigKey(
            "vision.rider_min_height", .number(.above(0, upTo: 1)), nullable: true, default: "null",
            "The smallest rider to detect, a fraction of the view's height; null works it out from the course "
                + "(0.6 of the height a 1.6 m rider has at the posts' scale).")
        public static let calibrationWindow = ConfigKey(
            "vision.calibration_window_s", .number(.above(0, upTo: 60)), default: "1.0",
            "Seconds of empty, still course the background is learnt from when calibrating.")
    }

    public enum Board {
        public static let profile = ConfigKey(
            "board.profile", .choice(GateSpeedConfig.Board.Profile.allCases.map { "\"\($0.rawValue)\"" }),
            default: "\"raspberry-pi-4\"",
            "The wiring profile (Board/README.md); simulated draws the LEDs on stderr and needs no GPIO.")
        public static let chipLabel = ConfigKey(
            "board.chip_label", .text, nullable: true, default: "null",
            "Replaces the profile's GPIO chip label (needed for line offsets with the generic profile).")
        /// `board.lines.post1` … `board.lines.button`, one per role.
        public static let lines: [ConfigKey] = LineRole.allCases.map { role in
            ConfigKey("board.lines.\(role)",
                      .described("offset (\(ConfigNumberFormat.plain(lineOffsetRange.low)) … "
                                 + "\(ConfigNumberFormat.plain(lineOffsetRange.high))), line name or object"),
                      nullable: true, default: "null", defaultWords: "the profile's line",
                      "The GPIO line of the \(role.summary): an offset on the chip (`17`), a line name (`\"GPIO17\"`), "
                          + "or `{\"offset\": 17, \"active_low\": true}` / `{\"name\": \"GPIO17\"}`.")
        }
        public static let lineOffset = ConfigKey(
            "board.lines.*.offset", .wholeNumber(lineOffsetRange), default: nil, defaultWords: "the profile's",
            "The line's offset on the chip (on a Raspberry Pi, the BCM number); give offset or name, not both.")
        public static let lineName = ConfigKey(
            "board.lines.*.name", .text, default: nil, defaultWords: "the profile's",
            "The line's name as the kernel reports it (`gpioinfo`).")
        public static let lineActiveLow = ConfigKey(
            "board.lines.*.active_low", .flag, nullable: true, default: "null", defaultWords: "the profile's",
            "True when on (or pressed) is the low level.")
        public static let activeLow = ConfigKey(
            "board.active_low", .flag, nullable: true, default: "null",
            "Overrides the active-low flag of the six LEDs (true for LEDs wired from 3V3 into the pin); "
                + "null keeps the profile's. The button keeps its own.")
        /// Offsets on a GPIO chip; chips have at most a few hundred lines.
        public static let lineOffsetRange = ConfigRange(0, 9999)
    }

    public enum Voice {
        public static let name = ConfigKey(
            "voice.name", .text, default: "\"en-gb\"",
            "The eSpeak NG voice: a voice name or language tag that eSpeak NG has (checked at start-up, "
                + "with suggestions; `espeak-ng --voices` lists them).")
        public static let rate = ConfigKey(
            "voice.rate", .wholeNumber(ConfigRange(80, 450)), default: "160", "Speaking rate, words per minute.")
        public static let volume = ConfigKey(
            "voice.volume", .wholeNumber(ConfigRange(0, 200)), default: "100",
            "Volume in percent; 100 is eSpeak NG's normal.")
        public static let alsaDevice = ConfigKey(
            "voice.alsa_device", .text, default: "\"default\"", "The ALSA PCM device speech is played on (`aplay -L`).")
        public static let wavDirectory = ConfigKey(
            "voice.wav_dir", .text, nullable: true, default: "null",
            "When set, speech is written as WAV files in this directory while there is no sound card.")
    }

    public enum Clips {
        public static let directory = ConfigKey(
            "clips.directory", .text, default: "\"/var/lib/gatespeed/clips\"",
            "Where run and highlight clips are kept (one folder per day and session).")
        public static let enabled = ConfigKey("clips.enabled", .flag, default: "true", "Whether clips are recorded.")
        public static let preRoll = ConfigKey(
            "clips.pre_roll_s", .number(ConfigRange(0, 10)), default: "2", "Seconds kept before a run's start.")
        public static let postRoll = ConfigKey(
            "clips.post_roll_s", .number(ConfigRange(0, 10)), default: "3", "Seconds kept after a run's finish.")
        public static let highlight = ConfigKey(
            "clips.highlight_s", .number(.above(0, upTo: 60)), default: "10",
            "Seconds of video a highlight keeps (the last N seconds).")
        public static let highlightCooldown = ConfigKey(
            "clips.highlight_cooldown_s", .number(ConfigRange(0, 3600)), default: "3",
            "Seconds after a highlight during which another request is ignored.")
        public static let minimumFree = ConfigKey(
            "clips.min_free_mb", .wholeNumber(ConfigRange(0, 10_000_000)), default: "500",
            "No clip is written while the clips folder's file system has less free space, MB "
                + "(the oldest clips that are not favourites are deleted to make room).")
        public static let codec = ConfigKey("clips.codec", .choice(["\"h264\""]), default: "\"h264\"", "Video codec.")
        public static let crf = ConfigKey(
            "clips.crf", .wholeNumber(ConfigRange(0, 51)), default: "23",
            "Constant rate factor: 0 lossless … 51 worst; 23 is x264's default.")
        public static let keyframeInterval = ConfigKey(
            "clips.keyframe_interval_s", .number(.above(0, upTo: 10)), default: "1.0",
            "Seconds between keyframes; clips start at a keyframe, so this bounds how early they start.")
    }

    public enum Journal {
        public static let path = ConfigKey(
            "journal.path", .text, default: "\"/var/lib/gatespeed/results.jsonl\"",
            "The results journal: JSON Lines, one result per line, kept across restarts.")
    }

    public enum Logging {
        public static let level = ConfigKey(
            "log.level", .choice(LogLevel.allCases.map { "\"\($0.rawValue)\"" }), default: "\"info\"",
            "How much is logged on stderr; each level includes the ones before it.")
    }

    /// Every key, in the reference's order.
    public static let all: [ConfigKey] = [
        Course.posts, Course.base, Course.top, Course.postHeight, Course.cameraHeight, Course.cameraDistance,
        Course.cameraFieldOfView, Course.length, Course.passSpeed, Course.timeout,
        Camera.device, Camera.width, Camera.height, Camera.framesPerSecond, Camera.io, Camera.rotation, Camera.mirror,
        Camera.cropX, Camera.cropY, Camera.cropWidth, Camera.cropHeight,
        Vision.riderMinHeight, Vision.calibrationWindow,
        Board.profile, Board.chipLabel,
    ] + Board.lines + [
        Board.lineOffset, Board.lineName, Board.lineActiveLow, Board.activeLow,
        Voice.name, Voice.rate, Voice.volume, Voice.alsaDevice, Voice.wavDirectory,
        Clips.directory, Clips.enabled, Clips.preRoll, Clips.postRoll, Clips.highlight, Clips.highlightCooldown,
        Clips.minimumFree, Clips.codec, Clips.crf, Clips.keyframeInterval,
        Journal.path, Logging.level, Web.listen, Web.token,
    ] + MQTT.all

    /// The sections (objects) the table names: `course`, `course.camera`, `camera.crop`, …
    static let sections: [String] = {
        var seen: [String] = []
        for key in all {
            var section = key.section
            while !section.isEmpty {
                if !seen.contains(section) { seen.append(section) }
                section = parent(of: section)
            }
        }
        return seen
    }()

    /// The keys an object at `section` may hold: its own keys and its sub-objects (not the
    /// element objects `posts[]` and `lines.*`, which are keys of their own or not keys at all).
    static func names(in section: String) -> [String] {
        var names: [String] = []
        for key in all where key.section == section && !names.contains(key.name) { names.append(key.name) }
        for sub in sections where parent(of: sub) == section {
            let name = lastComponent(of: sub)
            if !name.hasSuffix("[]") && name != "*" && !names.contains(name) { names.append(name) }
        }
        return names
    }

    static func parent(of path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "" }
        return String(path[..<dot])
    }

    static func lastComponent(of path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return path }
        return String(path[path.index(after: dot)...])
    }
}

extension LineRole {
    /// What the line does, for the reference.
    var summary: String {
        switch self {
        case .post(let number): return "LED of post \(number) (from the left)"
        case .status: return "status LED"
        case .button: return "button"
        }
    }
}
