import MVVMCore
public import Observation

/// One value every screen that reads it sees, saved as it changes (``SharedValues``): TCA's
/// `@Shared(.fileStorage)`. Setting ``value`` writes it to its file before the setter returns, so
/// a `kill -9` right after loses nothing a screen showed; the flush to the disk (`fsync`) follows
/// off the main actor.
///
/// It is `@Observable`: SwiftUI and `withObservationTracking` see a change, whoever made it. A
/// ViewModel keeps a field of its state in step with it through
/// `StateStore.share(_:with:)`.
@MainActor
@Observable
public final class Shared<Value: Codable & Sendable & Equatable> {
    /// The value. Setting it to a different value saves it.
    public var value: Value {
        get { current }
        set {
            guard newValue != current else { return }
            current = newValue
            saveFailure = storage?.save(newValue, as: fileName)
            saved(saveFailure)
            // At once, in order: each screen's state follows in this same turn. A follower that
            // sets another value meanwhile has told the rest; this older one stops here.
            followers.removeAll { $0.token == nil }
            for follower in followers {
                guard current == newValue else { return }
                follower.handler(newValue)
            }
        }
    }

    private var current: Value

    /// Why the last save failed (a read-only or full folder), `nil` after one that worked: the
    /// value is kept in memory, and the next change tries again.
    public private(set) var saveFailure: CacheStoreError?

    /// Who follows the value (`StateStore.share(_:with:)`): told of each change at once, while
    /// their token lives.
    @ObservationIgnored private var followers: [Follower] = []
    @ObservationIgnored private var nextFollower = 0
    @ObservationIgnored private let storage: SharedFileStorage?
    @ObservationIgnored private let fileName: String
    /// Tells the ``SharedValues`` it came from how each save went.
    @ObservationIgnored private let saved: @MainActor (CacheStoreError?) -> Void

    init(_ key: SharedKey<Value>, storage: SharedFileStorage?, saved: @escaping @MainActor (CacheStoreError?) -> Void) {
        self.storage = storage
        self.saved = saved
        fileName = key.fileName
        current = storage?.load(Value.self, from: key.fileName) ?? key.defaultValue
    }

    /// Calls `handler` with each new value, at once, until the returned token is cancelled (which
    /// lets go of `handler` at once) or released (at the next change).
    func follow(_ handler: @escaping @MainActor (Value) -> Void) -> ObservationToken {
        nextFollower += 1
        let id = nextFollower
        let token = ObservationToken { [weak self] in self?.followers.removeAll { $0.id == id } }
        followers.append(Follower(id: id, token: token, handler: handler))
        return token
    }

    private struct Follower {
        let id: Int
        /// Released without a cancel: the follower goes at the next change.
        weak var token: ObservationToken?
        let handler: @MainActor (Value) -> Void
    }
}

