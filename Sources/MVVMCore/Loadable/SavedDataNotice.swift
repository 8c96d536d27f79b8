public import Foundation

/// What a view says when it shows saved data instead of fresh data: when it was saved, and
/// whether fresh data is on its way or failed to come.
///
/// Read it from state with ``Loadable/savedDataNotice()``; it is `nil` while the view shows
/// fresh data or nothing. The demo's terminal words it `offline · saved 10:42` or
/// `saved 10:42 · updating…`; a SwiftUI view would put the same words in a banner.
public struct SavedDataNotice: Hashable, Sendable {
    /// When the shown data was saved.
    public var savedAt: Date
    /// Whether a load is in flight that may replace it with fresh data.
    public var isUpdating: Bool
    /// Why fresh data is not shown: the failure of the last load, if it failed.
    public var failure: ErrorPresentation?

    /// Creates a notice.
    public init(savedAt: Date, isUpdating: Bool, failure: ErrorPresentation?) {
        self.savedAt = savedAt
        self.isUpdating = isUpdating
        self.failure = failure
    }
}

extension Loadable {
    /// The notice to show when the value on screen is saved data: `nil` when it is fresh from
    /// the network, or when nothing is shown.
    ///
    /// ```swift
    /// if let notice = state.forecast.savedDataNotice() {
    ///     Text(notice.failure == nil ? "Saved \(notice.savedAt, style: .time)" : "Offline · saved \(notice.savedAt, style: .time)")
    /// }
    /// ```
    public func savedDataNotice<Wrapped>() -> SavedDataNotice? where Value == Fetched<Wrapped> {
        guard let savedAt = value?.origin.savedAt else { return nil }
        return SavedDataNotice(savedAt: savedAt, isUpdating: isLoading, failure: error)
    }
}
