public import MVVMCore

extension Alert<UserListEvent> {
    /// The article's エラー alert, for a refresh or a further page that failed while rows are on
    /// screen: OK, and a retry of the page.
    public static func pageFailure(_ failure: ErrorPresentation) -> Self {
        Alert(title: "エラー", message: failure.message, buttons: [
            AlertButton("OK", role: .cancel, sends: .navigation(.dismiss)),
            AlertButton("再試行", sends: .retryTapped),
        ])
    }

    /// The question before a row's delete: Delete, or Cancel.
    public static func deleteConfirmation(of user: User) -> Self {
        Alert(title: "Delete", message: "Delete \(user.name)?", buttons: [
            AlertButton("Delete", role: .destructive, sends: .deleteConfirmed(userID: user.id)),
            AlertButton("Cancel", role: .cancel, sends: .navigation(.dismiss)),
        ])
    }
}
