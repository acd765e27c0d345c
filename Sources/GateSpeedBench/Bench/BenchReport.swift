import GateSpeedCore
import GateSpeedVision

/// The benchmark's table, one line per stage and size, microseconds.
enum BenchReport {
    static let header = pad("size", 10) + pad("stage", 14) + left("median_us", 10) + left("p99_us", 10)

    /// The lines for one measured size (or file).
    static func lines(for m: BenchMeasurement, fetchName: String?, allocationProblem: String?) -> [String] {
        let size = "\(m.width)x\(m.height)"
        var lines: [String] = []
        for stage in FrameStage.allCases {
            guard let summary = m.stages[stage.rawValue] else { continue }
            lines.append(row(size, "\(stage)", summary))
        }
        if let whole = m.steadyFrame {
            lines.append(row(size, "whole frame", whole) + "   (" + allocationText(m, problem: allocationProblem) + ")")
        } else {
            lines.append(pad(size, 10) + "whole frame   no steady-state frame: the course was never learnt in \(m.frames) frames")
        }
        if let calibration = m.calibrationFrame {
            lines.append(row(size, "calibration", calibration) + "   (\(calibration.count) frames learning the empty course)")
        }
        if let fetchName, let fetch = m.fetch {
            lines.append(row(size, fetchName, fetch) + "   (not part of the per-frame path)")
        }
        return lines
    }

    /// The whole steady-state frame of another layout of the same scene, one line.
    static func layoutLine(for m: BenchMeasurement, allocationProblem: String?) -> String {
        let size = "\(m.width)x\(m.height)"
        guard let whole = m.steadyFrame else {
            return pad(size, 10) + pad("\(m.layout.rawValue) frame", 14) + "no steady-state frame in \(m.frames) frames"
        }
        return row(size, "\(m.layout.rawValue) frame", whole) + "   (" + allocationText(m, problem: allocationProblem) + ")"
    }

    static let calibrationHeader = pad("size", 10) + pad("frames", 14) + left("median_us", 10) + left("p99_us", 10)

    /// A run that never learns the course: its calibration frames, one line.
    static func calibrationLine(for m: BenchMeasurement, allocationProblem: String?) -> String {
        let size = "\(m.width)x\(m.height)"
        guard let calibration = m.calibrationFrame else { return pad(size, 10) + pad(m.layout.rawValue, 14) + "no frames" }
        let allocations = allocationProblem.map { "allocations: not measurable (\($0))" }
            ?? "allocations per frame after the first: "
            + fixed(Double(m.calibrationAllocations) / Double(max(1, m.calibrationFramesCounted)), 2)
        return row(size, m.layout.rawValue, calibration)
            + "   (\(allocations); \(m.stillFrames) of \(m.calibrationFramesCounted) frames still)"
    }

    static let handoffHeader = pad("size", 10) + pad("layout", 14) + left("median_us", 10) + left("p99_us", 10)

    /// One hand-off measurement, one line.
    static func handoffLine(for m: HandoffBench.Measurement, allocationProblem: String?) -> String {
        let size = "\(m.width)x\(m.height)"
        guard let submit = m.submit else { return pad(size, 10) + pad(m.layout.rawValue, 14) + "no frames" }
        let allocations = allocationProblem.map { "allocations: not measurable (\($0))" }
            ?? "allocations per frame: " + fixed(Double(m.allocations) / Double(max(1, m.frames)), 2)
        let rate = submit.median > 0 ? Double(m.bytes) / submit.median / 1000 : 0
        return row(size, m.layout.rawValue, submit)
            + "   (\(allocations); \(m.bytes / 1024) KiB copied, \(fixed(rate, 1)) GB/s)"
    }

    /// One summary line: the whole frame as a rate on one core, and what happened in the frames.
    static func summary(for m: BenchMeasurement) -> String {
        let size = "\(m.width)x\(m.height)" + (m.layout == .grey ? "" : " \(m.layout.rawValue)")
        guard let whole = m.steadyFrame else { return "\(size): no steady-state frames" }
        let rate = whole.median > 0 ? Int((1e6 / whole.median).rounded()) : 0
        return "\(size): whole frame median \(fixed(whole.median, 1)) us = \(rate) frames/s on one core,"
            + " p99 \(fixed(whole.p99, 1)) us; \(whole.count) steady-state frames, \(m.runsTimed) runs timed"
            + (m.invalidRuns > 0 ? ", \(m.invalidRuns) invalid" : "")
    }

    private static func allocationText(_ m: BenchMeasurement, problem: String?) -> String {
        if let problem { return "allocations: not measurable (\(problem))" }
        let perFrame = Double(m.steadyAllocations) / Double(max(1, m.steadyFrames))
        var text = "allocations per frame: \(fixed(perFrame, 2))"
        if m.steadyFramesAllocating > 0 {
            text += "; \(m.steadyAllocations) in \(m.steadyFramesAllocating) frames"
            text += m.allocatingFramesWithEvents == m.steadyFramesAllocating
                ? ", all emitting events" : ", \(m.allocatingFramesWithEvents) of them emitting events"
        }
        return text
    }

    static func row(_ size: String, _ stage: String, _ summary: DurationSummary) -> String {
        pad(size, 10) + pad(stage, 14) + left(fixed(summary.median, 1), 10) + left(fixed(summary.p99, 1), 10)
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        DecimalFormat.fixed(value, decimals: decimals)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
