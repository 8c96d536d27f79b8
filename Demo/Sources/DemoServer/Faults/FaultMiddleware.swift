import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Injects the ``FaultPlan`` of each `/api/` request: the one in its `X-Demo-Fault` header, or the
/// server-wide default when the header is absent.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = DemoRequestContext

    /// The name of the request header that carries a plan.
    static let headerName = "x-demo-fault"

    /// The plan for requests without the header.
    let defaultFaults: FaultPlan

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.path == "/api" || request.uri.path.hasPrefix("/api/") else {
            return try await next(request, context)
        }
        let plan: FaultPlan
        do {
            plan = try Self.plan(for: request, default: defaultFaults)
        } catch {
            return error.response()
        }
        if plan.isNone {
            return try await next(request, context)
        }
        context.logger.debug("Injecting faults", metadata: ["faults": "\(plan)"])
        if let latency = plan.latency {
            do {
                // Cut short when the server stops, so `stop()` never waits out a long latency.
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: latency) }
            } catch {
                return APIError(
                    status: 503,
                    code: .injectedFault,
                    message: "The server is stopping; the injected latency was cut short."
                ).response()
            }
        }
        if plan.closeConnection {
            try? await context.channel.close()
            throw ConnectionClosedByFault()
        }
        if let status = plan.status {
            return APIError(
                status: status,
                code: .injectedFault,
                message: "The server answered \(status) because the fault status=\(status) was requested."
            ).response()
        }
        if plan.malformedJSON {
            return MalformedBody.response(forPath: request.uri.path)
        }
        let response = try await next(request, context)
        if plan.truncatedBody {
            return try await Self.truncated(response)
        }
        return response
    }

    /// The plan of `request`: its `X-Demo-Fault` header (several headers are joined with `;`), or
    /// `defaultPlan` when it has none.
    static func plan(for request: Request, default defaultPlan: FaultPlan) throws(APIError) -> FaultPlan {
        let values = request.headers.filter { $0.name.canonicalName == headerName }.map(\.value)
        guard !values.isEmpty else { return defaultPlan }
        do {
            return try FaultPlan.parse(values.joined(separator: ";"))
        } catch {
            throw .invalidParameter("The X-Demo-Fault header is invalid. \(error.description)")
        }
    }

    /// `response` with only the first half of its body, and a `Content-Length` for that half.
    static func truncated(_ response: Response) async throws -> Response {
        let body = try await ResponseBodyCollector.collect(response)
        let half = body.getSlice(at: body.readerIndex, length: body.readableBytes / 2) ?? ByteBuffer()
        var headers = response.headers
        headers[.contentLength] = nil
        headers[.transferEncoding] = nil
        return Response(status: response.status, headers: headers, body: ResponseBody(byteBuffer: half))
    }
}

/// Thrown after the `close` fault closed the connection, so nothing is written to it.
struct ConnectionClosedByFault: Error {}
