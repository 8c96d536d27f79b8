/// SplitMix64 (Steele, Lea and Flood): a tiny, fast, seedable generator whose output is the same on
/// every platform and Swift version, which makes the seeded database reproducible byte for byte.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        self.state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<upperBound`, by plain modulo so the mapping never depends on the standard
    /// library's sampling algorithm.
    mutating func below(_ upperBound: Int) -> Int {
        Int(next() % UInt64(upperBound))
    }

    /// An element of `elements`, which must not be empty.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
