/// A change to one record that a ``RecordStore`` keeps in its ``Outbox``, shows once it is saved, and
/// sends: a toggle, an edit, a delete.
///
/// ```swift
/// enum UserWrite: RecordWrite {
///     case setActive(Bool, userID: Int)
///     case delete(userID: Int)
///
///     var recordID: Int {
///         switch self { case .setActive(_, let id), .delete(let id): id }
///     }
///
///     func applied(to user: User?) -> User? {
///         switch self {
///         case .setActive(let isActive, _): user.map { var user = $0; user.isActive = isActive; return user }
///         case .delete: nil
///         }
///     }
/// }
/// ```
public protocol RecordWrite: Codable, Sendable {
    /// The kind of record it changes.
    associatedtype Record: Identifiable & Codable & Equatable & Sendable where Record.ID: Codable & Sendable

    /// The record it changes.
    var recordID: Record.ID { get }

    /// The record as the screens show it once this write is made: `record` changed, or `nil`
    /// when the write deletes it. `record` is `nil` when the store knows no such record.
    func applied(to record: Record?) -> Record?
}
