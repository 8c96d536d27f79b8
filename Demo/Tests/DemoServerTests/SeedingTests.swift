@testable import DemoServer
import Foundation
import Testing

@Suite("Seeding", .timeLimit(.minutes(2)))
struct SeedingTests {
    @Test("Two fresh databases with the same count hold identical rows, equal to the seeder's")
    func seedingIsDeterministic() async throws {
        let first = try await withServer { _, client in try await client.allUsers() }
        let second = try await withServer { _, client in try await client.allUsers() }
        #expect(first.count == testUserCount)
        #expect(first == second)
        let seeded = UserSeeder.makeUsers(count: testUserCount).map {
            UserDTO(id: $0.id, name: $0.name, email: $0.email, isActive: $0.isActive, avatarURL: UserAvatar.path(forUserID: $0.id))
        }
        #expect(first == seeded)
        #expect(first.map(\.id) == Array(1...testUserCount))
    }

    @Test("The first users are the same whatever the count")
    func seedPrefixIsStable() {
        let small = UserSeeder.makeUsers(count: 50)
        let large = UserSeeder.makeUsers(count: 500)
        #expect(Array(large.prefix(50)) == small)
    }

    @Test("Names mix Japanese, accented Latin and plain ASCII; the showcase users come first")
    func namesAreMixed() {
        let users = UserSeeder.makeUsers(count: testUserCount)
        #expect(users.prefix(4).map(\.name) == ["山田 太郎", "José Álvarez", "佐藤 花子", "Zoë Müller"])
        let japanese = users.filter { $0.name.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) } }
        let kana = users.filter { $0.name.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }
        let accented = users.filter { $0.name.unicodeScalars.contains { (0x00C0...0x024F).contains($0.value) } }
        let ascii = users.filter { $0.name.unicodeScalars.allSatisfy(\.isASCII) }
        #expect(japanese.count > 60)
        #expect(kana.count > 5)
        #expect(accented.count > 40)
        #expect(ascii.count >= 25)
        #expect(users.contains { $0.name == "François Lefèvre" })
        #expect(users.contains { $0.name == "Anders Ångström" })
    }

    @Test("E-mails are ASCII and unique, about two thirds are active")
    func fieldsFollowTheRules() {
        let users = UserSeeder.makeUsers(count: testUserCount)
        #expect(Set(users.map(\.email)).count == users.count)
        for user in users {
            #expect(user.email.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(user.email.hasPrefix("user\(user.id)."))
            #expect(user.email.hasSuffix("@example.com"))
            #expect(!user.email.contains("_") && !user.email.contains("%"))
        }
        let active = users.filter(\.isActive).count
        #expect((180...210).contains(active), "\(active) of 300 active")
    }

    @Test("The search key folds case, diacritics and width of name and e-mail")
    func searchKeyFolds() {
        #expect(SearchKey.make(name: "José Álvarez", email: "user2.jose@example.com") == "jose alvarez user2.jose@example.com")
        #expect(SearchKey.fold("ＺＯË") == "zoe")
        #expect(SearchKey.fold("山田 太郎") == "山田 太郎")
        #expect(SearchKey.likePattern(for: "50%_a\\b") == #"%50\%\_a\\b%"#)
    }

    @Test("SplitMix64 gives the reference sequence")
    func splitMix64Reference() {
        // Reference values of SplitMix64 seeded with 0 (from the algorithm's published C code).
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }
}
