import CFFmpeg

/// Frame numbers of an AVI's packets, from the file's index rather than from counting.
///
/// An AVI stores no timestamps: libavformat numbers each video chunk by how many it has read
/// before it, so a chunk it cannot see (a damaged header, an overwritten stretch) moves every
/// later frame one slot early, and a replay runs fast. The index (`idx1`, or OpenDML's) lists
/// every chunk with its file position and frame number; frame number times the frame duration
/// (the stream's time base) is the chunk's presentation time. This looks each packet up by its
/// position, restamps it, and counts the listed frames that never came (corrupt, not dropped:
/// they are in the file but could not be read). Empty chunks (frames the camera dropped) are
/// not listed, so their slots stay gaps in the timestamps: dropped.
struct AVIIndexTiming {
    /// What the index says about one packet.
    enum Lookup: Equatable {
        /// Listed: restamped; `lostBefore` listed frames between the previous listed packet and this one never came.
        case listed(lostBefore: Int)
        /// Inside the indexed part of the file, but not a chunk the index lists: bytes the
        /// demuxer resynchronised onto in damage. Not a frame of this file.
        case unlisted
        /// Past the last indexed chunk (an index that stops early): stamped like the packet before it.
        case beyondIndex
    }

    /// A chunk's header (fourcc and size) lies between the index's position and the packet's data.
    static let chunkHeaderBytes: Int64 = 8
    /// Index entry of the last listed packet (-1 before the first).
    private(set) var lastEntry = -1
    /// Ticks added to the demuxer's count to reach the index's frame number.
    private var shift: Int64 = 0

    /// Timing from the index of `stream`, when `format` is AVI and the index has entries.
    init?(format: UnsafePointer<AVInputFormat>?, stream: UnsafeMutablePointer<AVStream>) {
        guard let format, String(cString: format.pointee.name) == "avi",
              avformat_index_get_entries_count(stream) > 0 else { return nil }
    }

    /// Looks `packet` up and restamps its pts and dts with its frame number.
    mutating func restamp(_ packet: UnsafeMutablePointer<AVPacket>, stream: UnsafeMutablePointer<AVStream>) -> Lookup {
        let position = packet.pointee.pos
        let count = Int(avformat_index_get_entries_count(stream))
        guard position >= 0, count > 0,
              let last = avformat_index_get_entry(stream, Int32(count - 1)) else { return .beyondIndex }
        if position > last.pointee.pos + Self.chunkHeaderBytes {
            apply(shift, to: packet)
            return .beyondIndex
        }
        guard let found = Self.entry(at: position, in: stream, count: count, hint: lastEntry + 1),
              let entry = avformat_index_get_entry(stream, Int32(found)) else { return .unlisted }
        let counted = packet.pointee.dts != gs_av_nopts_value() ? packet.pointee.dts : packet.pointee.pts
        if counted != gs_av_nopts_value() {
            let (difference, overflow) = entry.pointee.timestamp.subtractingReportingOverflow(counted)
            if !overflow { shift = difference }
        }
        apply(shift, to: packet)
        let lost = found > lastEntry ? found - lastEntry - 1 : 0
        lastEntry = max(lastEntry, found)
        return .listed(lostBefore: lost)
    }

    /// Listed frames after the last listed packet: those never came when the input has ended.
    func framesAfterLastListed(in stream: UnsafeMutablePointer<AVStream>) -> Int {
        max(0, Int(avformat_index_get_entries_count(stream)) - 1 - lastEntry)
    }

    /// The index entry whose chunk holds the data at `position` (entries are in file order
    /// for one stream), trying `hint` first: packets usually come in index order.
    private static func entry(at position: Int64, in stream: UnsafeMutablePointer<AVStream>, count: Int, hint: Int) -> Int? {
        func holds(_ index: Int) -> Bool {
            guard index >= 0, index < count, let entry = avformat_index_get_entry(stream, Int32(index)) else { return false }
            return entry.pointee.pos <= position && position - entry.pointee.pos <= chunkHeaderBytes
        }
        if holds(hint) { return hint }
        // The last entry at or before `position`.
        var low = 0, high = count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            guard let entry = avformat_index_get_entry(stream, Int32(middle)) else { return nil }
            if entry.pointee.pos <= position { low = middle } else { high = middle - 1 }
        }
        return holds(low) ? low : nil
    }

    private func apply(_ shift: Int64, to packet: UnsafeMutablePointer<AVPacket>) {
        guard shift != 0 else { return }
        let none = gs_av_nopts_value()
        if packet.pointee.dts != none {
            let (moved, overflow) = packet.pointee.dts.addingReportingOverflow(shift)
            packet.pointee.dts = overflow ? none : moved
        }
        if packet.pointee.pts != none {
            let (moved, overflow) = packet.pointee.pts.addingReportingOverflow(shift)
            packet.pointee.pts = overflow ? none : moved
        }
    }
}
