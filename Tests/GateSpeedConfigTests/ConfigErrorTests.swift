import Testing
@testable import GateSpeedConfig

/// Every kind of bad config gives one exact message naming the file, the key path and the problem.
struct ConfigErrorTests {
    struct Case: CustomStringConvertible, Sendable {
        var json: String
        var message: String
        var description: String { message }
    }

    static let cases: [Case] = [
        // The three messages the issue quotes, verbatim.
        Case(json: #"{"course": {"posts": [0.1, 0.3, 0.28, 0.7, 0.9]}}"#,
             message: "config.json: course.posts[2]: 0.28 must be greater than posts[1] (0.30)"),
        Case(json: #"{"camera": {"rotation": 45}}"#,
             message: "config.json: camera.rotation: 45 is not one of 0, 90, 180, 270"),
        Case(json: #"{"clips": {"pre_roll": 2}}"#,
             message: "config.json: clips.pre_roll: unknown key (did you mean pre_roll_s?)"),
        // Syntax errors name the line.
        Case(json: "{\n  \"course\": {\n    \"posts\": [0.1, 0.3,]\n  }\n}",
             message: "config.json: line 3: invalid JSON (trailing comma before ']')"),
        Case(json: "{\n  \"log\": {\"level\": \"info\"}\n  \"journal\": {}\n}",
             message: "config.json: line 3: invalid JSON (expected ',' or '}' after \"log\", found '\"')"),
        Case(json: "{\"log\": {\"level\": True}}", message: "config.json: line 1: invalid JSON (unexpected word 'True')"),
        Case(json: "// comment\n{}", message: "config.json: line 1: invalid JSON (unexpected '/')"),
        Case(json: "{\"log\": {\"level\": \"info\", \"level\": \"debug\"}}",
             message: "config.json: line 1: invalid JSON (duplicate key \"level\")"),
        Case(json: "", message: "config.json: line 1: invalid JSON (the file is empty)"),
        Case(json: "{}\n{}", message: "config.json: line 2: invalid JSON (unexpected '{' after the end of the document)"),
        Case(json: "{\"course\": {\n\"posts\": [0.1, 0.3",
             message: "config.json: line 2: invalid JSON (expected ',' or ']' in an array, found end of file)"),
        Case(json: "{\"log\": {\"level\": \"inf\no\"}}", message: "config.json: line 1: invalid JSON (unterminated string)"),
        Case(json: "{\"course\": {\"length_m\": 028}}",
             message: "config.json: line 1: invalid JSON (numbers must not have leading zeros)"),
        // Structure.
        Case(json: "[]", message: "config.json: must be an object, not an array"),
        Case(json: #"{"cameras": {}}"#, message: "config.json: cameras: unknown key (did you mean camera?)"),
        Case(json: #"{"speed": {}}"#,
             message: "config.json: speed: unknown key (known keys: course, camera, vision, board, voice, clips, journal, log, web, mqtt)"),
        Case(json: #"{"camera": 5}"#, message: "config.json: camera: must be an object, not 5"),
        // course
        Case(json: #"{"course": {"posts": [0.5]}}"#, message: "config.json: course.posts: needs at least 2 posts, found 1"),
        Case(json: #"{"course": {"posts": [0, 0.5]}}"#,
             message: "config.json: course.posts[0]: 0.00 must be greater than 0 and less than 1 (a fraction of the view width)"),
        Case(json: #"{"course": {"posts": [0.1, 1.2]}}"#,
             message: "config.json: course.posts[1]: 1.20 must be greater than 0 and less than 1 (a fraction of the view width)"),
        Case(json: #"{"course": {"posts": [0.3, 0.3]}}"#,
             message: "config.json: course.posts[1]: 0.30 must be greater than posts[0] (0.30)"),
        Case(json: #"{"course": {"posts": [0.1, 0.305, 0.3]}}"#,
             message: "config.json: course.posts[2]: 0.30 must be greater than posts[1] (0.305)"),
        Case(json: #"{"course": {"posts": "0.1,0.3"}}"#,
             message: "config.json: course.posts: must be an array of numbers, not \"0.1,0.3\""),
        Case(json: #"{"course": {"posts": [0.1, "x"]}}"#, message: "config.json: course.posts[1]: must be a number, not \"x\""),
        Case(json: #"{"course": {"length_m": "28"}}"#, message: "config.json: course.length_m: must be a number, not \"28\""),
        Case(json: #"{"course": {"length_m": 0}}"#, message: "config.json: course.length_m: 0 must be between 1 and 1000"),
        Case(json: #"{"course": {"pass_kmh": -5}}"#, message: "config.json: course.pass_kmh: -5 must be between 1 and 300"),
        Case(json: #"{"course": {"timeout_s": 0.0}}"#, message: "config.json: course.timeout_s: 0 must be between 1 and 600"),
        Case(json: #"{"course": {"length": 28}}"#, message: "config.json: course.length: unknown key (did you mean length_m?)"),
        // camera
        Case(json: #"{"camera": {"device": ""}}"#, message: "config.json: camera.device: must not be empty"),
        Case(json: #"{"camera": {"width": 640.5}}"#, message: "config.json: camera.width: must be a whole number, not 640.5"),
        Case(json: #"{"camera": {"height": 0}}"#, message: "config.json: camera.height: 0 must be between 16 and 8192"),
        Case(json: #"{"camera": {"fps": 0}}"#, message: "config.json: camera.fps: 0 must be between 1 and 240"),
        Case(json: #"{"camera": {"fps": "30"}}"#, message: "config.json: camera.fps: must be a number or null, not \"30\""),
        Case(json: #"{"camera": {"io": "mmap"}}"#,
             message: "config.json: camera.io: \"mmap\" is not one of \"auto\", \"raw\", \"libv4l2\""),
        Case(json: #"{"camera": {"rotation": "90"}}"#, message: "config.json: camera.rotation: \"90\" is not one of 0, 90, 180, 270"),
        Case(json: #"{"camera": {"mirror": "yes"}}"#, message: "config.json: camera.mirror: must be true or false, not \"yes\""),
        Case(json: #"{"camera": {"crop": {"x": 0.5, "width": 0.6}}}"#,
             message: "config.json: camera.crop: x + width (0.5 + 0.6) must be at most 1"),
        Case(json: #"{"camera": {"crop": {"y": 0.25, "height": 0.8}}}"#,
             message: "config.json: camera.crop: y + height (0.25 + 0.8) must be at most 1"),
        Case(json: #"{"camera": {"crop": {"w": 0.5}}}"#, message: "config.json: camera.crop.w: unknown key (did you mean width?)"),
        Case(json: #"{"camera": {"crop": {"x": -0.1}}}"#, message: "config.json: camera.crop.x: -0.1 must be between 0 and 1"),
        Case(json: #"{"camera": {"crop": {"height": 0}}}"#, message: "config.json: camera.crop.height: 0 must be greater than 0 and at most 1"),
        // vision
        Case(json: #"{"vision": {"rider_min_height": 1.5}}"#,
             message: "config.json: vision.rider_min_height: 1.5 must be greater than 0 and at most 1"),
        Case(json: #"{"vision": {"calibration_window_s": 0}}"#,
             message: "config.json: vision.calibration_window_s: 0 must be greater than 0 and at most 60"),
        // board
        Case(json: #"{"board": {"profile": "pi4"}}"#,
             message: "config.json: board.profile: \"pi4\" is not one of \"raspberry-pi-4\", \"raspberry-pi-5\", \"generic\", \"simulated\""),
        Case(json: #"{"board": {"lines": {"post6": 4}}}"#,
             message: "config.json: board.lines.post6: unknown key (did you mean post1?)"),
        Case(json: #"{"board": {"lines": {"button": -1}}}"#,
             message: "config.json: board.lines.button: must be a line offset (a whole number from 0 to 9999), a line name or an object, not -1"),
        Case(json: #"{"board": {"lines": {"status": ""}}}"#,
             message: "config.json: board.lines.status: must be a line offset (a whole number from 0 to 9999), a line name or an object, not \"\""),
        Case(json: #"{"board": {"lines": {"post2": {"offset": 4, "name": "GPIO4"}}}}"#,
             message: "config.json: board.lines.post2: give offset or name, not both"),
        Case(json: #"{"board": {"lines": {"post2": {"offset": 4.5}}}}"#,
             message: "config.json: board.lines.post2.offset: must be a whole number from 0 to 9999, not 4.5"),
        Case(json: #"{"board": {"lines": {"post2": {"active": true}}}}"#,
             message: "config.json: board.lines.post2.active: unknown key (did you mean active_low?)"),
        Case(json: #"{"board": {"chip_label": 7}}"#, message: "config.json: board.chip_label: must be a string or null, not 7"),
        Case(json: #"{"board": {"active_low": "no"}}"#,
             message: "config.json: board.active_low: must be true, false or null, not \"no\""),
        // voice
        Case(json: #"{"voice": {"rate": 500}}"#, message: "config.json: voice.rate: 500 must be between 80 and 450"),
        Case(json: #"{"voice": {"volume": 250}}"#, message: "config.json: voice.volume: 250 must be between 0 and 200"),
        Case(json: #"{"voice": {"name": 5}}"#, message: "config.json: voice.name: must be a string, not 5"),
        Case(json: #"{"voice": {"wav_dir": ""}}"#, message: "config.json: voice.wav_dir: must not be empty (use null for none)"),
        Case(json: #"{"voice": {"alsa_device": ["hw:0"]}}"#,
             message: "config.json: voice.alsa_device: must be a string, not an array"),
        // clips
        Case(json: #"{"clips": {"enabled": 1}}"#, message: "config.json: clips.enabled: must be true or false, not 1"),
        Case(json: #"{"clips": {"crf": 60}}"#, message: "config.json: clips.crf: 60 must be between 0 and 51"),
        Case(json: #"{"clips": {"codec": "vp9"}}"#, message: "config.json: clips.codec: \"vp9\" is not one of \"h264\""),
        Case(json: #"{"clips": {"min_free_mb": -1}}"#, message: "config.json: clips.min_free_mb: -1 must be between 0 and 10000000"),
        Case(json: #"{"clips": {"pre_roll_s": 12}}"#, message: "config.json: clips.pre_roll_s: 12 must be between 0 and 10"),
        Case(json: #"{"clips": {"highlight_s": 0}}"#, message: "config.json: clips.highlight_s: 0 must be greater than 0 and at most 60"),
        Case(json: #"{"clips": {"highlight_cooldown_s": -1}}"#,
             message: "config.json: clips.highlight_cooldown_s: -1 must be between 0 and 3600"),
        Case(json: #"{"clips": {"keyframe_interval_s": 0}}"#,
             message: "config.json: clips.keyframe_interval_s: 0 must be greater than 0 and at most 10"),
        // journal, log
        Case(json: #"{"journal": {"path": ""}}"#, message: "config.json: journal.path: must not be empty"),
        Case(json: #"{"log": {"level": "verbose"}}"#,
             message: "config.json: log.level: \"verbose\" is not one of \"error\", \"warning\", \"info\", \"debug\""),
    ]

    @Test(arguments: cases)
    func badConfigGivesExactMessage(_ testCase: Case) {
        do {
            let config = try GateSpeedConfig.parse(json: testCase.json)
            Issue.record("accepted, expected \(testCase.message); got \(config)")
        } catch {
            #expect(error.message == testCase.message)
        }
    }

    @Test func messageWithoutSourceOmitsIt() {
        let error = ConfigError(source: nil, location: "--posts[1]", problem: "\"x\" is not a number")
        #expect(error.message == "--posts[1]: \"x\" is not a number")
        #expect(error.description == error.message)
    }

    @Test func numbersAreFormattedWithoutNoise() {
        #expect(ConfigNumberFormat.plain(45) == "45")
        #expect(ConfigNumberFormat.plain(-5) == "-5")
        #expect(ConfigNumberFormat.plain(0.28) == "0.28")
        #expect(ConfigNumberFormat.position(0.3) == "0.30")
        #expect(ConfigNumberFormat.position(0.28) == "0.28")
        #expect(ConfigNumberFormat.position(0.305) == "0.305")
        #expect(ConfigNumberFormat.position(0) == "0.00")
        #expect(ConfigNumberFormat.position(1.2) == "1.20")
    }

    @Test func suggestionsPickTheNearestKey() {
        #expect(KeySuggestion.nearest(to: "pre_roll", among: ["pre_roll_s", "post_roll_s"]) == "pre_roll_s")
        #expect(KeySuggestion.nearest(to: "devcie", among: ["device", "width"]) == "device")
        #expect(KeySuggestion.nearest(to: "Device", among: ["device", "width"]) == "device")
        #expect(KeySuggestion.nearest(to: "zzzzzz", among: ["device", "width"]) == nil)
        #expect(KeySuggestion.editDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
        #expect(KeySuggestion.editDistance([], Array("abc".utf8)) == 3)
    }
}
