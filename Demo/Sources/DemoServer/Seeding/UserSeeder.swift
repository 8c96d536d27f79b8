/// Makes the demo's users: the same count always gives the same users, and the first users are the
/// same whatever the count.
enum UserSeeder {
    /// The fixed seed of the generator.
    static let seed: UInt64 = 0x5EED_DE40_0000_0001

    /// The share of active users, in percent.
    static let activePercent = 65

    /// Users with ids `1...count`.
    static func makeUsers(count: Int) -> [SeedUser] {
        var generator = SplitMix64(seed: seed)
        var users: [SeedUser] = []
        users.reserveCapacity(max(count, 0))
        for id in stride(from: 1, through: count, by: 1) {
            let isActive = generator.below(100) < activePercent
            let (given, family, familyFirst) = id <= SeedNames.showcase.count
                ? SeedNames.showcase[id - 1]
                : randomName(using: &generator)
            let name = familyFirst ? "\(family.display) \(given.display)" : "\(given.display) \(family.display)"
            users.append(
                SeedUser(
                    id: id,
                    name: name,
                    email: "user\(id).\(given.ascii)@example.com",
                    isActive: isActive
                )
            )
        }
        return users
    }

    /// About 40% Japanese with kanji given names, 10% Japanese with kana given names, 30% accented
    /// Latin and 20% plain ASCII names.
    private static func randomName(using generator: inout SplitMix64) -> (SeedName, SeedName, Bool) {
        switch generator.below(10) {
        case 0..<4:
            return (generator.pick(SeedNames.japaneseGivenKanji), generator.pick(SeedNames.japaneseFamily), true)
        case 4:
            return (generator.pick(SeedNames.japaneseGivenKana), generator.pick(SeedNames.japaneseFamily), true)
        case 5..<8:
            let given = generator.pick(SeedNames.accentedGiven)
            let family = generator.below(2) == 0 ? generator.pick(SeedNames.accentedFamily) : generator.pick(SeedNames.plainFamily)
            return (given, family, false)
        default:
            let given = generator.pick(SeedNames.plainGiven)
            let family = generator.below(3) == 0 ? generator.pick(SeedNames.accentedFamily) : generator.pick(SeedNames.plainFamily)
            return (given, family, false)
        }
    }
}
