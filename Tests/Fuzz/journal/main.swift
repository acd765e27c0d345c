// libFuzzer target: the results journal read back at start-up (results.jsonl); what the
// service does with what was restored (the scoreboard, its `session` event); then a result,
// an invalid run and a new session appended to it.
import Foundation
import GateSpeedCore
import GateSpeedEvents
import GateSpeedJournal

let fuzzDirectory = FuzzScratch.directory(named: "journal")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = fuzzDirectory + "/results.jsonl"
    guard FuzzScratch.write(data, size, to: path) else { return 0 }
    let noon = Date(timeIntervalSince1970: 1_750_000_000)
    guard let journal = try? ResultsJournal(path: path, clock: { noon }, timeZone: TimeZone(identifier: "UTC")!) else {
        return 0
    }
    let restored = journal.current.scoreboard
    if let board = try? Scoreboard(runs: restored.runs, passes: restored.passes, totalKmh: restored.totalKmh) {
        _ = EventJSON.line(for: .session(t: 0, board))
    }
    _ = try? journal.append(RunResult(t: 1, direction: .leftToRight, elapsedSeconds: 3, speedKmh: 33.6, pass: true,
                                      announcement: "33.6, pass", crossingTimes: [], uncertaintyKmh: 0.2, closeCall: false))
    _ = try? journal.append(InvalidRun(t: 2, reason: .timeout, post: nil, announcement: "timeout"))
    _ = journal.startNewSession()
    return 0
}
