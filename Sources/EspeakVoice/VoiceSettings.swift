/// How the voice sounds: which eSpeak NG voice, how fast, how loud.
public struct VoiceSettings: Sendable, Equatable {
    /// eSpeak NG voice name or language tag, e.g. "en-gb" (British English, the default).
    public var voice: String
    /// Speaking rate in words per minute (eSpeak accepts 80...450).
    public var wordsPerMinute: Int
    /// Volume, 0...200; 100 is eSpeak's normal level.
    public var volume: Int

    public static let rateRange = 80...450
    public static let volumeRange = 0...200

    public init(voice: String = "en-gb", wordsPerMinute: Int = 160, volume: Int = 100) {
        self.voice = voice
        self.wordsPerMinute = wordsPerMinute
        self.volume = volume
    }

    /// Throws `EspeakError.invalidSetting` naming the first value out of range.
    public func validate() throws(EspeakError) {
        if voice.isEmpty || voice.utf8.count > 40 {
            throw .invalidSetting(name: "voice", value: voice, expected: "a voice name or language tag such as en-gb")
        }
        if !Self.rateRange.contains(wordsPerMinute) {
            throw .invalidSetting(name: "rate", value: String(wordsPerMinute), expected: "80...450 words per minute")
        }
        if !Self.volumeRange.contains(volume) {
            throw .invalidSetting(name: "volume", value: String(volume), expected: "0...200")
        }
    }
}
