import Hummingbird

/// `GET /api/users/{id}/avatar`: the user's identicon as a 64×64 PNG.
///
/// The id is checked as `GET /api/users/{id}` checks it (400 `invalid_parameter`); an unknown
/// user is 404 `not_found`, and so is a user without an avatar (``UserAvatar``). The picture
/// depends on the id alone: the same id always gets the same bytes.
struct AvatarRoutes: Sendable {
    /// The route, as ``DemoRouter/routes`` lists it.
    static let route = DemoRoute(method: "GET", path: "/api/users/{id}/avatar", hint: "image/png, a 64×64 identicon")

    /// Where the users are looked up.
    let store: UserStore

    /// Adds the route to `group`, which is mounted at `/api/users`.
    func register(on group: RouterGroup<DemoRequestContext>) {
        group.get("{id}/avatar") { request, context in
            let id = try UserID.require(context)
            guard try await store.user(id: id) != nil else { throw UserStore.notFound(id) }
            guard UserAvatar.exists(forUserID: id) else { throw UserAvatar.notFound(id) }
            return AvatarResponse(png: try Identicon(userID: id).png(), userID: id).response(to: request)
        }
    }
}
