import DemoScreens
import Foundation
import MVVMCore
import MVVMTerminal
import Testing
import UserListFeature

/// The user detail shows every field, a spinner while saving, the delete confirmation, and a
/// clear message for a user deleted elsewhere.
struct UserDetailViewTests {
    static let taro = User(id: 42, name: "山田 太郎", email: "taro@example.com", isActive: true, avatarURL: "https://example.com/a.png")

    static func render(_ state: UserDetailState, width: Int = 44, height: Int = 10, now: Date = Date()) -> String {
        var frame = Frame.japanese(width: width, height: height)
        UserDetailView.render(state, now: now, timeZone: TimeZone(identifier: "UTC")!, into: &frame)
        return frame.text
    }

    @Test func showsEveryField() {
        var state = UserDetailState(userID: 42)
        state.user.record = .loaded(Self.taro)
        #expect(Self.render(state) == [
            " 山田 太郎",
            "",
            " ID      42",
            " 名前    山田 太郎",
            " メール  taro@example.com",
            " 状態    ● 有効",
            " 画像    なし",
            "",
            "",
            " t 無効化  d 削除  q 戻る",
        ].joined(separator: "\n"))
    }

    @Test func savingAndConfirmingDelete() {
        var state = UserDetailState(userID: 42)
        state.user.record = .loaded(Self.taro)
        state.user.pending = .saving
        #expect(Self.render(state).contains(" ⠋ 保存中…"))
        #expect(Self.render(state).hasSuffix(" q 戻る") && !Self.render(state).contains("t 無効化"), "no actions while a write is in flight")
        state.user.pending = nil
        state.navigation.present(.deleteConfirmation(of: Self.taro))
        #expect(Self.render(state).contains("山田 太郎を削除しますか？"))
        #expect(Self.render(state).contains("y 削除  n キャンセル"))
    }

    @Test func aUserDeletedElsewhereSaysSoWithoutARetry() {
        var state = UserDetailState(userID: 42)
        state.user.isGone = true
        #expect(Self.render(state, height: 5) == [
            " ユーザー 42",
            "",
            " データが見つかりませんでした",
            "",
            " q 戻る",
        ].joined(separator: "\n"))
    }

    /// Issue 54, M3: the device's saved copy (a detail opened at start) says so under the
    /// heading, updating or why the server did not answer, and offers `r`.
    @Test func theSavedCopyIsMarkedSavedWithWhyAndOffersRefresh() {
        let savedAt = Date(timeIntervalSince1970: 1_800_000_000)   // 2027-01-15 08:00 UTC
        var state = UserDetailState(userID: 42)
        state.user.record = .loading(previous: Self.taro)
        state.user.origin = .saved(at: savedAt)
        #expect(Self.render(state, now: savedAt).split(separator: "\n", omittingEmptySubsequences: false)[1] == " 08:00 に保存 · 更新中…")

        state.user.record = .failed(ErrorPresentation(title: "E", message: "通信エラー", isRetryable: true), previous: Self.taro)
        let lines = Self.render(state, width: 60, now: savedAt).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == " オフライン · 08:00 に保存  通信エラー")
        #expect(lines[9] == " t 無効化  d 削除  r 更新  q 戻る")

        state.user.record = .loaded(Self.taro)
        state.user.origin = .network
        #expect(Self.render(state).split(separator: "\n", omittingEmptySubsequences: false)[1] == "", "the server's: no mark")
    }
}
