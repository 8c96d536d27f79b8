import MVVMCore
import MVVMData

// What the list shows when a page or a write fails.
extension UserListViewModel {
    /// A request of the list ended: the pull-to-refresh spinner goes, and a failed page over the
    /// server's rows shows article 000's エラー alert with a retry.
    static func pageEnded(_ end: LivePageEnd, in state: inout State, analytics: any AnalyticsTracker) {
        state.isRefreshing = false
        guard case .failed(let failure, _) = end else { return }
        analytics.track(.error(message: failure.message.description))
        // Over the server's rows the failure shows nowhere else: article 000's エラー alert, a retry.
        if !state.users.rows.isEmpty, state.users.origin == .network { state.navigation.present(.pageFailure(failure)) }
    }

    /// A write failed: one alert, when this screen is on top.
    func writeFailed(_ failure: RecordWriteFailure<UserWrite>) {
        guard let presentation = presenter.presentation(for: UserError(failure)) else { return }
        store.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
        analytics.track(.error(message: presentation.message.description))
    }
}
