import FFmpegMedia
import Foundation
import GateSpeedCore
import GateSpeedEngine
import GateSpeedFrames
import GateSpeedSimulation
import Testing

/// Damage done to an AVI's bytes, deterministically, as a bad SD card or a cut copy would.
enum AVIDamage {
    /// File offsets of the video frame chunks (`00dc`, size, then a JPEG's FF D8), in order.
    static func frameChunks(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var index = 0
        while index + 10 <= bytes.count {
            if bytes[index] == 0x30, bytes[index + 1] == 0x30, bytes[index + 2] == 0x64, bytes[index + 3] == 0x63,
               bytes[index + 8] == 0xFF, bytes[index + 9] == 0xD8 {
                offsets.append(index)
                index += 10
            } else {
                index += 1
            }
        }
        return offsets
    }

    /// Overwrites the chunk header (and the JPEG start) of the frames `damaged` with noise:
    /// the demuxer can no longer see those chunks.
    static func breakChunkHeaders(_ bytes: inout [UInt8], frames damaged: [Int], seed: UInt64 = 3) {
        let chunks = frameChunks(bytes)
        var noise = SplitMix(seed: seed)
        for frame in damaged where frame < chunks.count {
            for offset in chunks[frame]..<(chunks[frame] + 24) { bytes[offset] = UInt8(truncatingIfNeeded: noise.next()) }
        }
    }

    /// Overwrites `fraction` of the file with noise, from `start` (a fraction of its length).
    static func overwrite(_ bytes: inout [UInt8], start: Double, fraction: Double, seed: UInt64 = 5) {
        var noise = SplitMix(seed: seed)
        let from = Int(Double(bytes.count) * start), count = Int(Double(bytes.count) * fraction)
        for offset in from..<min(bytes.count, from + count) { bytes[offset] = UInt8(truncatingIfNeeded: noise.next()) }
    }
}

@Suite struct DamagedAVITests {
    let video = SyntheticVideo()

    /// Writes `timestamps` as an MJPEG AVI, applies `damage` to its bytes and opens it.
    func damagedAVI(timestamps: [Double], in directory: String, damage: (inout [UInt8]) -> Void) throws -> VideoFileSource {
        let (packets, stream) = try video.encode(timestamps: timestamps, settings: video.settings(.mjpeg))
        let path = directory + "/damaged.avi"
        try ContainerWriter.write(packets: packets, stream: stream, to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try VideoFileSource(path: path)
    }

    /// Every delivered frame shows the rectangle where it was drawn at the frame's own time:
    /// its timestamp is the one it was recorded with, whatever was lost before it.
    func expectTimesMatchPictures(_ frames: [DecodedFrame], start: Double = 0) {
        for frame in frames {
            let drawn = video.rectangleCentre(at: start + frame.timestamp)
            guard let seen = frame.centroid else { Issue.record("no rectangle at \(frame.timestamp) s"); continue }
            #expect(abs(seen.x - drawn.x) < 1.5, "frame at \(frame.timestamp) s shows the rectangle of another time")
        }
    }

    /// Three frames whose chunk headers are destroyed: each is counted corrupt once, none as
    /// dropped, and the frames after them keep their own times (they used to move one frame
    /// slot early per lost chunk).
    @Test func lostChunksAreCountedAndDoNotShiftLaterFrames() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let timestamps = Timeline.constant(count: 90)
        let source = try damagedAVI(timestamps: timestamps, in: directory) {
            AVIDamage.breakChunkHeaders(&$0, frames: [30, 50, 70])
        }
        let frames = Decoding.readAll(source)
        #expect(source.statistics == FrameSourceStatistics(delivered: 87, dropped: 0, corrupt: 3))
        var expected = timestamps
        for slot in [70, 50, 30] { expected.remove(at: slot) }
        #expect(frames.count == expected.count)
        for (frame, time) in zip(frames, expected) {
            #expect(abs(frame.timestamp - time) < 0.001, "frame at \(frame.timestamp) s, recorded at \(time) s")
        }
        expectTimesMatchPictures(frames)
        #expect(frames.last.map { Int($0.sequence) } == 89 - 3, "sequence counts delivered and dropped frames")
    }

