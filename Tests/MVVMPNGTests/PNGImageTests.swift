import MVVMPNG
import Testing

@Suite struct PNGImageTests {
    @Test func anImageHoldsItsPixels() {
        let image = PNGImage(width: 1, height: 1, rgba: [1, 2, 3, 4])
        #expect(image.rgba == [1, 2, 3, 4])
    }
}
