import GateSpeedBoard
import GateSpeedPlatform
import Synchronization

/// Drives the LEDs from the indicator state: a small thread (`WorkerThread`) evaluates
/// `LEDPatterns` about 50 times a second and writes the output only when the levels change.
///
/// The frame loop calls `update(_:)` only on events (start, post, result, ...), never per
/// frame. The handoff is a `BoundedQueue` push that never blocks: the driver thread takes every
/// waiting state each tick and shows the newest. A full queue (the driver thread stuck for
/// `updateCapacity` events) drops the update and counts it in `droppedUpdates`.
public final class LEDDriver<Output: LEDOutput & SendableMetatype>: Sendable {
    /// About 50 Hz: fast enough for the 5 Hz fault blink and the 10 steps/s chase.
    public static var tickSeconds: Double { 0.02 }
    /// States that may wait for the driver thread.
    public static var updateCapacity: Int { 32 }

    private struct Evaluation {
        var output: Output
        var state: IndicatorState
        var lastLevels: LEDLevels?
        var writes = 0
        /// The state and background fault last told to `meaningChanged` (nil: nothing yet).
        var toldMeaning: (state: IndicatorState, backgroundFault: Bool)?
    }

    private let updates = BoundedQueue<IndicatorState>(capacity: LEDDriver.updateCapacity)
    private let dropped = Atomic<Int>(0)
    private let evaluation: Mutex<Evaluation>
    private let clock: @Sendable () -> Double
    private let thread = Mutex<WorkerThread?>(nil)
    /// A fault that does not stop timing (clips suspended for lack of space): the status LED
    /// blinks fast while the posts go on showing the run.
    private let backgroundFault = Atomic<Bool>(false)

    /// `clock`: seconds on the clock of the states' `since` times (monotonic).
    public init(output: sending Output, initialState: IndicatorState = .calibrating,
                clock: @escaping @Sendable () -> Double) {
        evaluation = Mutex(Evaluation(output: output, state: initialState))
        self.clock = clock
    }

    /// Hands a new state to the driver (cheap, never blocks; call on events only).
    public func update(_ state: IndicatorState) {
        if !updates.push(state) { dropped.add(1, ordering: .relaxed) }
    }

    /// Updates refused because the queue was full, or because the driver had stopped.
    public var droppedUpdates: Int { dropped.load(ordering: .relaxed) }

    /// Sets or clears the background fault (disk full): the status LED blinks fast meanwhile.
    public func setBackgroundFault(_ on: Bool) {
        backgroundFault.store(on, ordering: .relaxed)
    }

    /// One evaluation at `now`: picks up the newest waiting state if there is one, writes
    /// changed levels. The thread does this every tick; tests call it with chosen times.
    public func step(now: Double) {
        evaluate(now: now, newStates: updates.takeAll(waitingAtMost: 0).items)
    }

    private func evaluate(now: Double, newStates: [IndicatorState]) {
        evaluation.withLock { evaluation in
            if let newest = newStates.last { evaluation.state = newest }
            var levels = LEDPatterns.levels(for: evaluation.state, at: now)
            let fault = backgroundFault.load(ordering: .relaxed)
            if fault {
                levels.status = (now * LEDPatterns.faultBlinkHertz).truncatingRemainder(dividingBy: 1) < 0.5
            }
            if evaluation.toldMeaning?.state != evaluation.state || evaluation.toldMeaning?.backgroundFault != fault {
                evaluation.toldMeaning = (evaluation.state, fault)
                evaluation.output.meaningChanged(to: evaluation.state, backgroundFault: fault, levels: levels)
            }
            guard levels != evaluation.lastLevels else { return }
            evaluation.output.show(levels)
            evaluation.lastLevels = levels
            evaluation.writes += 1
        }
    }

    /// How many times levels were written (changes only).
    public var writes: Int { evaluation.withLock { $0.writes } }

    /// Access to the output (e.g. to read what a simulated strip shows).
    public func withOutput<Result: Sendable>(_ body: @Sendable (inout Output) -> Result) -> Result {
        evaluation.withLock { body(&$0.output) }
    }

    /// Starts the driver thread; does nothing if it is running or the driver has stopped.
    /// Without a thread (none left in the system) the LEDs keep their last levels.
    public func start() {
        let tickSeconds = Self.tickSeconds
        thread.withLock { thread in
            guard thread == nil else { return }
            thread = try? WorkerThread.start(name: "gatespeed-leds") { [self] in
                while true {
                    let batch = updates.takeAll(waitingAtMost: tickSeconds)
                    evaluate(now: clock(), newStates: batch.items)
                    if batch.isClosed { return }
                }
            }
        }
    }

    /// Stops the thread (closes the queue and joins it after its last tick) and turns every
    /// LED off. Final: later updates are dropped, and `start` does not start again.
    public func stop() {
        updates.close()
        thread.withLock { $0 }?.join()
        evaluation.withLock { evaluation in
            evaluation.output.show(.allOff)
            evaluation.lastLevels = .allOff
        }
    }
}
