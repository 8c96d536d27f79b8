/// Marks the tasks that run owned work, with the store that owns it, so that
/// ``StateStore/update(_:)`` can drop that store's writes once the work is cancelled.
///
/// Only the owner's: cancelled work of one screen that changes shared data (a record store
/// every screen reads) still lets the other screens follow that change.
@usableFromInline
enum WorkContext {
    @TaskLocal static var owner: ObjectIdentifier?

    /// True inside owned work of `store` (or a child task of it) that has been cancelled.
    @usableFromInline
    static func isCancelledOwnedWork(of store: AnyObject) -> Bool {
        owner == ObjectIdentifier(store) && Task.isCancelled
    }
}
