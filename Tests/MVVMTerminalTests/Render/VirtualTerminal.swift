import MVVMTerminal

/// A terminal in memory that draws what ``FrameRenderer`` writes, measuring each grapheme with
/// a width function of the test's choosing: ours, or a terminal's that disagrees with ours.
///
/// It understands what the renderer writes (`ESC[r;cH`, `ESC[2J`, `ESC[2K`, SGR, `ESC[?…h/l`)
/// and draws as tmux does: a grapheme of width `w` takes `w` cells; writing over any cell of an
/// earlier grapheme blanks the rest of that grapheme; a grapheme that does not fit before the
/// right edge is not drawn (line wrap is off); a zero-width one is added to the cell before.
struct VirtualTerminal {
    struct Cell: Equatable {
        var glyph: String = " "
        var style = ""
        /// The first column of the grapheme this cell is part of (its own column for a head).
        var head: Int
    }

    let width: Int
    let height: Int
    private(set) var cells: [[Cell]]
    private var row = 0
    private var column = 0
    private var style = ""
    private let measure: (Character) -> Int

    init(width: Int, height: Int, measure: @escaping (Character) -> Int) {
        self.width = width
        self.height = height
        self.measure = measure
        cells = (0..<height).map { _ in (0..<width).map { Cell(head: $0) } }
    }

    /// The screen as lines: each grapheme once, trailing spaces trimmed, styles dropped.
    var text: String {
        cells.map { line in
            var text = ""
            for (index, cell) in line.enumerated() where cell.head == index { text += cell.glyph }
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    mutating func apply(_ output: String) {
        var characters = output[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "\u{1B}" else {
                draw(character)
                continue
            }
            guard characters.first == "[" else { continue }
            characters = characters.dropFirst()
            var parameters = ""
            while let next = characters.first, !("@"..."~").contains(next) {
                parameters.append(next)
                characters = characters.dropFirst()
            }
            guard let final = characters.first else { return }
            characters = characters.dropFirst()
            control(final, parameters)
        }
    }

    private mutating func control(_ final: Character, _ parameters: String) {
        switch final {
        case "H":
            let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
            row = min(height - 1, max(0, (numbers.first ?? 1) - 1))
            column = min(width - 1, max(0, (numbers.dropFirst().first ?? 1) - 1))
        case "J" where parameters == "2":
            cells = (0..<height).map { _ in (0..<width).map { Cell(head: $0) } }
        case "K" where parameters == "2":
            cells[row] = (0..<width).map { Cell(head: $0) }
        case "m":
            style = parameters == "0" ? "" : parameters
        default:
            break
        }
    }

    private mutating func draw(_ character: Character) {
        let columns = measure(character)
        if columns == 0 {
            let before = max(0, column - 1)
            cells[row][cells[row][before].head].glyph.append(character)
            return
        }
        guard column + columns <= width else { return }
        for covered in column ..< column + columns { blankGrapheme(at: covered) }
        for covered in column ..< column + columns {
            cells[row][covered] = Cell(glyph: covered == column ? String(character) : "", style: style, head: column)
        }
        column = min(width - 1, column + columns)
    }

    private mutating func blankGrapheme(at target: Int) {
        let head = cells[row][target].head
        var index = head
        while index < width, cells[row][index].head == head {
            cells[row][index] = Cell(style: cells[row][index].style, head: index)
            index += 1
        }
    }
}
