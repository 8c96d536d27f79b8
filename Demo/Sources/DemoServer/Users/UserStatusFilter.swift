/// The `status` query parameter of `GET /api/users`.
enum UserStatusFilter: String, Sendable, CaseIterable {
    case all, active, inactive
}
