import Foundation
import MVVMPNG
import Testing

@Suite("PNG fixtures decode to the pixels they were made from")
struct PNGFixtureTests {
    @Test("Each fixture decodes to its .rgba file", arguments: Fixtures.names)
    func decodesToTheExpectedPixels(name: String) throws {
        let entry = try #require(try Fixtures.manifest().first { $0.name == name })
        let image = try PNGImage(decoding: Fixtures.bytes("\(name).png"))
        #expect(image.width == entry.width)
        #expect(image.height == entry.height)
        #expect(image.rgba == (try Fixtures.bytes("\(name).rgba")), "\(entry.description)")
    }

    @Test func everyFixtureIsInTheManifest() throws {
        let manifest = try Fixtures.manifest()
        #expect(manifest.count >= 20)
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path).filter { !$0.hasPrefix(".") }
        let expected = manifest.flatMap { ["\($0.name).png", "\($0.name).rgba"] } + ["manifest.json"]
        #expect(Set(files) == Set(expected))
    }

    @Test func theFixturesUseEveryColorTypeAndFilter() throws {
        // IHDR's colour type, and every row's filter type, of every fixture (read here with zlib
        // through the tests' own chunk walk, not the decoder).
        var colorTypes: Set<UInt8> = []
        var filters: Set<UInt8> = []
        for name in Fixtures.names {
            let chunks = ChunkWalk.chunks(of: try Fixtures.bytes("\(name).png"))
            let header = try #require(chunks.first { $0.type == "IHDR" }).data
            colorTypes.insert(header[9])
            let entry = try #require(try Fixtures.manifest().first { $0.name == name })
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(header[9])]!
            let raw = Zlib.decompress(chunks.filter { $0.type == "IDAT" }.flatMap(\.data))
            let rowStride = entry.width * channels + 1
            filters.formUnion(stride(from: 0, to: raw.count, by: rowStride).map { raw[$0] })
        }
        #expect(colorTypes == [0, 2, 3, 4, 6])
        #expect(filters == [0, 1, 2, 3, 4])
    }

    @Test func dataArraysAndSlicesDecodeAlike() throws {
        let bytes = try Fixtures.bytes("palette-trns.png")
        let fromArray = try PNGImage(decoding: bytes)
        #expect(try PNGImage(decoding: Data(bytes)) == fromArray)
        #expect(try PNGImage(decoding: ([0xFF] + bytes + [0xFF])[1...bytes.count]) == fromArray)
        #expect(try PNGImage(decoding: Data([0xFF] + bytes).dropFirst()) == fromArray)
    }

    @Test func bytesAfterIENDAreIgnored() throws {
        let bytes = try Fixtures.bytes("rgb.png")
        #expect(try PNGImage(decoding: bytes + Array("trailing garbage".utf8)) == (try PNGImage(decoding: bytes)))
    }

    @Test func anImageAtTheLimitsDecodes() throws {
        let bytes = try Fixtures.bytes("rgb.png")  // 12 × 10
        let image = try PNGImage(decoding: bytes, limits: .init(maximumWidth: 12, maximumHeight: 10, maximumPixelCount: 120))
        #expect(image.width == 12 && image.height == 10)
        #expect(throws: PNGError.tooLarge(width: 12, height: 10)) {
            try PNGImage(decoding: bytes, limits: .init(maximumWidth: 11))
        }
        #expect(throws: PNGError.tooLarge(width: 12, height: 10)) {
            try PNGImage(decoding: bytes, limits: .init(maximumHeight: 9))
        }
        #expect(throws: PNGError.tooLarge(width: 12, height: 10)) {
            try PNGImage(decoding: bytes, limits: .init(maximumPixelCount: 119))
        }
        #expect(throws: PNGError.tooLarge(width: 12, height: 10)) {
            try PNGImage(decoding: bytes, limits: .init(maximumWidth: -1))
        }
    }

    @Test func theDefaultLimitsAre4096Square() {
        #expect(PNGImage.Limits.default == PNGImage.Limits(maximumWidth: 4096, maximumHeight: 4096, maximumPixelCount: 16 << 20))
    }
}

/// The tests' own reading of a PNG's chunks (no checks): type and data of each.
enum ChunkWalk {
    static func chunks(of bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(type: String, data: [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append((type, Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }
}
