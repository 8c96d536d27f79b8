/// Decodes terminal input bytes into ``Key``s, keeping incomplete sequences across reads.
///
/// Handles UTF-8 text of any length, CSI (`ESC [`) and SS3 (`ESC O`) sequences for arrows,
/// Home/End, Page Up/Down, Delete and Shift-Tab, and control characters. An ESC at the end of
/// the input is ambiguous (a lone Escape or the start of a sequence): it stays pending until
/// more bytes arrive or ``flush()`` is called.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes of an incomplete sequence are waiting for more input.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending; an incomplete tail stays pending.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decodeOne(pending[index...]) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends an incomplete sequence: a pending ESC becomes ``Key/escape`` and the bytes after it
    /// are decoded again; incomplete UTF-8 becomes `�`.
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
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
