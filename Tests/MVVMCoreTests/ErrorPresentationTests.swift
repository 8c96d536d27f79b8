import Foundation
import MVVMCore
import Testing

struct ErrorPresenterTests {
    enum ViewModelError: PresentableError {
        case dataNotFound
        case serverError(statusCode: Int)

        var title: LocalizedText { "Users" }
        var message: LocalizedText {
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
        #expect(ErrorPresenter.default.presentation(for: ViewModelError.serverError(statusCode: 503))
            == ErrorPresentation(title: "Users", message: "サーバーエラー (コード: 503)", isRetryable: true))
        #expect(ErrorPresenter.default.presentation(for: ViewModelError.dataNotFound)?.isRetryable == false)
    }

    @Test func cancellationShowsNothing() {
        #expect(ErrorPresenter.default.presentation(for: CancellationError()) == nil)
        let presenter = ErrorPresenter(isCancellation: { ($0 as? URLError)?.code == .cancelled })
        #expect(presenter.presentation(for: URLError(.cancelled)) == nil)
    }

    @Test func aLocalizedErrorShowsItsDescriptionAndSuggestion() {
        #expect(ErrorPresenter.default.presentation(for: Described())
            == ErrorPresentation(title: CommonText.errorTitle, message: "The file is locked. Close it in the other app."))
        #expect(CommonText.errorTitle.resolved(in: .english) == "Error")
        #expect(CommonText.errorTitle.resolved(in: .japanese) == "エラー", "article 000's alert title")
    }

    @Test func anUnknownErrorGetsTheFallbackNeverItsRawDescription() {
        let presentation = ErrorPresenter(fallbackTitle: "エラー", fallbackMessage: "もう一度お試しください。")
            .presentation(for: Internal())
        #expect(presentation == ErrorPresentation(title: "エラー", message: "もう一度お試しください。"))
    }

    @Test func theMapHandlesErrorsBeforeTheFallbacks() {
        let presenter = ErrorPresenter { error in
            (error as? Internal).map { _ in ErrorPresentation(title: "Offline", message: "Check your connection.") }
        }
        #expect(presenter.presentation(for: Internal())?.title == "Offline")
        #expect(presenter.presentation(for: Described())?.message == "The file is locked. Close it in the other app.")
    }
}
