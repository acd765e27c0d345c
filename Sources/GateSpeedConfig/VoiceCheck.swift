/// `voice.name` checked against the voices eSpeak NG has on this machine. The decoder cannot
/// know them (it is pure); the composition root lists them through the eSpeak adapter and asks
/// here, so `--check-config` refuses a misspelt voice instead of the service running mute.
extension GateSpeedConfig {
    /// Throws when `isAvailable` is false: `voice.name: eSpeak NG has no voice "engb"
    /// (did you mean "en-gb"?)`. `candidates`: names eSpeak NG answers to (languages, voice files).
    public func checkVoice(isAvailable: Bool, candidates: [String], source: String?) throws(ConfigError) {
        guard !isAvailable else { return }
        let nearest = KeySuggestion.nearest(to: voice.name, among: candidates, limit: 3).map { "\"\($0)\"" }
        var problem = "eSpeak NG has no voice \"\(MessageText.clipped(voice.name))\""
        switch nearest.count {
        case 0: problem += " (`espeak-ng --voices` lists them; en-gb is British English)"
        case 1: problem += " (did you mean \(nearest[0])?)"
        default: problem += " (did you mean \(nearest.dropLast().joined(separator: ", ")) or \(nearest[nearest.count - 1])?)"
        }
        throw ConfigError(source: source, location: ConfigKeys.Voice.name.path, problem: problem)
    }
}
