import FFmpegMedia
import Foundation
import GateSpeedFrames
import Testing

/// Two recordings joined byte for byte (`cat a.ts b.ts`): the second starts its clock again.
@Suite struct JoinedRecordingTests {
    /// The step back is handed on as it is, for the pipeline to start a new timeline there
    /// (the file source used to squash every later frame to a microsecond after the last one
    /// of the first recording, which froze the clock); nothing is counted dropped or corrupt.
    @Test func stepBackInTimeIsHandedOnAsItIs() throws {
        let video = SyntheticVideo()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = Timeline.constant(count: 60), second = Timeline.constant(count: 45)
        var joined = Data()
        for (name, timestamps) in [("a.ts", first), ("b.ts", second)] {
            let (packets, stream) = try video.encode(timestamps: timestamps, settings: video.settings(.h264))
            try ContainerWriter.write(packets: packets, stream: stream, to: directory + "/" + name)
            joined += try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        try joined.write(to: URL(fileURLWithPath: directory + "/joined.ts"))

        let source = try VideoFileSource(path: directory + "/joined.ts")
        let frames = Decoding.readAll(source)
        // The transport stream's packet that straddles the join may not decode: it is counted corrupt.
        #expect(source.statistics.delivered + source.statistics.corrupt == first.count + second.count, "\(source.statistics)")
        #expect(source.statistics.corrupt <= 1 && source.statistics.dropped == 0, "\(source.statistics)")
        let join = try #require(frames.indices.dropFirst().first { frames[$0].timestamp < frames[$0 - 1].timestamp },
                                "the clock goes back where the second recording starts")
        #expect(frames[join].timestamp < frames[join - 1].timestamp - 1.5, "back by about 2 s")
        for frame in frames[..<join] {
            #expect(first.contains { abs($0 - frame.timestamp) < 0.001 }, "\(frame.timestamp) s was never recorded")
        }
        let restart = frames[join].timestamp
        for index in join..<frames.count {
            // The second recording keeps its own spacing: whole frame intervals from its first frame.
            let slots = (frames[index].timestamp - restart) * 30
            #expect(abs(slots - slots.rounded()) < 0.03 && slots.rounded() == Double(index - join) , "frame \(index) at \(frames[index].timestamp) s")
        }
    }
}
