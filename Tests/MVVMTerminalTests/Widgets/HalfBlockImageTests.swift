import MVVMTerminal
import Testing

/// Pictures in half blocks: two pixels a cell, scaled by averaging, transparent where alpha is
/// under half, and nothing drawn (never a trap) for bytes that do not match the size.
@Suite struct HalfBlockImageTests {
    static let red: [UInt8] = [255, 0, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    static func cell(_ image: HalfBlockImage, width: Int = 1, height: Int = 1, at column: Int = 0) -> Cell {
        var frame = Frame(width: width, height: height)
        image.draw(into: &frame, in: Rect(row: 0, column: 0, width: width, height: height))
        return frame[0, column]
    }

    @Test func eachCellShowsTheTopPixelOverTheBottomOne() {
        let image = HalfBlockImage(width: 1, height: 2, rgba: Self.red + Self.blue)
        let cell = Self.cell(image)
        #expect(cell.character == "▀")
        #expect(cell.style.foreground == .rgb(red: 255, green: 0, blue: 0))
        #expect(cell.style.background == .rgb(red: 0, green: 0, blue: 255))
    }

    @Test func transparentHalvesShowTheTerminalsBackground() {
        #expect(Self.cell(HalfBlockImage(width: 1, height: 2, rgba: Self.red + Self.clear)) == Cell("▀", style: Style(foreground: .rgb(red: 255, green: 0, blue: 0))))
        #expect(Self.cell(HalfBlockImage(width: 1, height: 2, rgba: Self.clear + Self.blue)) == Cell("▄", style: Style(foreground: .rgb(red: 0, green: 0, blue: 255))))
        #expect(Self.cell(HalfBlockImage(width: 1, height: 2, rgba: Self.clear + Self.clear)) == Cell(" "))
    }

    @Test func aLargerPictureIsScaledByAveraging() {
        // 2 × 4: the top half red and blue side by side (averaging to purple), the bottom blue.
        let image = HalfBlockImage(width: 2, height: 4, rgba: Self.red + Self.blue + Self.red + Self.blue + Array([Self.blue, Self.blue, Self.blue, Self.blue].joined()))
        let cell = Self.cell(image)
        #expect(cell.style.foreground == .rgb(red: 127, green: 0, blue: 127))
        #expect(cell.style.background == .rgb(red: 0, green: 0, blue: 255))
    }

    @Test func aPictureFillsTheWholeRect() {
        let image = HalfBlockImage(width: 64, height: 64, rgba: Array(repeating: 200, count: 64 * 64 * 4))
        var frame = Frame(width: 20, height: 10)
        image.draw(into: &frame, in: Rect(row: 1, column: 2, width: 16, height: 8))
        let drawn = (0..<10).flatMap { row in (0..<20).filter { frame[row, $0].character == "▀" }.map { (row, $0) } }
        #expect(drawn.count == 16 * 8)
        #expect(drawn.first! == (1, 2) && drawn.last! == (8, 17))
    }

    @Test("Bytes that do not match the size draw nothing", arguments: [
        (1, 1, [UInt8]()), (2, 2, [UInt8](repeating: 1, count: 4)), (-1, 1, [UInt8]()), (0, 0, [UInt8]()),
        (Int.max, 2, [UInt8](repeating: 1, count: 8)),
    ])
    func mismatchedBytes(width: Int, height: Int, rgba: [UInt8]) {
        #expect(Self.cell(HalfBlockImage(width: width, height: height, rgba: rgba)) == .blank)
    }
}
