// The Presenting Errors article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
import Foundation

// snippet: error
import MVVMCore

/// What can go wrong on the orders screen, in the words the user reads.
enum OrderError: PresentableError, Equatable {
    case offline
    case alreadyShipped
    case serverDown(status: Int)

    var title: LocalizedText { "Orders" }

    var message: LocalizedText {
        switch self {
        case .offline: "You are offline. Check your connection and try again."
        case .alreadyShipped: "This order has shipped. It can no longer be cancelled."
        case .serverDown: "The shop is not answering. Try again in a minute."
        }
    }

    var isRetryable: Bool { self != .alreadyShipped }
}
// snippet end

// snippet: presenter
extension ErrorPresenter {
    /// Every error of the orders screen goes through here, once, at the ViewModel's edge.
    static let orders = ErrorPresenter(
        fallbackTitle: "Orders",
        fallbackMessage: "Something went wrong. Please try again.",
        // URLSession throws this when the app cancels a request: nothing to tell the user.
        isCancellation: { ($0 as? URLError)?.code == .cancelled }
    )
}
// snippet end

// snippet: state
struct Order: Equatable, Sendable {
    var id: Int
    var item: String
}

/// The orders backend as two closures: the app passes its API client, tests pass stubs.
struct OrderService: Sendable {
    var orders: @Sendable () async throws -> [Order]
    var cancelOrder: @Sendable (_ id: Int) async throws -> Void
}

@MainActor
final class OrderHistoryViewModel: ViewModel {
    struct State: Equatable {
        var orders: Loadable<[Order]> = .idle     // a failed load is shown in place of the list
        var navigation = Navigation<Never, Alert<Event>>()   // a failed action is an alert
    }

    enum Event: Hashable, Sendable {
        case retryTapped
        case cancelOrderTapped(id: Int)
        case navigation(NavigationEvent)          // the alert's OK: .navigation(.dismiss)
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let service: OrderService

    init(service: OrderService) {
        self.store = StateStore(State())
        self.service = service
    }
}
// snippet end

// snippet: events
extension OrderHistoryViewModel {
    func didAppear() { loadOrders() }

    func onEvent(_ event: Event) {
        switch event {
        case .retryTapped:
            loadOrders()
        case .cancelOrderTapped(let id):
            cancelOrder(id)
        case .navigation(let event):
            store.update { $0.navigation.handle(event) }
        }
    }

    private func loadOrders() {
        store.load(\.orders, key: "orders", presenter: .orders) { [service] in
            try await service.orders()
        }
    }

    private func cancelOrder(_ id: Int) {
        store.run("cancel", policy: .queue) { [weak store, service] in
            do {
                try await service.cancelOrder(id)
                store?.update { $0.orders = $0.orders.map { $0.filter { $0.id != id } } }
            } catch {
                guard let presentation = ErrorPresenter.orders.presentation(for: error) else { return }   // cancelled
                store?.update { $0.navigation.present(Alert(presentation, dismiss: .navigation(.dismiss))) }
            }
        }
    }
}
// snippet end

// snippet: screen
/// A view in UIKit's shape: it presents the alert in state, once per alert.
@MainActor
final class OrderHistoryScreen {
    /// What the user saw, "Title: message" (UIKit: the `UIAlertController`s presented).
    private(set) var presentedAlerts: [String] = []
    private let viewModel: OrderHistoryViewModel
    private var alertWatch: ObservationToken?

    init(viewModel: OrderHistoryViewModel) {
        self.viewModel = viewModel
        // Called now with the alert shown, if any, then only when the modal changes:
        // a new list of orders does not present the same alert again.
        alertWatch = viewModel.subscribe(\.navigation.modal) { [weak self] alert in
            guard let alert else { return }
            self?.presentedAlerts.append("\(alert.title): \(alert.message)")
        }
    }

    /// The user pressed the alert's button at `index` (UIKit: its `UIAlertAction`'s handler).
    func alertButtonTapped(at index: Int) {
        guard let alert = viewModel.state.navigation.modal, alert.buttons.indices.contains(index) else { return }
        viewModel.send(alert.buttons[index].event)
    }
}
// snippet end

#if canImport(UIKit)
import SwiftUI
import UIKit
#endif

/// The orders screen in UIKit, compiled against the UIKit stand-ins (AppleStandIns/) and run:
/// it presents the alert in state, as `OrderHistoryScreen` does.
final class OrderHistoryViewController: UIViewController {
    private let viewModel: OrderHistoryViewModel
    private var alertWatch: ObservationToken?

    init(viewModel: OrderHistoryViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        alertWatch = viewModel.subscribe(\.navigation.modal) { [weak self] alert in
            if let alert { self?.present(alert) }
        }
    }

