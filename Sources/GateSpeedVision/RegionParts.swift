/// Measures part of a region: the columns between two view x positions, as a region of its own.
public protocol RegionParts {
    func part(of blob: Blob, from: Double, to: Double, upperFraction: Double) -> Blob?
}

extension BlobExtractor: RegionParts {}

/// For callers without a mask (tests of the tracking rules): regions are never split.
public struct WholeRegionsOnly: RegionParts {
    public init() {}
    public func part(of blob: Blob, from: Double, to: Double, upperFraction: Double) -> Blob? { nil }
}
