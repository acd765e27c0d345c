import Synchronization
import Testing
@testable import GateSpeedPlatform

/// Log lines for journald (`<N>` priority prefixes) and for a terminal, with a level filter.
struct NotifyJournalLogTests {
    final class Captured: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    func log(_ level: LogLevel, _ style: Log.Style, into captured: Captured) -> Log {
        Log(level: level, style: style) { text in captured.lines.withLock { $0.append(text) } }
    }

    @Test func journaldLinesCarrySyslogPriorities() {
        let captured = Captured()
        let log = log(.debug, .journald, into: captured)
        log.error("camera lost")
        log.warning("disk nearly full")
        log.info("ready")
        log.debug("frame 12")
        #expect(captured.all == ["<3>camera lost\n", "<4>disk nearly full\n", "<6>ready\n", "<7>frame 12\n"])
    }

    @Test func everyLineOfAMultiLineMessageIsPrefixed() {
        #expect(Log.format("first\nsecond", level: .warning, style: .journald) == "<4>first\n<4>second\n")
        #expect(Log.format("first\nsecond", level: .error, style: .plain) == "error: first\nerror: second\n")
    }

    @Test func plainLinesNameTheLevel() {
        let captured = Captured()
        let log = log(.debug, .plain, into: captured)
        log.error("a")
        log.warning("b")
        log.info("c")
        log.debug("d")
        #expect(captured.all == ["error: a\n", "warning: b\n", "c\n", "debug: d\n"])
    }

    @Test func levelFilterDropsDetailWithoutBuildingTheMessage() {
        let captured = Captured()
        let log = log(.warning, .journald, into: captured)
        let built = Atomic<Int>(0)
        func expensive() -> String { built.add(1, ordering: .relaxed); return "detail" }
        log.debug(expensive())
        log.info(expensive())
        log.warning(expensive())
        #expect(captured.all == ["<4>detail\n"])
        #expect(built.load(ordering: .relaxed) == 1)
        #expect(log.isEnabled(.error) && !log.isEnabled(.info))
    }

    @Test func styleFollowsJournalStream() {
        #expect(Log.Style.automatic(environment: ["JOURNAL_STREAM": "8:12345"]) == .journald)
        #expect(Log.Style.automatic(environment: [:]) == .plain)
    }

    @Test func levelsOrderFromErrorToDebug() {
        #expect(LogLevel.allCases.sorted() == [.error, .warning, .info, .debug])
        #expect(LogLevel.allCases.map(\.syslogPriority) == [3, 4, 6, 7])
    }
}
