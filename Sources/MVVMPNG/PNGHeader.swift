/// The `IHDR` chunk, checked: the image's size and the format of its pixels.
struct PNGHeader: Hashable {
    /// The colour types of the PNG format, each with its samples per pixel.
    enum ColorType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        /// Samples per pixel (a palette index is one sample).
        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths the PNG format allows for this colour type.
        var allowedBitDepths: Set<UInt8> {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    /// The width in pixels, 1 to 2³¹ − 1.
    let width: Int
    /// The height in pixels, 1 to 2³¹ − 1.
    let height: Int
    /// The pixel format; the bit depth is always 8 (others are rejected).
    let colorType: ColorType

    /// Reads the 13 bytes of an `IHDR` chunk's data.
    ///
    /// Invalid values are ``PNGError/invalidHeader``; valid ones this decoder does not read
    /// (bit depths other than 8, interlacing) are ``PNGError/unsupported(bitDepth:colorType:)``
    /// and ``PNGError/interlaced``.
    init(_ data: ArraySlice<UInt8>) throws(PNGError) {
        guard data.count == 13 else { throw .invalidHeader }
        let start = data.startIndex
        let width = data.bigEndianUInt32(at: start)
        let height = data.bigEndianUInt32(at: start + 4)
        let bitDepth = data[start + 8]
        let compression = data[start + 10], filter = data[start + 11], interlace = data[start + 12]
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height),
            let colorType = ColorType(rawValue: data[start + 9]), colorType.allowedBitDepths.contains(bitDepth),
            compression == 0, filter == 0, interlace <= 1,
            let intWidth = Int(exactly: width), let intHeight = Int(exactly: height)
        else { throw .invalidHeader }
        guard bitDepth == 8 else { throw .unsupported(bitDepth: Int(bitDepth), colorType: Int(colorType.rawValue)) }
        guard interlace == 0 else { throw .interlaced }
        self.width = intWidth
        self.height = intHeight
        self.colorType = colorType
    }

    /// The bytes of one row's pixels (without its filter-type byte), of all inflated rows
    /// (each with its filter-type byte), and of the RGBA output; nil if one overflows `Int`.
    var byteCounts: (row: Int, inflated: Int, rgba: Int)? {
        let (row, rowOverflow) = width.multipliedReportingOverflow(by: colorType.channels)
        let (stride, strideOverflow) = row.addingReportingOverflow(1)
        let (inflated, inflatedOverflow) = stride.multipliedReportingOverflow(by: height)
        let (pixels, pixelsOverflow) = width.multipliedReportingOverflow(by: height)
        let (rgba, rgbaOverflow) = pixels.multipliedReportingOverflow(by: 4)
        guard !(rowOverflow || strideOverflow || inflatedOverflow || pixelsOverflow || rgbaOverflow) else { return nil }
        return (row, inflated, rgba)
    }
}

extension ArraySlice<UInt8> {
    /// The big-endian `UInt32` at `index` (which the caller has checked is within bounds).
    func bigEndianUInt32(at index: Int) -> UInt32 {
        UInt32(self[index]) << 24 | UInt32(self[index + 1]) << 16 | UInt32(self[index + 2]) << 8 | UInt32(self[index + 3])
    }
}
