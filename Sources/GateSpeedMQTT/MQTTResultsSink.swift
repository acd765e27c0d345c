import Dispatch
import Foundation
import GateSpeedCore
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedEvents
import MosquittoClient
import Synchronization

/// The MQTT output: every event line to `gatespeed/STATION/event`, the last result (retained),
/// the scoreboard (retained), `online`/`offline` status (retained; `offline` is also the last
/// will), Home Assistant discovery, and the command topic in.
///
/// Event lines arrive through `observe` (the event sink's line observer) into a bounded queue
/// that never blocks: when it is full, ordinary events are dropped and counted; results are
/// never lost, because results are always published FROM THE JOURNAL: on each result line the
/// worker reads the journal from where it last sent (`PublishMark`), publishes every result and
/// invalid run found there in order (QoS 1), and the broker's acks advance the saved mark. While
/// the broker is away nothing is sent; after reconnecting the journal is read from the mark, so
/// the results made meanwhile go out in order and none twice.
public final class MQTTResultsSink: @unchecked Sendable {
    public struct Settings: Sendable {
        public var connection: MQTTConnectionSettings
        public var station: String
        /// The results journal (its results are published from it), or nil for none.
        public var journalPath: String?
        /// Reads `journalPath` forward from a byte offset (the journal's `JournalTail.read`).
        public var readJournal: JournalTailReader
        /// Ordinary event lines waiting at most; more are dropped.
        public var queueCapacity = 256
        /// The session's scoreboard at start (restored from the journal), retained until the next result.
        public var scoreboard: (runs: Int, passes: Int, averageKmh: Double)?

        public init(connection: MQTTConnectionSettings, station: String, journalPath: String?,
                    readJournal: @escaping JournalTailReader) {
            self.connection = connection
            self.station = station
            self.journalPath = journalPath
            self.readJournal = readJournal
        }
    }

    /// Counts for the log and the tests.
    public struct Statistics: Sendable, Equatable {
        /// Results and invalid runs published as they happened.
        public var liveResults = 0
        /// Results and invalid runs published from the journal after the broker was away.
        public var replayedResults = 0
        /// Ordinary events dropped: the queue was full, or the broker was away.
        public var droppedEvents = 0
        public var connections = 0
        /// Median and 99th percentile of event line → broker ack, ms (live results).
        public var medianLatencyMilliseconds: Double?
        public var p99LatencyMilliseconds: Double?
    }

    private enum Item {
        case event(String)
        case result(String, observedAt: UInt64)
    }

    public let topics: MQTTTopics
    private let settings: Settings
    private let log: Log
    private let onFault: @Sendable (String?) -> Void
    private let onCommand: @Sendable (MQTTCommand) -> Void
    private var connection: MosquittoConnection?
    private var worker: WorkerThread?
    private let mark: PublishMark?

    private let queue = Mutex<(items: [Item], resultsSkipped: Bool)>(([], false))
    private let wake = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private let justConnected = Atomic<Bool>(false)
    private let discoveryWanted = Atomic<Bool>(false)
    private let acks: Mutex<MQTTAcknowledgements>
    private let statistics = Mutex(Statistics())

    // The worker's own state.
    private var sentOffset: Int
    private var savedOffset: Int
    private var journalUnreadable = false
    /// The retained payloads, sent again after every reconnect (a broker restart can lose them).
    private var lastResult: String?
    private var lastScoreboard: String?

