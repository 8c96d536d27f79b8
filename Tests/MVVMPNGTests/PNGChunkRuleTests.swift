import MVVMPNG
import Testing

@Suite("PNG chunk order, palette and transparency rules")
struct PNGChunkRuleTests {
    /// A 2 × 2 palette image using entries 0 to 3 of a 4-colour palette.
    static var palette: PNGBuilder {
        PNGBuilder.image(width: 2, height: 2, colorType: 3, rows: [[0, 1], [2, 3]], palette: Array(0..<12))
    }

    @Test func imageDataBeforeTheHeaderIsOutOfOrder() {
        var png = PNGBuilder.small
        png.chunks.swapAt(0, 1)
        #expect(throws: PNGError.chunkOutOfOrder("IDAT")) { try PNGImage(decoding: png.bytes) }
        png = PNGBuilder.small
        png.chunks.insert(.init(type: "tEXt", data: Array("a\u{0}b".utf8)), at: 0)
        #expect(throws: PNGError.chunkOutOfOrder("tEXt")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func aSecondHeaderIsOutOfOrder() {
        var png = PNGBuilder.small
        png.chunks.insert(png.chunks[0], at: 1)
        #expect(throws: PNGError.chunkOutOfOrder("IHDR")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func imageDataChunksMustBeConsecutive() {
        var png = PNGBuilder.small
        let data = png.chunks[1].data
        png.chunks[1...1] = [
            .init(type: "IDAT", data: Array(data.prefix(5))), .init(type: "tEXt", data: Array("a\u{0}b".utf8)),
            .init(type: "IDAT", data: Array(data.dropFirst(5))),
        ]
        #expect(throws: PNGError.chunkOutOfOrder("IDAT")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func anImageWithoutImageDataIsMissingIt() {
        var png = PNGBuilder.small
        png.chunks.remove(at: 1)
        #expect(throws: PNGError.missingChunk("IDAT")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func aPaletteImageWithoutPLTEIsMissingIt() {
        var png = Self.palette
        png.chunks.remove(at: png.index(of: "PLTE"))
        #expect(throws: PNGError.missingChunk("PLTE")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func unknownCriticalChunksAreRejectedAndAncillaryOnesSkipped() throws {
        var png = PNGBuilder.small
        png.chunks.insert(.init(type: "CgBI", data: [0x50, 0x00, 0x20, 0x06]), at: 1)  // Apple's "optimised" PNG
        #expect(throws: PNGError.unknownCriticalChunk("CgBI")) { try PNGImage(decoding: png.bytes) }
        png.chunks[1].type = "cgBI"
        #expect(try PNGImage(decoding: png.bytes) == (try PNGImage(decoding: PNGBuilder.small.bytes)))
    }

    @Test func aChunkTypeThatIsNotFourLettersIsShownInHex() {
        var png = PNGBuilder.small
        png.chunks.insert(.init(type: "a\u{1B}[m", data: []), at: 1)
        #expect(throws: PNGError.invalidChunkType("0x611B5B6D")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func headerFieldsOutsideTheFormatAreInvalid() {
        let headers: [[UInt8]] = [
            PNGBuilder.header(width: 4, height: 3, colorType: 1),
            PNGBuilder.header(width: 4, height: 3, colorType: 7),
            PNGBuilder.header(width: 4, height: 3, bitDepth: 4, colorType: 2),
            PNGBuilder.header(width: 4, height: 3, bitDepth: 16, colorType: 3),
            PNGBuilder.header(width: 4, height: 3, bitDepth: 0, colorType: 0),
            PNGBuilder.header(width: 4, height: 3, colorType: 0, compression: 1),
            PNGBuilder.header(width: 4, height: 3, colorType: 0, filter: 1),
            PNGBuilder.header(width: 4, height: 3, colorType: 0, interlace: 2),
            Array(PNGBuilder.header(width: 4, height: 3, colorType: 0).dropLast()),
            PNGBuilder.header(width: 4, height: 3, colorType: 0) + [0],
        ]
        for header in headers {
            var png = PNGBuilder.small
            png.chunks[0].data = header
            #expect(throws: PNGError.invalidHeader, "\(header)") { try PNGImage(decoding: png.bytes) }
        }
    }

