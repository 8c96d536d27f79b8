/// A PNG file's chunks, in an order the format allows: the header, the palette and
/// transparency if any, and the compressed image data (slices of the file, not copies).
struct PNGFile {
    /// The `IHDR` chunk, within the limits.
    let header: PNGHeader
    /// The `PLTE` chunk's data: red, green, blue for each entry (1 to 256 entries); nil
    /// without one.
    let palette: ArraySlice<UInt8>?
    /// The `tRNS` chunk's data, its length checked for the colour type; nil without one.
    let transparency: ArraySlice<UInt8>?
    /// The `IDAT` chunks' data, in order: one zlib stream.
    let imageData: [ArraySlice<UInt8>]

    /// Reads the chunks of `bytes` up to `IEND`, checking the header against `limits` before
    /// anything is allocated for the image. Ancillary chunks are skipped; bytes after `IEND`
    /// are ignored.
    init(_ bytes: ArraySlice<UInt8>, limits: PNGImage.Limits) throws(PNGError) {
        var reader = try PNGChunkReader(bytes)
        let first = try reader.next()
        guard first.type == PNGChunk.header else { throw .chunkOutOfOrder(first.name) }
        let header = try PNGHeader(first.data)
        guard limits.allow(width: header.width, height: header.height), header.byteCounts != nil else {
            throw .tooLarge(width: header.width, height: header.height)
        }

        var palette: ArraySlice<UInt8>?
        var transparency: ArraySlice<UInt8>?
        var imageData: [ArraySlice<UInt8>] = []
        var imageDataEnded = false
        while true {
            let chunk = try reader.next()
            if chunk.type != PNGChunk.imageData, !imageData.isEmpty { imageDataEnded = true }
            switch chunk.type {
            case PNGChunk.header:
                throw .chunkOutOfOrder(chunk.name)
            case PNGChunk.palette:
                guard palette == nil, transparency == nil, imageData.isEmpty else { throw .chunkOutOfOrder(chunk.name) }
                try Self.check(palette: chunk.data, for: header.colorType)
                palette = chunk.data
            case PNGChunk.transparency:
                guard transparency == nil, imageData.isEmpty, header.colorType != .palette || palette != nil else {
                    throw .chunkOutOfOrder(chunk.name)
                }
                try Self.check(transparency: chunk.data, for: header.colorType, paletteBytes: palette?.count ?? 0)
                transparency = chunk.data
            case PNGChunk.imageData:
                guard !imageDataEnded else { throw .chunkOutOfOrder(chunk.name) }
                if header.colorType == .palette, palette == nil { throw .missingChunk("PLTE") }
                imageData.append(chunk.data)
            case PNGChunk.end:
                // An IDAT chunk may be empty: what counts is that there was one.
                guard !imageData.isEmpty else { throw .missingChunk("IDAT") }
                self.header = header
                self.palette = palette
                self.transparency = transparency
                self.imageData = imageData
                return
            default:
                // A critical chunk of another PNG version or extension cannot be skipped.
                if chunk.isCritical { throw .unknownCriticalChunk(chunk.name) }
            }
        }
    }

    /// Throws ``PNGError/badPalette`` unless `data` is 1 to 256 RGB entries in an image that
    /// may have a palette (not grey ones).
    private static func check(palette data: ArraySlice<UInt8>, for colorType: PNGHeader.ColorType) throws(PNGError) {
        guard colorType != .grey, colorType != .greyAlpha, data.count % 3 == 0, (3...768).contains(data.count) else {
            throw .badPalette
        }
    }

    /// Throws ``PNGError/badTransparency`` unless `data` fits the colour type: a grey value
    /// (2 bytes), an RGB colour (6 bytes), or at most one alpha per palette entry.
    private static func check(transparency data: ArraySlice<UInt8>, for colorType: PNGHeader.ColorType, paletteBytes: Int) throws(PNGError) {
        let fits = switch colorType {
        case .grey: data.count == 2
        case .rgb: data.count == 6
        case .palette: data.count <= paletteBytes / 3
        case .greyAlpha, .rgba: false
        }
        guard fits else { throw .badTransparency }
    }
}
