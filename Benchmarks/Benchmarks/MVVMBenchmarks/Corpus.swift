import MVVMCollections
import MVVMCore

/// A user row as the articles' list shows it.
struct BenchUser: Identifiable, Hashable, Sendable {
    let id: Int
    var name: String
    var email: String
    var isActive: Bool
}

/// The same user with 24 more stored fields (about 250 bytes): the element size must not
/// change our diff's cost.
struct WideUser: Identifiable, Hashable, Sendable {
    let id: Int
    var name: String
    var email: String
    var isActive: Bool
    var scores: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    var counters: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    var limits: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    var flags: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)

    init(_ user: BenchUser) {
        id = user.id
        name = user.name
        email = user.email
        isActive = user.isActive
    }

    static func == (lhs: WideUser, rhs: WideUser) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.email == rhs.email && lhs.isActive == rhs.isActive
            && lhs.scores == rhs.scores && lhs.counters == rhs.counters && lhs.limits == rhs.limits && lhs.flags == rhs.flags
    }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Deterministic users for the benchmarks: names mix Japanese, accented and ASCII.
enum Corpus {
    static let names = ["山田 太郎", "José Álvarez", "Zoë Müller", "Ann Lee", "佐藤 花子", "François Lefèvre", "Bob Smith", "Straße Weber"]

    static func users(_ count: Int) -> [BenchUser] {
        (0..<count).map { id in
            BenchUser(id: id, name: names[id % names.count], email: "user\(id)@example.com", isActive: id % 3 != 0)
        }
    }

    /// What a row's search matches: its name and email.
    static func texts(_ users: [BenchUser]) -> [String] {
        users.map { "\($0.name) \($0.email)" }
    }

    /// `users` with `fraction` of rows changed, spread evenly: a third renamed, a third
    /// deleted, a third moved to the end.
    static func changed(_ users: [BenchUser], fraction: Double) -> [BenchUser] {
        let step = max(1, Int(1 / fraction))
        var result: [BenchUser] = []
        var moved: [BenchUser] = []
        result.reserveCapacity(users.count)
        for (index, user) in users.enumerated() {
            guard (users.count - 1 - index) % step == 0 else {
                result.append(user)
                continue
            }
            switch index / step % 3 {
            case 0:
                var renamed = user
                renamed.name += "!"
                result.append(renamed)
            case 1: break
            default: moved.append(user)
            }
        }
        return result + moved
    }
}

/// Built once per size, on first use.
final class SearchFixture: Sendable {
    let texts: [String]
    let index: SearchIndex

    init(size: Int) {
        texts = Corpus.texts(Corpus.users(size))
        index = SearchIndex(texts)
    }

    static let small = SearchFixture(size: 10_000)
    static let medium = SearchFixture(size: 100_000)
    static let large = SearchFixture(size: 1_000_000)

    static func of(size: Int) -> SearchFixture {
        switch size {
        case ..<50_000: small
        case ..<500_000: medium
        default: large
        }
    }
}
