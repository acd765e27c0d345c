#if canImport(Glibc)
import Glibc
#endif
import GateSpeedBoard
import GateSpeedFrames
import Testing
@testable import GateSpeedConfig
import GateSpeedTestSupport

struct ConfigParsingTests {
    @Test func emptyObjectGivesTheDefaults() throws {
        let config = try GateSpeedConfig.parse(json: "{}")
        #expect(config == GateSpeedConfig())
        #expect(config.course.rules.posts == [0.1, 0.3, 0.5, 0.7, 0.9])
        #expect(config.course.rules.lengthMetres == 28)
        #expect(config.course.rules.passKmh == 30)
        #expect(config.course.rules.timeoutSeconds == 10)
        #expect(config.camera.device == "/dev/video0")
        #expect(config.camera.framesPerSecond == nil)
        #expect(config.camera.geometry == .identity)
        #expect(config.board.profile == .raspberryPi4)
        #expect(config.board.lines.isEmpty)
        #expect(config.voice.name == "en-gb")
        #expect(config.clips.directory == "/var/lib/gatespeed/clips")
        #expect(config.journal.path == "/var/lib/gatespeed/results.jsonl")
        #expect(config.log.level == .info)
    }

    @Test func everyKeyIsRead() throws {
        let json = """
        {
          "course": {"posts": [0.2, 0.4, 0.6, 0.8], "length_m": 21.5, "pass_kmh": 25, "timeout_s": 8},
          "camera": {"device": "/dev/video2", "width": 1280, "height": 720, "fps": 50, "io": "libv4l2",
                     "rotation": 180, "mirror": true, "crop": {"x": 0.1, "y": 0.2, "width": 0.8, "height": 0.5}},
          "vision": {"rider_min_height": 0.2, "calibration_window_s": 2},
          "board": {"profile": "generic", "chip_label": "pinctrl-rp1",
                    "lines": {"post1": 5, "post2": {"name": "GPIO6"}, "post3": {"offset": 7, "active_low": false},
                              "button": "GPIO27", "status": null},
                    "active_low": true},
          "voice": {"name": "en-us", "rate": 175, "volume": 150, "alsa_device": "hw:1,0", "wav_dir": "/tmp/speech"},
          "clips": {"directory": "/srv/clips", "enabled": false, "pre_roll_s": 1.5, "post_roll_s": 4,
                    "highlight_s": 8, "highlight_cooldown_s": 0, "min_free_mb": 1000, "codec": "h264",
                    "crf": 28, "keyframe_interval_s": 0.5},
          "journal": {"path": "/srv/results.jsonl"},
          "log": {"level": "debug"}
        }
        """
        let config = try GateSpeedConfig.parse(json: json)
        #expect(config.course.rules.posts == [0.2, 0.4, 0.6, 0.8])
        #expect(config.course.rules.lengthMetres == 21.5)
        #expect(config.course.rules.passKmh == 25)
        #expect(config.course.rules.timeoutSeconds == 8)
        #expect(config.camera.device == "/dev/video2")
        #expect(config.camera.width == 1280 && config.camera.height == 720)
        #expect(config.camera.framesPerSecond == 50)
        #expect(config.camera.io == .libv4l2)
        #expect(config.camera.geometry == FrameGeometry(rotation: .half, mirror: true,
                                                        crop: .init(x: 0.1, y: 0.2, width: 0.8, height: 0.5)))
        #expect(config.vision.riderMinHeight == 0.2)
        #expect(config.vision.calibrationWindowSeconds == 2)
        #expect(config.board.profile == .generic)
        #expect(config.board.chipLabel == "pinctrl-rp1")
        #expect(config.board.lines == [.init(role: .post(1), line: .offset(5)), .init(role: .post(2), line: .name("GPIO6")),
                                       .init(role: .post(3), line: .offset(7), activeLow: false),
                                       .init(role: .button, line: .name("GPIO27"))])
        #expect(config.board.activeLow == true)
        // The global flag is for the LEDs; a per-line flag wins; the button keeps the profile's.
        #expect(config.board.activeLowOverride(for: .post(1)) == true)
        #expect(config.board.activeLowOverride(for: .post(3)) == false)
        #expect(config.board.activeLowOverride(for: .button) == nil)
        #expect(config.voice.name == "en-us")
        #expect(config.voice.rateWordsPerMinute == 175)
        #expect(config.voice.volumePercent == 150)
        #expect(config.voice.alsaDevice == "hw:1,0")
        #expect(config.voice.wavDirectory == "/tmp/speech")
        #expect(config.clips.directory == "/srv/clips")
        #expect(config.clips.enabled == false)
        #expect(config.clips.preRollSeconds == 1.5)
        #expect(config.clips.postRollSeconds == 4)
        #expect(config.clips.highlightSeconds == 8)
        #expect(config.clips.highlightCooldownSeconds == 0)
        #expect(config.clips.minimumFreeMegabytes == 1000)
        #expect(config.clips.crf == 28)
        #expect(config.clips.keyframeIntervalSeconds == 0.5)
        #expect(config.journal.path == "/srv/results.jsonl")
        #expect(config.log.level == .debug)
    }

    @Test func partialSectionsKeepTheOtherDefaults() throws {
        let config = try GateSpeedConfig.parse(json: #"{"camera": {"rotation": 90}, "voice": {"rate": 200}}"#)
        var expected = GateSpeedConfig()
        expected.camera.rotation = .clockwise90
        expected.voice.rateWordsPerMinute = 200
        #expect(config == expected)
    }

    @Test func jsonDetailsAreHandled() throws {
        // Exponents, escapes, unicode and whitespace of every kind.
        let json = "{\"course\":{\"length_m\":2.8e1},\r\n\t\"voice\":{\"alsa_device\":\"plug\\u003ahw\\\"1\\\"\",\"name\":\"caf\\u00e9\\ud83d\\ude00\"}}"
        let config = try GateSpeedConfig.parse(json: json)
        #expect(config.course.rules.lengthMetres == 28)
        #expect(config.voice.alsaDevice == "plug:hw\"1\"")
        #expect(config.voice.name == "café😀")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try GateSpeedConfig.parse(json: "\u{FEFF}{\"log\": {\"level\": \"debug\"}}").log.level == .debug)
    }

    @Test func postsOptionParses() throws {
        #expect(try CoursePosts.parseOption("0.1,0.3,0.5,0.7,0.9") == [0.1, 0.3, 0.5, 0.7, 0.9])
        #expect(try CoursePosts.parseOption(" 0.2 , 0.8") == [0.2, 0.8])
    }

    @Test(arguments: [
        ("0.1,0.3,0.28,0.7,0.9", "--posts[2]: 0.28 must be greater than posts[1] (0.30)"),
        ("0.5", "--posts: needs at least 2 posts, found 1"),
        ("0.1,,0.5", "--posts[1]: is empty (write positions like 0.1,0.3,0.5,0.7,0.9)"),
        ("0.1,abc", "--posts[1]: \"abc\" is not a number"),
        ("0.1,nan", "--posts[1]: \"nan\" is not a number"),
        ("0.1,1.5", "--posts[1]: 1.50 must be greater than 0 and less than 1 (a fraction of the view width)"),
    ])
    func postsOptionErrors(text: String, message: String) {
        do {
            let posts = try CoursePosts.parseOption(text)
            Issue.record("accepted \(posts), expected \(message)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func fileIsNamedByItsLastPathComponent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/config.json"
        try directory.write(#"{"camera": {"rotation": 45}}"#, to: "config.json")
        #expect(throws: ConfigError(source: "config.json", location: "camera.rotation", problem: "45 is not one of 0, 90, 180, 270")) {
            try GateSpeedConfig.load(path: path)
        }
        #expect(throws: ConfigError(source: path, location: "camera.rotation", problem: "45 is not one of 0, 90, 180, 270")) {
            try GateSpeedConfig.load(path: path, displayName: path)
        }
    }

    @Test func missingFileIsAnErrorUnlessDefaultsAreWanted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/config.json"
        #expect(throws: ConfigError(source: "config.json", location: "", problem: "cannot be read (No such file or directory)")) {
            try GateSpeedConfig.load(path: path)
        }
        #expect(try GateSpeedConfig.load(path: path, missingFileIsDefault: true) == GateSpeedConfig())
    }

    @Test func invalidUTF8IsReported() throws {
        let directory = try TemporaryDirectory()
        try directory.write(bytes: [0x7B, 0xFF, 0x7D], to: "config.json")
        #expect(throws: ConfigError(source: "config.json", location: "", problem: "is not UTF-8 text")) {
            try GateSpeedConfig.load(path: directory.path + "/config.json")
        }
    }

    @Test func exampleConfigSpellsOutTheDefaults() throws {
        let example = repositoryRoot() + "/Deploy/config.example.json"
        let config = try GateSpeedConfig.load(path: example)
        #expect(config == GateSpeedConfig())
        // "Every key": each known key of each section appears in the example.
        let text = try readText(example)
        for key in ["posts", "length_m", "pass_kmh", "timeout_s", "device", "width", "height", "fps", "io", "rotation",
                    "mirror", "crop", "rider_min_height", "calibration_window_s", "profile", "chip_label", "lines", "post1", "post5",
                    "status", "button", "active_low", "name", "rate", "volume", "alsa_device", "wav_dir", "directory",
                    "enabled", "pre_roll_s", "post_roll_s", "highlight_s", "highlight_cooldown_s", "min_free_mb", "codec",
                    "crf", "keyframe_interval_s", "path", "level"] {
            #expect(text.contains("\"\(key)\""), "config.example.json lacks \(key)")
        }
    }
}
