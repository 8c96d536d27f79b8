/// A key press decoded from terminal input by ``KeyDecoder``.
public enum Key: Hashable, Sendable {
    /// Typed text: one grapheme (any script; IME text arrives as UTF-8).
    case character(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Return or Enter.
    case enter
    /// A lone Escape.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or BS).
    case backspace
    /// Forward delete.
    case delete
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Control plus a letter, lowercased: Ctrl-C is `.control("c")`.
    case control(Character)
    /// Pasted text, as the terminal sent it between bracketed-paste marks (``TerminalSession``
    /// turns that mode on): text for a field, never a key press, so a paste holding `y` or a line
    /// break presses no button. A long paste may arrive as several `paste` keys, in order. The
    /// text is raw: a field sanitises it as it sanitises typed text.
    case paste(String)
}
