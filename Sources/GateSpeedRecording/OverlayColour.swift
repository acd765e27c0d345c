/// A colour as the encoder's YCbCr: BT.601 studio range (Y 16…235, Cb/Cr 16…240),
/// which is what yuv420p H.264 assumes.
public struct OverlayColour: Sendable, Equatable {
    public let y: UInt8
    public let cb: UInt8
    public let cr: UInt8

    public init(y: UInt8, cb: UInt8, cr: UInt8) {
        self.y = y
        self.cb = cb
        self.cr = cr
    }

    /// From 8-bit sRGB-ish components (gamma-encoded R'G'B', 0…255), BT.601.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        y = clamp(16 + 65.481 * r + 128.553 * g + 24.966 * b)
        cb = clamp(128 - 37.797 * r - 74.203 * g + 112.0 * b)
        cr = clamp(128 + 112.0 * r - 93.786 * g - 18.214 * b)
    }

    public static let white = OverlayColour(red: 255, green: 255, blue: 255)
    public static let black = OverlayColour(red: 0, green: 0, blue: 0)
    /// Lit posts and PASS.
    public static let passGreen = OverlayColour(red: 40, green: 220, blue: 90)
    /// FAIL.
    public static let failRed = OverlayColour(red: 235, green: 40, blue: 40)
    /// Posts not yet passed.
    public static let dimPost = OverlayColour(red: 200, green: 200, blue: 200)
    /// The "next post" accent.
    public static let amber = OverlayColour(red: 255, green: 190, blue: 0)
}
