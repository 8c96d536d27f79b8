// Fuzz target `png-decoder`: MVVMPNG's PNGImage(decoding:limits:) on hostile files.
//
// The input is a PNG file (or anything). It is decoded twice: as it is, and with every whole
// chunk's CRC rewritten to match its contents, so that mutations inside chunks reach the
// header checks, the chunk order rules, inflate, the row filters and the pixel conversion
// instead of stopping at `badCRC`. Limits are small (512 × 512, 256 Ki pixels), so a decode
// stays fast. Properties:
// - decoding never traps, whatever the bytes (zlib runs under AddressSanitizer too);
// - a decoded image is within the limits, at least 1 × 1, and has exactly width × height × 4
//   RGBA bytes;
// - a file that decodes as it is decodes the same after its CRCs are rewritten (they were
//   right already);
// - the same bytes in a slice that does not start at index 0 decode the same (or fail the same);
// - an error's description is one line of printable text (chunk types from the file are shown
//   as letters or hex, never as raw bytes).
import CZlib

private let limits = PNGImage.Limits(maximumWidth: 512, maximumHeight: 512, maximumPixelCount: 512 * 512)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let asIs = decode(bytes)
    let offset = decode(([0x00] + bytes)[1...])
    invariant(asIs == offset, "a slice decoded differently: \(asIs) vs \(offset)")
    let fixed = decode(withCRCsRewritten(bytes))
    if case .success = asIs {
        invariant(fixed == asIs, "rewriting correct CRCs changed the result: \(fixed)")
    }
    return 0
}

/// The decoder's result for `bytes`, its properties checked.
private func decode(_ bytes: some Collection<UInt8>) -> Result<PNGImage, PNGError> {
    do {
        let image = try PNGImage(decoding: bytes, limits: limits)
        invariant(image.width >= 1 && image.height >= 1, "empty image \(image.width) × \(image.height)")
        invariant(image.width <= limits.maximumWidth && image.height <= limits.maximumHeight, "over the limits")
        invariant(image.width * image.height <= limits.maximumPixelCount, "over the pixel limit")
        invariant(image.rgba.count == image.width * image.height * 4, "rgba has \(image.rgba.count) bytes")
        return .success(image)
    } catch {
        let description = error.description
        invariant(!description.isEmpty, "empty description for \(error)")
        invariant(description.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }, "unprintable description: \(error)")
        return .failure(error)
    }
}

/// `bytes` with the CRC of every whole chunk after the signature set to its contents'.
private func withCRCsRewritten(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var offset = 8
    while offset + 12 <= out.count {
        let length = out[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard length <= out.count - offset - 12 else { break }
        let end = offset + 8 + length
        let crc = out[(offset + 4)..<end].withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32_z(0, $0.baseAddress, $0.count)) }
        for i in 0..<4 { out[end + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
        offset = end + 4
    }
    return out
}
