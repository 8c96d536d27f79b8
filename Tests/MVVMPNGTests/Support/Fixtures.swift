import Foundation

/// The images of Fixtures/, written by scripts/make-png-fixtures.py: NAME.png, the pixels it
/// holds in NAME.rgba, and manifest.json listing them with their sizes.
enum Fixtures {
    struct Entry: Decodable, Sendable {
        let name: String
        let width: Int
        let height: Int
        let description: String
    }

    static var folder: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return url
        }
    }

    /// manifest.json's entries, in its order.
    static func manifest() throws -> [Entry] {
        try JSONDecoder().decode([Entry].self, from: Data(contentsOf: folder.appending(path: "manifest.json")))
    }

    /// The bytes of `file` in Fixtures/.
    static func bytes(_ file: String) throws -> [UInt8] {
        try Array(Data(contentsOf: folder.appending(path: file)))
    }

    /// The fixture names, for parameterized tests (empty if the manifest cannot be read, which
    /// `everyFixtureIsInTheManifest` reports).
    static let names: [String] = (try? manifest().map(\.name)) ?? []
}

/// A seeded generator (SplitMix64): the same seed makes the same cases on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
