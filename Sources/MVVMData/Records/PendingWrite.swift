/// What a row shows of a record's writes the server has not answered
/// (``LiveRow/pending``, ``LiveRecord/pending``).
public enum PendingWrite: Hashable, Sendable {
    /// Shown as done, waiting for the server's answer (the row's "…").
    case saving
    /// A delete being saved on the device: the row goes once it is saved.
    case deleting
    /// Its last send failed (no connection, a server error): it is sent again after a back-off.
    case retrying
}
