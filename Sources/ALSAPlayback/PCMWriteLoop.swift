/// Result of one interleaved write: frames written, or a negative ALSA error code.
public typealias PCMWriteResult = Int

/// Writes all frames, retrying short writes and recovering from under-runs and suspends.
///
/// The C calls are passed in so the loop can be tested with scripted results: `write(offset,
/// count)` writes frames starting at `offset` and returns frames written or a negative error;
/// `recover(error)` is snd_pcm_recover and returns 0 when the stream was recovered.
/// Gives up after `maximumRecoveries` recoveries in a row without progress (a dead device).
/// Returns nil on success or the unrecoverable error code.
public func writeAllFrames(
    count: Int,
    maximumRecoveries: Int = 8,
    write: (_ offset: Int, _ count: Int) -> PCMWriteResult,
    recover: (_ error: Int32) -> Int32
) -> Int32? {
    var offset = 0
    var recoveriesWithoutProgress = 0
    while offset < count {
        let result = write(offset, count - offset)
        if result > 0 {
            offset += result
            recoveriesWithoutProgress = 0
            continue
        }
        if result == 0 {
            // The device accepted nothing; treat like an under-run so a stuck device ends.
            recoveriesWithoutProgress += 1
            if recoveriesWithoutProgress > maximumRecoveries { return -5 /* EIO */ }
            continue
        }
        let error = Int32(clamping: result)
        recoveriesWithoutProgress += 1
        if recoveriesWithoutProgress > maximumRecoveries { return error }
        let recovered = recover(error)
        if recovered < 0 { return recovered }
    }
    return nil
}
