// Fuzz target `key-decoder`: MVVMTerminal's KeyDecoder on hostile terminal input.
//
// The input is the raw bytes a terminal sends. Properties:
// - decoding never traps, whatever the bytes;
// - the keys do not depend on how the bytes are split into reads: all at once, one byte per
//   read, and reads of sizes chosen from the input's hash all give the same keys (after
//   `flush()`), because an incomplete sequence stays pending until its next bytes arrive;
// - after `flush()` nothing is pending (but inside a bracketed paste, which only its end mark
//   ends), and a second `flush()` gives no keys;
// - a paste's text does not depend on the reads either: a decoder hands on what arrived of a
//   paste at each read, so adjacent `.paste` keys are joined before keys are compared;
// - every key comes from at least one byte, so there are never more keys than bytes plus one
//   (the `.escape` a flush may add is one of those bytes).

/// Keys for `bytes` read in chunks of the given sizes (the last chunk takes the rest), then flushed.
private func keys(for bytes: [UInt8], chunkSizes: [Int]) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var offset = 0
    for size in chunkSizes where offset < bytes.count {
        let end = min(bytes.count, offset + size)
        keys += decoder.decode(bytes[offset..<end])
        offset = end
    }
    keys += decoder.decode(bytes[offset...])
    keys += decoder.flush()
    invariant(!decoder.hasPending || bytes.firstRange(of: pasteStart) != nil, "pending after flush")
    invariant(decoder.flush().isEmpty, "a second flush produced keys")
    return joiningPastes(keys)
}

private let pasteStart = Array("\u{1B}[200~".utf8)

/// `keys` with each run of adjacent `.paste` keys joined into one.
private func joiningPastes(_ keys: [Key]) -> [Key] {
    var joined: [Key] = []
    for key in keys {
        if case .paste(let text) = key, case .paste(let before)? = joined.last {
            joined[joined.count - 1] = .paste(before + text)
        } else {
            joined.append(key)
        }
    }
    return joined
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    let whole = keys(for: bytes, chunkSizes: [])
    invariant(whole.count <= bytes.count, "\(whole.count) keys from \(bytes.count) bytes")

    let oneByOne = keys(for: bytes, chunkSizes: Array(repeating: 1, count: bytes.count))
    invariant(oneByOne == whole, "one byte per read: \(oneByOne) != all at once: \(whole)")

    var random = FuzzRandom(hashing: bytes)
    var sizes: [Int] = []
    var covered = 0
    while covered < bytes.count {
        let size = random.next(in: 0...8)
        sizes.append(size)
        covered += size
    }
    let chunked = keys(for: bytes, chunkSizes: sizes)
    invariant(chunked == whole, "reads of \(sizes): \(chunked) != all at once: \(whole)")

    // A decoder that is never flushed keeps at most one incomplete sequence: flushing it later
    // gives the same keys as flushing at once.
    var decoder = KeyDecoder()
    var unflushed = decoder.decode(bytes)
    if decoder.hasPending {
        unflushed += decoder.flush()
    }
    invariant(joiningPastes(unflushed) == whole, "decode then conditional flush: \(unflushed) != \(whole)")
    return 0
}
