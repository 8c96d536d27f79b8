@testable import DemoServer
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A client that connects and stalls (idle, or a body shorter than its `Content-Length`) is
/// disconnected after the idle timeout, instead of holding a connection forever.
@Suite("Connection limits", .timeLimit(.minutes(2)))
struct ConnectionLimitsTests {
    @Test("A request whose body never completes is closed after the idle timeout", arguments: [
        "PATCH /api/users/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"is",
        "",   // connects and sends nothing
    ])
    func stalledConnectionsAreClosed(bytes: String) async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10, idleTimeout: .milliseconds(300)))
        defer { Task { await server.stop() } }
        let port = server.port
        let closedWithin = try await onOwnThread { try Self.secondsUntilClosed(port: port, sending: bytes) }
        #expect(closedWithin < 5)
        await server.stop()
    }

    @Test("An idle timeout or connection cap out of range is a clear configuration error")
    func badLimits() async {
        await #expect(throws: DemoServerError.invalidConfiguration("The idle timeout must be positive, but was 0.0 seconds.")) {
            _ = try await DemoServer.start(DemoServerConfiguration(userCount: 10, idleTimeout: .zero))
        }
        await #expect(throws: DemoServerError.invalidConfiguration("The maximum number of connections must be at least 1, but was 0.")) {
            _ = try await DemoServer.start(DemoServerConfiguration(userCount: 10, maximumConnections: 0))
        }
    }

    /// Connects to 127.0.0.1:`port`, sends `bytes`, and returns how long the server took to close
    /// the connection (reads block at most 10 s).
    static func secondsUntilClosed(port: Int, sending bytes: String) throws -> Double {
        try exchange(port: port, sending: bytes).seconds
    }

    /// Connects to 127.0.0.1:`port`, sends `bytes` (then closes its sending side if
    /// `closingWrite`, as a client that goes away does), and returns how long the server took to
    /// close the connection and what it sent (reads block at most `readTimeout`).
    static func exchange(
        port: Int, sending bytes: String, closingWrite: Bool = false, readTimeout: Duration = .seconds(10)
    ) throws -> (seconds: Double, received: String) {
        let fd = try connectedSocket(port: port, readTimeout: readTimeout)
        defer { close(fd) }
        let start = ContinuousClock.now
        if !bytes.isEmpty { _ = bytes.withCString { send(fd, $0, strlen($0), 0) } }
        if closingWrite { shutdown(fd, Int32(SHUT_WR)) }
        let received = readUntilClosed(fd)
        return (seconds(since: start), String(decoding: received, as: UTF8.self))
    }

    /// Connects `count` sockets to 127.0.0.1:`port` at once (the kernel's backlog completes
    /// connections the server has not accepted yet), sends nothing, and returns how long after
    /// the last connect the server took to close each (reads block at most `readTimeout`).
    static func silentConnections(port: Int, count: Int, readTimeout: Duration = .seconds(10)) throws -> [Double] {
        let fds = try (0..<count).map { _ in try connectedSocket(port: port, readTimeout: readTimeout) }
        defer { fds.forEach { close($0) } }
        let start = ContinuousClock.now
        return fds.map { fd in
            _ = readUntilClosed(fd)
            return seconds(since: start)
        }
    }

    /// A TCP socket connected to 127.0.0.1:`port` from `source` (a loopback address: on Linux,
    /// each of 127.0.0.0/8 is a client of its own to the server), whose reads time out after
    /// `readTimeout`.
    static func connectedSocket(port: Int, from source: String? = nil, readTimeout: Duration = .seconds(10)) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw POSIXError(.EADDRNOTAVAIL)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        var limit = timeval(tv_sec: Int(readTimeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// What `fd` receives until the server closes it (or a read times out).
    static func readUntilClosed(_ fd: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return received
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
