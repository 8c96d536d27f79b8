import MVVMTerminal

/// What a key does on one of the demo's forms (registration, sign-in): the same keys on each.
enum FormKey {
    /// Tab and ↓ (+1), Shift-Tab and ↑ (-1): the focus moves, wrapping around.
    case move(by: Int)
    /// Enter: the form decides (the next field, or submit).
    case enter
    /// A character, a paste (on one line) or Backspace: the focused field's text changes.
    case edit((String) -> String)

    /// What `key` does; `nil` for a key forms do not use.
    init?(_ key: Key) {
        switch key {
        case .tab, .down: self = .move(by: 1)
        case .backTab, .up: self = .move(by: -1)
        case .enter: self = .enter
        case .character(let character): self = .edit { $0 + String(character) }
        case .paste(let text): self = .edit { $0 + TerminalText.singleLine(text) }
        case .backspace: self = .edit { String($0.dropLast()) }
        default: return nil
        }
    }

    /// The part `offset` places after `focus` in Tab order, wrapping around.
    static func focus<Focus: CaseIterable & RawRepresentable<Int>>(_ focus: Focus, movedBy offset: Int) -> Focus where Focus.AllCases == [Focus] {
        let all = Focus.allCases
        return all[(focus.rawValue + offset % all.count + all.count) % all.count]
    }
}
