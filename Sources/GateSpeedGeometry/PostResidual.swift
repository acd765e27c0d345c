/// How far the solved camera puts one post from where it was marked, in sensor pixels.
public struct PostResidual: Sendable, Equatable {
    /// Distance between the marked base and the projected base, pixels.
    public var basePixels: Double
    /// Distance between the marked top and the projected top, pixels; nil when no top was marked.
    public var topPixels: Double?

    public init(basePixels: Double, topPixels: Double?) {
        self.basePixels = basePixels
        self.topPixels = topPixels
    }
}
