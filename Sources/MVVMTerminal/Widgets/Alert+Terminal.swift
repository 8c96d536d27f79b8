public import MVVMCore

/// Any ``Alert`` in the terminal, drawn and answered from the value alone.
///
/// Keys: Enter presses the first button, so the order of the buttons chooses the default;
/// Escape presses the cancel button, else the only button, else none (never a destructive
/// choice the user did not make); `y` presses the first button that is not
/// the cancel button, `n` the cancel button; the digits `1`–`9` press the buttons by position;
/// another letter presses the one button whose label starts with it (`r` for Retry).
/// Each button is drawn with the key that presses it: `y Delete  n Cancel`, or `Enter OK` for an
/// alert with one button.
extension Alert {
    /// Draws the alert centred in `frame` (a ``Dialog``).
    public func draw(into frame: inout Frame) {
        let hints = buttons.indices.map { "\(keyHint(forButtonAt: $0)) \(buttons[$0].label)" }
        Dialog(title: title, message: message, buttons: hints).draw(into: &frame)
    }

    /// The event of the button `key` presses, or `nil` when it presses none.
    public func event(for key: Key) -> Event? {
        switch key {
        case .enter: buttons[0].event
        case .escape: cancelButton?.event
        case .character("y"): primaryButton?.event
        case .character("n"): cancelButton?.event
        case .character(let character):
            if let number = character.wholeNumberValue {
                (1...buttons.count).contains(number) ? buttons[number - 1].event : nil
            } else {
                onlyButton { $0.label.lowercased().first == Character(character.lowercased()) }?.event
            }
        default: nil
        }
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
        if buttons.count == 1 { return "Enter" }
        if buttons[index] == primaryButton, buttons.firstIndex(of: buttons[index]) == index { return "y" }
        if buttons[index] == cancelButton, buttons.firstIndex(of: buttons[index]) == index { return "n" }
        return index < 9 ? "\(index + 1)" : "·"   // past 9, only Enter or Escape can reach it
    }
}
