import GateSpeedFrames
@testable import GateSpeedLiveView
import Testing
import TurboJPEG

/// Calls `body` with a grey I420 frame of `width` x `height` (luma `level`) at time `t`.
private func withFrame(width: Int, height: Int, level: UInt8 = 90, t: Double, _ body: (VideoFrame) -> Void) {
    var bytes = [UInt8](repeating: 128, count: width * height * 3 / 2)
    for i in 0..<(width * height) { bytes[i] = level &+ UInt8(truncatingIfNeeded: i % 7) }
    bytes.withUnsafeBytes { raw in
        let base = raw.baseAddress!
        let cw = width / 2, ch = height / 2
        let frame = VideoFrame(luma: Plane(base: base, width: width, height: height, rowStride: width),
                               chromaBlue: Plane(base: base + width * height, width: cw, height: ch, rowStride: cw),
                               chromaRed: Plane(base: base + width * height + cw * ch, width: cw, height: ch, rowStride: cw),
                               timestamp: t, sequence: 0)
        body(frame)
    }
}

@Suite("LiveView")
struct LiveViewTests {
    @Test("with nobody watching, offered frames are neither copied nor encoded")
    func nobodyWatching() {
        let view = LiveView(width: 64, height: 48)
        #expect(view.start())
        defer { view.stop() }
        for index in 0..<60 { withFrame(width: 64, height: 48, t: Double(index) / 30) { view.offer($0, now: $0.timestamp) } }
        #expect(view.statistics.copied == 0)
        view.beginWatching()
        #expect(view.nextJPEG(after: 0, timeoutSeconds: 0) == nil)
        view.endWatching()
        #expect(view.statistics.encoded == 0)
    }

    @Test("a watcher gets JPEGs of the frame's size, at most one per interval")
    func watcherGetsJPEGs() throws {
        let view = LiveView(width: 64, height: 48, framesPerSecond: 4)
        #expect(view.start())
        defer { view.stop() }
        view.beginWatching()
        withFrame(width: 64, height: 48, t: 10) { view.offer($0, now: 10) }
        let first = try #require(view.nextJPEG(after: 0, timeoutSeconds: 30))
        #expect(first.sequence == 1)
        let size = try JPEGHeader.dimensions(of: first.bytes)
        #expect(size.width == 64 && size.height == 48)
        // Within the quarter second: skipped; after it: copied.
        withFrame(width: 64, height: 48, t: 10.1) { view.offer($0, now: 10.1) }
        #expect(view.statistics.copied == 1)
        withFrame(width: 64, height: 48, t: 10.26) { view.offer($0, now: 10.26) }
        #expect(view.statistics.copied == 2)
        let second = try #require(view.nextJPEG(after: first.sequence, timeoutSeconds: 30))
        #expect(second.sequence == 2)
        view.endWatching()
    }

    @Test("a clock that steps back does not stop the live view")
    func clockStepsBack() throws {
        let view = LiveView(width: 32, height: 32)
        #expect(view.start())
        defer { view.stop() }
        view.beginWatching()
        withFrame(width: 32, height: 32, t: 100) { view.offer($0, now: 100) }
        let first = try #require(view.nextJPEG(after: 0, timeoutSeconds: 30))
        withFrame(width: 32, height: 32, t: 1) { view.offer($0, now: 1) }
        #expect(view.statistics.copied == 2)
        #expect(view.nextJPEG(after: first.sequence, timeoutSeconds: 30) != nil)
    }

    @Test("JPEGs made before the watching began are not handed out as current")
    func staleFramesAreNotServed() throws {
        let view = LiveView(width: 32, height: 32)
        #expect(view.start())
        defer { view.stop() }
        view.beginWatching()
        withFrame(width: 32, height: 32, t: 1) { view.offer($0, now: 1) }
        _ = try #require(view.nextJPEG(after: 0, timeoutSeconds: 30))
        view.endWatching()
        view.beginWatching()
        #expect(view.nextJPEG(after: 0, timeoutSeconds: 0) == nil)
        view.endWatching()
    }

