import GateSpeedPlatform
import GateSpeedWeb

/// `gatespeed pair [--list | --revoke] [--config FILE]`: the paired phones' tokens in
/// `web-tokens.json` beside the journal. `--revoke` replaces the file atomically with an empty
/// one; a running service looks at the file again within a second and then answers 401.
enum PairCommand {
    static func run(_ command: ParsedCommand, log: Log) throws(CommandFailure) {
        if command.has("--revoke") && command.has("--list") {
            throw CommandFailure(message: "pair: --list and --revoke do not go together", status: 2)
        }
        let loaded = try Assembly.loadConfig(command, log: log)
        let file = TokenFile.besideJournal(loaded.config.journal.path)
        let tokens: [StoredToken]
        switch file.load() {
        case .missing: tokens = []
        case .tokens(let stored): tokens = stored
        case .setAside(let problem, let movedTo):
            log.warning("pair: \(file.path): \(problem); " + (movedTo.map { "set aside as \($0)" } ?? "could not set it aside"))
            tokens = []
        }
        if command.has("--revoke") {
            do throws(DurableFileError) {
                try file.save([])
            } catch {
                throw CommandFailure(message: "pair: cannot write \(file.path): \(error)")
            }
            StandardStream.output.write("revoked \(tokens.count) paired token\(tokens.count == 1 ? "" : "s") in \(file.path)"
                                        + (loaded.config.web.token == nil ? "" : " (web.token stays: change it in the config)") + "\n")
            return
        }
        StandardStream.output.write("\(tokens.count) paired token\(tokens.count == 1 ? "" : "s") in \(file.path)\n")
        for token in tokens {
            StandardStream.output.write("  \(token.created)  \(token.label)  sha256 \(SHA256.hex(token.hash).prefix(12))…\n")
        }
    }
}
