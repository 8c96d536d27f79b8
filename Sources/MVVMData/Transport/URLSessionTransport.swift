#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif
import MVVMLocking

/// The real transport: `URLSession` (FoundationNetworking on Linux).
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: URLSessionTransport())
/// ```
///
/// Cancelling the calling task answers ``TransportError/cancelled`` at once; on Apple platforms the
/// request is cancelled too, on Linux it runs to its end unseen (see `PendingCall`: cancelling
/// there can crash Foundation).
///
/// It follows no redirect: a 3xx is the response, and ``APIClient`` decides which to follow
/// (at most 5 hops). Its session's delegate refuses them, which Linux's URLSession asks only of a
/// task without a completion handler, so the transport reads each response through that
/// delegate on every platform.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let transfers: TransferDelegate

    /// A transport on the process's shared session: ephemeral, with no URL cache
    /// (`defaultConfiguration()`).
    public init() {
        (session, transfers) = Self.shared
    }

    /// A transport on a session of its own with `configuration`, for the process's life (a
    /// URLSession keeps its delegate until invalidated): make one per configuration, not per
    /// request.
    public init(configuration: URLSessionConfiguration) {
        (session, transfers) = Self.makeSession(configuration)
    }

    /// An ephemeral configuration with no URL cache: an API's answers are never served from a
    /// cache.
    package static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        return configuration
    }

    private static let shared = makeSession(defaultConfiguration())

    private static func makeSession(_ configuration: URLSessionConfiguration) -> (URLSession, TransferDelegate) {
        let delegate = TransferDelegate()
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate)
    }

    /// Sends `request` with a data task.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let urlRequest = Self.urlRequest(for: request)
        let call = PendingCall()
        let outcome: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard call.begin(continuation) else { return }
                let dataTask = session.dataTask(with: urlRequest)
                transfers.begin(dataTask.taskIdentifier, call)
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

    private let call = Lock(Call())

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

/// The session's delegate: gathers each task's response and body, refuses every redirect, and
/// answers the task's `PendingCall` when it completes.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// What arrived of one task so far.
    private struct Transfer: Sendable {
        let call: PendingCall
        var status: Int?
        var headers: [String: String] = [:]
        var body = Data()
    }

    /// By task identifier (unique within a session).
    private let transfers = Lock<[Int: Transfer]>([:])

    /// Follows the task `identifier` for `call`: before the task is resumed.
    func begin(_ identifier: Int, _ call: PendingCall) {
        transfers.withLock { $0[identifier] = Transfer(call: call) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)   // the 3xx is the answer: APIClient decides (Redirect)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            transfers.withLock { transfers in
                transfers[dataTask.taskIdentifier]?.status = http.statusCode
                transfers[dataTask.taskIdentifier]?.headers = headers
                transfers[dataTask.taskIdentifier]?.body = Data()   // a body before it was a redirect's
            }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfers.withLock { $0[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.call.finish(.failure(URLSessionTransport.transportError(for: error)))
        } else if let status = transfer.status {
            transfer.call.finish(.success(HTTPResponse(status: status, headers: transfer.headers, body: transfer.body)))
        } else {
            transfer.call.finish(.failure(.other("the response is not HTTP")))
        }
    }
}
