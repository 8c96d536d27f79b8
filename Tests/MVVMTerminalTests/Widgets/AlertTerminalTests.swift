import MVVMCore
import MVVMTerminal
import Testing

/// Any `Alert` value, drawn and answered by the terminal with no code of the screen's.
struct AlertTerminalTests {
    enum Event: Hashable, Sendable {
        case delete, cancel, archive, ok, retry
    }

    static let confirmation = Alert<Event>(title: "Delete", message: "Delete 山田?", buttons: [
        AlertButton("Delete", role: .destructive, sends: .delete),
        AlertButton("Cancel", role: .cancel, sends: .cancel),
    ])

    @Test func aConfirmationIsDrawnWithTheKeysThatPressItsButtons() {
        var frame = Frame(width: 30, height: 7)
        Self.confirmation.draw(into: &frame)
        #expect(frame.text == [
            "",
            "    ┌─ Delete ───────────┐",
            "    │ Delete 山田?       │",
            "    │                    │",
            "    │ y Delete  n Cancel │",
            "    └────────────────────┘",
            "",
        ].joined(separator: "\n"))
    }

    /// Only `y`, drawn beside Delete, presses it: Enter, its position, its letter and a paste do
    /// not (issue 41, N6: each of them deleted a row).
    @Test func aDestructiveButtonIsPressedOnlyByTheKeyDrawnBesideIt() {
        let alert = Self.confirmation
        #expect(alert.event(for: .character("y")) == .delete)
        #expect(alert.event(for: .enter) == .cancel, "the default is never destructive")
        #expect(alert.event(for: .character("1")) == nil, "drawn with y, not 1")
        #expect(alert.event(for: .character("d")) == nil, "not by its label's letter")
        #expect(alert.event(for: .character("D")) == nil)
        #expect(alert.event(for: .paste("y")) == nil, "pasted text presses nothing")
        #expect(alert.event(for: .escape) == .cancel)
        #expect(alert.event(for: .character("n")) == .cancel)
        #expect(alert.event(for: .character("2")) == .cancel)
        #expect(alert.event(for: .character("3")) == nil)
        #expect(alert.event(for: .character("0")) == nil)
        #expect(alert.event(for: .character("q")) == nil)
        #expect(alert.event(for: .character("c")) == .cancel)
        #expect(alert.event(for: .down) == nil)
    }

    @Test func aLoneDestructiveButtonIsDrawnWithYAndClosedByNothingElse() {
        let alert = Alert<Event>(title: "Reset", buttons: [AlertButton("Erase all", role: .destructive, sends: .delete)])
        var frame = Frame(width: 30, height: 5)
        alert.draw(into: &frame)
        #expect(frame.text.contains("│ y Erase all │"))
        #expect(alert.event(for: .character("y")) == .delete)
        #expect(alert.event(for: .enter) == nil)
        #expect(alert.event(for: .escape) == nil)
        #expect(alert.event(for: .character("1")) == nil)
        #expect(alert.event(for: .character("e")) == nil)
    }

    @Test func theKeyThatOpenedAnAlertAnswersNothingUntilAnotherKey() {
        var input = AlertInput()
        let alert = Alert<Event>(ErrorPresentation(title: "Orders", message: "Offline.", isRetryable: true), dismiss: .ok, retry: .retry)
        input.keyPressedWithoutAlert(.character("r"))   // r refreshed; the refresh failed
        #expect(input.event(for: .character("r"), on: alert) == nil, "a repeat of r")
        #expect(input.event(for: .character("r"), on: alert) == nil, "r held down")
        #expect(input.event(for: .down, on: alert) == nil)
        #expect(input.event(for: .character("r"), on: alert) == .retry, "after another key, r is Retry")
        input.keyPressedWithoutAlert(.enter)
        #expect(input.event(for: .enter, on: alert) == nil)
        #expect(input.event(for: .escape, on: alert) == .ok)
    }

    @Test func aRetryableErrorIsClosedByEnterOrEscapeAndRetriedByY() {
        let alert = Alert<Event>(ErrorPresentation(title: "Orders", message: "Offline.", isRetryable: true), dismiss: .ok, retry: .retry)
        #expect(alert.event(for: .enter) == .ok)
        #expect(alert.event(for: .escape) == .ok)
        #expect(alert.event(for: .character("y")) == .retry)
        #expect(alert.event(for: .character("r")) == .retry, "a label's first letter")
        #expect(alert.event(for: .character("O")) == .ok)
        var frame = Frame(width: 30, height: 5)
        alert.draw(into: &frame)
        #expect(frame.text.contains("│ n OK  y Retry │"))
    }

    @Test func anErrorAlertWithOneButtonIsClosedByEnterOrEscape() {
        let alert = Alert<Event>(ErrorPresentation(title: "Orders", message: "Offline."), dismiss: .ok, retry: .retry)
        #expect(alert.buttons.map { $0.label.resolved(in: .english) } == ["OK"], "not retryable: no Retry")
        #expect(alert.event(for: .enter) == .ok)
        #expect(alert.event(for: .escape) == .ok)
        var frame = Frame(width: 20, height: 5)
        alert.draw(into: &frame)
        #expect(frame.text.contains("│ Enter OK"))
    }

    @Test func aThirdButtonIsPressedByItsNumber() {
        let alert = Alert<Event>(title: "Order 7", style: .confirmationDialog, buttons: [
            AlertButton("Cancel", role: .cancel, sends: .cancel),
            AlertButton("Delete", role: .destructive, sends: .delete),
            AlertButton("Archive", sends: .archive),
        ])
        var frame = Frame(width: 40, height: 8)
        alert.draw(into: &frame)
        // A set of choices (an action sheet): one per row, each by its number.
        #expect(frame.text.contains("│ n Cancel"))
        #expect(frame.text.contains("│ 2 Delete"))
        #expect(frame.text.contains("│ 3 Archive"))
        #expect(alert.event(for: .character("3")) == .archive)
        #expect(alert.event(for: .character("2")) == .delete, "the key drawn beside it")
        #expect(alert.event(for: .enter) == .cancel, "the first button is the default")
        #expect(alert.event(for: .character("y")) == nil, "no button is drawn with y")
        #expect(alert.event(for: .character("a")) == nil, "choices go by their numbers, not a label's letter")
        #expect(alert.event(for: .character("２")) == nil, "a full-width digit is not the key drawn")
        #expect(alert.event(for: .escape) == .cancel)
    }

    /// A set of choices (the article's filter sheet): Enter keeps the one in force, drawn with ✓
    /// and the others aligned under it; with none checked, it cancels.
    @Test func enterOnASetOfChoicesKeepsTheOneInForce() {
        let sheet = Alert<Event>(title: "Filter", style: .confirmationDialog, buttons: [
            AlertButton("All", sends: .ok),
            AlertButton("Archived", isChecked: true, sends: .archive),
            AlertButton("Cancel", role: .cancel, sends: .cancel),
        ])
        #expect(sheet.event(for: .enter) == .archive)
        var frame = Frame(width: 30, height: 8)
        sheet.draw(into: &frame)
        #expect(frame.text.contains("│ 1   All"))
        #expect(frame.text.contains("│ 2 ✓ Archived"))
        let unchecked = Alert<Event>(title: "Filter", style: .confirmationDialog, buttons: [
            AlertButton("All", sends: .ok),
            AlertButton("Cancel", role: .cancel, sends: .cancel),
        ])
        #expect(unchecked.event(for: .enter) == .cancel)
    }

    @Test func escapeNeverPressesAButtonThatIsNotTheCancelButton() {
        let alert = Alert<Event>(title: "Unsaved", buttons: [
            AlertButton("Discard", role: .destructive, sends: .delete),
            AlertButton("Keep editing", sends: .archive),
        ])
        #expect(alert.event(for: .escape) == nil, "no cancel button: Escape closes nothing")
        #expect(alert.event(for: .enter) == .archive, "Enter is the first button that is not destructive")
    }

    @Test func textFromTheServerIsSanitisedBeforeItIsDrawn() {
        let alert = Alert<Event>(title: "E\u{1B}[2Jrr", message: "bad\u{7}\u{1B}]0;x\u{7} text", buttons: [AlertButton("OK", sends: .ok)])
        var frame = Frame(width: 40, height: 5)
        alert.draw(into: &frame)
        #expect(!frame.text.contains("\u{1B}"))
        #expect(!frame.text.contains("\u{7}"))
    }
}
