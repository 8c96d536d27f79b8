/// The per-row resources of a list, in the ViewModel's state: one ``RowResource`` per row id, for
/// the rows on screen plus a prefetch margin, and nothing for the others.
///
/// Keyed by the row's id, never by its position: a row that now shows another user can only show
/// that user's picture, and a slow answer for a row scrolled away is dropped (the bug of a reused
/// cell that shows the previous user's avatar cannot happen). A ViewModel declares it once with
/// ``StateStore/loadResources(_:for:id:source:from:)`` and moves its window:
///
/// ```swift
/// struct State: Equatable {
///     var users: [User] = []
///     var avatars = RowResources<User.ID, Avatar>(prefetchMargin: 10)
/// }
///
/// store.loadResources(\.avatars, for: \.users, id: \.id, source: \.avatarURL, from: avatarLoader)   // in init
///
/// case .visibleRowsChanged(let rows):   // from the view, as it scrolls
///     store.update { $0.avatars.visibleRows = rows }
/// ```
///
/// The view reads `state.avatars[user.id]`.
public struct RowResources<ID: Hashable & Sendable, Resource: Sendable> {
    /// What a row asked for, and where it stands.
    package struct Entry {
        package var source: WorkKey
        package var phase: RowResource<Resource>

        package init(source: WorkKey, phase: RowResource<Resource>) {
            self.source = source
            self.phase = phase
        }
    }

    /// How many rows beyond each end of the visible ones have their resources loaded too.
    public let prefetchMargin: Int
    /// The rows the view last reported visible, as positions in the list: the ViewModel sets
    /// it, and the resources around it load (``StateStore/loadResources(_:for:id:source:from:)``).
    public var visibleRows: Range<Int> = 0..<0
    package var entries: [ID: Entry] = [:]

    /// Resources for a list, loaded for the visible rows and `prefetchMargin` rows either side.
    public init(prefetchMargin: Int = 10) {
        self.prefetchMargin = max(0, prefetchMargin)
    }

    /// Where the resource of the row with `id` stands: ``RowResource/placeholder`` for a row out
    /// of the window or without a source.
    public subscript(id: ID) -> RowResource<Resource> {
        entries[id]?.phase ?? .placeholder
    }

    /// The ids of the rows whose resource is loading (or waiting for a slot).
    public var loadingIDs: Set<ID> {
        Set(entries.compactMap { id, entry in
            if case .loading = entry.phase { id } else { nil }
        })
    }

    /// How many rows have a resource kept in state (loading, loaded or failed): the window's.
    package var count: Int { entries.count }
}

extension RowResources.Entry: Equatable where Resource: Equatable {}
extension RowResources: Equatable where Resource: Equatable {}
extension RowResources: Sendable {}
