/// A connected region of foreground on the analysis grid, in view coordinates
/// (normalised 0...1, top-left origin; x across, y down).
public struct Blob: Sendable, Equatable {
    public var minX: Double, maxX: Double, minY: Double, maxY: Double
    /// Covered fraction of the view.
    public var area: Double
    public var centroidX: Double, centroidY: Double
    /// Horizontal centre of the upper part of the region (head and torso): the rider's
    /// position for timing, unmoved by swinging legs and ground shadows.
    public var upperCentreX: Double
    /// Vertical centre of that same upper part (the mean row of its cells): the height in the
    /// view at which `upperCentreX` was measured.
    public var upperCentreY: Double
    /// The lowest point (feet or wheels): x at the bottom row, and that row's y.
    public var bottomX: Double, bottomY: Double
    /// Horizontal extent of that upper part (head, shoulders, arms), normalised view x: its
    /// edges move with the body, unmoved by swinging legs and ground shadows, and the one away
    /// from the view's border moves at the person's speed even while the rest is still outside.
    public var upperMinX: Double, upperMaxX: Double
    /// The extractor's label of the region (to measure parts of it), or -1.
    public var regionLabel: Int32 = -1

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    public init(minX: Double = 0, maxX: Double = 0, minY: Double = 0, maxY: Double = 0, area: Double = 0,
                centroidX: Double = 0, centroidY: Double = 0, upperCentreX: Double = 0,
                bottomX: Double = 0, bottomY: Double = 0, upperCentreY: Double? = nil,
                upperMinX: Double? = nil, upperMaxX: Double? = nil) {
        self.minX = minX; self.maxX = maxX; self.minY = minY; self.maxY = maxY; self.area = area
        self.centroidX = centroidX; self.centroidY = centroidY; self.upperCentreX = upperCentreX
        self.bottomX = bottomX; self.bottomY = bottomY
        // Unmeasured (a hand-made region): the middle of the default upper half.
        self.upperCentreY = upperCentreY ?? minY + 0.25 * (maxY - minY)
        // Unmeasured: the whole region's extent.
        self.upperMinX = upperMinX ?? minX
        self.upperMaxX = upperMaxX ?? maxX
    }
}
