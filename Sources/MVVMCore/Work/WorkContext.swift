/// Marks the tasks that run owned work, so that ``StateStore/update(_:)`` can drop their writes
/// once they are cancelled.
enum WorkContext {
    @TaskLocal static var isOwnedWork = false

    /// True inside owned work (or a child task of it) that has been cancelled.
    static var isCancelledOwnedWork: Bool {
        isOwnedWork && Task.isCancelled
    }
}
