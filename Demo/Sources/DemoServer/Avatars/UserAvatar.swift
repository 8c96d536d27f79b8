/// Which users have an avatar, and where it is served.
///
/// The rule is the id's alone, so it holds for seeded users, users added later and databases
/// made by older servers alike: every user has one but every 7th (ids divisible by 7).
enum UserAvatar {
    /// Whether the user with `id` has an avatar.
    static func exists(forUserID id: Int) -> Bool {
        !id.isMultiple(of: 7)
    }

    /// The avatar route's path for `id`, such as `/api/users/17/avatar`; `nil` when the user has
    /// no avatar.
    ///
    /// A path, not an absolute URL: the server's port is often ephemeral and the API may be
    /// reached under a base path (`https://host/v1`). A client appends it to its base URL as it
    /// does with its endpoint paths (`APIClient` in MVVMData), which keeps that base path. It is
    /// not meant to be resolved as an RFC 3986 reference (`URL(string:relativeTo:)`), which would
    /// drop the base path.
    static func path(forUserID id: Int) -> String? {
        exists(forUserID: id) ? "/api/users/\(id)/avatar" : nil
    }

    /// The 404 of an existing user who has no avatar.
    static func notFound(_ id: Int) -> APIError {
        .notFound("User \(id) has no avatar.")
    }
}
