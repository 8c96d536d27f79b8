public import MVVMData

// What a storage keeps beside each user, for the list's queries to run where the users are
// (apart from User.swift, which the DTO decoding fuzz target compiles on its own).
extension RecordField<User> {
    /// The server's id: the list's order.
    public static let id = RecordField("id") { $0.id }
    /// Whether the account is active: the status filter.
    public static let isActive = RecordField("isActive") { $0.isActive }
}

extension UserFilter {
    /// The filter as conditions on ``RecordField/isActive``: what a storage answers it by
    /// (``includes(_:)`` says the same of one user).
    public var conditions: [RecordCondition<User>] {
        switch self {
        case .all: []
        case .active: [RecordField.isActive.equals(true)]
        case .inactive: [RecordField.isActive.equals(false)]
        }
    }
}
