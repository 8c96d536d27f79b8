import MVVMData
import Testing
import UserListFeature

/// The status filter said two ways, which must agree: `includes(_:)` of one user (the server's
/// stub, the screens), and `conditions`, what a storage answers the list's query by.
struct UserFilterConditionsTests {
    @Test(arguments: UserFilter.allCases)
    func theConditionsKeepTheUsersTheFilterIncludes(filter: UserFilter) {
        for isActive in [true, false] {
            let user = User(id: 1, name: "Ann", email: "ann@example.com", isActive: isActive)
            #expect(filter.conditions.allSatisfy { $0.holds(for: user) } == filter.includes(user))
        }
    }
}
