import Foundation

extension RecordStore {
    /// Saves figures the server gave beside the records (a live query's counts), under `name`,
    /// in the store's ``RecordStorage``: learnt now, so that of two processes' figures the later
    /// is kept. Nothing without a storage.
    func saveFigures(_ figures: [String: Int], named name: String) async {
        guard let storage, let value = try? JSONEncoder().encode(figures) else { return }
        try? await storage.save([SavedRecord(id: Self.figuresID(name), value: value, learnt: now())])
    }

    /// The figures saved under `name`, or `nil`.
    func savedFigures(named name: String) async -> [String: Int]? {
        guard let storage, let saved = try? await storage.records([Self.figuresID(name)]).first?.value else { return nil }
        return try? JSONDecoder().decode([String: Int].self, from: saved)
    }

    /// Figures are kept under ids that are not JSON (a NUL byte first), so that no record's id
    /// (JSON, ``RecordCoding``) is ever one, and a restore skips them.
    private static func figuresID(_ name: String) -> Data {
        Data([0]) + Data("figures/\(name)".utf8)
    }
}
