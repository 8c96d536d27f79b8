/// 8-bit samples of any supported colour type, as RGBA.
enum PixelConversion {
    /// The RGBA bytes of unfiltered `rows` (each a filter-type byte and `width × channels`
    /// samples), `width × height × 4` of them.
    ///
    /// A palette index with no entry is ``PNGError/badPalette``. With `transparency`, a grey or
    /// RGB pixel of exactly that colour gets alpha 0 (the colour is given as 16-bit samples, so
    /// a value above 255 matches nothing), and palette entries get their alpha (255 for those
    /// past its end).
    ///
    /// - Parameters:
    ///   - rows: The unfiltered image data.
    ///   - header: The image's size and colour type.
    ///   - palette: The `PLTE` chunk's data, needed for palette images.
    ///   - transparency: The `tRNS` chunk's data, checked against the colour type.
    ///   - byteCount: The size of the result, `width × height × 4` (checked for overflow).
    static func rgba(
        _ rows: [UInt8], header: PNGHeader, palette: ArraySlice<UInt8>?, transparency: ArraySlice<UInt8>?, byteCount: Int
    ) throws(PNGError) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: byteCount)
        let channels = header.colorType.channels
        let stride = header.width * channels + 1
        let table = try header.colorType == .palette ? Self.paletteTable(palette, transparency) : []
        let key = Self.colorKey(transparency, for: header.colorType)
        var out = 0
        for y in 0..<header.height {
            var i = y * stride + 1
            for _ in 0..<header.width {
                switch header.colorType {
                case .grey:
                    rgba[out] = rows[i]; rgba[out + 1] = rows[i]; rgba[out + 2] = rows[i]
                    if let key, key.red == rows[i] { rgba[out + 3] = 0 }
                case .rgb:
                    rgba[out] = rows[i]; rgba[out + 1] = rows[i + 1]; rgba[out + 2] = rows[i + 2]
                    if let key, key == (rows[i], rows[i + 1], rows[i + 2]) { rgba[out + 3] = 0 }
                case .palette:
                    let entry = Int(rows[i]) * 4
                    guard entry < table.count else { throw .badPalette }
                    for c in 0..<4 { rgba[out + c] = table[entry + c] }
                case .greyAlpha:
                    rgba[out] = rows[i]; rgba[out + 1] = rows[i]; rgba[out + 2] = rows[i]; rgba[out + 3] = rows[i + 1]
                case .rgba:
                    for c in 0..<4 { rgba[out + c] = rows[i + c] }
                }
                i += channels
                out += 4
            }
        }
        return rgba
    }

    /// The palette as RGBA, 4 bytes per entry: `PLTE`'s colours with `tRNS`'s alphas.
    private static func paletteTable(_ palette: ArraySlice<UInt8>?, _ transparency: ArraySlice<UInt8>?) throws(PNGError) -> [UInt8] {
        // PNGFile has checked there is a palette (1 to 256 entries) and at most one alpha each.
        guard let palette else { throw .badPalette }
        let alphas = Array(transparency ?? [])
        var table: [UInt8] = []
        table.reserveCapacity(palette.count / 3 * 4)
        for (n, entry) in stride(from: palette.startIndex, to: palette.endIndex, by: 3).enumerated() {
            table += [palette[entry], palette[entry + 1], palette[entry + 2], n < alphas.count ? alphas[n] : 255]
        }
        return table
    }

    /// The `tRNS` colour key of a grey or RGB image (grey's one sample in `red`); nil without
    /// one, or when a sample is above 255, which no 8-bit pixel matches.
    private static func colorKey(
        _ data: ArraySlice<UInt8>?, for colorType: PNGHeader.ColorType
    ) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        guard let data, colorType == .grey || colorType == .rgb else { return nil }
        // Big-endian 16-bit samples; PNGFile has checked there are 1 (grey) or 3 (RGB).
        let samples = stride(from: data.startIndex, to: data.endIndex - 1, by: 2).map { UInt16(data[$0]) << 8 | UInt16(data[$0 + 1]) }
        guard samples.allSatisfy({ $0 <= 255 }) else { return nil }
        let bytes = samples.map { UInt8($0) }
        return colorType == .grey ? (bytes[0], bytes[0], bytes[0]) : (bytes[0], bytes[1], bytes[2])
    }
}
