public import Foundation
public import MVVMCore
public import Observation

/// The values screens share and that survive the process, as TCA's `@Shared(.fileStorage)`: the
/// search text, a form's draft, the screen that was open, settings. Any `Codable` type.
///
/// Every screen that asks one `SharedValues` for a key gets the same ``Shared`` object, so each
/// sees one value.
/// With a folder, each change is written to a file there before the setter returns (a
/// `kill -9` loses nothing a screen showed) and read back at the next start; a damaged file
/// shows the key's default. Without one, the values live as long as this object.
///
/// Two processes sharing the folder each read the values at their start; after that, the last
/// to change a value wins, and neither is told of the other's change.
///
/// An app keeps them beside its records and sets them in `Dependencies` once:
///
/// ```swift
/// Dependencies.with { $0.sharedValues = SharedValues(directory: cache.appending(path: "shared")) } operation: {
///     AppViewModel()
/// }
/// ```
///
/// When the folder cannot be written (read-only, full, not a folder), the values stay on screen
/// and in memory, and ``saveFailure`` says so, from the start (a file of one byte is written in
/// the folder and removed): an app tells its user that where they are will not come back after
/// the app ends.
@MainActor
@Observable
public final class SharedValues {
    @ObservationIgnored private let storage: SharedFileStorage?
    @ObservationIgnored private var values: [String: AnyObject] = [:]

    /// Why the values are not all being saved: the folder could not be written when these
    /// values were made (until a save works), or some value's last save failed (until its next
    /// save works). `nil` when every value on screen is saved.
    public private(set) var saveFailure: CacheStoreError?

    /// Why each value whose last save failed is not saved, by key name.
    @ObservationIgnored private var failedSaves: [String: CacheStoreError] = [:]
    /// Why the folder could not be written when these values were made, until a save works.
    @ObservationIgnored private var folderFailure: CacheStoreError?

    /// Values saved in `directory` (made if missing, and checked for writing); `nil`: kept in
    /// memory only.
    public nonisolated init(directory: URL?) {
        let storage = directory.map(SharedFileStorage.init(directory:))
        self.storage = storage
        let folderFailure = storage?.checkWritable()
        self.folderFailure = folderFailure
        _saveFailure = folderFailure
    }

    /// Notes how the save of the value of `name` went, and says it when ``saveFailure`` changes.
    private func saved(_ failure: CacheStoreError?, name: String) {
        if let failure {
            failedSaves[name] = failure
        } else {
            failedSaves[name] = nil
            folderFailure = nil   // the folder takes files now
        }
        let now = failure ?? failedSaves.min { $0.key < $1.key }?.value ?? folderFailure
        if now != saveFailure { saveFailure = now }
    }

    /// The shared value of `key`: the same object for every caller of this `SharedValues`. Two
    /// keys of one name must have one type.
    public func value<Value>(_ key: SharedKey<Value>) -> Shared<Value> {
        if let existing = values[key.name] {
            guard let shared = existing as? Shared<Value> else {
                preconditionFailure("SharedKey \"\(key.name)\" is used with two types: \(type(of: existing)) and Shared<\(Value.self)>")
            }
            return shared
        }
        let shared = Shared(key, storage: storage) { [weak self] failure in self?.saved(failure, name: key.name) }
        values[key.name] = shared
        return shared
    }
}

/// Where `Dependencies.sharedValues` comes from.
enum SharedValuesKey: Dependencies.Key {
    /// New, empty values in memory at each read outside a scope: an app sets its own once (a
    /// folder), and tests never see one another's.
    static var liveValue: SharedValues { SharedValues(directory: nil) }
    /// The same in a test: values in memory serve every test, and none sees another's.
    static var testValue: SharedValues { SharedValues(directory: nil) }
}

extension Dependencies {
    /// The values screens share (``SharedValues``). An app sets them once, around what it makes;
    /// outside any scope each read is a new, empty set in memory.
    public var sharedValues: SharedValues {
        get { self[SharedValuesKey.self] }
        set { self[SharedValuesKey.self] = newValue }
    }
}
