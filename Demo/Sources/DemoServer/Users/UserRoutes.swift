import Foundation
import Hummingbird
import NIOCore

/// The `/api/users` routes.
struct UserRoutes: Sendable {
    let store: UserStore

    /// Adds the routes to `group`, which is mounted at `/api/users`. `stats` is registered before
    /// `{id}` and is a constant path, so it is never read as an id.
    func register(on group: RouterGroup<DemoRequestContext>) {
        group.get { request, _ in
            let query = try UserListQuery(request)
            return JSONResponse.revalidatable(try await store.list(query), for: request)
        }
        group.get("stats") { _, _ in
            JSONResponse.encoding(try await store.stats())
        }
        group.get("{id}") { request, context in
            let id = try UserID.require(context)
            guard let user = try await store.user(id: id) else { throw UserStore.notFound(id) }
            return JSONResponse.revalidatable(user, for: request)
        }
        group.patch("{id}") { request, context in
            let id = try UserID.require(context)
            let key = try IdempotencyKey.read(request)
            var request = request
            let body = try await request.collectBody(atMost: ActivityPatch.maximumBodySize)
            let patch = try ActivityPatch.decode(Data(body.readableBytesView))
            return Self.response(try await store.setActive(patch.isActive, id: id, idempotencyKey: key))
        }
        group.delete("{id}") { request, context in
            let id = try UserID.require(context)
            let key = try IdempotencyKey.read(request)
            return Self.response(try await store.delete(id: id, idempotencyKey: key))
        }
    }

    private static func response(_ answer: IdempotentAnswer) -> Response {
        answer.status == 204 ? Response(status: .noContent) : JSONResponse.bytes(answer.body, status: answer.status)
    }
}
