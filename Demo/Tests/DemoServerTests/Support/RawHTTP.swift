import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 answer read from a raw socket: the status, the header fields (names lowercased)
/// and the body.
struct RawHTTPResponse: Sendable {
    let status: Int
    let headers: [String: String]
    let body: String

    /// Parses the first answer in `text`; `nil` when there is none (the server closed without
    /// answering, or the answer is cut).
    init?(_ text: String) {
        guard let headEnd = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<headEnd.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let rest = Array(text[headEnd.upperBound...].utf8)
        let length = headers["content-length"].flatMap { Int($0) } ?? rest.count
        guard rest.count >= length else { return nil }
        self.status = status
        self.headers = headers
        self.body = String(decoding: rest[..<length], as: UTF8.self)
    }

    /// The body's `{"error": {"code", "message"}}`, if it is one.
    var error: ErrorDTO.Detail? {
        try? JSONDecoder().decode(ErrorDTO.self, from: Data(body.utf8)).error
    }
}

/// Raw-socket clients for what URLSession will not send: a request head that arrives a byte at a
/// time, or a head too large for the server.
enum RawHTTP {
    /// Sends `head` on `fd` a byte every `interval` (the client's pace; at most `limit` bytes),
    /// and stops as soon as the server answers or closes. Returns how long that took from the
    /// first byte, what the server sent (`received` is empty if it never did) and when the first
    /// byte was sent (`nil` if it could not be).
    static func drip(
        _ head: String, on fd: Int32, every interval: Duration, limit: Duration
    ) -> (seconds: Double, received: String, firstByteSent: ContinuousClock.Instant?) {
        let start = ContinuousClock.now
        var firstByteSent: ContinuousClock.Instant?
        let milliseconds = Int32(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        for byte in head.utf8 where ContinuousClock.now - start < limit {
            var byte = byte
            guard send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
            if firstByteSent == nil { firstByteSent = .now }
            var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&watched, 1, milliseconds) > 0 { break }
        }
        let received = ConnectionLimitsTests.readUntilClosed(fd)
        return (ConnectionLimitsTests.seconds(since: start), String(decoding: received, as: UTF8.self), firstByteSent)
    }

    /// Connects to `port` on 127.0.0.1, sends `request` and reads one answer, on a thread of its
    /// own; `nil` if the server closed first.
    static func answer(to request: String, port: Int) async throws -> RawHTTPResponse? {
        try await onOwnThread {
            let fd = try ConnectionLimitsTests.connectedSocket(port: port)
            defer { close(fd) }
            return RawHTTP.exchange(request, on: fd)
        }
    }

    /// Sends `request` on `fd` and reads one answer (its head, then `Content-Length` bytes of
    /// body); `nil` if the server closed first. Reads block at most 10 s.
    static func exchange(_ request: String, on fd: Int32) -> RawHTTPResponse? {
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while true {
            if let response = RawHTTPResponse(String(decoding: received, as: UTF8.self)) { return response }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[..<count]
        }
    }

    /// Whether the server leaves `fd` open and silent for `duration`: nothing to read, no close.
    static func staysOpen(_ fd: Int32, for duration: Duration) -> Bool {
        let milliseconds = Int32(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, milliseconds) == 0
    }
}

/// Runs `body` on a thread of its own and returns its result. Blocking socket calls must not run
/// in a task: Swift concurrency has one thread per core (two in CI), and a server under test
/// needs them to answer, so tests blocked in `recv` in parallel stalled each other's servers
/// until their reads timed out.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
