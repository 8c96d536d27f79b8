import MVVMPNG
import Testing

@Suite("Hostile and damaged PNG data fails with the exact error")
struct PNGHostileInputTests {
    @Test func otherFilesAreNotPNG() {
        var png = PNGBuilder.small.bytes
        png[1] = UInt8(ascii: "J")
        #expect(throws: PNGError.notPNG) { try PNGImage(decoding: png) }
        #expect(throws: PNGError.notPNG) { try PNGImage(decoding: Array("GIF89a".utf8)) }
        #expect(throws: PNGError.notPNG) { try PNGImage(decoding: [0xFF, 0xD8, 0xFF, 0xE0]) }  // JPEG
        #expect(throws: PNGError.notPNG) { try PNGImage(decoding: [0x89, 0x51]) }
        #expect(throws: PNGError.truncated) { try PNGImage(decoding: [0x89, 0x50]) }  // so far a PNG
    }

    @Test func emptyDataIsTruncated() {
        #expect(throws: PNGError.truncated) { try PNGImage(decoding: [UInt8]()) }
    }

    @Test func everyPrefixOfAValidFileIsTruncated() throws {
        for name in ["grey", "palette-trns", "idat-split", "ancillary"] {
            let png = try Fixtures.bytes("\(name).png")
            for length in 0..<png.count {
                #expect(throws: PNGError.truncated, "\(name).png cut to \(length) bytes") {
                    try PNGImage(decoding: png.prefix(length))
                }
            }
        }
    }

    @Test func withoutIENDAFileIsTruncated() {
        var png = PNGBuilder.small
        png.chunks.removeLast()
        #expect(throws: PNGError.truncated) { try PNGImage(decoding: png.bytes) }
    }

    @Test func aWrongCRCNamesItsChunk() {
        for type in ["IHDR", "IDAT", "IEND"] {
            var png = PNGBuilder.small
            png.chunks[png.index(of: type)].crc = 0x1234_5678
            #expect(throws: PNGError.badCRC(chunk: type)) { try PNGImage(decoding: png.bytes) }
        }
        var png = PNGBuilder.small
        png.chunks.insert(.init(type: "tEXt", data: Array("Title\u{0}x".utf8), crc: 0), at: 1)
        #expect(throws: PNGError.badCRC(chunk: "tEXt")) { try PNGImage(decoding: png.bytes) }
    }

    @Test func everyOneBitChangeIsDetected() throws {
        let png = try Fixtures.bytes("palette-trns.png")
        for index in png.indices {
            for bit in 0..<8 {
                var damaged = png
                damaged[index] ^= 1 << bit
                #expect(throws: PNGError.self, "byte \(index), bit \(bit)") { try PNGImage(decoding: damaged) }
            }
        }
    }

    @Test func aHugeHeaderFailsBeforeAnyAllocation() {
        var png = PNGBuilder.small
        png.chunks[0].data = PNGBuilder.header(width: 100_000, height: 100_000, colorType: 6)
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000)) { try PNGImage(decoding: png.bytes) }
        // The largest size PNG allows, with no limits at all: the byte counts would overflow.
        png.chunks[0].data = PNGBuilder.header(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, colorType: 6)
        let none = PNGImage.Limits(maximumWidth: .max, maximumHeight: .max, maximumPixelCount: .max)
        #expect(throws: PNGError.tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)) {
            try PNGImage(decoding: png.bytes, limits: none)
        }
    }

    @Test func aZeroOrOversizedDimensionIsAnInvalidHeader() {
        for (width, height) in [(0, 1), (1, 0), (0, 0), (0x8000_0000, 1), (1, 0xFFFF_FFFF)] as [(UInt32, UInt32)] {
            var png = PNGBuilder.small
            png.chunks[0].data = PNGBuilder.header(width: width, height: height, colorType: 0)
            #expect(throws: PNGError.invalidHeader, "\(width) × \(height)") { try PNGImage(decoding: png.bytes) }
        }
    }

    @Test func aDecompressionBombStopsAtTheFirstExtraByte() {
        // A 16 × 16 grey image needs 16 × 17 = 272 bytes; this IDAT is a valid zlib stream of
        // 100 MiB of zeros (about 100 KB). The decoder stops one byte after 272.
        let bomb = Zlib.zeros(mebibytes: 100)
        #expect(bomb.count < 200_000)
        var png = PNGBuilder.image(width: 16, height: 16, colorType: 0, rows: Array(repeating: Array(repeating: 0, count: 16), count: 16))
        png.chunks[png.index(of: "IDAT")].data = bomb
        #expect(throws: PNGError.imageDataTooLong) { try PNGImage(decoding: png.bytes) }
        // The same, cut into many IDAT chunks.
        png.chunks[png.index(of: "IDAT")...png.index(of: "IDAT")] = stride(from: 0, to: bomb.count, by: 4096).map {
            .init(type: "IDAT", data: Array(bomb[$0..<min($0 + 4096, bomb.count)]))
        }[...]
        #expect(throws: PNGError.imageDataTooLong) { try PNGImage(decoding: png.bytes) }
    }

    @Test func theBombIsAValidStreamOf100MiB() {
        #expect(Zlib.inflatedCount(Zlib.zeros(mebibytes: 100)) == 100 << 20)
    }

    @Test func oneRowTooManyIsTooLong() {
        let rows = Array(repeating: [UInt8](repeating: 7, count: 4), count: 4)
        var png = PNGBuilder.small  // 4 × 3
        png.chunks[png.index(of: "IDAT")].data = Zlib.compress(Filters.apply(rows: rows, types: [0, 0, 0, 0], bytesPerPixel: 1))
        #expect(throws: PNGError.imageDataTooLong) { try PNGImage(decoding: png.bytes) }
    }

    @Test func tooLittleImageDataIsTooShort() {
        let rows = Array(repeating: [UInt8](repeating: 7, count: 4), count: 2)
        var png = PNGBuilder.small  // 4 × 3: 15 bytes, here 10
        png.chunks[png.index(of: "IDAT")].data = Zlib.compress(Filters.apply(rows: rows, types: [0, 0], bytesPerPixel: 1))
        #expect(throws: PNGError.imageDataTooShort) { try PNGImage(decoding: png.bytes) }
        // Every byte there, but the zlib stream cut before its checksum.
        png.chunks[png.index(of: "IDAT")] = PNGBuilder.small.chunks[1]
        png.chunks[1].data.removeLast(4)
        #expect(throws: PNGError.imageDataTooShort) { try PNGImage(decoding: png.bytes) }
        // An empty IDAT chunk, and only that.
        png.chunks[1].data = []
        #expect(throws: PNGError.imageDataTooShort) { try PNGImage(decoding: png.bytes) }
    }

    @Test func aFilterTypeAbove4IsBadImageData() {
        let rows = (0..<3).map { y in (0..<4).map { UInt8(y * 4 + $0) } }
        for type: UInt8 in [5, 0xFF] {
            let png = PNGBuilder.image(width: 4, height: 3, colorType: 0, rows: rows, filters: [0, type, 0])
            #expect(throws: PNGError.badImageData, "filter \(type)") { try PNGImage(decoding: png.bytes) }
        }
    }

    @Test func aDamagedZlibStreamIsBadImageData() {
        let good = PNGBuilder.small.chunks[1].data
        let cases: [(String, [UInt8])] = [
            ("wrong Adler-32", good.dropLast() + [good.last! ^ 1]),
            ("bytes after the stream's end", good + [0]),
            ("a preset dictionary (FDICT)", [0x78, 0xBB] + good.dropFirst(2)),
            ("not deflate (method 15)", [0x7F, 0x07] + good.dropFirst(2)),
            ("a wrong header check", [0x78, 0x9D] + good.dropFirst(2)),
            ("an invalid block type", [0x78, 0x9C, 0x07, 0x00]),
            ("a stored block whose length check is wrong", [0x78, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00]),
        ]
        for (what, data) in cases {
            var png = PNGBuilder.small
            png.chunks[1].data = data
            #expect(throws: PNGError.badImageData, "\(what)") { try PNGImage(decoding: png.bytes) }
        }
    }

    @Test func aPaletteIndexPastThePaletteIsBadPalette() {
        let png = PNGBuilder.image(width: 2, height: 2, colorType: 3, rows: [[0, 1], [2, 3]], palette: [UInt8](repeating: 9, count: 9))
        #expect(throws: PNGError.badPalette) { try PNGImage(decoding: png.bytes) }
    }

    @Test func otherBitDepthsAndInterlacingAreUnsupported() {
        for (depth, colorType) in [(16, 2), (16, 6), (16, 0), (1, 0), (4, 3), (2, 3)] as [(UInt8, UInt8)] {
            var png = PNGBuilder.small
            png.chunks[0].data = PNGBuilder.header(width: 4, height: 3, bitDepth: depth, colorType: colorType)
            #expect(throws: PNGError.unsupported(bitDepth: Int(depth), colorType: Int(colorType))) {
                try PNGImage(decoding: png.bytes)
            }
        }
        var png = PNGBuilder.small
        png.chunks[0].data = PNGBuilder.header(width: 4, height: 3, colorType: 0, interlace: 1)
        #expect(throws: PNGError.interlaced) { try PNGImage(decoding: png.bytes) }
    }
}
