import Foundation
import GateSpeedBoard
import GateSpeedPlatform
import Synchronization

/// Drives the LEDs from the indicator state: a small thread evaluates `LEDPatterns` about
/// 50 times a second and writes the output only when the levels change.
///
/// The frame loop calls `update(_:)` only on events (start, post, result, ...), never per
/// frame. The handoff is an uncontended lock held for one store plus an atomic version
/// bump; the driver thread checks the version lock-free and takes the lock only when it
/// moved.
public final class LEDDriver<Output: LEDOutput & SendableMetatype>: Sendable {
    /// About 50 Hz: fast enough for the 5 Hz fault blink and the 10 steps/s chase.
    public static var tickSeconds: Double { 0.02 }

    private struct Evaluation {
        var output: Output
        var state: IndicatorState
        var seenVersion: UInt64 = 0
        var lastLevels: LEDLevels?
        var writes = 0
        /// The state and background fault last told to `meaningChanged` (nil: nothing yet).
        var toldMeaning: (state: IndicatorState, backgroundFault: Bool)?
    }

    private let pending: Mutex<IndicatorState>
    private let version = Atomic<UInt64>(0)
    private let evaluation: Mutex<Evaluation>
    private let clock: @Sendable () -> Double
    private let running = Atomic<Bool>(false)
    /// A fault that does not stop timing (clips suspended for lack of space): the status LED
    /// blinks fast while the posts go on showing the run.
    private let backgroundFault = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// `clock`: seconds on the clock of the states' `since` times (monotonic).
    public init(output: sending Output, initialState: IndicatorState = .calibrating,
                clock: @escaping @Sendable () -> Double) {
        pending = Mutex(initialState)
        evaluation = Mutex(Evaluation(output: output, state: initialState))
        self.clock = clock
    }

    /// Hands a new state to the driver (cheap; call on events only).
    public func update(_ state: IndicatorState) {
        pending.withLock { $0 = state }
        version.add(1, ordering: .releasing)
    }

    /// Sets or clears the background fault (disk full): the status LED blinks fast meanwhile.
    public func setBackgroundFault(_ on: Bool) {
        backgroundFault.store(on, ordering: .relaxed)
    }

    /// One evaluation at `now`: picks up a new state if there is one, writes changed levels.
    /// The thread calls this every tick; tests call it with chosen times.
    public func step(now: Double) {
        let currentVersion = version.load(ordering: .acquiring)
        evaluation.withLock { evaluation in
            if currentVersion != evaluation.seenVersion {
                evaluation.state = pending.withLock { $0 }
                evaluation.seenVersion = currentVersion
            }
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

    /// Starts the driver thread; does nothing if it is running.
    public func start() {
        guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        let tickSeconds = Self.tickSeconds
        do {
            _ = try WorkerThread.start(name: "gatespeed-leds") { [self] in
                while running.load(ordering: .acquiring) {
                    step(now: clock())
                    MonotonicClock.sleep(seconds: tickSeconds)
                }
                finished.signal()
            }
        } catch {
            running.store(false, ordering: .releasing)   // no thread to wait for in `stop`
        }
    }

    /// Stops the thread (waits for its last tick) and turns every LED off.
    public func stop() {
        if running.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged {
            finished.wait()
        }
        evaluation.withLock { evaluation in
            evaluation.output.show(.allOff)
            evaluation.lastLevels = .allOff
        }
    }
}
