public import MVVMCore

extension Alert<UserListEvent> {
    /// The article's エラー alert, for a refresh or a further page that failed while rows are on
    /// screen: OK, and a retry of the page.
    public static func pageFailure(_ failure: ErrorPresentation) -> Self {
        Alert(title: CommonText.errorTitle, message: failure.message, buttons: [
            AlertButton(CommonText.ok, role: .cancel, sends: .navigation(.dismiss)),
            AlertButton(CommonText.retry, sends: .retryTapped),
        ])
    }

    /// The question before a row's delete: 削除, or キャンセル.
    public static func deleteConfirmation(of user: User) -> Self {
        Alert(title: UserListText.delete, message: UserListText.deleteQuestion(name: user.name), buttons: [
            AlertButton(UserListText.delete, role: .destructive, sends: .deleteConfirmed(userID: user.id)),
            AlertButton(CommonText.cancel, role: .cancel, sends: .navigation(.dismiss)),
        ])
    }

    /// The article's filter sheet: フィルター, 表示するユーザーを選択, one option per status with
    /// a check on `current`, and キャンセル.
    public static func filterSheet(current: UserFilter) -> Self {
        let options = UserFilter.allCases.map { filter in
            AlertButton(UserListText.filter(filter), isChecked: filter == current, sends: UserListEvent.filterSelected(filter))
        }
        return Alert(
            title: UserListText.filterTitle, message: UserListText.filterMessage, style: .confirmationDialog,
            buttons: options + [AlertButton(CommonText.cancel, role: .cancel, sends: .navigation(.dismiss))]
        )
    }
}
