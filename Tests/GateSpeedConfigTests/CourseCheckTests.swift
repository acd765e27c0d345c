import Testing
@testable import GateSpeedConfig

/// The setup page's check before saving: the config's messages, the solve's residuals and advice.
struct CourseCheckTests {
    @Test func markedPostsReportResidualsAdviceAndAccuracy() throws {
        let config = try GateSpeedConfig.parse(json: ConfigGeometryTests.config())
        let report = config.checkCourse(source: "config.json")
        #expect(report.ok)
        #expect(report.messages.isEmpty)
        #expect(report.residuals.count == 5)
        #expect((report.rmsResidualPixels ?? 99) < 1)
        #expect(report.advice.first?.hasPrefix("placement:") == true)
        #expect(report.expectedErrorPercent.map { $0 > 0 && $0 < 10 } == true)
        #expect(abs((report.solvedCameraDistanceMetres ?? 0) - 29) < 0.5)
        let json = report.json
        #expect(json.hasPrefix("{\"ok\":true,\"messages\":[],\"residuals\":[{\"post\":1,\"base_px\":"))
        #expect(json.contains("\"accuracy\":\"±"))
    }

    @Test func fractionPostsAreFineWithoutGeometry() throws {
        let config = try GateSpeedConfig.parse(json: #"{"course": {"posts": [0.1, 0.3, 0.5, 0.7, 0.9]}}"#)
        let report = config.checkCourse(source: "config.json")
        #expect(report == CourseCheckReport(ok: true))
        #expect(report.json.contains("\"residuals\":[],\"rms_px\":null,\"advice\":[],\"accuracy\":null"))
    }

    @Test func aContradictionIsRefusedWithTheConfigsMessage() throws {
        var config = try GateSpeedConfig.parse(json: ConfigGeometryTests.config())
        config.course.camera.distanceMetres = 12
        let report = config.checkCourse(source: "config.json")
        #expect(!report.ok)
        #expect(report.messages.count == 1)
        #expect(report.messages.first?.hasPrefix("config.json: course.camera.distance_m") == true, "\(report.messages)")
        #expect(report.residuals.isEmpty)
        #expect(report.json.hasPrefix("{\"ok\":false,\"messages\":[\"config.json: course.camera.distance_m"))
    }
}
