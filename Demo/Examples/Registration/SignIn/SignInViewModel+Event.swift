public import MVVMCore

extension SignInViewModel {
    /// What the sign-in screen reports.
    public enum Event: Hashable, Sendable {
        /// The login id field's text changed.
        case loginIDChanged(String)
        /// The password field's text changed.
        case passwordChanged(String)
        /// The submit button was pressed.
        case submitTapped
        /// The alert's Retry button: the alert goes, and the sign-in is tried again.
        case retryTapped
        /// The alert was closed.
        case navigation(NavigationEvent)
    }
}

extension SignInViewModel.Event: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The event with the password shown as `<redacted>`: events are printed in logs and in test
    /// failures.
    public var description: String {
        switch self {
        case .loginIDChanged(let text): "loginIDChanged(\(text.debugDescription))"   // not shown: the change log
        case .passwordChanged: "passwordChanged(\(Sensitive<String>.redacted))"   // not shown: the change log
        case .submitTapped: "submitTapped"
        case .retryTapped: "retryTapped"
        case .navigation(let event): "navigation(.\(event))"   // not shown: the change log
        }
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror whose password is `<redacted>`, for `dump` and test-failure dumps.
    public var customMirror: Mirror {
        switch self {
        case .passwordChanged(let text): Mirror(self, children: ["passwordChanged": Sensitive(wrappedValue: text)], displayStyle: .enum)
        case .loginIDChanged(let text): Mirror(self, children: ["loginIDChanged": text], displayStyle: .enum)
        case .navigation(let event): Mirror(self, children: ["navigation": event], displayStyle: .enum)
        case .submitTapped, .retryTapped: Mirror(self, children: [], displayStyle: .enum)
        }
    }
}