    /// - Parameters:
    ///   - onFault: told (any thread) the reason while the broker cannot be reached, nil once it can.
    ///   - onCommand: a command from the station's command topic (on the network thread; must not block).
    public init(settings: Settings, log: Log, onFault: @escaping @Sendable (String?) -> Void,
                onCommand: @escaping @Sendable (MQTTCommand) -> Void) throws(MQTTError) {
        self.settings = settings
        self.log = log
        self.onFault = onFault
        self.onCommand = onCommand
        topics = MQTTTopics(station: settings.station)
        var start = 0
        if let journalPath = settings.journalPath {
            let mark = PublishMark(journalPath: journalPath, station: settings.station)
            self.mark = mark
            if let saved = mark.load() {
                start = saved
            } else {
                // First time on this journal: what is already in it is history, not news.
                start = (try? FileManager.default.attributesOfItem(atPath: journalPath)[.size] as? Int) ?? 0
                do { try mark.save(start) } catch { log.warning("mqtt: cannot save \(mark.path): \(error)") }
            }
        } else {
            mark = nil
        }
        sentOffset = start
        savedOffset = start
        if let board = settings.scoreboard {
            lastScoreboard = Self.scoreboardPayload(runs: board.runs, passes: board.passes, averageKmh: board.averageKmh)
        }
        acks = Mutex(MQTTAcknowledgements(offset: start))

        var connectionSettings = settings.connection
        connectionSettings.will = .init(topic: topics.status, payload: MQTTTopics.offline, qos: 1, retain: true)
        var handlers = MQTTHandlers()
        handlers.connected = { [weak self] in self?.connected() }
        handlers.disconnected = { [weak self] reason, retry in self?.disconnected(reason, retry) }
        handlers.published = { [weak self] messageID in self?.acknowledged(messageID) }
        handlers.message = { [weak self] topic, payload in self?.received(topic, payload) }
        connection = try MosquittoConnection(settings: connectionSettings, handlers: handlers)
    }

    /// Starts the network thread and the worker.
    public func start() throws(MQTTError) {
        let endpoint = settings.connection.endpoint
        log.info("mqtt: \(endpoint.tls ? "mqtts" : "mqtt")://\(endpoint.host):\(endpoint.port) as station \(settings.station)"
                 + (mark.map { "; results from the journal after byte \(sentOffset) (\($0.path))" } ?? ""))
        do {
            worker = try WorkerThread.start(name: "gatespeed-mqtt-q") { [self] in work() }
        } catch {
            throw MQTTError(operation: "pthread_create", reason: "\(error)")
        }
        try connection?.start()
    }

    /// The event sink's line observer: hands the line over and returns at once.
    public func observe(_ line: String) {
        let isResult = line.hasPrefix("{\"event\":\"result\"") || line.hasPrefix("{\"event\":\"invalid\"")
        let observedAt = MonotonicClock.nanoseconds()
        let accepted = queue.withLock { queue -> Bool in
            if queue.items.count >= settings.queueCapacity {
                if isResult { queue.resultsSkipped = true }   // the journal has it
                return isResult
            }
            queue.items.append(isResult ? .result(line, observedAt: observedAt) : .event(line))
            return true
        }
        if accepted { wake.signal() } else { statistics.withLock { $0.droppedEvents += 1 } }
    }

