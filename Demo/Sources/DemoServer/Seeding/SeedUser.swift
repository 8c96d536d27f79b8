/// One seeded user, before it is written to the database.
struct SeedUser: Sendable, Equatable {
    let id: Int
    let name: String
    let email: String
    let isActive: Bool
}
