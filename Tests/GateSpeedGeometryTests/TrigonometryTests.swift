import Testing
@testable import GateSpeedGeometry

/// The module's own sine, cosine, tangent and arctangents against known values and identities.
@Suite struct TrigonometryTests {
    typealias T = Trigonometry
    static let pi = 3.141592653589793

    @Test(arguments: [
        (0.0, 0.0, 1.0),
        (pi / 6, 0.5, 0.8660254037844386),
        (pi / 4, 0.7071067811865476, 0.7071067811865476),
        (pi / 3, 0.8660254037844386, 0.5),
        (pi / 2, 1.0, 0.0),
        (pi, 0.0, -1.0),
        (-pi / 6, -0.5, 0.8660254037844386),
        (2.5, 0.5984721441039564, -0.8011436155469337),
        (100.0, -0.5063656411097588, 0.8623188722876839),
        (-1000.0, -0.8268795405320025, 0.5623790762907029),
    ])
    func sineAndCosineMatchKnownValues(x: Double, sine: Double, cosine: Double) {
        #expect((T.sine(x) - sine).magnitude < 1e-14, "sin(\(x)) = \(T.sine(x))")
        #expect((T.cosine(x) - cosine).magnitude < 1e-14, "cos(\(x)) = \(T.cosine(x))")
    }

    @Test func sineAndCosineKeepThePythagoreanIdentityAndTheirSymmetries() {
        var x = -20.0
        while x < 20 {
            let s = T.sine(x), c = T.cosine(x)
            #expect((s * s + c * c - 1).magnitude < 1e-15)
            #expect((T.sine(-x) + s).magnitude < 1e-15)
            #expect((T.sine(x + Self.pi / 2) - c).magnitude < 1e-14)
            x += 0.0137
        }
    }

    @Test(arguments: [
        (1.0, pi / 4), (0.0, 0.0), (-1.0, -pi / 4), (1.7320508075688772, pi / 3), (0.5773502691896257, pi / 6),
        (0.2, 0.19739555984988078), (3.0, 1.2490457723982544), (-10.0, -1.4711276743037347), (1e10, 1.5707963266948965),
    ])
    func arctangentMatchesKnownValues(x: Double, angle: Double) {
        #expect((T.arctangent(x) - angle).magnitude < 1e-15, "atan(\(x)) = \(T.arctangent(x))")
    }

    @Test func arctangentInvertsTangent() {
        var x = -1.5
        while x < 1.5 {
            #expect((T.arctangent(T.tangent(x)) - x).magnitude < 1e-14)
            x += 0.01
        }
    }

    @Test func arctangent2CoversEveryQuadrantAndArcsineItsRange() {
        #expect((T.arctangent2(1, 1) - Self.pi / 4).magnitude < 1e-15)
        #expect((T.arctangent2(1, -1) - 3 * Self.pi / 4).magnitude < 1e-15)
        #expect((T.arctangent2(-1, -1) + 3 * Self.pi / 4).magnitude < 1e-15)
        #expect((T.arctangent2(-1, 1) + Self.pi / 4).magnitude < 1e-15)
        #expect(T.arctangent2(0, -1) == Self.pi)
        #expect(T.arctangent2(1, 0) == Self.pi / 2 && T.arctangent2(-1, 0) == -Self.pi / 2 && T.arctangent2(0, 0) == 0)
        #expect((T.arcsine(0.5) - Self.pi / 6).magnitude < 1e-15)
        #expect(T.arcsine(1) == Self.pi / 2 && T.arcsine(-1) == -Self.pi / 2)
        #expect(T.arcsine(2) == Self.pi / 2, "clamped")
    }

    @Test func nonFiniteArgumentsGiveNaNRatherThanATrap() {
        for x in [Double.nan, .infinity, -.infinity, 1e300] {
            #expect(T.sine(x).isNaN && T.cosine(x).isNaN)
        }
        #expect(T.arctangent(.nan).isNaN && T.arctangent2(.nan, 1).isNaN && T.arcsine(.nan).isNaN)
        #expect(T.arctangent(.infinity) == Self.pi / 2)
    }
}
