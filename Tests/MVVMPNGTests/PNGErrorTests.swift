import MVVMPNG
import Testing

@Suite("PNGError descriptions")
struct PNGErrorTests {
    static let all: [PNGError] = [
        .notPNG, .truncated, .badCRC(chunk: "IDAT"), .invalidChunkType("0x00FF1B41"), .missingChunk("PLTE"),
        .chunkOutOfOrder("IHDR"), .unknownCriticalChunk("CgBI"), .invalidHeader, .unsupported(bitDepth: 16, colorType: 6),
        .interlaced, .tooLarge(width: 100_000, height: 3), .badPalette, .badTransparency, .imageDataTooLong,
        .imageDataTooShort, .badImageData,
    ]

    @Test func everyErrorHasADistinctSentence() {
        let descriptions = Self.all.map(\.description)
        #expect(Set(descriptions).count == Self.all.count)
        for description in descriptions {
            #expect(description.hasSuffix("."), "\(description)")
            #expect(description.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }, "\(description)")
        }
    }

    @Test func descriptionsNameTheChunkAndTheSizes() {
        #expect(PNGError.badCRC(chunk: "IDAT").description.contains("IDAT"))
        #expect(PNGError.invalidChunkType("0x00FF1B41").description.contains("0x00FF1B41"))
        #expect(PNGError.tooLarge(width: 100_000, height: 3).description.contains("100000 × 3"))
        #expect(PNGError.unsupported(bitDepth: 16, colorType: 6).description.contains("bit depth 16"))
    }

    @Test func aChunkNameThatIsNeitherLettersNorHexIsNotRepeated() {
        // Only the decoder's own names are shown; one made by hand with control characters is not.
        for name in ["\u{1B}[2J", "IDA", "IDATX", "0xZZZZZZZZ", "ID\u{0}T", "ÎDAT"] {
            let description = PNGError.badCRC(chunk: name).description
            #expect(!description.contains(name), "\(description)")
            #expect(description.contains("(unnamed)"))
        }
    }

    @Test func aDamagedChunkTypeIsReportedInHexNotAsItsBytes() {
        var png = PNGBuilder.small
        png.chunks.insert(.init(type: "\u{1B}[2J", data: []), at: 1)
        do {
            _ = try PNGImage(decoding: png.bytes)
            Issue.record("decoded")
        } catch {
            #expect(error == .invalidChunkType("0x1B5B324A"))
            #expect(!error.description.contains("\u{1B}"))
        }
    }
}
