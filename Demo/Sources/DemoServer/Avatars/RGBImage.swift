/// An 8-bit RGB picture in memory: three bytes a pixel, row by row from the top.
struct RGBImage: Sendable, Equatable {
    /// One colour: red, green and blue from 0 to 255.
    struct Color: Sendable, Equatable, Hashable {
        /// The red channel.
        let red: UInt8
        /// The green channel.
        let green: UInt8
        /// The blue channel.
        let blue: UInt8
    }

    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// `width × height × 3` bytes.
    private(set) var pixels: [UInt8]

    /// A `width × height` picture filled with `background`.
    init(width: Int, height: Int, background: Color) {
        precondition(width > 0 && height > 0, "a picture has at least one pixel")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        fill(x: 0, y: 0, width: width, height: height, with: background)
    }

    /// Paints the rectangle at (`x`, `y`) of `width × height` pixels, clipped to the picture.
    mutating func fill(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, with color: Color) {
        for row in max(y, 0)..<min(y + rectHeight, height) {
            for column in max(x, 0)..<min(x + rectWidth, width) {
                let offset = (row * width + column) * 3
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
            }
        }
    }

    /// The row `row`'s bytes.
    func row(_ row: Int) -> ArraySlice<UInt8> {
        pixels[(row * width * 3)..<((row + 1) * width * 3)]
    }
}
