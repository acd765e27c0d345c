import Testing
@testable import GateSpeedConfig

/// `web.listen` and `web.token`: defaults, good values, and hostile ones refused naming the key.
@Suite struct WebConfigTests {
    @Test func defaultsListenOnEveryInterfaceWithoutAFixedToken() throws {
        let config = try GateSpeedConfig.parse(json: "{}")
        #expect(config.web.listen == GateSpeedConfig.ListenAddress(host: "0.0.0.0", port: 8080))
        #expect(config.web.token == nil)
    }

    @Test func nullTurnsThePagesOff() throws {
        #expect(try GateSpeedConfig.parse(json: #"{"web": {"listen": null}}"#).web.listen == nil)
    }

    @Test func goodValuesAreTaken() throws {
        let config = try GateSpeedConfig.parse(json: #"{"web": {"listen": "127.0.0.1:9090", "token": "0123456789abcdef-xyz"}}"#)
        #expect(config.web.listen == GateSpeedConfig.ListenAddress(host: "127.0.0.1", port: 9090))
        #expect(config.web.token == "0123456789abcdef-xyz")
        #expect(try GateSpeedConfig.parse(json: #"{"web": {"listen": "localhost:1"}}"#).web.listen?.port == 1)
    }

    @Test(arguments: [
        (#""0.0.0.0""#, "is not HOST:PORT"),
        (#""0.0.0.0:0""#, "has no port from 1 to 65535"),
        (#""0.0.0.0:65536""#, "has no port from 1 to 65535"),
        (#""0.0.0.0:99999999999999999999""#, "has no port from 1 to 65535"),
        (#""0.0.0.0:-1""#, "has no port"),
        (#""0.0.0.0:+80""#, "has no port"),
        (#""example.com:80""#, "HOST must be an IPv4 address"),
        (#""256.1.1.1:80""#, "HOST must be an IPv4 address"),
        (#""[::1]:80""#, "HOST must be an IPv4 address"),
        (#"":80""#, "HOST must be an IPv4 address"),
        ("8080", "must be \"HOST:PORT\" or null, not 8080"),
        ("true", "must be \"HOST:PORT\" or null"),
    ])
    func hostileListenValuesNameTheKey(value: String, problem: String) {
        do {
            _ = try GateSpeedConfig.parse(json: #"{"web": {"listen": \#(value)}}"#)
            Issue.record("web.listen = \(value) accepted")
        } catch {
            #expect(error.location == "web.listen", "\(error.message)")
            #expect(error.problem.contains(problem), "\(error.message)")
        }
    }

    @Test(arguments: [#""short""#, #""has spaces in it, many of them""#, "42", #""""#])
    func hostileTokensNameTheKey(value: String) {
        do {
            _ = try GateSpeedConfig.parse(json: #"{"web": {"token": \#(value)}}"#)
            Issue.record("web.token = \(value) accepted")
        } catch {
            #expect(error.location == "web.token", "\(error.message)")
        }
    }

    @Test func unknownWebKeysAreRefusedWithASuggestion() {
        do {
            _ = try GateSpeedConfig.parse(json: #"{"web": {"listne": "0.0.0.0:80"}}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("listne"), "\(error.message)")
            #expect(error.message.contains("listen"), "\(error.message)")
        }
    }
}
