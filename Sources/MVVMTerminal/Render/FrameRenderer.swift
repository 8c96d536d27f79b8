/// Turns the change from one ``Frame`` to the next into the bytes to write to the terminal.
///
/// Only changed cells are written, in runs per row, each run preceded by a cursor move
/// (`ESC[row;colH`, one-based) and SGR sequences written only when the style changes. Without
/// a previous frame, or when the size changed, the whole frame is redrawn after clearing the
/// screen (`ESC[0m ESC[2J`).
public enum FrameRenderer {
    /// The bytes that turn what `previous` shows into `next`; empty when nothing changed.
    public static func render(from previous: Frame?, to next: Frame) -> [UInt8] {
        Array(renderText(from: previous, to: next).utf8)
    }

    /// ``render(from:to:)`` as a string, for tests and logging.
    public static func renderText(from previous: Frame?, to next: Frame) -> String {
        var output = ""
        var current: Style?
        let full = previous.map { $0.width != next.width || $0.height != next.height } ?? true
        if full { output += "\u{1B}[0m\u{1B}[2J" }
        for row in 0..<next.height {
            for run in changedRuns(row: row, previous: full ? nil : previous, next: next) {
                output += "\u{1B}[\(row + 1);\(run.lowerBound + 1)H"
                for column in run {
                    let cell = next[row, column]
                    if cell.isContinuation { continue }
                    if cell.style != current {
                        output += cell.style.sgr
                        current = cell.style
                    }
                    output.append(cell.character)
                }
            }
        }
        return output
    }

    /// The column ranges of `row` that differ, each widened to start on a whole character.
    static func changedRuns(row: Int, previous: Frame?, next: Frame) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for column in 0...next.width {
            let changed = column < next.width
                && (previous.map { $0[row, column] != next[row, column] } ?? true)
            if changed, start == nil {
                var first = column
                if next[row, column].isContinuation, column > 0 { first -= 1 }
                if let last = runs.last, last.upperBound >= first {
                    start = runs.removeLast().lowerBound
                } else {
                    start = first
                }
            } else if !changed, let first = start {
                runs.append(first..<column)
                start = nil
            }
        }
        return runs
    }
}
