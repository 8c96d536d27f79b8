extension PNGImage {
    /// The largest image ``PNGImage/init(decoding:limits:)`` accepts.
    ///
    /// The decoder reads the width and height from the header and checks them against these
    /// limits before it allocates anything for the image, so a hostile file that claims to be
    /// 100,000 × 100,000 pixels fails at once with ``PNGError/tooLarge(width:height:)``. A
    /// decode needs up to 8 bytes per pixel (the inflated rows, 1 to 4 bytes a pixel, then the
    /// 4 bytes of RGBA), besides a copy of the file: 128 MiB at the default
    /// ``maximumPixelCount``.
    ///
    /// Choose limits that fit what the image is for: an avatar needs far less than a photo.
    /// A limit below zero accepts no image.
    public struct Limits: Sendable, Hashable {
        /// The widest image accepted, in pixels. Default: 4096.
        public var maximumWidth: Int
        /// The tallest image accepted, in pixels. Default: 4096.
        public var maximumHeight: Int
        /// The most pixels (width × height) accepted. Default: 16 Mi (4096 × 4096).
        public var maximumPixelCount: Int

        /// Limits on the width, the height and the number of pixels.
        ///
        /// - Parameters:
        ///   - maximumWidth: The widest image accepted, in pixels.
        ///   - maximumHeight: The tallest image accepted, in pixels.
        ///   - maximumPixelCount: The most pixels (width × height) accepted.
        public init(maximumWidth: Int = 4096, maximumHeight: Int = 4096, maximumPixelCount: Int = 4096 * 4096) {
            self.maximumWidth = maximumWidth
            self.maximumHeight = maximumHeight
            self.maximumPixelCount = maximumPixelCount
        }

        /// 4096 × 4096 pixels at most: enough for any picture a screen shows, up to 128 MiB to
        /// decode.
        public static let `default` = Limits()

        /// Whether an image of `width × height` pixels is within these limits.
        func allow(width: Int, height: Int) -> Bool {
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            return width <= maximumWidth && height <= maximumHeight && !overflow && pixels <= maximumPixelCount
        }
    }
}
