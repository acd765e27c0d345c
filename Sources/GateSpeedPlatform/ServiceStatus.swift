import Synchronization

/// The line `systemctl status gatespeed` shows (`STATUS=`): the phase, then any faults, e.g.
/// `ready`, `running`, `fault; camera: no frame for 2 s`, `ready; clips: suspended, less than
/// 500 MB free`. The phase words are those of `/api/status`.
public struct ServiceStatus: Sendable, Equatable {
    public enum Phase: String, Sendable {
        case calibrating, ready, running, result, fault
    }

    /// What can be wrong while the service goes on running.
    public enum Fault: String, Sendable, CaseIterable {
        /// No frames: the camera is missing, unplugged or stalled (it is being reopened).
        case camera
        /// Clips suspended (disk full), or the clips folder cannot be written.
        case clips
        /// The results journal cannot be written.
        case journal
        /// Standard output or standard error failed (events or logs are lost).
        case output
        /// The MQTT broker cannot be reached (results are sent from the journal once it can).
        case mqtt
    }

    public var phase: Phase
    /// Faults in `Fault` order with a short reason each.
    public private(set) var faults: [(fault: Fault, reason: String)] = []

    public init(phase: Phase = .calibrating) { self.phase = phase }

    /// Sets (reason) or clears (nil) one fault.
    public mutating func set(_ fault: Fault, _ reason: String?) {
        faults.removeAll { $0.fault == fault }
        guard let reason else { return }
        faults.append((fault, Self.oneLine(reason)))
        faults.sort { Fault.allCases.firstIndex(of: $0.fault) ?? 0 < Fault.allCases.firstIndex(of: $1.fault) ?? 0 }
    }

    /// The `STATUS=` text.
    public var text: String {
        ([phase.rawValue] + faults.map { "\($0.fault.rawValue): \($0.reason)" }).joined(separator: "; ")
    }

    public static func == (a: ServiceStatus, b: ServiceStatus) -> Bool { a.text == b.text }

    /// A reason as one short line (a camera error can be long).
    static func oneLine(_ text: String) -> String {
        let flat = String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        return flat.count > 120 ? String(flat.prefix(120)) + "…" : flat
    }
}

/// Keeps systemd's `STATUS=` in step with the service: every change of phase or fault sends one
/// datagram, nothing else does (so calling it on every event costs a comparison). Any thread.
public final class ServiceStatusReporter: Sendable {
    private let notifier: SystemdNotifier?
    private let state = Mutex<(status: ServiceStatus, sent: String?)>((ServiceStatus(), nil))

    public init(notifier: SystemdNotifier?) { self.notifier = notifier }

    public var current: ServiceStatus { state.withLock { $0.status } }

    public func setPhase(_ phase: ServiceStatus.Phase) { change { $0.phase = phase } }

    public func setFault(_ fault: ServiceStatus.Fault, _ reason: String?) { change { $0.set(fault, reason) } }

    /// `READY=1` with the current status: the service is up (calibration has started).
    public func ready() {
        state.withLock { state in
            state.sent = state.status.text
            notifier?.ready(status: state.status.text)
        }
    }

    /// Applies `body`; sends the new text if it differs from the last one sent. The datagram is
    /// sent under the lock (it never blocks), so systemd gets the changes in order.
    private func change(_ body: (inout ServiceStatus) -> Void) {
        state.withLock { state in
            body(&state.status)
            let text = state.status.text
            guard text != state.sent else { return }
            state.sent = text
            notifier?.status(text)
        }
    }
}
