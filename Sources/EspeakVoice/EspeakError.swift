/// Failures of the eSpeak NG adapter, each with a message naming the problem.
public enum EspeakError: Error, Equatable, CustomStringConvertible {
    /// espeak_Initialize failed, usually because espeak-ng-data is not installed.
    case initialisationFailed
    /// Neither the name nor any of the languages selected a voice.
    case voiceNotFound(requested: String, triedLanguages: [String])
    /// A setting is out of range.
    case invalidSetting(name: String, value: String, expected: String)
    /// eSpeak rejected a parameter value.
    case parameterRejected(name: String, value: Int, code: Int32)
    /// espeak_Synth returned an error code.
    case synthesisFailed(code: Int32)
    /// The text would produce more audio than `maximumSeconds`; synthesis was stopped.
    case speechTooLong(maximumSeconds: Double)

    public var description: String {
        switch self {
        case .initialisationFailed:
            return "eSpeak NG could not be initialised (is espeak-ng-data installed?)"
        case let .voiceNotFound(requested, languages):
            return "eSpeak NG has no voice '\(requested)' (also tried languages: \(languages.joined(separator: ", ")))"
        case let .invalidSetting(name, value, expected):
            return "speech setting '\(name)' is \(value); expected \(expected)"
        case let .parameterRejected(name, value, code):
            return "eSpeak NG rejected \(name) = \(value) (error \(code))"
        case let .synthesisFailed(code):
            return "eSpeak NG synthesis failed (error \(code))"
        case let .speechTooLong(maximumSeconds):
            return "text is too long to speak: more than \(maximumSeconds) s of audio"
        }
    }
}
