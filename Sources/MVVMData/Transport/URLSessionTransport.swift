#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The real transport: `URLSession` (FoundationNetworking on Linux).
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: URLSessionTransport())
/// ```
///
/// Cancelling the calling task cancels the request at once.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport over `session`; an ephemeral session (no cookies, no cache on disk) by default.
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    /// Sends `request` with a data task.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let urlRequest = Self.urlRequest(for: request)
        let box = TaskBox()
        let outcome: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let dataTask = session.dataTask(with: urlRequest) { data, response, error in
                    continuation.resume(returning: Self.outcome(data: data, response: response, error: error))
                }
                box.set(dataTask)
                dataTask.resume()
            }
        } onCancel: {
            box.cancel()
        }
        return try outcome.get()
    }

    private static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Double(request.timeout.components.seconds)
            + Double(request.timeout.components.attoseconds) / 1e18
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }

    private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<HTTPResponse, TransportError> {
        if let error {
            return .failure(transportError(for: error))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.other("the response is not HTTP"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }

    static func transportError(for error: any Error) -> TransportError {
        guard let urlError = error as? URLError else { return .other(String(describing: error)) }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .cannotConnectToHost, .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            return .cannotConnect(urlError.localizedDescription)
        case .cannotFindHost, .dnsLookupFailed: return .cannotFindHost(urlError.failingURL?.host ?? "?")
        case .networkConnectionLost, .badServerResponse, .zeroByteResource, .cannotParseResponse:
            return .connectionLost
        default: return .other(urlError.localizedDescription)
        }
    }
}

/// Hands the data task to the cancellation handler, which may run on another thread, before or
/// after the task exists.
///
/// `@unchecked Sendable`: `task` and `isCancelled` are only touched while `lock` is held.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func set(_ task: URLSessionDataTask) {
        let cancelNow = lock.withLock {
            self.task = task
            return isCancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}
