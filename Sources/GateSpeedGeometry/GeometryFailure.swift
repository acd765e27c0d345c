/// A survey the solver refused, with every problem it found.
public struct GeometryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [GeometryProblem]

    public init(problems: [GeometryProblem]) {
        self.problems = problems
    }

    /// The problems joined by "; ".
    public var description: String { problems.map(\.description).joined(separator: "; ") }
}
