import Foundation
public import MVVMData
public import Testing

/// Checks that a record an older version of the app saved reads, through `migrations`, as
/// `expected` in the shape of `schemaVersion`: what a `RecordStore` made with the same
/// `schemaVersion` and `migrations` shows for it. A step missing or throwing, or JSON that does
/// not decode, fails the test and says which.
///
/// ```swift
/// @Test func aUserSavedByVersion1ReadsInVersion2() {
///     expectMigration(#"{"id": 7, "fullName": "Mika"}"#, from: 1,
///                     to: User(id: 7, name: "Mika", isActive: true),
///                     through: UserRecords.migrations, schemaVersion: 2)
/// }
/// ```
///
/// - Parameters:
///   - json: the record as the older version saved it.
///   - version: the version that saved it.
///   - expected: the record this version must read.
///   - migrations: the steps the store is given.
///   - schemaVersion: this version of the record's shape.
///   - sourceLocation: where a failure is reported; the caller's by default.
public func expectMigration<Record: Decodable & Equatable>(
    _ json: String,
    from version: Int,
    to expected: Record,
    through migrations: [RecordMigration],
    schemaVersion: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let steps = RecordMigration.steps(migrations, schemaVersion: schemaVersion)   // checked as the store checks them
    let migrated: Data
    do {
        migrated = try RecordMigration.migrate(Data(json.utf8), from: version, to: schemaVersion, steps: steps)
    } catch {
        Issue.record("A record saved by version \(version) does not migrate to \(schemaVersion): \(error)", sourceLocation: sourceLocation)
        return
    }
    do {
        let record = try JSONDecoder().decode(Record.self, from: migrated)
        #expect(record == expected, "the record migrated from version \(version)", sourceLocation: sourceLocation)
    } catch {
        let text = String(decoding: migrated, as: UTF8.self)
        Issue.record("Migrated to version \(schemaVersion), the record does not decode as \(Record.self): \(DecodingFailure(error)). Its JSON: \(text)", sourceLocation: sourceLocation)
    }
}
