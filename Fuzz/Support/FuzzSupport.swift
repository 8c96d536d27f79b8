// Shared by every harness (compiled into each fuzz binary; see run-all.sh).

/// Stops the run with a message: libFuzzer reports the trap as a crash and saves the input.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("fuzz invariant failed: \(message())")
    }
}

/// A small deterministic generator (SplitMix64), for choices derived from the input itself.
struct FuzzRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// FNV-1a of `bytes`: the same input always makes the same choices.
    init(hashing bytes: some Sequence<UInt8>) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (which must not be empty).
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

/// Whether `needle` occurs as a contiguous run in `haystack`.
func containsRun<T: Equatable>(_ haystack: [T], _ needle: [T]) -> Bool {
    if needle.isEmpty { return true }
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle {
        return true
    }
    return false
}
