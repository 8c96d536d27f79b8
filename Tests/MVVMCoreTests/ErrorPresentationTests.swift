import Foundation
import MVVMCore
import Testing

struct ErrorPresenterTests {
    enum ViewModelError: PresentableError {
        case dataNotFound
        case serverError(statusCode: Int)

        var title: String { "Users" }
        var message: String {
            switch self {
            case .dataNotFound: "データが見つかりませんでした"
            case .serverError(let code): "サーバーエラー (コード: \(code))"
            }
        }
        var isRetryable: Bool {
            if case .serverError = self { return true }
            return false
        }
    }

    struct Described: LocalizedError {
        var errorDescription: String? { "The file is locked." }
        var recoverySuggestion: String? { "Close it in the other app." }
    }

    struct Internal: Error { let url = "https://internal.example/secret?token=abc" }

    @Test func aPresentableErrorIsShownAsItDescribesItself() {
        #expect(ErrorPresenter.default.present(ViewModelError.serverError(statusCode: 503))
            == ErrorPresentation(title: "Users", message: "サーバーエラー (コード: 503)", isRetryable: true))
        #expect(ErrorPresenter.default.present(ViewModelError.dataNotFound)?.isRetryable == false)
    }

    @Test func cancellationShowsNothing() {
        #expect(ErrorPresenter.default.present(CancellationError()) == nil)
        let presenter = ErrorPresenter(isCancellation: { ($0 as? URLError)?.code == .cancelled })
        #expect(presenter.present(URLError(.cancelled)) == nil)
    }

    @Test func aLocalizedErrorShowsItsDescriptionAndSuggestion() {
        #expect(ErrorPresenter.default.present(Described())
            == ErrorPresentation(title: "Error", message: "The file is locked. Close it in the other app."))
    }

    @Test func anUnknownErrorGetsTheFallbackNeverItsRawDescription() {
        let presentation = ErrorPresenter(fallbackTitle: "エラー", fallbackMessage: "もう一度お試しください。")
            .present(Internal())
        #expect(presentation == ErrorPresentation(title: "エラー", message: "もう一度お試しください。"))
    }

    @Test func theMapHandlesErrorsBeforeTheFallbacks() {
        let presenter = ErrorPresenter { error in
            (error as? Internal).map { _ in ErrorPresentation(title: "Offline", message: "Check your connection.") }
        }
        #expect(presenter.present(Internal())?.title == "Offline")
        #expect(presenter.present(Described())?.message == "The file is locked. Close it in the other app.")
    }
}

struct OneShotQueueTests {
    let offline = ErrorPresentation(title: "Error", message: "Offline.")
    let denied = ErrorPresentation(title: "Error", message: "Denied.")

    @Test func showsTheOldestUntilDismissedThenTheNext() {
        var alerts = AlertQueue()
        let first = alerts.enqueue(offline)
        let second = alerts.enqueue(denied)
        #expect(alerts.current?.message == offline)
        let dismissedFirst = alerts.dismiss(first!)
        #expect(dismissedFirst)
        #expect(alerts.current?.message == denied)
        #expect(alerts.current?.id == second)
        let dismissedSecond = alerts.dismiss(second!)
        #expect(dismissedSecond)
        #expect(alerts.isEmpty && alerts.current == nil)
    }

    @Test func aDismissedAlertNeverComesBackAndADoubleDismissChangesNothing() {
        var alerts = AlertQueue()
        let first = alerts.enqueue(offline)!
        alerts.dismiss(first)
        alerts.enqueue(denied)
        let dismissedAgain = alerts.dismiss(first)
        #expect(dismissedAgain == false)
        #expect(alerts.current?.message == denied)
    }

    @Test func theSameMessageWaitingTwiceIsShownOnce() {
        var alerts = AlertQueue()
        let first = alerts.enqueue(offline)
        let duplicate = alerts.enqueue(offline)
        #expect(first != nil)
        #expect(duplicate == nil)
        #expect(alerts.pending.count == 1)
    }

    @Test func idsAreNeverReused() {
        var alerts = AlertQueue()
        let first = alerts.enqueue(offline)!
        alerts.dismiss(first)
        let second = alerts.enqueue(offline)!
        #expect(second != first)
    }

    @MainActor
    @Test func anObserverThatSubscribesAgainSeesAnUndismissedAlertButNeverADismissedOne() {
        struct Screen: Equatable { var alerts = AlertQueue() }
        let store = StateStore(Screen())
        store.update { $0.alerts.enqueue(offline) }

        var firstView: [String?] = []
        let firstToken = store.subscribe { firstView.append($0.alerts.current?.message.message) }
        firstToken.cancel()

        var secondView: [String?] = []
        let secondToken = store.subscribe { secondView.append($0.alerts.current?.message.message) }
        let id = store.state.alerts.current!.id
        store.update { $0.alerts.dismiss(id) }
        secondToken.cancel()

        var thirdView: [String?] = []
        let thirdToken = store.subscribe { thirdView.append($0.alerts.current?.message.message) }
        thirdToken.cancel()

        #expect(firstView == ["Offline."])
        #expect(secondView == ["Offline.", nil])
        #expect(thirdView == [nil])
    }
}
