import Foundation

/// When a read from the server started, in a ``RecordStore``'s order of events: taken with
/// ``RecordStore/beginRead()`` before the request, handed back to
/// ``RecordStore/merge(_:gone:readAt:)`` with its answer.
///
/// A page asked for before a write was answered was read before the server had the write; the
/// store keeps the write's answer over that page's copy of the record, so an older page never
/// undoes a newer change. Likewise between two reads: the one started later knows better, in
/// whichever order the answers come.
public struct RecordRead: Hashable, Sendable {
    /// The store's count of reads begun and writes committed when the read started: its place in
    /// the store's order of events.
    let sequence: Int
    /// When it started: what the read brings was true then (or later), which is what another
    /// process's saved value is weighed against.
    let startedAt: Date
}
