import CALSA

/// Plays 16-bit mono PCM on one ALSA device (blocking until it has been heard).
///
/// Not thread-safe: use one player from one thread (the speech thread owns it).
public final class ALSAPlayer {
    public let device: String
    private let pcm: OpaquePointer
    /// Sample rate the PCM is configured for; nil until the first `play`.
    private var configuredRate: Int?
    /// Buffering latency requested from ALSA, in microseconds.
    private static let latencyMicroseconds: UInt32 = 200_000

    /// Opens `device` for playback ("default", "plughw:0,0", ...).
    public init(device: String = "default") throws(ALSAError) {
        _ = gatespeed_alsa_silence_library_messages()
        var handle: OpaquePointer?
        let status = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard status >= 0, let handle else {
            throw .cannotOpen(device: device, reason: ALSAError.reason(status))
        }
        self.device = device
        self.pcm = handle
    }

    deinit {
        snd_pcm_close(pcm)
    }

    /// True when `device` can be opened for playback right now (it is closed again at once).
    public static func isAvailable(device: String = "default") -> Bool {
        (try? ALSAPlayer(device: device)) != nil
    }

    /// Plays `samples` (mono, `sampleRate` Hz) and returns when they have been played (drain).
    public func play(samples: [Int16], sampleRate: Int) throws(ALSAError) {
        try samples.withUnsafeBufferPointer { buffer throws(ALSAError) in
            try play(buffer, sampleRate: sampleRate)
        }
    }

    /// Plays `samples` (mono, `sampleRate` Hz) and returns when they have been played (drain).
    public func play(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) throws(ALSAError) {
        guard sampleRate > 0, sampleRate <= 384_000 else {
            throw .invalidAudio("sample rate \(sampleRate) Hz is outside 1...384000")
        }
        try configure(sampleRate: sampleRate)
        // After the previous drain the PCM is in SETUP state; writei needs PREPARED.
        let prepared = snd_pcm_prepare(pcm)
        if prepared < 0 { throw .writeFailed(device: device, reason: ALSAError.reason(prepared)) }
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        let failure = writeAllFrames(
            count: samples.count,
            write: { offset, count in
                Int(snd_pcm_writei(pcm, base + offset, snd_pcm_uframes_t(count)))
            },
            recover: { error in snd_pcm_recover(pcm, error, 1) })
        if let failure {
            _ = snd_pcm_drop(pcm)
            throw .writeFailed(device: device, reason: ALSAError.reason(failure))
        }
        let drained = snd_pcm_drain(pcm)
        if drained < 0 { throw .writeFailed(device: device, reason: ALSAError.reason(drained)) }
    }

    /// S16_LE, interleaved, 1 channel, at `sampleRate`; ALSA may resample (plug layer).
    private func configure(sampleRate: Int) throws(ALSAError) {
        if configuredRate == sampleRate { return }
        let status = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                                        1, UInt32(sampleRate), 1, Self.latencyMicroseconds)
        guard status >= 0 else {
            configuredRate = nil
            throw .cannotConfigure(device: device, sampleRate: sampleRate, reason: ALSAError.reason(status))
        }
        configuredRate = sampleRate
    }
}
