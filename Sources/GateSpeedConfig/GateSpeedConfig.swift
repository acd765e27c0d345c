import GateSpeedBoard
import GateSpeedCore
import GateSpeedFrames
import GateSpeedPlatform

/// Everything the appliance reads from `/etc/gatespeed/config.json`. Every key is
/// optional in the file; `GateSpeedConfig()` is the set of defaults that
/// `Deploy/config.example.json` spells out. Load with `GateSpeedConfig.load(path:)`.
public struct GateSpeedConfig: Sendable, Equatable {
    /// Where every command looks when no `--config` is given (and `$GATESPEED_CONFIG` is unset).
    public static let defaultPath = "/etc/gatespeed/config.json"
    /// The environment variable that replaces `defaultPath` (tests, a second installation).
    public static let pathVariable = "GATESPEED_CONFIG"

    /// The file read without `--config`: `$GATESPEED_CONFIG` when set and not empty, else
    /// `defaultPath`. Used when it exists; without it the built-in defaults apply.
    public static func defaultLocation(environment: [String: String]) -> String {
        if let path = environment[pathVariable], !path.isEmpty { return path }
        return defaultPath
    }

    public var course = Course()
    public var camera = Camera()
    public var vision = Vision()
    public var board = Board()
    public var voice = Voice()
    public var clips = Clips()
    public var journal = Journal()
    public var log = Logging()
    /// The setup and live pages (see WebConfig.swift).
    public var web = Web()
    public var mqtt = MQTT()

    public init() {}

    /// The slalom: post positions in the view and what counts as a pass.
    public struct Course: Sendable, Equatable {
        /// The timing rules, decoded straight into the timing core's `Course` (image rule: posts
        /// are view fractions): `posts` (left to right, strictly increasing in (0, 1); with marked
        /// posts, the view x of each post's base), `lengthMetres` (first post to last),
        /// `passKmh` (a run passes at this average speed or faster, decided on the unrounded
        /// speed), `timeoutSeconds` (after the start, an unfinished run is invalid).
        public var rules = GateSpeedCore.Course()
        /// Posts given as objects (`{"base": [x, y], "top": [x, y]}`): where each post meets the
        /// ground and the top of its pole, normalised view coordinates (top-left origin). Nil for
        /// plain fractions, which keep the image rule.
        public var marks: [PostMark]? = nil
        /// Height of the poles above the ground, metres (needed with tops).
        public var postHeightMetres: Double? = nil
        /// What is known of the camera's placement (each optional).
        public var camera = CameraPlacement()
        public init() {}
    }

    /// One post as marked on the view: base and (optionally) top of the pole, normalised view
    /// coordinates (0...1, top-left origin, after rotation, mirror and crop).
    public struct PostMark: Sendable, Equatable {
        public var base: (x: Double, y: Double)
        public var top: (x: Double, y: Double)?
        public init(base: (x: Double, y: Double), top: (x: Double, y: Double)?) {
            self.base = base
            self.top = top
        }
        public static func == (a: PostMark, b: PostMark) -> Bool {
            a.base == b.base && a.top?.x == b.top?.x && a.top?.y == b.top?.y
        }
    }

    /// `course.camera`: the lens's height above the ground and horizontal distance from the line
    /// of posts (metres) and its horizontal field of view (degrees). Each optional.
    public struct CameraPlacement: Sendable, Equatable {
        public var heightMetres: Double? = nil
        public var distanceMetres: Double? = nil
        public var horizontalFieldOfViewDegrees: Double? = nil
        public init() {}
    }

    /// How frames are captured and how the camera is mounted.
    public struct Camera: Sendable, Equatable {
        /// Which V4L2 I/O path to use.
        public enum IO: String, Sendable, CaseIterable {
            /// libv4l2 when the camera offers no format GateSpeed reads directly, else raw.
            case automatic = "auto"
            /// Plain `ioctl` and `mmap` on the device.
            case raw
            /// Through libv4l2 (format conversion in software).
            case libv4l2
        }

        public var device = "/dev/video0"
        /// Requested capture size in pixels; the driver may choose the nearest it offers.
        public var width = 640
        public var height = 480
        /// Requested frames per second, or nil for the highest the camera offers at that size.
        public var framesPerSecond: Double? = nil
        public var io = IO.automatic
        /// Clockwise rotation applied to the sensor image to get the view.
        public var rotation = FrameGeometry.Rotation.none
        /// Mirror the view left-right (after rotation).
        public var mirror = false
        /// The part of the rotated, mirrored image that is the view, normalised, top-left origin.
        public var crop = FrameGeometry.Rect.full
        public init() {}

