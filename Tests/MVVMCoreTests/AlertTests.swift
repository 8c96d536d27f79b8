import MVVMCore
import Testing

/// Alerts as values in the modal slot of `Navigation`.
@MainActor
struct AlertTests {
    enum Event: Hashable, Sendable {
        case deleteConfirmed, retryTapped
        case navigation(NavigationEvent)
    }

    @Test func anErrorBecomesAnAlertWithOKAndRetryWhenItIsRetryable() {
        let retryable = ErrorPresentation(title: "Orders", message: "Offline.", isRetryable: true)
        let alert = Alert<Event>(retryable, dismiss: .navigation(.dismiss), retry: .retryTapped)
        #expect(alert.title == "Orders")
        #expect(alert.message == "Offline.")
        #expect(alert.buttons == [
            AlertButton(CommonText.ok, role: .cancel, sends: .navigation(.dismiss)),
            AlertButton(CommonText.retry, sends: .retryTapped),
        ])
        #expect(alert.buttons.map { $0.label.resolved(in: .english) } == ["OK", "Retry"])
        #expect(alert.buttons.map { $0.label.resolved(in: .japanese) } == ["OK", "再試行"])
        #expect(alert.cancelButton?.event == .navigation(.dismiss))
        #expect(Alert<Event>(retryable, dismiss: .navigation(.dismiss)).buttons == [AlertButton(CommonText.ok, role: .cancel, sends: .navigation(.dismiss))], "no retry event: no Retry")
        let final = ErrorPresentation(title: "Orders", message: "Shipped.", isRetryable: false)
        #expect(Alert<Event>(final, dismiss: .navigation(.dismiss), retry: .retryTapped).buttons == [AlertButton(CommonText.ok, role: .cancel, sends: .navigation(.dismiss))])
    }

    @Test func offersTellsWhetherAButtonSendsTheEvent() {
        let alert = Alert<Event>(title: "Delete", buttons: [
            AlertButton("Delete", role: .destructive, sends: .deleteConfirmed),
            AlertButton("Cancel", role: .cancel, sends: .navigation(.dismiss)),
        ])
        #expect(alert.offers(.deleteConfirmed))
        #expect(!alert.offers(.retryTapped))
        #expect(alert.cancelButton?.label == "Cancel")
    }

    @Test func theCancelButtonIsTheOnlyButtonWhenNoneHasTheCancelRole() {
        let one = Alert<Event>(title: "Saved", buttons: [AlertButton("OK", sends: .navigation(.dismiss))])
        #expect(one.cancelButton?.label == "OK")
        let two = Alert<Event>(title: "Choose", buttons: [
            AlertButton("Delete", sends: .deleteConfirmed),
            AlertButton("Retry", sends: .retryTapped),
        ])
        #expect(two.cancelButton == nil)
        let destructive = Alert<Event>(title: "Reset", buttons: [AlertButton("Erase", role: .destructive, sends: .deleteConfirmed)])
        #expect(destructive.cancelButton == nil, "closing an alert never destroys anything")
    }

    @Test func theSameErrorTwiceShowsOnceAndADismissedOneIsGoneForGood() {
        let store = StateStore(Navigation<Never, Alert<Event>>())
        var shown: [Alert<Event>?] = []
        let token = store.subscribe(\.modal) { shown.append($0) }
        let alert = Alert<Event>(ErrorPresentation(title: "Orders", message: "Offline."), dismiss: .navigation(.dismiss))

        store.update { $0.present(alert) }
        store.update { $0.present(alert) }   // a second request failed the same way
        store.update { $0.handle(.dismiss) }
        #expect(shown == [nil, alert, nil])

        // A view bound again after the dismissal sees nothing to show.
        var again: [Alert<Event>?] = []
        let rebound = store.subscribe(\.modal) { again.append($0) }
        #expect(again == [nil])
        withExtendedLifetime((token, rebound)) {}
    }
}
