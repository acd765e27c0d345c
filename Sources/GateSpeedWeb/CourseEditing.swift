import Foundation
import GateSpeedPlatform
import GateSpeedConfig
import MicroHTTPServer
import Synchronization

/// What a new course needs before it takes effect, made off the frame loop by the composition
/// root (the timing pipeline for the new course, its geometry solved): the advice to show, and
/// the hand-over to the loop.
public struct CourseChange: Sendable {
    /// What the geometry solve says (placement advice, expected accuracy), one line each.
    public var advice: [String]
    /// Hands the prepared pipeline to the frame loop (which swaps it in at its next frame and
    /// learns the course again). Called once, after the file is saved.
    public var takeEffect: @Sendable () -> Void

    public init(advice: [String], takeEffect: @escaping @Sendable () -> Void) {
        self.advice = advice
        self.takeEffect = takeEffect
    }
}

/// Why a course cannot be used (the config's message).
public struct CourseRefusal: Error, Sendable {
    public var message: String
    /// The key it is about (`course.posts[2]`), when known.
    public var key: String?
    public init(message: String, key: String? = nil) {
        self.message = message
        self.key = key
    }
}

/// `PUT /api/course`'s connection to the service.
public struct CourseEditing: Sendable {
    /// The config file the course is saved in (nil: none, the course is used but not saved).
    public var configPath: String?
    /// How messages name the file (`config.json`).
    public var source: String
    /// Builds everything the new config needs, or says why it cannot be used.
    public var prepare: @Sendable (GateSpeedConfig) -> Result<CourseChange, CourseRefusal>

    public init(configPath: String?, source: String,
                prepare: @escaping @Sendable (GateSpeedConfig) -> Result<CourseChange, CourseRefusal>) {
        self.configPath = configPath
        self.source = source
        self.prepare = prepare
    }
}

/// Checks, saves and applies new courses, one at a time (read-modify-write of the file under a lock).
final class CourseEditor: Sendable {
    private let editing: CourseEditing
    private let busy = Mutex<Void>(())

    init(_ editing: CourseEditing) { self.editing = editing }

    /// `checkOnly`: answer what the course would give without saving it or applying it.
    func put(_ body: [UInt8], checkOnly: Bool) -> HTTPResponse {
        guard let text = String(validating: body, as: UTF8.self) else {
            return Self.refusal(CourseRefusal(message: "\(editing.source): course: the body is not UTF-8 text", key: "course"))
        }
        return busy.withLock { _ -> HTTPResponse in
            let current: String?
            switch readCurrent() {
            case .success(let file): current = file
            case .failure(let refusal): return Self.refusal(refusal, status: 500)
            }
            let replacement: CourseReplacement
            do throws(ConfigError) {
                replacement = try CourseReplacement(configText: current, courseJSON: text, source: editing.source)
            } catch {
                return Self.refusal(CourseRefusal(message: error.message, key: error.location.isEmpty ? nil : error.location))
            }
            let change: CourseChange
            switch editing.prepare(replacement.config) {
            case .success(let prepared): change = prepared
            case .failure(let refusal): return Self.refusal(refusal)
            }
            let advice = WebJSON.array(change.advice.map(WebJSON.quoted))
            if checkOnly {
                return Self.json(WebJSON.object([("ok", "true"), ("saved", "false"), ("applied", "false"), ("advice", advice)]))
            }
            var saved = false
            if let path = editing.configPath {
                do {
                    try DurableFile.writeAtomically(Array(replacement.text.utf8), to: path)
                    saved = true
                } catch {
                    return Self.refusal(CourseRefusal(message: "\(editing.source): cannot be saved (\(error))"), status: 500)
                }
            }
            change.takeEffect()
            return Self.json(WebJSON.object([("ok", "true"), ("saved", saved ? "true" : "false"), ("applied", "true"),
                                             ("advice", advice)]))
        }
    }

    private func readCurrent() -> Result<String?, CourseRefusal> {
        guard let path = editing.configPath else { return .success(nil) }
        guard FileManager.default.fileExists(atPath: path) else { return .success(nil) }
        guard let data = FileManager.default.contents(atPath: path), data.count <= GateSpeedConfig.maximumFileBytes,
              let text = String(data: data, encoding: .utf8) else {
            return .failure(CourseRefusal(message: "\(editing.source): cannot be read"))
        }
        return .success(text)
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        .text(text, status: status, contentType: "application/json")
    }

    static func refusal(_ refusal: CourseRefusal, status: Int = 422) -> HTTPResponse {
        json(WebJSON.object([("ok", "false"), ("error", WebJSON.quoted(refusal.message)),
                             ("key", refusal.key.map(WebJSON.quoted) ?? "null")]), status: status)
    }
}
