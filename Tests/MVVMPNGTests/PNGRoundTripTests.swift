import MVVMPNG
import Testing

@Suite("Random images encoded by the tests' encoder decode to their pixels")
struct PNGRoundTripTests {
    /// One random image: its raw samples, how it is encoded, and the RGBA it must decode to.
    struct Case {
        var png: [UInt8]
        var width: Int
        var height: Int
        var rgba: [UInt8]
    }

    @Test func randomImagesRoundTrip() throws {
        var random = SplitMix64(seed: 0x504E_4727)
        for n in 0..<400 {
            let example = Self.randomCase(&random)
            let image = try PNGImage(decoding: example.png)
            #expect(image.width == example.width && image.height == example.height, "case \(n)")
            #expect(image.rgba == example.rgba, "case \(n)")
        }
    }

    /// A random image of 1 to 16 × 1 to 16 pixels, any supported colour type, random filters
    /// per row, a random zlib level, the stream cut into random IDAT chunks, and sometimes
    /// ancillary chunks and transparency.
    static func randomCase(_ random: inout SplitMix64) -> Case {
        let width = Int.random(in: 1...16, using: &random), height = Int.random(in: 1...16, using: &random)
        let colorType = [0, 2, 3, 4, 6].randomElement(using: &random)! as UInt8
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
        let paletteSize = Int.random(in: 1...256, using: &random)
        let palette = (0..<(paletteSize * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
        // Few distinct values, so filters see runs and colour keys match.
        let levels: [UInt8] = Bool.random(using: &random) ? [0, 1, 128, 254, 255] : Array(0...255)
        let rows = (0..<height).map { _ in
            (0..<(width * channels)).map { _ in
                colorType == 3 ? UInt8.random(in: 0...UInt8(paletteSize - 1), using: &random) : levels.randomElement(using: &random)!
            }
        }
        let filters = (0..<height).map { _ in UInt8.random(in: 0...4, using: &random) }

        var transparency: [UInt8]?
        if Bool.random(using: &random) {
            switch colorType {
            case 0: transparency = [0, rows[0][0]]
            case 2: transparency = [0, rows[0][0], 0, rows[0][1], 0, rows[0][2]]
            case 3: transparency = (0..<Int.random(in: 0...paletteSize, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            default: break
            }
        }
        let stream = Zlib.compress(Filters.apply(rows: rows, types: filters, bytesPerPixel: channels), level: Int32.random(in: 0...9, using: &random))
        var cuts = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...stream.count, using: &random) }.sorted()
        cuts = [0] + cuts + [stream.count]

        var chunks = [PNGBuilder.Chunk(type: "IHDR", data: PNGBuilder.header(width: UInt32(width), height: UInt32(height), colorType: colorType))]
        if Bool.random(using: &random) { chunks.append(.init(type: "tEXt", data: Array("Seed\u{0}random".utf8))) }
        if colorType == 3 { chunks.append(.init(type: "PLTE", data: palette)) }
        if let transparency { chunks.append(.init(type: "tRNS", data: transparency)) }
        chunks += zip(cuts, cuts.dropFirst()).map { PNGBuilder.Chunk(type: "IDAT", data: Array(stream[$0..<$1])) }
        if Bool.random(using: &random) { chunks.append(.init(type: "zzZz", data: [1, 2, 3])) }
        chunks.append(.init(type: "IEND", data: []))

        let rgba = rows.flatMap { row in
            (0..<width).flatMap { x in
                let s = Array(row[(x * channels)..<((x + 1) * channels)])
                return Self.rgba(s, colorType: colorType, palette: palette, transparency: transparency)
            }
        }
        return Case(png: PNGBuilder(chunks: chunks).bytes, width: width, height: height, rgba: rgba)
    }

    /// One pixel's samples as RGBA, as the PNG specification defines it for 8-bit images.
    static func rgba(_ s: [UInt8], colorType: UInt8, palette: [UInt8], transparency: [UInt8]?) -> [UInt8] {
        switch colorType {
        case 0: return [s[0], s[0], s[0], transparency == [0, s[0]] ? 0 : 255]
        case 2: return s + [transparency == [0, s[0], 0, s[1], 0, s[2]] ? 0 : 255]
        case 3:
            let i = Int(s[0])
            let alpha = transparency.flatMap { i < $0.count ? $0[i] : nil } ?? 255
            return Array(palette[(3 * i)..<(3 * i + 3)]) + [alpha]
        case 4: return [s[0], s[0], s[0], s[1]]
        default: return s
        }
    }
}