    // snippet: uikit-alert
    func present(_ alert: Alert<OrderHistoryViewModel.Event>) {
        let controller = UIAlertController(
            title: alert.title.resolved(),
            message: alert.message.resolved(),
            preferredStyle: alert.style == .alert ? .alert : .actionSheet
        )
        for button in alert.buttons {
            let style: UIAlertAction.Style = switch button.role {
            case .cancel: .cancel
            case .destructive: .destructive
            case nil: .default
            }
            controller.addAction(UIAlertAction(title: button.label.resolved(), style: style) { [weak self] _ in
                self?.viewModel.send(button.event)
            })
        }
        present(controller, animated: true)
    }
    // snippet end
}

/// The orders screen in SwiftUI, compiled against the SwiftUI stand-ins (AppleStandIns/).
struct OrderHistoryView: View {
    let viewModel: OrderHistoryViewModel

    var body: some View {
        List(viewModel.state.orders.value ?? [], id: \.id) { Text($0.item) }
            // snippet: swiftui-alert
            .alert(
                viewModel.state.navigation.modal?.title.resolved() ?? "",
                isPresented: .constant(viewModel.state.navigation.modal != nil),
                presenting: viewModel.state.navigation.modal
            ) { alert in
                ForEach(Array(alert.buttons.enumerated()), id: \.offset) { _, button in
                    Button(button.label.resolved(), role: button.role == .cancel ? .cancel : button.role == .destructive ? .destructive : nil) {
                        viewModel.send(button.event)
                    }
                }
            } message: { alert in
                Text(alert.message.resolved())
            }
            // snippet end
    }
}

import MVVMTesting
import Synchronization
import Testing

/// An orders backend that is down until the test says otherwise.
final class OrderBackend: Sendable {
    let isDown = Mutex(true)
    static let orders = [Order(id: 1, item: "Tea set"), Order(id: 2, item: "Kettle")]