    /// Publishes what is queued, sends `offline` (retained), disconnects, saves the mark.
    public func stop() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
        worker?.join()
        worker = nil
        connection?.stop(finalMessage: (topics.status, MQTTTopics.offline))
        saveMark()
        let stats = currentStatistics
        let latency = stats.medianLatencyMilliseconds.map { median in
            "; event line to broker ack: median \(Self.milliseconds(median)) ms, p99 \(Self.milliseconds(stats.p99LatencyMilliseconds ?? median)) ms"
        } ?? ""
        log.info("mqtt: \(stats.liveResults) result(s) published live, \(stats.replayedResults) from the journal after "
                 + "reconnecting, \(stats.droppedEvents) event(s) not sent\(latency)")
    }

    public var currentStatistics: Statistics {
        var stats = statistics.withLock { $0 }
        let latencies = acks.withLock { $0.latenciesMilliseconds }.sorted()
        if !latencies.isEmpty {
            stats.medianLatencyMilliseconds = latencies[latencies.count / 2]
            stats.p99LatencyMilliseconds = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        }
        return stats
    }

    /// True once the broker has the station's status, discovery and journal backlog after the
    /// latest connect, until the connection drops.
    public var isConnected: Bool { announced.load(ordering: .acquiring) && (connection?.isConnected ?? false) }
    private let announced = Atomic<Bool>(false)

    // MARK: The network thread's callbacks (quick: flags and a wake)

    private func connected() {
        statistics.withLock { $0.connections += 1 }
        justConnected.store(true, ordering: .releasing)
        wake.signal()
    }

    private func disconnected(_ reason: String, _ retry: Double) {
        announced.store(false, ordering: .releasing)
        log.warning("mqtt: \(reason); retrying in \(Self.milliseconds(retry * 1000)) ms")
        onFault("\(reason); retrying")
    }

    private func acknowledged(_ messageID: Int32) {
        acks.withLock { $0.acknowledged(messageID) }
        wake.signal()
    }

    private func received(_ topic: String, _ payload: [UInt8]) {
        if topic == topics.command {
            if let command = MQTTCommand(payload: payload) {
                log.info("mqtt: command \(command.rawValue)")
                onCommand(command)
            } else {
                log.warning("mqtt: ignored command \"\(MessageText.clipped(String(decoding: payload.prefix(200), as: UTF8.self)))\" "
                            + "on \(topic) (accepted: \(MQTTCommand.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        } else if topic == MQTTTopics.homeAssistantStatus {
            if String(decoding: payload, as: UTF8.self) == MQTTTopics.online {
                discoveryWanted.store(true, ordering: .releasing)
                wake.signal()
            }
        } else {
            log.warning("mqtt: ignored a message on \(MessageText.clipped(topic)) (commands are taken only on \(topics.command))")
        }
    }

    // MARK: The worker

    private func work() {
        while true {
            _ = wake.wait(timeout: .now() + 1)
            let ending = stopping.load(ordering: .acquiring)
            if justConnected.exchange(false, ordering: .acquiringAndReleasing) { announce() }
            if discoveryWanted.exchange(false, ordering: .acquiringAndReleasing) { publishDiscovery() }
            let (batch, skipped) = queue.withLock { queue -> ([Item], Bool) in
                defer { queue.items.removeAll(keepingCapacity: true); queue.resultsSkipped = false }
                return (queue.items, queue.resultsSkipped)
            }
            for item in batch {
                switch item {
                case .event(let line): publishEvent(line)
                case .result(let line, let observedAt): publishJournal(live: (line, observedAt))
                }
            }
            if skipped { publishJournal(live: nil) }
            saveMark()
            if ending { break }
        }
    }

    /// After every (re)connect: status, subscriptions, discovery, the journal from the mark, the scoreboard.
    private func announce() {
        guard let connection else { return }
        onFault(nil)
        log.info("mqtt: connected to \(settings.connection.endpoint.host):\(settings.connection.endpoint.port)")
        do {
            try connection.publish(topics.status, MQTTTopics.online, qos: 1, retain: true)
            try connection.subscribe(topics.command, qos: 1)
            try connection.subscribe(MQTTTopics.homeAssistantStatus, qos: 1)
        } catch {
            log.warning("mqtt: \(error)")
        }
        publishDiscovery()
        if let lastResult { _ = try? connection.publish(topics.result, lastResult, qos: 1, retain: true) }
        publishJournal(live: nil)
        if let lastScoreboard { _ = try? connection.publish(topics.scoreboard, lastScoreboard, qos: 1, retain: true) }
        announced.store(true, ordering: .releasing)
    }

    private func publishDiscovery() {
        guard let connection, connection.isConnected else { return }
        for message in HomeAssistantDiscovery(topics: topics).messages {
            do { try connection.publish(message.topic, message.payload, qos: 1, retain: true) } catch {
                log.warning("mqtt: discovery: \(error)")
                return
            }
        }
    }

    private func publishEvent(_ line: String) {
        guard let connection, connection.isConnected else {
            statistics.withLock { $0.droppedEvents += 1 }
            return
        }
        do {
            try connection.publish(topics.event, line, qos: 0, retain: false)
            if line.hasPrefix("{\"event\":\"session\""), let board = Self.scoreboardPayload(sessionLine: line) {
                lastScoreboard = board
                try connection.publish(topics.scoreboard, board, qos: 1, retain: true)
            }
        } catch {
            statistics.withLock { $0.droppedEvents += 1 }
        }
    }

    /// Publishes every journal result after `sentOffset`, in order; `live` is the line that
    /// prompted it (published as printed, when it is the journal's newest entry).
    private func publishJournal(live: (line: String, observedAt: UInt64)?) {
        guard let connection, connection.isConnected else { return }
        guard let journalPath = settings.journalPath else {
            if let live { publishResult(live.line, end: nil, observedAt: live.observedAt, retainAsLast: true) }
            return
        }
        guard var tail = settings.readJournal(journalPath, sentOffset) else {
            if !journalUnreadable { log.warning("mqtt: cannot read the journal \(journalPath); results wait until it can be read") }
            journalUnreadable = true
            return
        }
        journalUnreadable = false
        if tail.shorter {
            log.warning("mqtt: the journal \(journalPath) is shorter than the mark (\(sentOffset) bytes): it was replaced; "
                        + "publishing it from its start")
            sentOffset = 0
            acks.withLock { $0.restart(at: 0) }
            guard let fresh = settings.readJournal(journalPath, 0) else { return }
            tail = fresh
        }
        // The line that prompted this read is published as printed (the worker may be behind, so
        // it need not be the newest entry).
        // Entries after it have their own lines coming; they are left for those.
        let liveIndex = live.flatMap { live in tail.entries.lastIndex { Self.sameRun(live.line, $0) } }
        let entries = liveIndex.map { Array(tail.entries[...$0]) } ?? tail.entries
        let readUpTo = liveIndex.map { tail.entries[$0].end } ?? tail.end
        for (index, entry) in entries.enumerated() {
            let newest = index == entries.count - 1
            var line = entry.line
            var observedAt: UInt64?
            if index == liveIndex, let live {
                line = live.line
                observedAt = live.observedAt
            }
            guard publishResult(line, end: entry.end, observedAt: observedAt, retainAsLast: newest) else { return }
            sentOffset = entry.end
            statistics.withLock { observedAt == nil ? ($0.replayedResults += 1) : ($0.liveResults += 1) }
        }
        sentOffset = readUpTo
        acks.withLock { $0.read(upTo: readUpTo) }
    }

    @discardableResult
    private func publishResult(_ line: String, end: Int?, observedAt: UInt64?, retainAsLast: Bool) -> Bool {
        guard let connection else { return false }
        do {
            let messageID = try connection.publish(topics.event, line, qos: 1, retain: false)
            if let end { acks.withLock { $0.record(.init(messageID: messageID, end: end, observedAt: observedAt)) } }
            if retainAsLast {
                lastResult = line
                try connection.publish(topics.result, line, qos: 1, retain: true)
            }
            return true
        } catch {
            log.warning("mqtt: \(error); the result is sent again after reconnecting")
            return false
        }
    }

    private func saveMark() {
        guard let mark else { return }
        let acked = acks.withLock { $0.ackedOffset }
        guard acked != savedOffset else { return }
        do {
            try mark.save(acked)
            savedOffset = acked
        } catch {
            log.warning("mqtt: cannot save \(mark.path): \(error)")
        }
    }

    /// True when the printed line is the journal entry's run (same event and `t` as printed).
    static func sameRun(_ line: String, _ entry: JournalTailEntry) -> Bool {
        if line == entry.line { return true }
        guard line.hasPrefix("{\"event\":\"\(entry.event)\"") else { return false }
        guard let object = jsonObject(line) else { return false }
        guard let t = number(object["t"]), let entryT = entry.t else { return object["t"] == nil && entry.t == nil }
        return abs(t - entryT) < 0.0005
    }

    /// `{"runs":…,"passes":…,"avg_kmh":…}` of a `session` event line.
    static func scoreboardPayload(sessionLine line: String) -> String? {
        guard let object = jsonObject(line), let runs = object["runs"] as? Int, let passes = object["passes"] as? Int else {
            return nil
        }
        return scoreboardPayload(runs: runs, passes: passes, averageKmh: number(object["avg_kmh"]) ?? 0)
    }

    static func scoreboardPayload(runs: Int, passes: Int, averageKmh: Double) -> String {
        let average = averageKmh.isFinite ? (averageKmh * 1000).rounded() / 1000 : 0
        let text = average == average.rounded() && abs(average) < 1e9 ? String(Int(average)) : "\(average)"
        return "{\"runs\":\(runs),\"passes\":\(passes),\"avg_kmh\":\(text)}"
    }

    /// A JSON number as a Double (JSONSerialization gives whole numbers as Int).
    static func number(_ value: Any?) -> Double? {
        if let double = value as? Double { return double }
        if let integer = value as? Int { return Double(integer) }
        return nil
    }

    static func jsonObject(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    static func milliseconds(_ value: Double) -> String { DecimalFormat.fixed(value, decimals: 1) }
}
