import GateSpeedPlatform
import CMosquitto
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One libmosquitto client on its own network thread (`WorkerThread`, SCHED_OTHER): connects,
/// keeps the connection (keep-alive, reconnect with backoff), delivers messages and acks to
/// `MQTTHandlers`. `publish` and `subscribe` may be called from any thread (libmosquitto is
/// thread-safe once `mosquitto_threaded_set` is on) and never block on the network.
public final class MosquittoConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private let settings: MQTTConnectionSettings
    private let handlers: MQTTHandlers
    private let stopping = Atomic<Bool>(false)
    private let connectedFlag = Atomic<Bool>(false)
    /// The message whose ack ends the shutdown (the final `offline`), or 0.
    private let finalMessage = Atomic<Int32>(0)
    private let finalAcked = Atomic<Bool>(false)
    private var thread: WorkerThread?
    private var finalPublish: (topic: String, payload: String)?

    private static let libraryReady: Bool = { mosquitto_lib_init() == gs_mosq_success() }()

    /// Sets the client up (credentials, TLS, last will); nothing is sent before `start`.
    public init(settings: MQTTConnectionSettings, handlers: MQTTHandlers) throws(MQTTError) {
        guard Self.libraryReady else { throw MQTTError(operation: "mosquitto_lib_init", reason: "failed") }
        guard let handle = mosquitto_new(settings.clientID, settings.cleanSession, nil) else {
            throw MQTTError(operation: "mosquitto_new", reason: Errno.current.description)
        }
        self.handle = handle
        self.settings = settings
        self.handlers = handlers
        do throws(MQTTError) {
            try check(mosquitto_threaded_set(handle, true), "mosquitto_threaded_set")
            try check(mosquitto_int_option(handle, mosq_opt_t(UInt32(gs_mosq_option_protocol_version())),
                                           gs_mosq_protocol_v311()), "mosquitto_int_option")
            if settings.username != nil || settings.password != nil {
                try check(mosquitto_username_pw_set(handle, settings.username ?? "", settings.password), "mosquitto_username_pw_set")
            }
            if settings.endpoint.tls {
                let capath: String? = settings.caFile == nil ? "/etc/ssl/certs" : nil
                try check(mosquitto_tls_set(handle, settings.caFile, capath, nil, nil, nil), "mosquitto_tls_set")
            }
            if let will = settings.will {
                let bytes = Array(will.payload.utf8)
                try check(mosquitto_will_set(handle, will.topic, Int32(bytes.count), bytes, will.qos, will.retain),
                          "mosquitto_will_set")
            }
        } catch {
            mosquitto_destroy(handle)
            throw error
        }
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<MosquittoConnection>.fromOpaque(context).takeUnretainedValue().didConnect(code)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<MosquittoConnection>.fromOpaque(context).takeUnretainedValue().didDisconnect(code)
        }
        mosquitto_publish_callback_set(handle) { _, context, messageID in
            guard let context else { return }
            Unmanaged<MosquittoConnection>.fromOpaque(context).takeUnretainedValue().didPublish(messageID)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let context, let message else { return }
            let topic = message.pointee.topic.map { String(cString: $0) } ?? ""
            var payload: [UInt8] = []
            if let bytes = message.pointee.payload, message.pointee.payloadlen > 0 {
                payload = Array(UnsafeRawBufferPointer(start: bytes, count: Int(message.pointee.payloadlen)))
            }
            Unmanaged<MosquittoConnection>.fromOpaque(context).takeUnretainedValue().handlers.message(topic, payload)
        }
    }

    deinit {
        mosquitto_destroy(handle)
    }

    /// True while the broker has accepted us and the connection is up.
    public var isConnected: Bool { connectedFlag.load(ordering: .acquiring) }

    /// Starts the network thread, which connects and keeps reconnecting until `stop`.
    public func start() throws(MQTTError) {
        do {
            thread = try WorkerThread.start(name: "gatespeed-mqtt") { [self] in networkLoop() }
        } catch {
            throw MQTTError(operation: "pthread_create", reason: "\(error)")
        }
    }

    /// Publishes `payload`; returns the message id (for `MQTTHandlers.published`). QoS 1
    /// messages published while offline wait in libmosquitto and go out after reconnecting.
    @discardableResult
    public func publish(_ topic: String, _ payload: String, qos: Int32, retain: Bool) throws(MQTTError) -> Int32 {
        var messageID: Int32 = 0
        let bytes = Array(payload.utf8)
        let code = bytes.withUnsafeBytes { raw in
            mosquitto_publish(handle, &messageID, topic, Int32(raw.count), raw.baseAddress, qos, retain)
        }
        try check(code, "mosquitto_publish \(topic)")
        return messageID
    }

    public func subscribe(_ pattern: String, qos: Int32) throws(MQTTError) {
        try check(mosquitto_subscribe(handle, nil, pattern, qos), "mosquitto_subscribe \(pattern)")
    }

    /// Sends `finalMessage` (retained, QoS 1) when connected, waits up to `waitSeconds` for the
    /// broker's ack, disconnects cleanly (so the last will is not sent) and ends the thread.
    public func stop(finalMessage: (topic: String, payload: String)?, waitSeconds: Double = 2) {
        finalPublish = finalMessage
        stopWaitSeconds = waitSeconds
        stopping.store(true, ordering: .releasing)
        thread?.join()
        thread = nil
    }

    private var stopWaitSeconds = 2.0
    /// Why the broker's CONNACK refused us, until the loop reports it.
    private let refusal = Mutex<String?>(nil)

    // MARK: The network thread

    private func networkLoop() {
        var backoff = MQTTBackoff(first: settings.initialBackoffSeconds, longest: settings.maximumBackoffSeconds)
        var socketOpen = false
        while !stopping.load(ordering: .acquiring) {
            if !socketOpen {
                let code = mosquitto_connect(handle, settings.endpoint.host, settings.endpoint.port, settings.keepAliveSeconds)
                if code != gs_mosq_success() {
                    let wait = backoff.failed()
                    handlers.disconnected("cannot connect to \(settings.endpoint.host):\(settings.endpoint.port): "
                                          + Self.reason(code), wait)
                    sleep(seconds: wait)
                    continue
                }
                socketOpen = true
            }
            let code = mosquitto_loop(handle, 100, 1)
            if connectedFlag.load(ordering: .relaxed) { backoff.succeeded() }
            if code != gs_mosq_success() {
                socketOpen = false
                let wasConnected = connectedFlag.exchange(false, ordering: .acquiringAndReleasing)
                let wait = backoff.failed()
                let refused = refusal.withLock { reason in defer { reason = nil }; return reason }
                handlers.disconnected(refused ?? (wasConnected ? "connection lost: \(Self.reason(code))"
                                                               : "the broker dropped the connection: \(Self.reason(code))"), wait)
                sleep(seconds: wait)
            }
        }
        if socketOpen { shutDown() }
    }

    /// The end: the final message, its ack (bounded wait), then DISCONNECT.
    private func shutDown() {
        if connectedFlag.load(ordering: .acquiring), let final = finalPublish,
           let messageID = try? publish(final.topic, final.payload, qos: 1, retain: true) {
            finalMessage.store(messageID, ordering: .releasing)
            var waited = 0.0
            while !finalAcked.load(ordering: .acquiring) && waited < stopWaitSeconds {
                if mosquitto_loop(handle, 50, 1) != gs_mosq_success() { break }
                waited += 0.05
            }
        }
        _ = mosquitto_disconnect(handle)
        _ = mosquitto_loop(handle, 50, 1)
        connectedFlag.store(false, ordering: .releasing)
    }

    private func sleep(seconds: Double) {
        var left = seconds
        while left > 0 && !stopping.load(ordering: .acquiring) {
            let step = min(left, 0.05)
            usleep(UInt32(step * 1_000_000))
            left -= step
        }
    }

    private func didConnect(_ code: Int32) {
        guard code == 0 else {
            // CONNACK refused (bad password, not authorised): libmosquitto drops the socket and
            // the loop reports it with backoff; say why first.
            refusal.withLock { $0 = "the broker refused the connection: " + String(cString: mosquitto_connack_string(code)) }
            return
        }
        connectedFlag.store(true, ordering: .releasing)
        handlers.connected()
    }

    private func didDisconnect(_ code: Int32) {
        connectedFlag.store(false, ordering: .releasing)
    }

    private func didPublish(_ messageID: Int32) {
        let final = finalMessage.load(ordering: .acquiring)
        if final != 0 && messageID == final { finalAcked.store(true, ordering: .releasing) }
        handlers.published(messageID)
    }

    private static func reason(_ code: Int32) -> String {
        if code == gs_mosq_errno() { return Errno.current.description }
        return String(cString: mosquitto_strerror(code))
    }

    private func check(_ code: Int32, _ operation: String) throws(MQTTError) {
        guard code != gs_mosq_success() else { return }
        throw MQTTError(operation: operation, reason: Self.reason(code))
    }
}
