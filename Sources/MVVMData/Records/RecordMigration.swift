public import Foundation

/// One step that reads a record saved by an older version of the app: from the shape of
/// `version` to the shape of `version + 1`, on the record's JSON.
///
/// A ``RecordStore`` saves each record with its `schemaVersion` (1 unless the app says
/// otherwise). When the app changes its record type in a way the saved JSON no longer decodes
/// as (a field renamed, a new field without a default), it raises `schemaVersion` and declares
/// the step from the old version. A record saved by version 1 and read by version 3 goes through
/// the steps from 1 and from 2, once: the store saves it again in version 3's shape.
///
/// ```swift
/// let users = RecordStore(outbox: outbox, storage: storage, schemaVersion: 2, migrations: [
///     .decoding(UserV1.self, from: 1) { old in User(id: old.id, name: old.fullName, isActive: true) },
/// ])
/// ```
///
/// A record no step brings to the current version (a step missing or throwing, a version newer
/// than the app's, JSON that does not decode) is kept on the device as it is and counted in
/// ``RecordStore/unreadableRecords``, with one log line per restore; the others are shown. Test
/// a step with MVVMDataTesting's `expectMigration(_:from:to:through:schemaVersion:sourceLocation:)`.
/// (`RecordMigrationTests`.)
public struct RecordMigration: Sendable {
    /// The version this step reads; it gives the shape of `version + 1`.
    package let version: Int
    private let migrate: @Sendable (Data) throws -> Data

    /// A step from `version` that turns a record's JSON into the next version's JSON. Throw when
    /// the record cannot be read: it is then kept as it is, and reported.
    public init(from version: Int, _ migrate: @escaping @Sendable (Data) throws -> Data) {
        self.version = version
        self.migrate = migrate
    }

    /// A step from `version` that decodes the record as `Old` (its shape then), makes it the next
    /// version's `New`, and encodes that.
    public static func decoding<Old: Decodable & SendableMetatype, New: Encodable & SendableMetatype>(
        _ old: Old.Type, from version: Int, _ transform: @escaping @Sendable (Old) throws -> New
    ) -> RecordMigration {
        RecordMigration(from: version) { data in
            try JSONEncoder().encode(transform(JSONDecoder().decode(Old.self, from: data)))
        }
    }

    /// `data`, saved in `version`, brought to `schemaVersion` through `steps` (by the version
    /// each reads).
    /// - Throws: ``RecordMigrationFailure`` when a step is missing, throws, or `version` is newer.
    package static func migrate(
        _ data: Data, from version: Int, to schemaVersion: Int, steps: [Int: RecordMigration]
    ) throws(RecordMigrationFailure) -> Data {
        guard version <= schemaVersion else { throw .newerVersion(version) }
        var data = data
        for step in version..<schemaVersion {
            guard let migration = steps[step] else { throw .noStep(from: step) }
            do {
                data = try migration.migrate(data)
            } catch {
                throw .stepFailed(from: step, String(describing: DecodingFailure(error)))
            }
        }
        return data
    }

    /// `migrations` by the version each reads, checked: one step per version, each below
    /// `schemaVersion` and from 1 up.
    package static func steps(_ migrations: [RecordMigration], schemaVersion: Int) -> [Int: RecordMigration] {
        precondition((1...Int(Int32.max)).contains(schemaVersion), "A RecordStore's schemaVersion is 1 or more (and fits 32 bits); it is \(schemaVersion).")
        var steps: [Int: RecordMigration] = [:]
        for migration in migrations {
            precondition((1..<schemaVersion).contains(migration.version),
                         "A RecordMigration from version \(migration.version) cannot lead to schemaVersion \(schemaVersion): steps go from 1 up to \(schemaVersion - 1).")
            precondition(steps.updateValue(migration, forKey: migration.version) == nil,
                         "Two RecordMigrations read version \(migration.version): declare one step per version.")
        }
        return steps
    }
}

/// Why a saved record could not be brought to the app's version of its shape.
package enum RecordMigrationFailure: Error, Equatable, CustomStringConvertible {
    /// Saved by a newer version of the app.
    case newerVersion(Int)
    /// No step reads this version.
    case noStep(from: Int)
    /// The step from this version threw.
    case stepFailed(from: Int, String)

    package var description: String {
        switch self {
        case .newerVersion(let version): "saved by a newer version of the app (version \(version))"
        case .noStep(let version): "no RecordMigration reads version \(version)"
        case .stepFailed(let version, let reason): "the RecordMigration from version \(version) failed: \(reason)"
        }
    }
}
