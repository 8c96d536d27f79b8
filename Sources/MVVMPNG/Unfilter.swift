/// PNG's scanline filters (filter method 0), reversed: each row starts with a filter-type byte
/// saying how its bytes were predicted from the bytes to the left and above.
enum Unfilter {
    /// Reverses the filters of `rows` in place.
    ///
    /// `rows` holds `height` rows of one filter-type byte and `rowBytes` filtered bytes
    /// (`height × (1 + rowBytes)` bytes, checked by the caller). Afterwards each row's bytes are
    /// the raw samples; the filter-type bytes are left as they were. A filter type above 4 is
    /// ``PNGError/badImageData``.
    ///
    /// - Parameters:
    ///   - rows: The inflated image data.
    ///   - rowBytes: The bytes of one row without its filter-type byte.
    ///   - height: The number of rows.
    ///   - bytesPerPixel: How far left the "left" byte is: the bytes of one pixel, 1 to 4.
    static func apply(_ rows: inout [UInt8], rowBytes: Int, height: Int, bytesPerPixel: Int) throws(PNGError) {
        let stride = rowBytes + 1
        for y in 0..<height {
            let start = y * stride + 1
            let above = start - stride  // the row above's first byte; used only when y > 0
            let bpp = bytesPerPixel
            switch rows[start - 1] {
            case 0:  // None
                break
            case 1:  // Sub: left
                for i in Swift.min(bpp, rowBytes)..<rowBytes {
                    rows[start + i] &+= rows[start + i - bpp]
                }
            case 2:  // Up: above (zero on the first row)
                guard y > 0 else { break }
                for i in 0..<rowBytes {
                    rows[start + i] &+= rows[above + i]
                }
            case 3:  // Average: floor((left + above) / 2)
                for i in 0..<rowBytes {
                    let left = i >= bpp ? Int(rows[start + i - bpp]) : 0
                    let up = y > 0 ? Int(rows[above + i]) : 0
                    rows[start + i] &+= UInt8((left + up) / 2)
                }
            case 4:  // Paeth: left, above or upper left, whichever is nearest left + above − upper left
                for i in 0..<rowBytes {
                    let left = i >= bpp ? rows[start + i - bpp] : 0
                    let up = y > 0 ? rows[above + i] : 0
                    let upperLeft = i >= bpp && y > 0 ? rows[above + i - bpp] : 0
                    rows[start + i] &+= paeth(left, up, upperLeft)
                }
            default:
                throw .badImageData
            }
        }
    }

    /// The Paeth predictor: of `a` (left), `b` (above) and `c` (upper left), the one nearest
    /// `a + b − c`, ties going to `a`, then `b`.
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
