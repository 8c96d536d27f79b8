import Foundation

/// The frames of an append-only journal (``FileOutboxStorage``'s, ``FileRecordStorage``'s):
/// each checksummed, so that a cut or altered file reads as the frames before the damage, the
/// damage, and any whole frames after it.
///
/// Integers are little-endian.
///
/// | bytes | frame |
/// | --- | --- |
/// | 1 | kind (the journal's own) |
/// | 4 | payload length |
/// | n | payload |
/// | 8 | FNV-1a 64 of the kind, length and payload |
enum JournalFraming {
    /// The most bytes one frame's payload may have (16 MiB): a longer length field is damage.
    static let maximumPayload = 16 << 20
    /// A frame's bytes besides its payload.
    static let frameOverhead = 13

    /// What parsing found.
    struct Parsed<Frame> {
        /// The whole frames, in order, each with where it is in the bytes parsed (their indices).
        var frames: [(frame: Frame, range: Range<Int>)] = []
        /// Bytes that were not whole, intact frames.
        var damagedBytes = 0
    }

    /// The frame of `kind` holding `payload`.
    static func encode(kind: UInt8, payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [kind]
        bytes.reserveCapacity(frameOverhead + payload.count)
        append(UInt64(payload.count), byteCount: 4, to: &bytes)
        bytes += payload
        append(checksum(bytes[...]), byteCount: 8, to: &bytes)
        return bytes
    }

    /// The frames in `bytes` of `kinds`, each read by `decode` from its kind and payload (`nil`:
    /// damage). A byte that names no kind is damage at once, before any checksum.
    /// After damage, parsing looks for the next whole frame, so intact frames after a damaged
    /// one are not lost. The bytes checksummed stay under 4 times the input plus 1 MiB, so
    /// hostile bytes cannot make it quadratic: past that, the rest is damage.
    static func parse<Frame>(
        _ bytes: ArraySlice<UInt8>, kinds: ClosedRange<UInt8>, decode: (UInt8, ArraySlice<UInt8>) -> Frame?
    ) -> Parsed<Frame> {
        var parsed = Parsed<Frame>()
        var offset = bytes.startIndex
        var damageStart: Int?
        var budget = bytes.count * 4 + (1 << 20)
        while offset < bytes.endIndex, budget > 0 {
            if kinds.contains(bytes[offset]), let (frame, length) = frame(in: bytes, at: offset, budget: &budget, decode: decode) {
                if let start = damageStart {
                    parsed.damagedBytes += offset - start
                    damageStart = nil
                }
                parsed.frames.append((frame, offset..<(offset + length)))
                offset += length
            } else {
                if damageStart == nil { damageStart = offset }
                offset += 1
            }
        }
        if offset < bytes.endIndex, damageStart == nil { damageStart = offset }
        if let start = damageStart {
            parsed.damagedBytes += bytes.endIndex - start
        }
        return parsed
    }

    /// The whole frame at `offset` and its length, or `nil`.
    private static func frame<Frame>(
        in bytes: ArraySlice<UInt8>, at offset: Int, budget: inout Int, decode: (UInt8, ArraySlice<UInt8>) -> Frame?
    ) -> (Frame, Int)? {
        guard bytes.endIndex - offset >= frameOverhead, let length = integer(bytes, at: offset + 1, byteCount: 4) else { return nil }
        guard length <= UInt64(maximumPayload), UInt64(bytes.endIndex - offset - frameOverhead) >= length else { return nil }
        let payloadStart = offset + 5
        let payloadEnd = payloadStart + Int(length)
        budget -= Int(length) + 5
        guard integer(bytes, at: payloadEnd, byteCount: 8) == checksum(bytes[offset..<payloadEnd]),
              let frame = decode(bytes[offset], bytes[payloadStart..<payloadEnd])
        else { return nil }
        return (frame, Int(length) + frameOverhead)
    }

    /// FNV-1a, 64 bits, as ``FileCacheStore``'s files use: catches a torn or altered frame.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        CacheEntryFile.checksum(bytes)
    }

    /// The little-endian integer of `byteCount` bytes at `offset`, or `nil` past the end.
    static func integer(_ bytes: ArraySlice<UInt8>, at offset: Int, byteCount: Int) -> UInt64? {
        guard offset >= bytes.startIndex, bytes.endIndex - offset >= byteCount else { return nil }
        var value: UInt64 = 0
        for index in 0..<byteCount {
            value |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
        }
        return value
    }

    /// Appends `value`'s low `byteCount` bytes, little-endian.
    static func append(_ value: UInt64, byteCount: Int, to bytes: inout [UInt8]) {
        for index in 0..<byteCount {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }

    /// A date's exact bits (a `Double`, seconds since 2001-01-01, `Date`'s own reference).
    static func append(_ date: Date, to bytes: inout [UInt8]) {
        append(date.timeIntervalSinceReferenceDate.bitPattern, byteCount: 8, to: &bytes)
    }

    /// The date at `offset`, or `nil` when it is not there or not finite.
    static func date(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Date? {
        guard let bits = integer(bytes, at: offset, byteCount: 8) else { return nil }
        let seconds = Double(bitPattern: bits)
        return seconds.isFinite ? Date(timeIntervalSinceReferenceDate: seconds) : nil
    }
}
