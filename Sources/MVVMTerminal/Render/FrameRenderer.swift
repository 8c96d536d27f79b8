/// Turns the change from one ``Frame`` to the next into the bytes to write to the terminal.
///
/// Only changed cells are written, in runs per row, each run preceded by a cursor move
/// (`ESC[row;colH`, one-based) and SGR sequences written only when the style changes. Without
/// a previous frame, or when the size changed, the whole frame is redrawn after clearing the
/// screen (`ESC[0m ESC[2J`). Colours are written as the frame's ``Frame/colorSupport`` says the
/// terminal shows them.
///
/// A changed row that holds, before or after, a character whose width terminals disagree on
/// (``DisplayWidth/isUncertain(_:)``) is written whole instead: erased (`ESC[2K`), then drawn
/// from its first column with the cursor placed absolutely after each such character. What the
/// terminal shows on that row then depends only on the new frame, never on what was there
/// before, so a terminal that draws `☀️` in two columns where ``DisplayWidth`` counts one keeps
/// no stale cell, and a scrolled screen equals a full redraw (Ctrl-L). The session turns the
/// terminal's line wrap off, so a character drawn wider than counted never spills into the next
/// row. With wrap off, a terminal leaves the cursor on the last column after drawing there, and
/// would put a combining mark that follows onto the column before: a certain grapheme of several
/// scalars ending in the last column is written with wrap on (`ESC[?7h … ESC[?7l`).
public enum FrameRenderer {
    /// The bytes that turn what `previous` shows into `next`; empty when nothing changed.
    public static func render(from previous: Frame?, to next: Frame) -> [UInt8] {
        Array(renderText(from: previous, to: next).utf8)
    }

    /// ``render(from:to:)`` as a string, for tests and logging.
    public static func renderText(from previous: Frame?, to next: Frame) -> String {
        var output = ""
        var current: Style?
        let old = previous.flatMap {
            $0.width == next.width && $0.height == next.height && $0.colorSupport == next.colorSupport ? $0 : nil
        }
        if old == nil { output += "\u{1B}[0m\u{1B}[2J" }
        for row in 0..<next.height {
            let cells = next.row(row)
            let oldCells = old?.row(row)
            if let oldCells, oldCells == cells { continue }
            if hasUncertainCharacter(cells) || oldCells.map(hasUncertainCharacter) == true {
                writeWhole(row: row, of: next, into: &output, style: &current)
                continue
            }
            for run in changedRuns(row: row, previous: old, next: next) {
                output += "\u{1B}[\(row + 1);\(run.lowerBound + 1)H"
                for column in run {
                    let cell = next[row, column]
                    if cell.isContinuation { continue }
                    write(cell, support: next.colorSupport, endingInLastColumn: isLast(column, in: next, row: row), into: &output, style: &current)
                }
            }
        }
        return output
    }

    /// Erases `row` and draws all of it, placing the cursor after each uncertain character.
    private static func writeWhole(row: Int, of frame: Frame, into output: inout String, style current: inout Style?) {
        output += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K"
        current = .plain
        let cells = frame.row(row)
        var end = frame.width
        while end > 0, cells[cells.startIndex + end - 1] == .blank { end -= 1 }
        var column = 0
        var placed = true
        while column < end {
            let cell = cells[cells.startIndex + column]
            column += 1
            if cell.isContinuation { continue }
            if !placed {
                output += "\u{1B}[\(row + 1);\(column)H"
                placed = true
            }
            write(cell, support: frame.colorSupport, endingInLastColumn: isLast(column - 1, in: frame, row: row), into: &output, style: &current)
            if DisplayWidth.isUncertain(cell.character) { placed = false }
        }
    }

    private static func write(
        _ cell: Cell, support: ColorSupport, endingInLastColumn: @autoclosure () -> Bool, into output: inout String, style current: inout Style?
    ) {
        if cell.style != current {
            output += cell.style.sgr(for: support)
            current = cell.style
        }
        if !cell.character.unicodeScalars.dropFirst().isEmpty, endingInLastColumn(), !DisplayWidth.isUncertain(cell.character) {
            output += "\u{1B}[?7h"
            output.append(cell.character)
            output += "\u{1B}[?7l"
        } else {
            output.append(cell.character)
        }
    }

    /// Whether the grapheme whose first cell is `column` takes the row's last column.
    private static func isLast(_ column: Int, in frame: Frame, row: Int) -> Bool {
        var end = column + 1
        while end < frame.width, frame[row, end].isContinuation { end += 1 }
        return end == frame.width
    }

    private static func hasUncertainCharacter(_ cells: ArraySlice<Cell>) -> Bool {
        cells.contains { !$0.isContinuation && DisplayWidth.isUncertain($0.character) }
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
                while first > 0, next[row, first].isContinuation { first -= 1 }
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
