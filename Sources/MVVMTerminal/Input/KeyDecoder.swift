/// Decodes terminal input bytes into ``Key``s, keeping incomplete sequences across reads.
///
/// Handles UTF-8 text of any length, CSI (`ESC [`) and SS3 (`ESC O`) sequences for arrows,
/// Home/End, Page Up/Down, Delete and Shift-Tab, and control characters. An ESC at the end of
/// the input is ambiguous (a lone Escape or the start of a sequence): it stays pending until
/// more bytes arrive or ``flush()`` is called.
///
/// Text between the bracketed-paste marks (`ESC [ 200 ~` … `ESC [ 201 ~`) is ``Key/paste(_:)``,
/// never keys: each ``decode(_:)`` hands on what arrived of it so far, so a paste of any length
/// holds no more than a few bytes here. A paste whose end mark never comes cannot take the
/// keyboard: Ctrl-C and Ctrl-Z end it and stay keys (a pasted text has neither), and
/// ``endPaste()`` ends it when the input has been idle (``TerminalSession`` calls it after
/// ``TerminalSession/unfinishedPasteLimit``).
///
/// Alt+Enter (`ESC` and `CR` in one read) is no key, never Escape then Enter.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: every byte is text until its end mark, Ctrl-C, Ctrl-Z or
    /// ``endPaste()``.
    public private(set) var isPasting = false

    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes of an incomplete sequence are waiting for more input; inside a paste, whether
    /// the paste has not ended.
    public var hasPending: Bool { !pending.isEmpty || isPasting }

    /// Decodes `bytes` after whatever was pending; an incomplete tail stays pending.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if isPasting {
                let (text, length, ended) = Self.pasted(pending[index...])
                if !text.isEmpty { keys.append(.paste(text)) }
                index += length
                if ended { isPasting = false } else { break }
                continue
            }
            if pending[index...].starts(with: Self.pasteStart) {
                isPasting = true
                index += Self.pasteStart.count
                continue
            }
            guard let (key, length) = Self.decodeOne(pending[index...]) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ctrl-C and Ctrl-Z: inside a paste they end it and are keys (they quit and suspend
    /// anywhere, and a pasted text has neither).
    private static let pasteInterrupts: [UInt8] = [0x03, 0x1A]

    /// The pasted text at the start of `bytes`: up to the end mark (then `ended`, and `length`
    /// counts the mark), or up to a Ctrl-C or Ctrl-Z (then `ended`, and the key is left to
    /// decode), else all but a tail that may be the start of the end mark or of a character.
    private static func pasted(_ bytes: ArraySlice<UInt8>) -> (text: String, length: Int, ended: Bool) {
        let end = bytes.firstRange(of: pasteEnd)
        if let interrupt = bytes.firstIndex(where: pasteInterrupts.contains), interrupt < (end?.lowerBound ?? bytes.endIndex) {
            return (String(decoding: bytes[..<interrupt], as: UTF8.self), interrupt - bytes.startIndex, true)
        }
        if let end {
            return (String(decoding: bytes[..<end.lowerBound], as: UTF8.self), end.upperBound - bytes.startIndex, true)
        }
        var cut = bytes.endIndex
        // A tail that may be the end mark's start waits for the next read.
        for length in stride(from: min(pasteEnd.count - 1, bytes.count), to: 0, by: -1)
        where bytes.suffix(length).elementsEqual(pasteEnd.prefix(length)) {
            cut = bytes.endIndex - length
            break
        }
        // So does a character cut in two: step back over continuation bytes to its lead byte,
        // and keep that too unless the character is whole.
        var lead = cut
        while lead > bytes.startIndex, lead > cut - 4, bytes[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
        if lead > bytes.startIndex, lead > cut - 4, bytes[lead - 1] >= 0xC0 {
            let needed = bytes[lead - 1] >= 0xF0 ? 4 : bytes[lead - 1] >= 0xE0 ? 3 : 2
            if cut - (lead - 1) < needed { cut = lead - 1 }
        }
        return (String(decoding: bytes[..<cut], as: UTF8.self), cut - bytes.startIndex, false)
    }

    /// Ends a paste whose end mark has not come (the terminal never sent it, or sent only its
    /// start): the bytes it held back are keys (an Escape the user pressed), and so is all that
    /// follows. What arrived of the paste was handed on already. Nothing outside a paste.
    ///
    /// - Returns: the keys of the bytes held back.
    public mutating func endPaste() -> [Key] {
        guard isPasting else { return [] }
        isPasting = false
        return decode([]) + flush()
    }

    /// Ends an incomplete sequence: a pending ESC becomes ``Key/escape`` and the bytes after it
    /// are decoded again; incomplete UTF-8 becomes `�`. Inside a paste nothing ends: the few
    /// bytes held back may be the start of its end mark, which the next read completes.
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty, !isPasting else { return [] }
        let bytes = pending
        pending = []
        if bytes.first == 0x1B {
            return [.escape] + decode(bytes.dropFirst()) + flush()
        }
        return [.character("\u{FFFD}")] + decode(bytes.dropFirst()) + flush()
    }

    /// One key (or an ignored sequence, `nil` key) and its length; `nil` if incomplete.
    private static func decodeOne(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            return decodeEscape(bytes)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(byte - 1 + UInt8(ascii: "a")))), 1)
        case 0x00, 0x1C...0x1F:
            return (nil, 1)
        case 0x20...0x7E:
            return (.character(Character(Unicode.Scalar(byte))), 1)
        default:
            return decodeUTF8(bytes)
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let lead = bytes[bytes.startIndex]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.character("\u{FFFD}"), 1)
        }
        var index = bytes.startIndex + 1
        while index < bytes.startIndex + length {
            guard index < bytes.endIndex else { return nil }
            guard bytes[index] & 0xC0 == 0x80 else {
                return (.character("\u{FFFD}"), index - bytes.startIndex)
            }
            index += 1
        }
        let text = String(decoding: bytes[bytes.startIndex..<index], as: UTF8.self)
        return (.character(text.first ?? "\u{FFFD}"), length)
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return nil }
            let final = bytes[index]
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            return (csiKey(final: final, parameters: parameters), index - start + 1)
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return nil }
            return (csiKey(final: bytes[start + 2], parameters: ""), 3)
        case 0x0D, 0x0A:
            // Alt+Enter, which a terminal sends as one write: no key of ours, and never Escape
            // then Enter (on a sheet, Escape closes it and Enter would open the row below).
            return (nil, 2)
        default:
            // ESC followed by anything else: Escape, then that byte on its own.
            return (.escape, 1)
        }
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
