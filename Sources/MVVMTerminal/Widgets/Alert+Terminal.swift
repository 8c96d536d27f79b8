public import MVVMCore

/// Any ``Alert`` in the terminal, drawn and answered from the value alone.
///
/// Each button is drawn with the key that presses it: `y Delete  n Cancel`, or `Enter OK` for an
/// alert with one button, in the frame's ``Frame/language``; a checked button (the option in
/// force) is drawn with ✓. Keys: `y`, `n` and the digits `1`–`9` press the button drawn beside
/// them (`y` the first button that is not the cancel button, `n` the cancel button, when there
/// are two or more). Besides those: Enter presses the first button that is not destructive;
/// Escape the cancel button; an ASCII digit the button at its position, and a letter the one
/// button whose English label starts with it (`r` for Retry, also when it reads 再試行), unless
/// that button is destructive.
///
/// So a destructive button is pressed only by the key drawn beside it: never by Enter, a
/// label's letter, a position, or Escape; and pasted text (``Key/paste(_:)``) presses nothing.
/// A screen that routes its keys through ``AlertInput`` also ignores a repeat of the key that
/// opened the alert (a double tap on `d`).
///
/// A `Alert.Style.confirmationDialog` (a set of choices, as the article's filter sheet) is
/// drawn one button per row, each with its number (`1 ✓ すべて`, `2   有効`), and its cancel button
/// with `n`; only those keys, Escape, and Enter (the choice in force, else cancel) answer it.
extension Alert {
    /// Draws the alert centred in `frame` (a ``Dialog``).
    public func draw(into frame: inout Frame) {
        let language = frame.language
        let hints = buttons.indices.map { index in
            let button = buttons[index]
            // The choices aligned under the ✓ of the one in force; the cancel button stands apart.
            let check = button.isChecked ? "✓ " : (button.role != .cancel && buttons.contains(where: \.isChecked) ? "  " : "")
            return "\(keyHint(forButtonAt: index)) \(check)\(button.label.resolved(in: language))"
        }
        Dialog(title: title.resolved(in: language), message: message.resolved(in: language), buttons: hints, isStacked: style == .confirmationDialog)
            .draw(into: &frame)
    }

    /// The event of the button `key` presses, or `nil` when it presses none.
    public func event(for key: Key) -> Event? {
        switch key {
        case .enter:
            // A set of choices: Enter keeps the one in force (or cancels); never another choice.
            style == .confirmationDialog
                ? (buttons.first { $0.isChecked && $0.role != .destructive } ?? cancelButton)?.event
                : buttons.first { $0.role != .destructive }?.event
        case .escape: cancelButton?.event
        case .character("y"): buttonDrawn(with: "y")?.event
        case .character("n"): buttonDrawn(with: "n")?.event
        case .character(let character):
            if character.isASCII, let number = character.wholeNumberValue {
                (1...buttons.count).contains(number) ? pressable(at: number - 1, by: "\(number)")?.event : nil
            } else if style == .confirmationDialog {
                nil   // choices go by their numbers only
            } else {
                onlyButton { $0.label.description.lowercased().first == Character(character.lowercased()) }
                    .flatMap { $0.role == .destructive ? nil : $0 }?.event
            }
        default: nil
        }
    }

    /// The button drawn beside `hint`, if one is.
    private func buttonDrawn(with hint: String) -> AlertButton<Event>? {
        buttons.indices.first { keyHint(forButtonAt: $0) == hint }.map { buttons[$0] }
    }

    /// The button at `index`, if `hint` may press it: any button but a destructive one, which
    /// only the key drawn beside it presses.
    private func pressable(at index: Int, by hint: String) -> AlertButton<Event>? {
        let button = buttons[index]
        return button.role != .destructive || keyHint(forButtonAt: index) == hint ? button : nil
    }

    /// The button `y` presses: the first that is not the cancel button, else the only one.
    private var primaryButton: AlertButton<Event>? {
        buttons.first { $0.role != .cancel } ?? (buttons.count == 1 ? buttons[0] : nil)
    }

    /// The button that matches, if exactly one does.
    private func onlyButton(where matches: (AlertButton<Event>) -> Bool) -> AlertButton<Event>? {
        let matching = buttons.filter(matches)
        return matching.count == 1 ? matching[0] : nil
    }

    /// The key drawn beside the button at `index`.
    private func keyHint(forButtonAt index: Int) -> String {
        if buttons.count == 1 { return buttons[0].role == .destructive ? "y" : "Enter" }
        if style == .confirmationDialog {
            // A set of choices: each by its number, and the cancel button by n.
            if buttons[index] == cancelButton, buttons.firstIndex(of: buttons[index]) == index { return "n" }
            return index < 9 ? "\(index + 1)" : "·"
        }
        if buttons[index] == primaryButton, buttons.firstIndex(of: buttons[index]) == index { return "y" }
        if buttons[index] == cancelButton, buttons.firstIndex(of: buttons[index]) == index { return "n" }
        return index < 9 ? "\(index + 1)" : "·"   // past 9, only Enter or Escape can reach it
    }
}