    var service: OrderService {
        OrderService(
            orders: { [self] in
                if isDown.withLock({ $0 }) { throw OrderError.offline }
                return Self.orders
            },
            cancelOrder: { _ in throw OrderError.alreadyShipped }
        )
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct PresentingErrorsTests {
    // snippet: test-load
    @Test func aFailedLoadSaysWhatHappenedAndRetryLoadsAgain() async {
        let backend = OrderBackend()
        let tester = ViewModelTester(OrderHistoryViewModel(service: backend.service))

        tester.appear { $0.orders = .loading() }
        await tester.receive {
            $0.orders = .failed(ErrorPresentation(
                title: "Orders",
                message: "You are offline. Check your connection and try again.",
                isRetryable: true
            ), previous: nil)
        }
        backend.isDown.withLock { $0 = false }
        tester.send(.retryTapped) { $0.orders = .loading() }
        await tester.receive { $0.orders = .loaded(OrderBackend.orders) }
        await tester.finish()
    }
    // snippet end

    @Test func aFailedRefreshKeepsTheOrdersOnScreen() async {
        let backend = OrderBackend()
        backend.isDown.withLock { $0 = false }
        let tester = ViewModelTester(OrderHistoryViewModel(service: backend.service))
        tester.appear { $0.orders = .loading() }
        await tester.receive { $0.orders = .loaded(OrderBackend.orders) }

        backend.isDown.withLock { $0 = true }
        tester.send(.retryTapped) { $0.orders = .loading(previous: OrderBackend.orders) }
        await tester.receive {
            $0.orders = .failed(ErrorPresentation(OrderError.offline), previous: OrderBackend.orders)
        }
        #expect(tester.state.orders.value == OrderBackend.orders)
        #expect(tester.state.orders.error?.message == "You are offline. Check your connection and try again.")
        await tester.finish()
    }

    // snippet: test-alert
    @Test func aFailedCancelIsAnAlertTheUserSeesOnce() async {
        let backend = OrderBackend()
        backend.isDown.withLock { $0 = false }
        let clock = TestClock()   // the ViewModel's work runs where the test can see it finish
        let viewModel = clock.perform { OrderHistoryViewModel(service: backend.service) }
        let screen = OrderHistoryScreen(viewModel: viewModel)
        viewModel.appear()
        await clock.advance()

        viewModel.send(.cancelOrderTapped(id: 1))
        await clock.advance()
        viewModel.send(.retryTapped)               // the list reloads: the view re-renders
        await clock.advance()
        #expect(screen.presentedAlerts == ["Orders: This order has shipped. It can no longer be cancelled."])

        screen.alertButtonTapped(at: 0)                 // OK
        viewModel.disappear()
        let cameBack = OrderHistoryScreen(viewModel: viewModel)   // the view is made again
        viewModel.appear()
        await clock.advance()
        #expect(cameBack.presentedAlerts == [])
        #expect(screen.presentedAlerts.count == 1)
    }
    // snippet end

    #if !canImport(UIKit)   // taps the button through the stand-in: UIKit has no API for that
    @Test func theUIKitAlertShowsTheResolvedTextsAndItsButtonSendsItsEvent() async {
        let backend = OrderBackend()
        backend.isDown.withLock { $0 = false }
        let clock = TestClock()
        let viewModel = clock.perform { OrderHistoryViewModel(service: backend.service) }
        let screen = OrderHistoryViewController(viewModel: viewModel)
        screen.viewDidLoad()
        viewModel.appear()
        await clock.advance()
        #expect(screen.presentedViewController == nil)

        viewModel.send(.cancelOrderTapped(id: 1))
        await clock.advance()
        let alert = screen.presentedViewController as? UIAlertController
        #expect(alert?.title == "Orders")
        #expect(alert?.message == "This order has shipped. It can no longer be cancelled.")
        #expect(alert?.preferredStyle == .alert)
        #expect(alert?.actions.map(\.title) == ["OK"])
        #expect(alert?.actions.map(\.style) == [.cancel])

        alert?.actions.first?.standInTap()                 // the user taps OK
        #expect(screen.presentedViewController == nil)
        #expect(viewModel.state.navigation.modal == nil)   // the button sent .navigation(.dismiss)
    }
    #endif

    @Test func theSameFailureTwiceShowsOneAlert() async {
        let backend = OrderBackend()
        let tester = ViewModelTester(OrderHistoryViewModel(service: backend.service))
        let shipped = ErrorPresentation(OrderError.alreadyShipped)

        tester.send(.cancelOrderTapped(id: 1))
        let alert = Alert<OrderHistoryViewModel.Event>(shipped, dismiss: .navigation(.dismiss))
        await tester.receive { $0.navigation.present(alert) }
        tester.send(.cancelOrderTapped(id: 2))        // the same alert is already shown
        await tester.finish()
        #expect(tester.state.navigation.modal == alert)
        #expect(alert.buttons.map { $0.label.resolved(in: .english) } == ["OK"], "not retryable: no Retry")
    }

    @Test func aCancellationIsNeverShown() async {
        // The view leaves while the orders load: the list goes back to what it showed, no alert.
        let clock = TestClock()
        let slow = OrderService(
            orders: { try await clock.sleep(for: .seconds(1)); return OrderBackend.orders },
            cancelOrder: { _ in throw URLError(.cancelled) }
        )
        let tester = ViewModelTester(OrderHistoryViewModel(service: slow), clock: clock)
        tester.appear { $0.orders = .loading() }
        tester.disappear { $0.orders = .idle }

        // A request the system cancelled (URLError.cancelled) changes nothing either.
        tester.send(.cancelOrderTapped(id: 1))
        await tester.finish()
        #expect(tester.state.navigation.modal == nil)
    }

    @Test func anErrorNobodyDescribedShowsTheFallbackNeverItsDescription() async {
        struct DatabaseLocked: Error { let path = "/var/db/orders.sqlite" }
        let broken = OrderService(orders: { throw DatabaseLocked() }, cancelOrder: { _ in })
        let tester = ViewModelTester(OrderHistoryViewModel(service: broken))

        tester.appear { $0.orders = .loading() }
        await tester.receive {
            $0.orders = .failed(
                ErrorPresentation(title: "Orders", message: "Something went wrong. Please try again."),
                previous: nil
            )
        }
        await tester.finish()
    }

    @Test func anAlertNobodyDismissedShowsInTheNewView() async {
        let backend = OrderBackend()
        backend.isDown.withLock { $0 = false }
        let clock = TestClock()   // the ViewModel's work runs where the test can see it finish
        let viewModel = clock.perform { OrderHistoryViewModel(service: backend.service) }
        let screen = OrderHistoryScreen(viewModel: viewModel)
        viewModel.appear()
        await clock.advance()
        viewModel.send(.cancelOrderTapped(id: 1))
        await clock.advance()
        #expect(screen.presentedAlerts == ["Orders: This order has shipped. It can no longer be cancelled."])

        viewModel.disappear()                         // the user left without tapping OK
        let cameBack = OrderHistoryScreen(viewModel: viewModel)
        viewModel.appear()
        await clock.advance()
        #expect(cameBack.presentedAlerts == ["Orders: This order has shipped. It can no longer be cancelled."])
        #expect(screen.presentedAlerts.count == 1)
    }
}
