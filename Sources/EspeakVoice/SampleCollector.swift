import CEspeakNG

/// Gathers the samples eSpeak NG hands to the synth callback during one espeak_Synth call.
final class SampleCollector {
    var samples: [Int16] = []
    let maximumSamples: Int
    private(set) var exceededLimit = false

    init(maximumSamples: Int) {
        self.maximumSamples = maximumSamples
        samples.reserveCapacity(min(maximumSamples, 22_050 * 4))
    }

    /// Appends a block; returns false when the limit is exceeded (synthesis should stop).
    func append(_ block: UnsafeBufferPointer<Int16>) -> Bool {
        guard samples.count + block.count <= maximumSamples else {
            exceededLimit = true
            return false
        }
        samples.append(contentsOf: block)
        return true
    }
}

/// The synth callback. The collector arrives as the `user_data` of the events. Returns 0 to
/// continue and 1 to abort synthesis.
func collectSamples(
    _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let userData = events?.pointee.user_data else { return 0 }
    let collector = Unmanaged<SampleCollector>.fromOpaque(userData).takeUnretainedValue()
    guard let wave, count > 0 else { return 0 }
    return collector.append(UnsafeBufferPointer(start: wave, count: Int(count))) ? 0 : 1
}
