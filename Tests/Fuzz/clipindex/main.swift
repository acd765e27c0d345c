// libFuzzer target: a session's clips/DATE/session-N/index.json read back, as the clip
// library does when it opens a session. Nothing is reserved or deleted: the fuzzed index
// names files, and the fuzzer must never act on them.
import Foundation
import GateSpeedEvents
import GateSpeedRecording

let fuzzRoot = FuzzScratch.directory(named: "clips")
let session = SessionID(date: "2025-06-15", number: 1)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClipIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    _ = try? JSONDecoder().decode(SessionClipIndex.self, from: bytes)
    let directory = fuzzRoot + "/2025-06-15/session-1"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    guard FuzzScratch.write(data, size, to: directory + "/index.json") else { return 0 }
    guard let library = try? ClipLibrary(root: fuzzRoot, session: session, clock: { Date(timeIntervalSince1970: 0) }) else {
        return 0
    }
    _ = library.currentIndex.clips.count
    _ = library.directory(of: session)
    return 0
}
