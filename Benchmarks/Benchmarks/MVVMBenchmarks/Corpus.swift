/// Deterministic users for the benchmarks: names mix Japanese, accented and ASCII.
struct BenchUser: Identifiable, Hashable {
    let id: Int
    var name: String
    var email: String
    var isActive: Bool
}

enum Corpus {
    static let names = ["山田 太郎", "José Álvarez", "Zoë Müller", "Ann Lee", "佐藤 花子", "François Lefèvre", "Bob Smith", "Straße Weber"]

    static func users(_ count: Int) -> [BenchUser] {
        (0..<count).map { id in
            BenchUser(id: id, name: names[id % names.count], email: "user\(id)@example.com", isActive: id % 3 != 0)
        }
    }

    static func texts(_ users: [BenchUser]) -> [String] {
        users.map { "\($0.name) \($0.email)" }
    }

    /// `users` with `fraction` of rows changed: a third renamed, a third deleted, a third moved.
    static func changed(_ users: [BenchUser], fraction: Double) -> [BenchUser] {
        var result = users
        let step = max(1, Int(1 / fraction))
        var moved: [BenchUser] = []
        for index in stride(from: users.count - 1, through: 0, by: -step) {
            switch index / step % 3 {
            case 0: result[index].name += "!"
            case 1: result.remove(at: index)
            default: moved.append(result.remove(at: index))
            }
        }
        result.append(contentsOf: moved)
        return result
    }
}
