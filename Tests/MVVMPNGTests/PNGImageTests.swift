import MVVMPNG
import Testing

@Suite("PNGImage holds RGBA pixels")
struct PNGImageTests {
    @Test func anImageHoldsItsPixels() {
        let image = PNGImage(width: 1, height: 1, rgba: [1, 2, 3, 4])
        #expect(image.rgba == [1, 2, 3, 4])
    }

    @Test func aDecodedImageEqualsOneMadeFromItsPixels() throws {
        let decoded = try PNGImage(decoding: PNGBuilder.small.bytes)
        let pixels: [UInt8] = (0..<12).flatMap { (n: Int) -> [UInt8] in
            let grey = UInt8(10 * n)
            return [grey, grey, grey, 255]
        }
        #expect(decoded == PNGImage(width: 4, height: 3, rgba: pixels))
    }
}