    @Test func aMalformedPaletteIsBadPalette() {
        for data in [[], [1, 2, 3, 4], Array(repeating: 7, count: 257 * 3)] as [[UInt8]] {
            var png = Self.palette
            png.chunks[png.index(of: "PLTE")].data = data
            #expect(throws: PNGError.badPalette, "\(data.count) bytes") { try PNGImage(decoding: png.bytes) }
        }
        var grey = PNGBuilder.small
        grey.chunks.insert(.init(type: "PLTE", data: [1, 2, 3]), at: 1)
        #expect(throws: PNGError.badPalette) { try PNGImage(decoding: grey.bytes) }
    }

    @Test func aSuggestedPaletteInAnRGBImageIsAllowed() throws {
        let rows: [[UInt8]] = [[1, 2, 3, 4, 5, 6]]
        var png = PNGBuilder.image(width: 2, height: 1, colorType: 2, rows: rows)
        png.chunks.insert(.init(type: "PLTE", data: [9, 9, 9]), at: 1)
        #expect(try PNGImage(decoding: png.bytes).rgba == [1, 2, 3, 255, 4, 5, 6, 255])
    }

    @Test func paletteAndTransparencyOutOfPlaceAreOutOfOrder() {
        var png = Self.palette
        png.chunks.insert(.init(type: "tRNS", data: [0]), at: png.index(of: "PLTE"))
        #expect(throws: PNGError.chunkOutOfOrder("tRNS")) { try PNGImage(decoding: png.bytes) }
        png = Self.palette
        png.chunks.insert(png.chunks[png.index(of: "PLTE")], at: png.index(of: "IEND"))
        #expect(throws: PNGError.chunkOutOfOrder("PLTE")) { try PNGImage(decoding: png.bytes) }
        png = Self.palette
        png.chunks.insert(png.chunks[png.index(of: "PLTE")], at: png.index(of: "PLTE"))
        #expect(throws: PNGError.chunkOutOfOrder("PLTE")) { try PNGImage(decoding: png.bytes) }
        png = Self.palette
        png.chunks.insert(.init(type: "tRNS", data: [0]), at: png.index(of: "IEND"))
        #expect(throws: PNGError.chunkOutOfOrder("tRNS")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func transparencyThatDoesNotFitIsBadTransparency() {
        let cases: [(PNGBuilder, [UInt8])] = [
            (Self.palette, [1, 2, 3, 4, 5]),  // 5 alphas, 4 entries
            (PNGBuilder.small, [0]),  // grey: 2 bytes
            (PNGBuilder.image(width: 1, height: 1, colorType: 2, rows: [[1, 2, 3]]), [0, 1, 0, 2]),  // RGB: 6
            (PNGBuilder.image(width: 1, height: 1, colorType: 6, rows: [[1, 2, 3, 4]]), [0, 1]),  // has alpha
            (PNGBuilder.image(width: 1, height: 1, colorType: 4, rows: [[1, 2]]), [0, 1]),
        ]
        for (var png, transparency) in cases {
            png.chunks.insert(.init(type: "tRNS", data: transparency), at: png.index(of: "IDAT"))
            #expect(throws: PNGError.badTransparency) { try PNGImage(decoding: png.bytes) }
        }
    }

    @Test func colorKeysAndPaletteAlphasApply() throws {
        var grey = PNGBuilder.image(width: 3, height: 1, colorType: 0, rows: [[0, 5, 255]], transparency: [0, 5])
        #expect(try PNGImage(decoding: grey.bytes).rgba == [0, 0, 0, 255, 5, 5, 5, 0, 255, 255, 255, 255])
        grey.chunks[grey.index(of: "tRNS")].data = [1, 5]  // 261: above 8 bits, matches nothing
        #expect(try PNGImage(decoding: grey.bytes).rgba == [0, 0, 0, 255, 5, 5, 5, 255, 255, 255, 255, 255])
        let rgb = PNGBuilder.image(width: 2, height: 1, colorType: 2, rows: [[1, 2, 3, 1, 2, 4]], transparency: [0, 1, 0, 2, 0, 3])
        #expect(try PNGImage(decoding: rgb.bytes).rgba == [1, 2, 3, 0, 1, 2, 4, 255])
        var palette = Self.palette
        palette.chunks.insert(.init(type: "tRNS", data: [10, 20]), at: palette.index(of: "IDAT"))
        #expect(try PNGImage(decoding: palette.bytes).rgba == [0, 1, 2, 10, 3, 4, 5, 20, 6, 7, 8, 255, 9, 10, 11, 255])
    }
}
