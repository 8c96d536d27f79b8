/// Marks the tasks that run owned work, so that ``StateStore/update(_:)`` can drop their writes
/// once they are cancelled.
@usableFromInline
enum WorkContext {
    @TaskLocal static var isOwnedWork = false

    /// True inside owned work (or a child task of it) that has been cancelled.
    @usableFromInline
    static var isCancelledOwnedWork: Bool {
        isOwnedWork && Task.isCancelled
    }
}
