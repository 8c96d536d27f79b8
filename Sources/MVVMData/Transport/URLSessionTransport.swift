#if canImport(FoundationNetworking)
import Foundation
import Synchronization
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
/// Cancelling the calling task answers ``TransportError/cancelled`` at once; on Apple platforms the
/// request is cancelled too, on Linux it runs to its end unseen (see `PendingCall`: cancelling
/// there can crash Foundation).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport over `session`; by default ``makeSession()``: ephemeral, with no URL cache.
    public init(session: URLSession = URLSessionTransport.makeSession()) {
        self.session = session
    }

    /// An ephemeral session with no URL cache: an API's answers are never served from a cache.
    public static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        return URLSession(configuration: configuration)
    }

    /// Sends `request` with a data task.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let urlRequest = Self.urlRequest(for: request)
        let call = PendingCall()
        let outcome: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard call.begin(continuation) else { return }
                let dataTask = session.dataTask(with: urlRequest) { data, response, error in
                    call.finish(Self.outcome(data: data, response: response, error: error))
                }
                call.attach(dataTask)
                dataTask.resume()
            }
        } onCancel: {
            call.cancel()
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

/// One request's state, shared by its completion handler and its cancellation handler: the caller
/// is answered exactly once, by whichever comes first.
///
/// **Cancellation on Linux never calls `URLSessionTask.cancel()`**: swift-corelibs-foundation can
/// crash doing so while the task completes (`TaskRegistry.swift:118`, "Trying to access a
/// behaviour for a task that is not in the registry"; seen in 3 of 6 runs of rapid city
/// switching in the demo). The caller gets ``TransportError/cancelled`` at once; the task runs to
/// its end (bounded by the request's timeout) and its answer is dropped. On Apple platforms the
/// task is cancelled, unless it already finished. (`docs/Platforms.md`.)
///
private final class PendingCall: Sendable {
    /// The caller's continuation and the task, behind one lock.
    private struct Call {
        var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
        var task: URLSessionDataTask?
        var isCancelled = false
        var isFinished = false
    }

    private let call = Mutex(Call())

    /// Keeps `continuation` to answer later; answers `.cancelled` now (and returns false) if
    /// the caller was cancelled before the request started.
    func begin(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) -> Bool {
        let cancelled = call.withLock { call in
            if !call.isCancelled { call.continuation = continuation }
            return call.isCancelled
        }
        if cancelled { continuation.resume(returning: .failure(.cancelled)) }
        return !cancelled
    }

    /// Records the started task, to cancel it (Apple platforms) if the caller is cancelled.
    func attach(_ task: URLSessionDataTask) {
        call.withLock { $0.task = task }
    }

    /// The task's answer: given to the caller unless it was cancelled meanwhile.
    func finish(_ outcome: Result<HTTPResponse, TransportError>) {
        let continuation = call.withLock { call in
            call.isFinished = true
            defer { call.continuation = nil }
            return call.continuation
        }
        continuation?.resume(returning: outcome)
    }

    /// The caller was cancelled: it is answered `.cancelled` at once.
    func cancel() {
        let (continuation, task) = call.withLock { call in
            call.isCancelled = true
            defer { call.continuation = nil }
            return (call.continuation, call.isFinished ? nil : call.task)
        }
        continuation?.resume(returning: .failure(.cancelled))
        #if !canImport(FoundationNetworking)
        task?.cancel()
        #else
        _ = task   // see above: never cancelled on Linux
        #endif
    }
}
