import CALSA

/// Failures of ALSA playback, each naming the device and ALSA's reason.
public enum ALSAError: Error, Equatable, CustomStringConvertible {
    /// snd_pcm_open failed: on a machine without a sound card this is the usual error.
    case cannotOpen(device: String, reason: String)
    /// The device refused S16_LE mono at the requested rate.
    case cannotConfigure(device: String, sampleRate: Int, reason: String)
    /// Writing failed and snd_pcm_recover could not recover.
    case writeFailed(device: String, reason: String)
    /// The audio to play is not playable (e.g. a sample rate of 0).
    case invalidAudio(String)

    public var description: String {
        switch self {
        case let .cannotOpen(device, reason):
            return "no sound card: ALSA device '\(device)' cannot be opened (\(reason))"
        case let .cannotConfigure(device, sampleRate, reason):
            return "ALSA device '\(device)' cannot play 16-bit mono at \(sampleRate) Hz (\(reason))"
        case let .writeFailed(device, reason):
            return "ALSA device '\(device)' failed during playback (\(reason))"
        case let .invalidAudio(problem):
            return "cannot play audio: \(problem)"
        }
    }

    /// ALSA's text for a negative error code.
    static func reason(_ code: Int32) -> String {
        guard let text = snd_strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
