/// A control the camera source changed: which, and from what value to what value.
public struct ControlChange: Sendable, Equatable, CustomStringConvertible {
    /// Stable short name, e.g. "exposure_auto" (the V4L2 control's own name is in `label`).
    public var control: String
    public var id: UInt32
    public var from: Int32
    public var to: Int32
    public var label: String

    public init(control: String, id: UInt32, from: Int32, to: Int32, label: String = "") {
        self.control = control
        self.id = id
        self.from = from
        self.to = to
        self.label = label
    }

    public var description: String { "\(control) \(from) -> \(to)" }
}

/// The V4L2 control ids the source locks and restores.
public enum CameraControlID {
    /// Menu: 0 auto, 1 manual, 2 shutter priority, 3 aperture priority (UVC's "auto").
    public static let exposureAuto: UInt32 = 0x009a_0901
    public static let exposureAbsolute: UInt32 = 0x009a_0902
    /// 1 lets the camera lower the frame rate in dim light.
    public static let exposureAutoPriority: UInt32 = 0x009a_0903
    public static let autoWhiteBalance: UInt32 = 0x0098_090c
    public static let whiteBalanceTemperature: UInt32 = 0x0098_091a
    public static let autoGain: UInt32 = 0x0098_0912
    public static let gain: UInt32 = 0x0098_0913

    static let manualExposure: Int32 = 1
}

/// Locking (after calibration: an exposure change corrupts the learnt background) and
/// restoring (on recalibration) the automatic controls, where the camera has them.
///
/// Each automatic control is paired with the manual value it drives; locking reads that
/// value first and writes it back after switching the automatic control off, so the image
/// keeps its current brightness and colour.
struct CameraControlLock {
    private struct AutoControl {
        let name: String
        let id: UInt32
        let lockedValue: Int32
        /// The manual value to keep, read before locking.
        let keptValue: (name: String, id: UInt32)?
    }

    private static let controls: [AutoControl] = [
        AutoControl(name: "exposure_auto", id: CameraControlID.exposureAuto, lockedValue: CameraControlID.manualExposure,
                    keptValue: ("exposure_absolute", CameraControlID.exposureAbsolute)),
        AutoControl(name: "exposure_auto_priority", id: CameraControlID.exposureAutoPriority, lockedValue: 0, keptValue: nil),
        AutoControl(name: "gain_automatic", id: CameraControlID.autoGain, lockedValue: 0,
                    keptValue: ("gain", CameraControlID.gain)),
        AutoControl(name: "white_balance_automatic", id: CameraControlID.autoWhiteBalance, lockedValue: 0,
                    keptValue: ("white_balance_temperature", CameraControlID.whiteBalanceTemperature)),
    ]

    /// The values the automatic controls had before locking, restored later.
    private(set) var savedAutomatic: [UInt32: Int32] = [:]

    /// Switches each automatic control the camera offers to manual, keeping the current values.
    /// Stops at a lost device (the caller notices on the next frame).
    mutating func lock<Device: V4L2DeviceIO>(_ device: Device) -> [ControlChange] {
        var changes: [ControlChange] = []
        for control in Self.controls {
            guard let info = settable(control.id, device), info.minimum <= control.lockedValue,
                  control.lockedValue <= info.maximum,
                  let current = try? device.getControl(id: control.id), current != control.lockedValue else { continue }
            let kept = control.keptValue.flatMap { kept in
                (try? device.getControl(id: kept.id)).map { (kept, $0) }
            }
            do {
                try device.setControl(id: control.id, value: control.lockedValue)
            } catch {
                if error.isDeviceLost { break }
                continue
            }
            if savedAutomatic[control.id] == nil { savedAutomatic[control.id] = current }
            changes.append(ControlChange(control: control.name, id: control.id, from: current,
                                         to: control.lockedValue, label: info.name))
            if let (keptControl, value) = kept, settable(keptControl.id, device) != nil {
                // Writing the value back pins it: some cameras otherwise jump to a stored manual value.
                _ = try? device.setControl(id: keptControl.id, value: value)
            }
        }
        return changes
    }

    /// Puts every automatic control the camera offers back to automatic: the value it had
    /// before `lock`, or the driver's default when it was never locked here.
    mutating func restore<Device: V4L2DeviceIO>(_ device: Device) -> [ControlChange] {
        var changes: [ControlChange] = []
        for control in Self.controls.reversed() {
            guard let info = settable(control.id, device),
                  let current = try? device.getControl(id: control.id) else { continue }
            let target = savedAutomatic[control.id] ?? info.defaultValue
            guard current != target, current == control.lockedValue else { continue }
            do {
                try device.setControl(id: control.id, value: target)
            } catch {
                if error.isDeviceLost { break }
                continue
            }
            changes.append(ControlChange(control: control.name, id: control.id, from: current, to: target,
                                         label: info.name))
        }
        savedAutomatic = [:]
        return changes
    }

    private func settable<Device: V4L2DeviceIO>(_ id: UInt32, _ device: Device) -> ControlInfo? {
        guard let info = try? device.queryControl(id: id), info.isSettable else { return nil }
        return info
    }
}
