import ALSAPlayback
import Foundation
import GateSpeedCore
import GateSpeedPlatform

/// Where the speaker sends speech.
public enum SpeechOutputMode: Sendable, Equatable {
    /// Play on an ALSA device; if it cannot be opened, write WAV files to `fallbackWAVDirectory`
    /// (when given) or drop the audio with a log line.
    case alsa(device: String, fallbackWAVDirectory: String?)
    /// One WAV file per announcement in this directory (for machines without a sound card).
    case wavDirectory(String)
}

/// Writes one WAV per announcement: `<directory>/speech-0003-result.wav` (number, kind).
/// Numbers continue after the highest already in the directory, so a restart never
/// overwrites earlier speech; an existing name is skipped, never replaced.
/// Used from the speaker thread only.
public final class WAVDirectoryOutput: SpeechOutput {
    public let directory: String
    /// The number the next file gets; found from the directory on the first delivery.
    private var nextNumber: Int?

    public init(directory: String) {
        self.directory = directory
    }

    /// The file name for the `number`th announcement of `kind`.
    public static func fileName(number: Int, kind: AnnouncementKind) -> String {
        "speech-\(DecimalFormat.zeroPadded(number, width: 4))-\(kind.rawValue).wav"
    }

    /// The highest `speech-N-…wav` number in `directory` (0 when there is none).
    public static func highestNumber(in directory: String) -> Int {
        var highest = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where name.hasPrefix("speech-") && name.hasSuffix(".wav") {
            let digits = name.dropFirst("speech-".count).prefix { $0.isASCII && $0.isNumber }
            // At most nine digits: a stray huge number can neither trap nor stop the numbering.
            guard !digits.isEmpty, digits.count <= 9, let number = Int(digits) else { continue }
            highest = max(highest, number)
        }
        return highest
    }

    public func deliver(_ audio: SpeechAudio, for announcement: Announcement) throws -> SpeechDelivery {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var number = nextNumber ?? Self.highestNumber(in: directory) + 1
        while true {
            let path = (directory as NSString).appendingPathComponent(Self.fileName(number: number, kind: announcement.kind))
            do throws(WAVFile.WriteError) {
                try WAVFile.write(samples: audio.samples, sampleRate: audio.sampleRate, to: path, replacing: false)
            } catch {
                guard case .exists = error else { throw error }
                number += 1   // another writer took it since: the next one
                continue
            }
            nextNumber = number + 1
            return .wroteWAV(path: path)
        }
    }
}

/// Plays on an ALSA device, falling back to WAV files (or dropping) while it is unavailable.
///
/// The device is (re)opened lazily, so a speaker plugged in later is picked up; the switch to
/// and from the fallback is logged once per change, not per announcement.
public final class ALSASpeechOutput: SpeechOutput {
    public let device: String
    private let fallback: WAVDirectoryOutput?
    private let log: Log
    private var player: ALSAPlayer?
    private var reportedUnavailable = false

    public init(device: String, fallbackWAVDirectory: String?, log: Log) {
        self.device = device
        self.fallback = fallbackWAVDirectory.map { WAVDirectoryOutput(directory: $0) }
        self.log = log
    }

    public func deliver(_ audio: SpeechAudio, for announcement: Announcement) throws -> SpeechDelivery {
        do {
            let player = try openPlayer()
            try player.play(samples: audio.samples, sampleRate: audio.sampleRate)
            return .played(device: device)
        } catch {
            self.player = nil
            return try useFallback(audio, announcement, because: String(describing: error))
        }
    }

    private func openPlayer() throws -> ALSAPlayer {
        if let player { return player }
        let opened = try ALSAPlayer(device: device)
        if reportedUnavailable {
            log.info("speech: ALSA device '\(device)' is available again")
            reportedUnavailable = false
        }
        player = opened
        return opened
    }

    private func useFallback(_ audio: SpeechAudio, _ announcement: Announcement,
                             because reason: String) throws -> SpeechDelivery {
        if !reportedUnavailable {
            reportedUnavailable = true
            if let fallback {
                log.warning("speech: \(reason); writing announcements as WAV files to \(fallback.directory)")
            } else {
                log.warning("speech: \(reason); announcements will not be heard (no WAV fallback directory configured)")
            }
        }
        guard let fallback else { return .discarded(reason: reason) }
        return try fallback.deliver(audio, for: announcement)
    }
}

extension SpeechOutputMode {
    /// The real output for this mode.
    public func makeOutput(log: Log) -> any SpeechOutput {
        switch self {
        case let .alsa(device, fallbackDirectory):
            return ALSASpeechOutput(device: device, fallbackWAVDirectory: fallbackDirectory, log: log)
        case let .wavDirectory(directory):
            return WAVDirectoryOutput(directory: directory)
        }
    }
}
