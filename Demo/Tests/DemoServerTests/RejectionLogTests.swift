@testable import DemoServer
import Foundation
import InMemoryLogging
import Logging
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A flood of rejected clients makes one warning per reason, not one per connection: the log
/// stays readable while the server is attacked.
@Suite("Rejections are logged once per reason", .timeLimit(.minutes(2)))
struct RejectionLogTests {
    /// The server's warnings about rejections, by reason.
    static func rejections(in handler: InMemoryLogHandler) -> [String] {
        handler.entries.compactMap { entry in
            guard entry.level == .warning, let reason = entry.metadata["rejection"] else { return nil }
            return "\(reason)"
        }
    }

    static func start(_ configuration: DemoServerConfiguration, handler: InMemoryLogHandler) async throws -> DemoServer {
        var logger = Logger(label: "RejectionLogTests") { _ in handler }
        logger.logLevel = .info
        return try await DemoServer.start(configuration, logger: logger)
    }

    @Test("Silent connections past the connection cap: the cap once, the idle close once")
    func floodOfSilentConnections() async throws {
        let handler = InMemoryLogHandler()
        let server = try await Self.start(
            DemoServerConfiguration(userCount: 10, idleTimeout: .milliseconds(300), maximumConnections: 2), handler: handler
        )
        let port = server.port
        // Six connections, all open at once, that send nothing: two are served (and closed when
        // idle), the others wait for a free slot, then are closed when idle in turn.
        let closedAfter = try await onOwnThread {
            try ConnectionLimitsTests.silentConnections(port: port, count: 6, readTimeout: RequestHeadTests.clientWait)
        }
        // Each was closed by the server, not given up by the client (its reads wait 30 s): about
        // 1 s on a quiet machine, but a loaded one has run the server's loop 5 s late.
        for seconds in closedAfter { #expect(seconds < RequestHeadTests.closedBy) }
        await server.stop()

        #expect(Self.rejections(in: handler).sorted() == ["connectionLimit", "idleConnection"])
        let messages = handler.entries.filter { $0.metadata["rejection"] != nil }.map(\.message.description).sorted()
        #expect(messages == [
            "Closed a connection that stayed silent for 0.3 seconds (idle, or a request that stopped arriving). Later ones are not logged.",
            "Serving the maximum of 2 connections: new connections wait until one closes. Later ones are not logged.",
        ])
    }

    @Test("Three oversized bodies: three 413 answers, one warning")
    func oversizedBodies() async throws {
        let handler = InMemoryLogHandler()
        let server = try await Self.start(DemoServerConfiguration(userCount: 10), handler: handler)
        let client = APIClient(baseURL: server.baseURL)
        for _ in 0..<3 {
            let result = try await client.patch("/api/users/1", json: #"{"isActive": true, "pad": "\#(HostileInputTests.overLimit)"}"#)
            #expect(result.status == 413)
        }
        client.close()
        await server.stop()

        #expect(Self.rejections(in: handler) == ["oversizedBody"])
    }

    @Test("A connection the client asked to close after its answer is not an idle close")
    func closeAfterAnswerIsNotIdle() async throws {
        let handler = InMemoryLogHandler()
        let server = try await Self.start(DemoServerConfiguration(userCount: 10, idleTimeout: .seconds(5)), handler: handler)
        let port = server.port
        let request = "GET /api/users/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        _ = try await onOwnThread { try ConnectionLimitsTests.secondsUntilClosed(port: port, sending: request) }
        await server.stop()

        #expect(Self.rejections(in: handler) == [])
    }

    /// A client that goes away in the middle of its body (a cancelled request) is the client's
    /// doing: answered 400 if the answer can still be sent (it was 500), and not logged as a
    /// server error (it was, once per cancelled request).
    @Test("A body cut short by the client is a 400, not a logged server error")
    func bodyCutShort() async throws {
        let handler = InMemoryLogHandler()
        let server = try await Self.start(DemoServerConfiguration(userCount: 10), handler: handler)
        let port = server.port
        let request = "PATCH /api/users/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"is"
        let (_, received) = try await onOwnThread {
            try ConnectionLimitsTests.exchange(port: port, sending: request, closingWrite: true)
        }
        await server.stop()

        // Whether an answer still goes out depends on how far the server read before the end
        // arrived; if one does, it is a 400.
        if !received.isEmpty {
            #expect(received.hasPrefix("HTTP/1.1 400"), "\(received)")
            #expect(received.contains(#""code":"invalid_body""#))
        }
        #expect(handler.entries.filter { $0.level >= .error }.map(\.message.description) == [])
    }
}

extension RejectionLogTests {
    @Test("Slow heads, oversized heads and connections past a client's cap: two of each, one warning each")
    func headRejections() async throws {
        let handler = InMemoryLogHandler()
        // Two servers logging to one handler, so that the connections the first closes need not
        // be uncounted before the second's cap is tested.
        let heads = try await Self.start(
            DemoServerConfiguration(userCount: 10, idleTimeout: .seconds(5), headerReadTimeout: .milliseconds(200)), handler: handler
        )
        let capped = try await Self.start(DemoServerConfiguration(userCount: 10, maximumConnectionsPerClient: 3), handler: handler)
        let (headsPort, cappedPort) = (heads.port, capped.port)
        let statuses = try await onOwnThread {
            for _ in 0..<2 {
                _ = try ConnectionLimitsTests.exchange(port: headsPort, sending: "GET /api/users/1 HTTP/1.1\r\nHost: x\r\n")
                _ = try ConnectionLimitsTests.exchange(
                    port: headsPort, sending: "GET /api/users/1 HTTP/1.1\r\nX-Pad: \(String(repeating: "a", count: 100_000))\r\n\r\n"
                )
            }
            // Three connections are the cap; the next two are closed at once.
            let held = try (0..<3).map { _ in try ConnectionLimitsTests.connectedSocket(port: cappedPort) }
            defer { held.forEach { close($0) } }
            let statuses = held.map { RawHTTP.exchange("GET /api/users/1 HTTP/1.1\r\nHost: x\r\n\r\n", on: $0)?.status }
            for _ in 0..<2 { _ = try ConnectionLimitsTests.exchange(port: cappedPort, sending: "") }
            return statuses
        }
        await heads.stop()
        await capped.stop()

        #expect(statuses == [200, 200, 200])
        #expect(Self.rejections(in: handler).sorted() == ["clientConnectionLimit", "oversizedHead", "slowRequestHead"])
        let messages = handler.entries.filter { $0.metadata["rejection"] != nil }.map(\.message.description).sorted()
        #expect(messages == [
            "Closed a connection whose request head did not arrive within 0.2 seconds (a slow or silent client; answered 408 if part of the head came). Later ones are not logged.",
            "Closed a new connection from a client that already had 3 connections open (the per-client cap). Later ones are not logged.",
            "Refused a request head over 80 KiB (414 or 431). Later ones are not logged.",
        ])
        #expect(handler.entries.first { $0.metadata["rejection"] == "clientConnectionLimit" }?.metadata["client"] == "127.0.0.1")
    }
}
