extension PNGImage {
    /// Decodes a PNG file into 8-bit RGBA pixels.
    ///
    /// Reads 8-bit grey, grey + alpha, RGB, RGBA and palette images (with `tRNS`
    /// transparency), not interlaced, with any of the five row filters and the image data in
    /// any number of `IDAT` chunks. Ancillary chunks (text, gamma, colour profiles…) are
    /// skipped, their checksums checked; bytes after `IEND` are ignored. Grey becomes
    /// `(g, g, g)`; an image without alpha is opaque (alpha 255).
    ///
    /// Made for untrusted files: the header's size is checked against `limits` before
    /// anything is allocated for the image, the image data is decompressed into a buffer of
    /// exactly the size the header gives and decoding stops as soon as the data would be
    /// longer, and every chunk's CRC is checked. Anything else fails with a ``PNGError``;
    /// nothing traps.
    ///
    /// - Parameters:
    ///   - png: The bytes of the file, from its signature on: `Data`, `[UInt8]`, a slice…
    ///     They are copied once.
    ///   - limits: The largest image to accept; ``Limits/default`` is 4096 × 4096.
    /// - Throws: ``PNGError``, saying what is wrong with the file.
    public init(decoding png: some Collection<UInt8>, limits: Limits = .default) throws(PNGError) {
        let bytes = Array(png)
        let file = try PNGFile(bytes[...], limits: limits)
        let header = file.header
        // PNGFile has checked these do not overflow (or thrown tooLarge).
        guard let counts = header.byteCounts else { throw .tooLarge(width: header.width, height: header.height) }
        var rows = try Inflater.decompress(file.imageData, size: counts.inflated)
        try Unfilter.apply(&rows, rowBytes: counts.row, height: header.height, bytesPerPixel: header.colorType.channels)
        let rgba = try PixelConversion.rgba(
            rows, header: header, palette: file.palette, transparency: file.transparency, byteCount: counts.rgba)
        self.init(width: header.width, height: header.height, rgba: rgba)
    }
}
