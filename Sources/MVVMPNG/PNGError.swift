/// Why ``PNGImage/init(decoding:limits:)`` did not decode an image.
///
/// Every case is about the file, never about the machine: the same bytes always fail the same
/// way. ``description`` says what is wrong in words a user can act on; chunk types are shown as
/// their four letters, or as `0x` and eight hex digits when they are not letters (the file's
/// bytes are never printed as text).
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data does not start with the 8-byte PNG signature: it is another kind of file.
    case notPNG
    /// The data ends before the `IEND` chunk: the file was cut short (an interrupted download
    /// or copy). Empty data is truncated too.
    case truncated
    /// A chunk's checksum does not match its contents: the file was damaged.
    ///
    /// `chunk` is the chunk's type (see ``PNGError``).
    case badCRC(chunk: String)
    /// A chunk's type is not four ASCII letters, so it is no PNG chunk at all: the file is
    /// damaged. The associated value is the type in hex, `0x` and eight digits.
    case invalidChunkType(String)
    /// A chunk the image needs is not there: `IHDR` first, at least one `IDAT`, and `PLTE` in a
    /// palette image.
    case missingChunk(String)
    /// A chunk is where the PNG format does not allow it: something before `IHDR`, a second
    /// `IHDR`, `PLTE` or `tRNS`, `PLTE` or `tRNS` after the image data, `tRNS` before `PLTE`,
    /// or `IDAT` chunks that are not one after the other.
    case chunkOutOfOrder(String)
    /// A chunk that the PNG format says a decoder must understand (its type starts with an
    /// uppercase letter) is one this decoder does not know, so the image cannot be shown
    /// faithfully. Ancillary chunks (lowercase first letter) are skipped instead.
    case unknownCriticalChunk(String)
    /// The `IHDR` chunk is malformed: not 13 bytes, a width or height of 0 or above
    /// 2³¹ − 1, an unknown compression, filter or interlace method, or a bit depth the colour
    /// type does not allow.
    case invalidHeader
    /// A valid PNG this decoder does not read: only bit depth 8 is supported (1, 2, 4 and 16
    /// are not). Convert the image to 8 bits per sample.
    case unsupported(bitDepth: Int, colorType: Int)
    /// An interlaced (Adam7) PNG, which this decoder does not read. Save the image again
    /// without interlacing.
    case interlaced
    /// The image is larger than the ``PNGImage/Limits`` allow; nothing was allocated for it.
    case tooLarge(width: Int, height: Int)
    /// The palette is unusable: `PLTE` is empty, has more than 256 entries or a length that is
    /// not a multiple of 3, appears in a grey image, or a pixel names an entry it does not have.
    case badPalette
    /// The `tRNS` chunk does not fit the image: longer than the palette, not 2 bytes (grey) or
    /// 6 bytes (RGB), or present in an image that has an alpha channel already.
    case badTransparency
    /// The compressed image data holds more than the header's size needs (a "decompression
    /// bomb", or a damaged file); decoding stopped as soon as the excess appeared.
    case imageDataTooLong
    /// The compressed image data ends before the image is complete.
    case imageDataTooShort
    /// The image data is damaged: the compressed stream is invalid, or a row names a filter
    /// type other than 0 to 4.
    case badImageData

    /// What is wrong, and what to do about it, in a sentence.
    public var description: String {
        switch self {
        case .notPNG:
            "The data is not a PNG image: it does not start with the PNG signature."
        case .truncated:
            "The PNG data ends too early (the file is cut short); get the whole file again."
        case .badCRC(let chunk):
            "The PNG file is damaged: the checksum of its \(Self.shown(chunk)) chunk is wrong."
        case .invalidChunkType(let type):
            "The PNG file is damaged: it has a chunk whose type \(Self.shown(type)) is not four letters."
        case .missingChunk(let chunk):
            "The PNG file has no \(Self.shown(chunk)) chunk, which the image needs."
        case .chunkOutOfOrder(let chunk):
            "The PNG file is malformed: its \(Self.shown(chunk)) chunk is in a place the format does not allow."
        case .unknownCriticalChunk(let chunk):
            "The PNG file needs the \(Self.shown(chunk)) chunk, which this decoder does not know."
        case .invalidHeader:
            "The PNG file's header (IHDR) is malformed: size, bit depth or method values are invalid."
        case .unsupported(let bitDepth, let colorType):
            "PNG images of bit depth \(bitDepth) (colour type \(colorType)) are not supported; save it with 8 bits per sample."
        case .interlaced:
            "Interlaced PNG images are not supported; save it without interlacing."
        case .tooLarge(let width, let height):
            "The PNG image is too large to decode here (\(width) × \(height) pixels)."
        case .badPalette:
            "The PNG file's palette is malformed, or a pixel uses a colour the palette does not have."
        case .badTransparency:
            "The PNG file's transparency (tRNS) chunk does not fit its colour type or palette."
        case .imageDataTooLong:
            "The PNG file holds more image data than its size needs; it is damaged or hostile."
        case .imageDataTooShort:
            "The PNG file's image data ends before the image is complete; the file is damaged."
        case .badImageData:
            "The PNG file's image data is damaged (invalid compressed data or row filter)."
        }
    }

    /// `chunk` as shown in a description: four ASCII letters as they are, or the decoder's own
    /// hex form; anything else (an error made by hand) is not repeated.
    private static func shown(_ chunk: String) -> String {
        let bytes = Array(chunk.utf8)
        let letters = bytes.count == 4 && bytes.allSatisfy(\.isASCIILetter)
        let hex = bytes.count == 10 && chunk.hasPrefix("0x") && bytes.dropFirst(2).allSatisfy(\.isASCIIHexDigit)
        return letters || hex ? chunk : "(unnamed)"
    }
}

extension PNGError {
    /// The name a chunk type is reported by: its four letters, or `0x` and eight hex digits.
    static func chunkName(_ type: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: type >> (24 - 8 * $0)) }
        if bytes.allSatisfy(\.isASCIILetter) {
            return String(decoding: bytes, as: UTF8.self)
        }
        let digits = String(type, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

extension UInt8 {
    /// `A`–`Z` or `a`–`z`.
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}

extension UInt8 {
    /// `0`–`9`, `A`–`F` or `a`–`f`.
    fileprivate var isASCIIHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