    @Test("frames of another size than expected are encoded at their own size once the slot is resized")
    func otherFrameSize() throws {
        let view = LiveView(width: 640, height: 480)
        #expect(view.start())
        defer { view.stop() }
        view.beginWatching()
        var got: (sequence: UInt64, bytes: [UInt8])?
        var t = 0.0
        for _ in 0..<200 where got == nil {
            t += 1
            withFrame(width: 48, height: 32, t: t) { view.offer($0, now: t) }
            got = view.nextJPEG(after: 0, timeoutSeconds: 0.05)
        }
        let jpeg = try #require(got)
        let size = try JPEGHeader.dimensions(of: jpeg.bytes)
        #expect(size.width == 48 && size.height == 32)
    }

    @Test("unbalanced endWatching never takes the count below zero")
    func unbalancedEnd() {
        let view = LiveView(width: 32, height: 32)
        view.endWatching()
        #expect(view.watcherCount == 0)
        view.beginWatching()
        #expect(view.watcherCount == 1)
        view.endWatching()
        view.endWatching()
        #expect(view.watcherCount == 0)
    }

    @Test("a watcher waiting when the live view stops gets nil")
    func stopWakesWatchers() {
        let view = LiveView(width: 32, height: 32)
        #expect(view.start())
        view.beginWatching()
        view.stop()
        #expect(view.nextJPEG(after: 0, timeoutSeconds: 30) == nil)
    }
}

@Suite("PostPainter")
struct PostPainterTests {
    @Test("a fraction post is a yellow vertical line with a dark edge; the rest is untouched")
    func fractionPost() {
        var image = I420Image(width: 64, height: 48)
        for i in 0..<image.lumaCount { image.bytes[i] = 100 }
        PostPainter.draw(LivePosts(viewX: [0.5], geometry: .identity), on: &image)
        let x = Int((0.5 * 63).rounded())
        #expect(image.bytes[20 * 64 + x] == PostPainter.lineLuma)
        #expect(image.bytes[image.blueOffset + 10 * 32 + x / 2] == PostPainter.lineBlue)
        #expect(image.bytes[20 * 64 + x + 2] == PostPainter.edgeLuma)
        #expect(image.bytes[20 * 64 + 5] == 100)
    }

    @Test("posts are drawn where the view's rotation puts them on the sensor")
    func rotatedPosts() {
        // Rotated 90 degrees clockwise: the view's vertical line x = 0.25 is the sensor's row y = 0.75.
        let posts = LivePosts(viewX: [0.25], geometry: FrameGeometry(rotation: .clockwise90))
        let segment = posts.segments[0]
        #expect(abs(segment.y0 - 0.75) < 1e-9 && abs(segment.y1 - 0.75) < 1e-9)
        var image = I420Image(width: 64, height: 48)
        PostPainter.draw(posts, on: &image)
        let row = Int((0.75 * 47).rounded())
        #expect(image.bytes[row * 64 + 30] == PostPainter.lineLuma)
    }

    @Test("a marked post is the line from its base to its top, the base marked by a square")
    func markedPost() {
        let posts = LivePosts(bases: [(0.2, 0.9)], tops: [(0.25, 0.3)], geometry: .identity)
        #expect(posts.segments == [LivePosts.Segment(x0: 0.2, y0: 0.9, x1: 0.25, y1: 0.3, marksBase: true)])
        var image = I420Image(width: 100, height: 100)
        PostPainter.draw(posts, on: &image)
        let baseX = Int((0.2 * 99).rounded()), baseY = Int((0.9 * 99).rounded())
        #expect(image.bytes[baseY * 100 + baseX + 2] == PostPainter.lineLuma)   // inside the base's square
        #expect(image.bytes[10 * 100 + 50] == 0)                                   // far away: untouched
    }

    @Test("segments far outside the image are clipped, not drawn forever")
    func outsideSegments() {
        var image = I420Image(width: 32, height: 32)
        let posts = LivePosts(segments: [LivePosts.Segment(x0: -1e9, y0: 0, x1: 1e9, y1: 1, marksBase: true),
                                         LivePosts.Segment(x0: .nan, y0: 0, x1: 0.5, y1: .infinity, marksBase: false)])
        PostPainter.draw(posts, on: &image)
        #expect(image.width == 32)
    }
}