    /// A third of the file overwritten in the middle: every frame the index lists is either
    /// delivered at its own time or counted corrupt (about 30 used to vanish uncounted).
    @Test func overwrittenMiddleIsCountedCorrupt() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let timestamps = Timeline.constant(count: 90)
        let source = try damagedAVI(timestamps: timestamps, in: directory) {
            AVIDamage.overwrite(&$0, start: 0.4, fraction: 1.0 / 3)
        }
        let frames = Decoding.readAll(source)
        #expect(frames.count < 70, "the damage destroyed frames")
        #expect(source.statistics.delivered + source.statistics.corrupt == timestamps.count, "\(source.statistics)")
        #expect(source.statistics.dropped == 0)
        expectTimesMatchPictures(frames)
        #expect(frames.last.map { abs($0.timestamp - timestamps[89]) < 0.001 } == true, "the last frame keeps its time")
    }

    /// Frames the camera dropped (empty slots in the AVI) stay dropped; chunks lost to damage
    /// are corrupt; neither moves the others.
    @Test func droppedSlotsAndLostChunksAreToldApart() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dropped: Set<Int> = [10, 20, 21, 40]
        let timestamps = Timeline.constant(count: 75).enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        // Chunk 30 of the file is slot 34 (four slots before it are empty).
        let source = try damagedAVI(timestamps: timestamps, in: directory) {
            AVIDamage.breakChunkHeaders(&$0, frames: [30, 60])
        }
        let frames = Decoding.readAll(source)
        #expect(source.statistics == FrameSourceStatistics(delivered: 69, dropped: 4, corrupt: 2))
        var expected = timestamps
        for chunk in [60, 30] { expected.remove(at: chunk) }
        for (frame, time) in zip(frames, expected) {
            #expect(abs(frame.timestamp - time) < 0.001, "frame at \(frame.timestamp) s, recorded at \(time) s")
        }
        expectTimesMatchPictures(frames)
    }

    /// The issue's case end to end: simulated course footage in an MJPEG AVI with a few
    /// chunks destroyed during each run. The runs are timed within 0.5 % (they used to come
    /// out about 1 % fast per lost chunk) and the lost chunks are counted corrupt.
    @Test func damagedRunsAreTimedRight() throws {
        var scene = SimulatedScene(duration: 15)
        scene.width = 320
        scene.height = 240
        scene.noise = 3
        scene.riders = [
            SimulatedRider(direction: .leftToRight, startTime: 3, motion: .constant(speed: 31 / 3.6)),
            SimulatedRider(direction: .rightToLeft, startTime: 9.5, motion: .constant(speed: 28 / 3.6)),
        ]
        let end = ReplayEndToEndTests()
        let path = try end.writeVideo(scene, codec: .mjpeg, name: "course.avi")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        // Three frames between the first and the last post of each run (30 fps from 0 s),
        // away from the crossings themselves.
        let damaged = scene.riders.flatMap { rider -> [Int] in
            let crossings = scene.truth(for: rider).crossingTimes
            return (0..<3).map { Int((crossings[$0] + crossings[$0 + 1]) / 2 * 30) }
        }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        AVIDamage.breakChunkHeaders(&bytes, frames: damaged)
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let (results, statistics) = try end.replay(path, course: Course(posts: scene.posts, lengthMetres: scene.courseLength))
        try #require(results.count == 2, "\(results)")
        for (result, rider) in zip(results, scene.riders) {
            let truth = scene.truth(for: rider)
            #expect(abs(result.speedKmh - truth.speedKmh) / truth.speedKmh <= 0.005,
                    "\(result.speedKmh) km/h, truly \(truth.speedKmh)")
        }
        #expect(statistics.corrupt == damaged.count)
        #expect(statistics.dropped == 0)
    }
}
