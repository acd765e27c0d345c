import Testing
@testable import V4L2Camera

@Suite struct ControlTests {
    /// A UVC webcam's controls as `v4l2-ctl --list-ctrls` shows them, in automatic mode.
    private func uvcWebcam() -> FakeV4L2Device {
        let device = FakeV4L2Device(offering: [.yuyv])
        device.controls = [
            CameraControlID.exposureAuto: (ControlInfo(id: CameraControlID.exposureAuto, name: "Auto Exposure",
                                                       minimum: 0, maximum: 3, defaultValue: 3), 3),
            CameraControlID.exposureAbsolute: (ControlInfo(id: CameraControlID.exposureAbsolute, name: "Exposure Time, Absolute",
                                                           minimum: 3, maximum: 2047, defaultValue: 250, flags: 0x10), 156),
            CameraControlID.exposureAutoPriority: (ControlInfo(id: CameraControlID.exposureAutoPriority, name: "Exposure, Dynamic Framerate",
                                                               minimum: 0, maximum: 1, defaultValue: 0), 1),
            CameraControlID.autoWhiteBalance: (ControlInfo(id: CameraControlID.autoWhiteBalance, name: "White Balance, Automatic",
                                                           minimum: 0, maximum: 1, defaultValue: 1), 1),
            CameraControlID.whiteBalanceTemperature: (ControlInfo(id: CameraControlID.whiteBalanceTemperature,
                                                                  name: "White Balance Temperature", minimum: 2800,
                                                                  maximum: 6500, defaultValue: 4000, flags: 0x10), 4650),
        ]
        return device
    }

    @Test func lockSwitchesAutomaticControlsOffKeepingCurrentValues() {
        let device = uvcWebcam()
        let source = makeSource(device)
        let changes = source.lockExposureAndWhiteBalance()
        #expect(changes.map(\.description) == ["exposure_auto 3 -> 1", "exposure_auto_priority 1 -> 0",
                                                "white_balance_automatic 1 -> 0"])
        #expect(device.setControlCalls == [
            .setControl(CameraControlID.exposureAuto, 1),
            .setControl(CameraControlID.exposureAbsolute, 156),
            .setControl(CameraControlID.exposureAutoPriority, 0),
            .setControl(CameraControlID.autoWhiteBalance, 0),
            .setControl(CameraControlID.whiteBalanceTemperature, 4650),
        ])
        // Locking twice changes nothing more.
        #expect(source.lockExposureAndWhiteBalance().isEmpty)
    }

    @Test func restorePutsBackWhatLockChanged() {
        let device = uvcWebcam()
        let source = makeSource(device)
        source.lockExposureAndWhiteBalance()
        let before = device.setControlCalls.count
        let changes = source.restoreAutomaticControls()
        #expect(changes.map(\.description) == ["white_balance_automatic 0 -> 1", "exposure_auto_priority 0 -> 1",
                                                "exposure_auto 1 -> 3"])
        #expect(Array(device.setControlCalls.dropFirst(before)) == [
            .setControl(CameraControlID.autoWhiteBalance, 1),
            .setControl(CameraControlID.exposureAutoPriority, 1),
            .setControl(CameraControlID.exposureAuto, 3),
        ])
    }

    @Test func restoreWithoutLockUsesDriverDefaultsForLockedControls() {
        let device = uvcWebcam()
        device.controls[CameraControlID.exposureAuto]?.value = 1
        device.controls[CameraControlID.autoWhiteBalance]?.value = 0
        let source = makeSource(device)
        let changes = source.restoreAutomaticControls()
        #expect(changes.map(\.description) == ["white_balance_automatic 0 -> 1", "exposure_auto 1 -> 3"])
    }

    @Test func cameraWithoutControlsChangesNothing() {
        let device = FakeV4L2Device(offering: [.yu12])  // e.g. a CSI camera through libcamerify
        let source = makeSource(device)
        #expect(source.lockExposureAndWhiteBalance().isEmpty)
        #expect(source.restoreAutomaticControls().isEmpty)
        #expect(device.setControlCalls.isEmpty)
    }

    @Test func readOnlyControlsAreLeftAlone() {
        let device = uvcWebcam()
        device.controls[CameraControlID.autoWhiteBalance]?.info.flags = 0x4
        let source = makeSource(device)
        let changes = source.lockExposureAndWhiteBalance()
        #expect(!changes.contains { $0.control == "white_balance_automatic" })
        #expect(!device.setControlCalls.contains(.setControl(CameraControlID.autoWhiteBalance, 0)))
    }
}
