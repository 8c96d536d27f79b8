/// Where one row's resource (its avatar, its thumbnail) stands: what a view draws for it.
public enum RowResource<Resource> {
    /// Nothing to show yet, or nothing to load (the row has no source): draw a placeholder.
    case placeholder
    /// Being fetched (or waiting for a free slot): draw the placeholder, or a spinner.
    case loading
    /// Loaded: draw it.
    case loaded(Resource)
    /// The fetch failed, with the error's description; it is tried again when the row comes
    /// back into view after leaving it.
    case failed(reason: String)

    /// The resource, when loaded.
    public var resource: Resource? {
        if case .loaded(let resource) = self { resource } else { nil }
    }
}

extension RowResource: Equatable where Resource: Equatable {}
extension RowResource: Hashable where Resource: Hashable {}
extension RowResource: Sendable where Resource: Sendable {}
