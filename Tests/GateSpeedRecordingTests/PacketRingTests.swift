import Testing
@testable import GateSpeedRecording

/// A packet with only what the ring looks at.
struct FakePacket: RingPacket, Equatable {
    var timestamp: Double
    var isKeyframe: Bool
    var byteCount: Int
}

/// 30 fps with jitter and the odd dropped frame; a keyframe every `gop` frames;
/// keyframes ~10x bigger than the others, sizes varying.
struct SyntheticPacketStream: Sequence, IteratorProtocol {
    var frame = 0
    var time = 1000.0
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    let gop: Int
    let count: Int

    init(seconds: Double, gop: Int = 30) {
        self.gop = gop
        count = Int(seconds * 30)
    }

    mutating func random() -> Double {
        seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
        return Double(seed % 10_000) / 10_000
    }

    mutating func next() -> FakePacket? {
        guard frame < count else { return nil }
        let key = frame % gop == 0
        time += 1.0 / 30 + (random() - 0.5) * 0.006
        if random() < 0.02 { time += 1.0 / 30 } // a dropped frame
        frame += 1
        let size = key ? 40_000 + Int(random() * 20_000) : 3_000 + Int(random() * 4_000)
        return FakePacket(timestamp: time, isKeyframe: key, byteCount: size)
    }
}

@Suite struct PacketRingTests {
    @Test func anHourOfPacketsStaysBoundedAndAlwaysStartsAtAKeyframe() {
        var ring = PacketRing<FakePacket>(minimumSeconds: 10, byteCap: 4_000_000)
        var maxBytes = 0, maxCount = 0
        var stream = SyntheticPacketStream(seconds: 3600)
        var appended = 0
        while let packet = stream.next() {
            ring.append(packet)
            appended += 1
            maxBytes = max(maxBytes, ring.byteCount)
            maxCount = max(maxCount, ring.count)
            if appended % 97 == 0 {
                #expect(ring[0].isKeyframe)
                if appended > 400 { #expect(ring.span >= 10 - 1.0 / 30 * 3, "at least ~10 s kept") }
                #expect(ring.span <= 11.2, "not more than 10 s plus one keyframe interval")
            }
        }
        #expect(appended == 108_000)
        #expect(maxBytes <= 4_000_000)
        #expect(maxCount < 400, "about 11 s of 30 fps at most")
    }

    @Test func theByteCapWinsOverTheTimeWindow() {
        var ring = PacketRing<FakePacket>(minimumSeconds: 10, byteCap: 500_000)
        for packet in SyntheticPacketStream(seconds: 60) {
            ring.append(packet)
            #expect(ring.byteCount <= 500_000)
            if !ring.isEmpty { #expect(ring[0].isKeyframe) }
        }
        #expect(ring.span < 10, "a small cap keeps fewer seconds")
        #expect(ring.span > 1, "but at least one whole group of pictures")
    }

    @Test func packetsBeforeTheFirstKeyframeAreDiscarded() {
        var ring = PacketRing<FakePacket>()
        ring.append(FakePacket(timestamp: 1, isKeyframe: false, byteCount: 10))
        ring.append(FakePacket(timestamp: 2, isKeyframe: false, byteCount: 10))
        #expect(ring.isEmpty && ring.discardedBeforeKeyframe == 2)
        ring.append(FakePacket(timestamp: 3, isKeyframe: true, byteCount: 10))
        #expect(ring.count == 1)
    }

    @Test func aRangeStartsAtTheLastKeyframeAtOrBeforeItsStart() {
        var ring = PacketRing<FakePacket>(minimumSeconds: 100)
        for index in 0..<90 {  // 3 s at 30 fps, keyframes at 0, 1, 2 s
            ring.append(FakePacket(timestamp: Double(index) / 30, isKeyframe: index % 30 == 0, byteCount: 100))
        }
        let clip = ring.packets(from: 1.5, to: 2.5)
        #expect(clip.first?.timestamp == 1.0 && clip.first?.isKeyframe == true)
        #expect(clip.last?.timestamp == 75.0 / 30)
        let exact = ring.packets(from: 2.0, to: 10)
        #expect(exact.first?.timestamp == 2.0 && exact.count == 30)
        let beforeRing = ring.packets(from: -5, to: 0.5)
        #expect(beforeRing.first?.timestamp == 0 && beforeRing.count == 16)
        #expect(PacketRing<FakePacket>().packets(from: 0, to: 1).isEmpty)
    }
}
