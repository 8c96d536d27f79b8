extension TerminalText {
    /// `text` sanitized and broken into lines at most `width` columns wide: at its own line
    /// breaks, then at the last space that fits, or between any two characters when none does
    /// (Japanese has no spaces). A character wider than `width` gets a line of its own.
    ///
    /// - Returns: the lines, without their breaking spaces; `[]` for empty text or a width
    ///   under 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0, !text.isEmpty else { return [] }
        var lines: [String] = []
        let paragraphs = text.split(omittingEmptySubsequences: false) { $0.isNewline }
        for paragraph in paragraphs {
            lines.append(contentsOf: wrapLine(sanitize(String(paragraph)), width: width))
        }
        return lines
    }

    private static func wrapLine(_ line: String, width: Int) -> [String] {
        guard !line.isEmpty else { return [""] }
        var lines: [String] = []
        var current = ""
        var columns = 0
        for character in line {
            let characterColumns = DisplayWidth.columns(of: character)
            if columns + characterColumns > width, !current.isEmpty {
                if character == " " {
                    lines.append(current)
                    current = ""
                    columns = 0
                    continue
                }
                if let space = current.lastIndex(of: " "), space != current.startIndex {
                    lines.append(String(current[..<space]))
                    current = String(current[current.index(after: space)...])
                } else {
                    lines.append(current)
                    current = ""
                }
                columns = DisplayWidth.columns(of: current)
                // What followed the space may not leave room for a character of several columns.
                if columns + characterColumns > width, !current.isEmpty {
                    lines.append(current)
                    current = ""
                    columns = 0
                }
            }
            current.append(character)
            columns += characterColumns
        }
        // A line that ended at a breaking space leaves nothing behind it.
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
