import ALSAPlayback
import Testing

@Suite("ALSA playback")
struct ALSAPlaybackTests {
    @Test("a device that does not exist gives an error naming it")
    func missingDevice() {
        do {
            _ = try ALSAPlayer(device: "gatespeed_no_such_device")
            Issue.record("opening a nonexistent ALSA device succeeded")
        } catch {
            guard case let .cannotOpen(device, reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(device == "gatespeed_no_such_device")
            #expect(!reason.isEmpty)
            #expect(error.description == "no sound card: ALSA device 'gatespeed_no_such_device' cannot be opened (\(reason))")
        }
        #expect(!ALSAPlayer.isAvailable(device: "gatespeed_no_such_device"))
    }

    @Test("this machine has no sound card: the default device reports it clearly")
    func defaultDeviceWithoutCard() throws {
        // On a machine with a sound card this test has nothing to check.
        guard !ALSAPlayer.isAvailable(device: "default") else { return }
        #expect(throws: ALSAError.self) { try ALSAPlayer(device: "default") }
        do {
            _ = try ALSAPlayer(device: "default")
        } catch {
            #expect(error.description.hasPrefix("no sound card: ALSA device 'default' cannot be opened ("))
        }
    }

    @Test("the write loop continues after short writes")
    func shortWrites() {
        var writes: [(Int, Int)] = []
        let failure = writeAllFrames(count: 1000, write: { offset, count in
            writes.append((offset, count))
            return min(count, 300)
        }, recover: { _ in
            Issue.record("no recovery expected")
            return 0
        })
        #expect(failure == nil)
        #expect(writes.map(\.0) == [0, 300, 600, 900])
        #expect(writes.map(\.1) == [1000, 700, 400, 100])
    }

    @Test("an under-run is recovered with snd_pcm_recover and the frames are written again")
    func underrunRecovered() {
        let brokenPipe: Int32 = -32   // -EPIPE: under-run
        var results: [Int] = [400, Int(brokenPipe), 600]
        var recovered: [Int32] = []
        var offsets: [Int] = []
        let failure = writeAllFrames(count: 1000, write: { offset, _ in
            offsets.append(offset)
            return results.removeFirst()
        }, recover: { error in
            recovered.append(error)
            return 0
        })
        #expect(failure == nil)
        #expect(recovered == [brokenPipe])
        #expect(offsets == [0, 400, 400])
    }

    @Test("an unrecoverable error or a device that never accepts frames ends the loop")
    func unrecoverable() {
        let noDevice: Int32 = -19   // -ENODEV: unplugged
        #expect(writeAllFrames(count: 10, write: { _, _ in Int(noDevice) }, recover: { $0 }) == noDevice)
        var calls = 0
        let stuck = writeAllFrames(count: 10, maximumRecoveries: 3, write: { _, _ in calls += 1; return 0 },
                                   recover: { _ in 0 })
        #expect(stuck != nil)
        #expect(calls == 4)
    }
}
