/// Finds the H.264 sequence and picture parameter sets (SPS, PPS) in an Annex B packet.
///
/// libx264 puts them in the codec's global header, but the Pi's h264_v4l2m2m encoder sends
/// them inline with the first keyframe instead; an MP4 needs them as the stream's header.
enum H264ParameterSets {
    /// The SPS and PPS NAL units of `packet`, each with a 4-byte start code, or nil when
    /// the packet has no SPS or no PPS.
    static func extract(from packet: [UInt8]) -> [UInt8]? {
        var headers: [UInt8] = []
        var hasSequence = false, hasPicture = false
        for unit in nalUnits(in: packet) {
            guard let first = unit.first else { continue }
            let type = first & 0x1F
            guard type == 7 || type == 8 else { continue }
            if type == 7 { hasSequence = true } else { hasPicture = true }
            headers += [0, 0, 0, 1]
            headers += unit
        }
        return hasSequence && hasPicture ? headers : nil
    }

    /// The NAL unit payloads between Annex B start codes (00 00 01 or 00 00 00 01).
    static func nalUnits(in bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [(codeStart: Int, payload: Int)] = []
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1 {
                let codeStart = (i > 0 && bytes[i - 1] == 0) ? i - 1 : i
                starts.append((codeStart, i + 3))
                i += 3
            } else {
                i += 1
            }
        }
        var units: [ArraySlice<UInt8>] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].codeStart : bytes.count
            if start.payload < end { units.append(bytes[start.payload..<end]) }
        }
        return units
    }
}
