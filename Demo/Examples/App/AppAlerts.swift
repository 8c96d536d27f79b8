import MVVMCore

/// The app's own alerts.
enum AppAlerts {
    /// Whether to sign out: with `unsent` changes not yet sent (`nil`: they could not be
    /// counted), it says they will be lost.
    static func signOut(unsent: Int?) -> Alert<AppViewModel.Event> {
        Alert(title: AppText.signOut, message: AppText.signOutQuestion(unsent: unsent), buttons: [
            AlertButton(AppText.cancel, role: .cancel, sends: .navigation(.dismiss)),
            AlertButton(AppText.signOut, role: .destructive, sends: .signOutConfirmed),
        ])
    }
}
