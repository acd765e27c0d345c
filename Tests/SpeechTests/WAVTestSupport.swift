import Foundation

/// An independent RIFF/WAVE reader for the tests (does not reuse the code under test).
struct ParsedWAV {
    var audioFormat: UInt16
    var channels: UInt16
    var sampleRate: UInt32
    var byteRate: UInt32
    var blockAlign: UInt16
    var bitsPerSample: UInt16
    var riffSize: UInt32
    var fileSize: Int
    var samples: [Int16]

    var durationSeconds: Double { Double(samples.count) / Double(sampleRate) }

    /// Root mean square of the samples, in sample units (full scale 32768).
    var rms: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    struct Malformed: Error, CustomStringConvertible { var description: String }

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw Malformed(description: "not RIFF/WAVE") }
        fileSize = bytes.count
        riffSize = u32(4)
        var format: (UInt16, UInt16, UInt32, UInt32, UInt16, UInt16)?
        var data: ArraySlice<UInt8>?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(u32(offset + 4))
            let body = offset + 8
            guard body + size <= bytes.count else { throw Malformed(description: "chunk \(tag(offset)) overruns file") }
            if tag(offset) == "fmt " {
                format = (u16(body), u16(body + 2), u32(body + 4), u32(body + 8), u16(body + 12), u16(body + 14))
            } else if tag(offset) == "data" {
                data = bytes[body..<body + size]
            }
            offset = body + size + (size & 1)
        }
        guard let format, let data else { throw Malformed(description: "missing fmt or data chunk") }
        (audioFormat, channels, sampleRate, byteRate, blockAlign, bitsPerSample) = format
        samples = stride(from: data.startIndex, to: data.endIndex - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }
}

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory(_ label: String) throws -> String {
    let path = NSTemporaryDirectory() + "gatespeed-speech-tests-\(label)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
