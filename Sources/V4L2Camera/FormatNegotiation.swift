/// One pixel format a camera offers natively, with its frame sizes (empty when the driver
/// does not enumerate sizes).
public struct FormatOffer: Sendable, Equatable {
    public var descriptor: FormatDescriptor
    public var sizes: [FrameSizeOffer]
    public init(descriptor: FormatDescriptor, sizes: [FrameSizeOffer]) {
        self.descriptor = descriptor
        self.sizes = sizes
    }
    public var format: PixelFormat { descriptor.format }
}

/// A format and size to try with VIDIOC_S_FMT.
public struct FormatCandidate: Sendable, Equatable {
    public var format: PixelFormat
    public var width: Int
    public var height: Int
    public init(format: PixelFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// The format walk: GREY, YUYV, NV12, YU12, then MJPEG; at the configured size, or the
/// nearest offered; at the highest frame rate offered there (or the one nearest a request).
public enum FormatNegotiation {
    /// Reads the camera's native formats (libv4l2's emulated ones are skipped) and their sizes.
    public static func readOffers<Device: V4L2DeviceIO>(from device: Device) throws(V4L2Error) -> [FormatOffer] {
        var offers: [FormatOffer] = []
        var index = 0
        while let descriptor = try device.enumerateFormat(index: index), index < 256 {
            index += 1
            if descriptor.isEmulated { continue }
            offers.append(FormatOffer(descriptor: descriptor, sizes: try readSizes(of: descriptor.format, from: device)))
        }
        return offers
    }

    static func readSizes<Device: V4L2DeviceIO>(of format: PixelFormat, from device: Device) throws(V4L2Error) -> [FrameSizeOffer] {
        var sizes: [FrameSizeOffer] = []
        do {
            while let size = try device.enumerateFrameSize(format: format, index: sizes.count), sizes.count < 256 {
                sizes.append(size)
            }
        } catch {
            if !error.isUnsupported { throw error }
        }
        return sizes
    }

    /// Reads the frame intervals offered for a format at a size; empty when not enumerable.
    public static func readIntervals<Device: V4L2DeviceIO>(from device: Device, format: PixelFormat,
                                                           width: Int, height: Int) throws(V4L2Error) -> [FrameIntervalOffer] {
        var intervals: [FrameIntervalOffer] = []
        do {
            while let interval = try device.enumerateFrameInterval(format: format, width: width, height: height,
                                                                   index: intervals.count), intervals.count < 256 {
                intervals.append(interval)
            }
        } catch {
            if !error.isUnsupported { throw error }
        }
        return intervals
    }

    /// Candidates to try in order: formats offering the exact size (by preference), then the
    /// others at their nearest size (nearest first, preference breaking ties). A format whose
    /// sizes are not enumerable is tried at the requested size as if it offered it.
    public static func candidates(offers: [FormatOffer], width: Int, height: Int) -> [FormatCandidate] {
        var exact: [FormatCandidate] = []
        var near: [(candidate: FormatCandidate, distance: Int, rank: Int)] = []
        for (rank, preferred) in PixelFormat.preferenceOrder.enumerated() {
            guard let offer = offers.first(where: { $0.format == preferred }) else { continue }
            guard let size = nearestSize(in: offer.sizes, width: width, height: height) else {
                exact.append(FormatCandidate(format: preferred, width: width, height: height))
                continue
            }
            let candidate = FormatCandidate(format: preferred, width: size.width, height: size.height)
            let distance = abs(size.width - width) + abs(size.height - height)
            if distance == 0 { exact.append(candidate) } else { near.append((candidate, distance, rank)) }
        }
        near.sort { ($0.distance, $0.rank) < ($1.distance, $1.rank) }
        return exact + near.map(\.candidate)
    }

    /// The offered size nearest (width and height differences summed) to the request;
    /// ties go to the larger size. Nil when `sizes` is empty.
    public static func nearestSize(in sizes: [FrameSizeOffer], width: Int, height: Int) -> (width: Int, height: Int)? {
        var best: (width: Int, height: Int)?
        var bestDistance = Int.max
        for offer in sizes {
            let size: (width: Int, height: Int)
            switch offer {
            case let .discrete(w, h): size = (w, h)
            case let .stepwise(minW, maxW, stepW, minH, maxH, stepH):
                size = (snap(width, minimum: minW, maximum: maxW, step: stepW),
                        snap(height, minimum: minH, maximum: maxH, step: stepH))
            }
            let distance = abs(size.width - width) + abs(size.height - height)
            if distance < bestDistance || (distance == bestDistance && size.width * size.height > (best.map { $0.width * $0.height } ?? 0)) {
                best = size
                bestDistance = distance
            }
        }
        return best
    }

    private static func snap(_ value: Int, minimum: Int, maximum: Int, step: Int) -> Int {
        let clamped = min(max(value, minimum), maximum)
        let steps = ((clamped - minimum) + step / 2) / max(1, step)
        return min(maximum, minimum + steps * max(1, step))
    }

    /// The interval to set: the shortest offered (highest rate) when `framesPerSecond` is nil,
    /// else the offered one whose rate is nearest the request (higher rate on ties).
    /// Nil when nothing is offered.
    public static func bestInterval(in offers: [FrameIntervalOffer], framesPerSecond: Double?) -> Fraction? {
        var choices: [Fraction] = []
        for offer in offers {
            switch offer {
            case let .discrete(interval):
                if interval.numerator > 0 && interval.denominator > 0 { choices.append(interval) }
            case let .stepwise(minimum, maximum, _):
                if minimum.numerator > 0 && minimum.denominator > 0 { choices.append(minimum) }
                if let rate = framesPerSecond, rate > 0 {
                    let wanted = Fraction(1000, Int((rate * 1000).rounded()))
                    if wanted.value >= minimum.value && wanted.value <= maximum.value { choices.append(wanted) }
                }
            }
        }
        guard let rate = framesPerSecond, rate > 0 else {
            return choices.max { $0.framesPerSecond < $1.framesPerSecond }
        }
        return choices.min { lhs, rhs in
            let l = abs(lhs.framesPerSecond - rate), r = abs(rhs.framesPerSecond - rate)
            return l != r ? l < r : lhs.framesPerSecond > rhs.framesPerSecond
        }
    }
}
