/// Where the user marked one slalom post on a still frame.
public struct PostMark: Sendable, Equatable {
    /// Where the post meets the ground.
    public var base: ImagePoint
    /// The top of the pole, which stands `CourseSurvey.poleHeightMetres` above the ground; optional.
    public var top: ImagePoint?

    public init(base: ImagePoint, top: ImagePoint? = nil) {
        self.base = base
        self.top = top
    }
}
