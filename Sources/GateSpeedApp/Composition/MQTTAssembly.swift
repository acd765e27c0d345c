import Foundation
import GateSpeedMQTT
import GateSpeedPlatform
import GateSpeedConfig
import GateSpeedJournal
import MosquittoClient

extension Assembly {
    /// The MQTT settings of the config, checked: nil when `mqtt.url` is null. A URL that cannot
    /// be used, a password file or CA file that cannot be read are bad config (status 2, naming the key).
    static func mqttSettings(_ loaded: LoadedConfig, journalPath: String?) throws(CommandFailure) -> MQTTResultsSink.Settings? {
        let mqtt = loaded.config.mqtt
        guard let url = mqtt.url else { return nil }
        func bad(_ key: ConfigKey, _ problem: String) -> CommandFailure {
            CommandFailure(message: ConfigError(source: loaded.source, location: key.path, problem: problem).message, status: 2)
        }
        let endpoint: MQTTEndpoint
        switch MQTTEndpoint.parse(url) {
        case .success(let parsed): endpoint = parsed
        case .failure(let problem): throw bad(ConfigKeys.MQTT.url, "\"\(MessageText.clipped(url))\" \(problem.phrase)")
        }
        let station = mqtt.station ?? MQTTTopics.station(fromHostName: hostName())
        var connection = MQTTConnectionSettings(endpoint: endpoint, clientID: "gatespeed-" + station)
        connection.username = mqtt.username
        if let path = mqtt.passwordFile {
            switch readPassword(path) {
            case .success(let password): connection.password = password
            case .failure(let problem): throw bad(ConfigKeys.MQTT.passwordFile, problem.text)
            }
        }
        if let path = mqtt.caFile {
            guard endpoint.tls else { throw bad(ConfigKeys.MQTT.caFile, "is only used with an mqtts:// url") }
            guard FileManager.default.isReadableFile(atPath: path) else { throw bad(ConfigKeys.MQTT.caFile, "cannot read \(path)") }
            connection.caFile = path
        }
        return MQTTResultsSink.Settings(connection: connection, station: station, journalPath: journalPath,
                                        readJournal: { JournalTail.read(path: $0, from: $1) })
    }

    /// Why a password file gave no password (the message's end, after the key or option).
    struct PasswordProblem: Error { let text: String }

    /// The broker password: the first line of the file at `path` (at most 4096 bytes), for
    /// `mqtt.password_file` and the scoreboard's `--password-file`.
    static func readPassword(_ path: String) -> Result<String, PasswordProblem> {
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.init(text: "cannot read \(path)")) }
        guard data.count <= 4096 else { return .failure(.init(text: "\(path) is larger than 4096 bytes")) }
        let password = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !password.isEmpty else { return .failure(.init(text: "\(path) is empty (the password is its first line)")) }
        return .success(password)
    }

    /// Starts the MQTT output: event lines from `sink`, the broker's reachability as the `mqtt`
    /// fault of `status`, commands to `commands`. A client that cannot start is logged; timing goes on.
    static func mqttSink(_ settings: MQTTResultsSink.Settings?, journal: ResultsJournal?, sink: EventSink,
                         status: ServiceStatusReporter?, commands: LoopCommands, log: Log) -> MQTTResultsSink? {
        guard var settings else { return nil }
        if let board = journal?.current.scoreboard {
            settings.scoreboard = (board.runs, board.passes, board.averageKmh)
        }
        do {
            let mqtt = try MQTTResultsSink(settings: settings, log: log,
                                           onFault: { status?.setFault(.mqtt, $0) },
                                           onCommand: { command in
                                               switch command {
                                               case .rearm: commands.requestRearm()
                                               case .recalibrate: commands.requestRecalibration()
                                               case .highlight: commands.requestHighlight()
                                               case .newSession: commands.requestNewSession()
                                               }
                                           })
            sink.addLineObserver { mqtt.observe($0) }
            try mqtt.start()
            return mqtt
        } catch {
            log.error("mqtt: \(error); running without MQTT")
            return nil
        }
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "gatespeed" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
