/// Mono 16-bit PCM produced by eSpeak NG.
public struct SynthesizedSpeech: Sendable, Equatable {
    /// Samples per second (eSpeak NG reports 22050).
    public var sampleRate: Int
    /// Signed 16-bit mono samples.
    public var samples: [Int16]

    public init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// Length of the audio in seconds.
    public var durationSeconds: Double {
        sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0
    }
}
