import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP/1.1 server that answers each request with what `answer` returns for its
/// method and path, and records every request it read (method, path, `Idempotency-Key`, body):
/// for what the demo server never sends, such as a redirect to another port. One connection
/// at a time, closed after each answer.
final class ScriptedHTTPServer: @unchecked Sendable {
    // `@unchecked Sendable`: `seen` is only touched while `lock` is held; the rest is immutable.
    /// What the server read of one request.
    struct Request: Equatable, Sendable {
        var method: String
        var path: String
        var idempotencyKey: String?
        var body: String
    }

    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let listener: Int32
    private let lock = NSLock()
    private var seen: [Request] = []
    private let answer: @Sendable (_ method: String, _ path: String) -> (status: Int, headers: [String: String], body: String)

    /// Listens on 127.0.0.1, a free port.
    init(answer: @escaping @Sendable (_ method: String, _ path: String) -> (status: Int, headers: [String: String], body: String)) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The requests read so far, oldest first.
    var requests: [Request] { lock.withLock { seen } }

    /// Stops accepting: the serving thread ends.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if let request = read(from: connection) {
                lock.withLock { seen.append(request) }
                let (status, headers, body) = answer(request.method, request.path)
                var text = "HTTP/1.1 \(status) Scripted\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
                for (name, value) in headers { text += "\(name): \(value)\r\n" }
                text += "\r\n" + body
                let bytes = Array(text.utf8)
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            close(connection)
        }
    }

    /// One request's head and its `Content-Length` body.
    private func read(from connection: Int32) -> Request? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let headEnd = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                let requestLine = head[0].split(separator: " ")
                guard requestLine.count >= 2 else { return nil }
                var fields: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = fields["content-length"].flatMap(Int.init) ?? 0
                if received.count - headEnd.upperBound >= length {
                    let body = String(decoding: received[headEnd.upperBound..<(headEnd.upperBound + length)], as: UTF8.self)
                    return Request(method: String(requestLine[0]), path: String(requestLine[1]), idempotencyKey: fields["idempotency-key"], body: body)
                }
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[..<count]
        }
    }
}
