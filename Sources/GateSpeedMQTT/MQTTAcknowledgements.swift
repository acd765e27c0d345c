import GateSpeedPlatform
#if canImport(Glibc)
import Glibc
#endif

/// Journal results sent and not yet acknowledged by the broker, in journal order, and the
/// offset up to which every result is acknowledged (what `PublishMark` saves). Not locked
/// itself: `MQTTResultsSink` keeps it in a mutex shared by its worker and the network thread.
struct MQTTAcknowledgements {
    struct Sent {
        let messageID: Int32
        /// Journal offset just past the result's line.
        let end: Int
        /// When the event line reached the sink (monotonic ns), for live results; nil for replayed ones.
        let observedAt: UInt64?
        var acked = false
    }

    private(set) var sent: [Sent] = []
    /// Every result before this journal offset is acknowledged.
    private(set) var ackedOffset: Int
    /// Where the journal was read up to (session lines after the last result count as done once it is acked).
    private var readOffset: Int
    /// Acks that came before their id was recorded (the broker can be faster than the recording).
    private var earlyAcks: [Int32] = []
    /// Milliseconds from the event line reaching the sink to the broker's ack, live results only.
    private(set) var latenciesMilliseconds: [Double] = []

    init(offset: Int) {
        ackedOffset = offset
        readOffset = offset
    }

    mutating func record(_ entry: Sent) {
        var entry = entry
        if let index = earlyAcks.firstIndex(of: entry.messageID) {
            earlyAcks.remove(at: index)
            entry.acked = true
            noteLatency(entry)
        }
        sent.append(entry)
        advance()
    }

    mutating func read(upTo offset: Int) {
        readOffset = max(readOffset, offset)
        advance()
    }

    /// The broker acknowledged `messageID` (which may be any message, not only a result).
    mutating func acknowledged(_ messageID: Int32) {
        if let index = sent.firstIndex(where: { $0.messageID == messageID && !$0.acked }) {
            sent[index].acked = true
            noteLatency(sent[index])
            advance()
        } else {
            earlyAcks.append(messageID)
            if earlyAcks.count > 64 { earlyAcks.removeFirst(earlyAcks.count - 64) }
        }
    }

    /// The journal was replaced: start again at `offset`.
    mutating func restart(at offset: Int) {
        sent.removeAll()
        ackedOffset = offset
        readOffset = offset
    }

    private mutating func noteLatency(_ entry: Sent) {
        guard let observedAt = entry.observedAt else { return }
        let now = MonotonicClock.nanoseconds()
        latenciesMilliseconds.append(Double(now &- observedAt) / 1e6)
        if latenciesMilliseconds.count > 10_000 { latenciesMilliseconds.removeFirst() }
    }

    private mutating func advance() {
        while let first = sent.first, first.acked {
            ackedOffset = max(ackedOffset, first.end)
            sent.removeFirst()
        }
        if sent.isEmpty { ackedOffset = max(ackedOffset, readOffset) }
    }
}
