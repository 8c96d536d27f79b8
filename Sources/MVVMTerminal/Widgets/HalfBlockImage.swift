/// A picture drawn with half blocks: each cell shows two pixels, one above the other (`▀` in
/// the top pixel's colour on the bottom pixel's), so a rect of `w × h` cells shows `w × 2h`
/// pixels. The image is scaled to that by averaging the pixels each one covers.
///
/// Pixels whose alpha is under half are transparent (the terminal's background shows). Colours
/// are 24-bit; the renderer writes them as the terminal can show them (``ColorSupport``). On a
/// terminal without colour (``Frame/colorSupport`` is ``ColorSupport/none``) a picture carries
/// nothing: draw a text stand-in instead (an initial, say).
///
/// Bad input never traps: an image whose bytes do not match its size draws nothing.
public struct HalfBlockImage {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha, row by row from the top.
    public let rgba: [UInt8]

    /// A picture of `width × height` pixels.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Draws the picture scaled to fill `rect`.
    public func draw(into frame: inout Frame, in rect: Rect) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, rgba.count == width * height * 4,
              rect.width > 0, rect.height > 0 else { return }
        let pixelRows = rect.height * 2
        for row in 0..<rect.height {
            for column in 0..<rect.width {
                let top = average(column: column, of: rect.width, row: row * 2, of: pixelRows)
                let bottom = average(column: column, of: rect.width, row: row * 2 + 1, of: pixelRows)
                let cell: Cell
                switch (top, bottom) {
                case let (top?, bottom?): cell = Cell("▀", style: Style(foreground: top, background: bottom))
                case let (top?, nil): cell = Cell("▀", style: Style(foreground: top))
                case let (nil, bottom?): cell = Cell("▄", style: Style(foreground: bottom))
                case (nil, nil): cell = Cell(" ")
                }
                frame[rect.origin.row + row, rect.origin.column + column] = cell
            }
        }
    }

    /// The average colour of the source pixels under target pixel (`column`, `row`) of a
    /// `columns × rows` grid; `nil` when they are mostly transparent.
    private func average(column: Int, of columns: Int, row: Int, of rows: Int) -> Style.Color? {
        let x0 = column * width / columns, x1 = max(x0 + 1, (column + 1) * width / columns)
        let y0 = row * height / rows, y1 = max(y0 + 1, (row + 1) * height / rows)
        var red = 0, green = 0, blue = 0, alpha = 0
        for y in y0..<min(y1, height) {
            var index = (y * width + x0) * 4
            for _ in x0..<min(x1, width) {
                let a = Int(rgba[index + 3])
                red += Int(rgba[index]) * a
                green += Int(rgba[index + 1]) * a
                blue += Int(rgba[index + 2]) * a
                alpha += a
                index += 4
            }
        }
        let count = (min(y1, height) - y0) * (min(x1, width) - x0)
        guard count > 0, alpha * 2 >= count * 255 else { return nil }
        return .rgb(red: UInt8(red / alpha), green: UInt8(green / alpha), blue: UInt8(blue / alpha))
    }
}
