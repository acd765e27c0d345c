import GateSpeedPlatform
import Glibc

/// Writing RIFF/WAVE files: PCM, 16-bit, mono.
public enum WAVFile {
    /// Problems writing a WAV file; each names the path.
    public enum WriteError: Error, Equatable, CustomStringConvertible {
        case tooLong(path: String, samples: Int)
        case cannotWrite(path: String, reason: String)
        /// `write(…, replacing: false)` found a file at `path` and left it alone.
        case exists(path: String)

        public var description: String {
            switch self {
            case let .tooLong(path, samples):
                return "cannot write WAV '\(path)': \(samples) samples exceed the 4 GiB WAV limit"
            case let .cannotWrite(path, reason):
                return "cannot write WAV '\(path)': \(reason)"
            case let .exists(path):
                return "cannot write WAV '\(path)': a file of that name exists"
            }
        }
    }

    /// Size of the canonical PCM header in bytes.
    public static let headerSize = 44

    /// The complete file contents: 44-byte header then little-endian samples.
    public static func encode(samples: [Int16], sampleRate: Int) -> [UInt8]? {
        let dataBytes = samples.count * 2
        guard dataBytes <= Int(UInt32.max) - headerSize, sampleRate > 0, sampleRate <= Int(UInt32.max) / 2 else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + dataBytes)
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        bytes.append(contentsOf: Array("RIFF".utf8))
        append32(UInt32(36 + dataBytes))
        bytes.append(contentsOf: Array("WAVEfmt ".utf8))
        append32(16)                        // fmt chunk size
        append16(1)                         // PCM
        append16(1)                         // mono
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * 2))    // byte rate
        append16(2)                         // block align
        append16(16)                        // bits per sample
        bytes.append(contentsOf: Array("data".utf8))
        append32(UInt32(dataBytes))
        for sample in samples { append16(UInt16(bitPattern: sample)) }
        return bytes
    }

    /// Writes the file atomically (`DurableFile.writeAtomically`: a temporary file beside
    /// `path`, fsync, rename(2)), so readers never see a half-written WAV. With
    /// `replacing: false` an existing file at `path` is never overwritten (throws `.exists`).
    public static func write(samples: [Int16], sampleRate: Int, to path: String,
                             replacing: Bool = true) throws(WriteError) {
        guard let bytes = encode(samples: samples, sampleRate: sampleRate) else {
            throw .tooLong(path: path, samples: samples.count)
        }
        do throws(DurableFileError) {
            try DurableFile.writeAtomically(bytes, to: path, replacing: replacing)
        } catch where !replacing && error.operation == .rename && error.errno == .exists {
            throw .exists(path: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.errno.description)
        }
    }
}
