/// A user's avatar: a 5×5 grid mirrored left to right, whose cells are on or off, in a colour of
/// the user's own on a light background, all drawn from the user id alone.
///
/// The id is mixed with ``SplitMix64`` (the same on every platform and Swift version), never with
/// Swift's `Hasher`, which is seeded anew in every process: the same id gives the same picture in
/// every run, whatever database or seed the server uses.
struct Identicon: Sendable, Equatable {
    /// Cells across and down.
    static let gridSize = 5
    /// The side of one cell, in pixels.
    static let cellSize = 12
    /// The empty border around the grid, in pixels: `2 + 5 × 12 + 2 = 64`.
    static let margin = 2
    /// The side of the picture, in pixels.
    static let pixelSize = margin * 2 + gridSize * cellSize
    /// The colour of cells that are off and of the border: a light grey.
    static let background = RGBImage.Color(red: 0xF0, green: 0xF0, blue: 0xF0)
    /// Mixed into the id, so avatars do not follow the seeded users' sequence.
    static let salt: UInt64 = 0xA7A7_A12C_0000_0027

    /// Which of the 15 cells of the left three columns are on: bit `row × 3 + column`. Columns 3
    /// and 4 repeat columns 1 and 0.
    let cells: UInt16
    /// The colour of the cells that are on.
    let color: RGBImage.Color

    /// The identicon of the user with `userID`. Between 4 and 11 of the 15 cells are on, so no
    /// picture is empty or a solid block.
    init(userID: Int) {
        var generator = SplitMix64(seed: UInt64(bitPattern: Int64(userID)) ^ Self.salt)
        var cells: UInt16
        repeat {
            cells = UInt16(truncatingIfNeeded: generator.next()) & 0x7FFF
        } while !(4...11).contains(cells.nonzeroBitCount)
        self.cells = cells
        self.color = HueColor.color(hue: generator.below(360))
    }

    /// Whether the cell at `row` and `column` (0 to 4 each) is on.
    func isOn(row: Int, column: Int) -> Bool {
        let mirrored = column < 3 ? column : Self.gridSize - 1 - column
        return cells & (1 << (row * 3 + mirrored)) != 0
    }

    /// The picture, ``pixelSize`` pixels square.
    var image: RGBImage {
        var image = RGBImage(width: Self.pixelSize, height: Self.pixelSize, background: Self.background)
        for row in 0..<Self.gridSize {
            for column in 0..<Self.gridSize where isOn(row: row, column: column) {
                image.fill(
                    x: Self.margin + column * Self.cellSize, y: Self.margin + row * Self.cellSize,
                    width: Self.cellSize, height: Self.cellSize, with: color
                )
            }
        }
        return image
    }

    /// The picture as a PNG file.
    func png() throws(Zlib.CompressionError) -> [UInt8] {
        try PNGEncoder.encode(image)
    }
}