        /// The mapping between view and sensor that `rotation`, `mirror` and `crop` describe.
        public var geometry: FrameGeometry { FrameGeometry(rotation: rotation, mirror: mirror, crop: crop) }
    }

    /// Rider detection settings.
    public struct Vision: Sendable, Equatable {
        /// The smallest rider height to detect, as a fraction of the view height; nil (the
        /// default) works it out from the course: 0.6 of the height a 1.6 m rider has at the
        /// scale the posts give (metres per view width).
        public var riderMinHeight: Double? = nil
        /// Seconds of empty course the background model learns from when calibrating.
        public var calibrationWindowSeconds = 1.0
        public init() {}
    }

    /// Which GPIO lines drive the LEDs and read the button.
    public struct Board: Sendable, Equatable {
        /// The built-in wiring profiles (see `Board/README.md`).
        public enum Profile: String, Sendable, CaseIterable {
            case raspberryPi4 = "raspberry-pi-4"
            case raspberryPi5 = "raspberry-pi-5"
            case generic
            /// LEDs drawn on the terminal, no button: no GPIO needed.
            case simulated
        }

        public var profile = Profile.raspberryPi4
        /// Replaces the profile's chip label (needed for offsets with the `generic` profile), or nil.
        public var chipLabel: String? = nil
        /// Changes to the profile's lines (`board.lines`; the board's own `LineOverride`: where a
        /// line is, its polarity, or both), in role order, at most one per role; roles not listed
        /// keep the profile's line. In the file: `17`, `"GPIO17"`, or `{"offset": 17, "active_low": true}`.
        public var lines: [LineOverride] = []
        /// Overrides the active-low flag of the six LEDs (true for LEDs wired from 3V3 into the
        /// pin), or nil to keep the profile's. The button keeps its own; see `lines`.
        public var activeLow: Bool? = nil
        public init() {}

        /// The change `board.lines` makes to `role`'s line, if any.
        public func override(for role: LineRole) -> LineOverride? { lines.first { $0.role == role } }

        /// The active-low flag for `role` after both overrides, or nil for the profile's.
        public func activeLowOverride(for role: LineRole) -> Bool? {
            if let perLine = override(for: role)?.activeLow { return perLine }
            return role == .button ? nil : activeLow
        }
    }

    /// The spoken announcements.
    public struct Voice: Sendable, Equatable {
        /// eSpeak NG voice name.
        public var name = "en-gb"
        /// Speaking rate in words per minute, 80...450.
        public var rateWordsPerMinute = 160
        /// Volume in percent, 0...200 (100 is eSpeak NG's normal).
        public var volumePercent = 100
        /// ALSA PCM device to play on.
        public var alsaDevice = "default"
        /// When set, speech is written as WAV files in this directory if there is no sound card.
        public var wavDirectory: String? = nil
        public init() {}
    }

    /// Run and highlight videos.
    public struct Clips: Sendable, Equatable {
        public var directory = "/var/lib/gatespeed/clips"
        public var enabled = true
        /// Seconds kept before a run's start.
        public var preRollSeconds = 2.0
        /// Seconds kept after a run's finish.
        public var postRollSeconds = 3.0
        /// Seconds of video a highlight keeps (the last N seconds).
        public var highlightSeconds = 10.0
        /// Seconds after a highlight during which another request is ignored.
        public var highlightCooldownSeconds = 3.0
        /// No clip is written while the clip directory's file system has less free space, MB.
        public var minimumFreeMegabytes = 500
        /// Video codec; only "h264" for now.
        public var codec = "h264"
        /// Constant rate factor, 0 (lossless) ... 51 (worst); 23 is x264's default.
        public var crf = 23
        /// Seconds between keyframes; clips start at a keyframe so this bounds their start error.
        public var keyframeIntervalSeconds = 1.0
        public init() {}
    }

    /// The results journal (JSON Lines, one result per line).
    public struct Journal: Sendable, Equatable {
        public var path = "/var/lib/gatespeed/results.jsonl"
        public init() {}
    }

    /// Log output on stderr.
    public struct Logging: Sendable, Equatable {
        public var level = LogLevel.info
        public init() {}
    }
}
