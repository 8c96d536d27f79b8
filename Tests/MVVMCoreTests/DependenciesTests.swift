import Foundation
import MVVMCore
import Testing

/// A value of the tests' own, as an app keeps a repository.
private enum GreetingKey: Dependencies.Key {
    static var liveValue: String { "hello" }
}

extension Dependencies {
    fileprivate var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

/// `Dependencies`: one place for the clock, the time, ids, randomness and an app's own values;
/// a scope changes them for everything made inside it, its child tasks included, and for
/// nothing outside.
@Suite(.timeLimit(.minutes(1)))
struct DependenciesTests {
    @Test func outsideAnyScopeTheValuesAreAnApps() {
        let current = Dependencies.current
        #expect(current.clock is ContinuousClock)
        #expect(current.greeting == "hello", "a key's live value")
        #expect(current.newID() != current.newID(), "random ids")
    }

    @Test func aScopeSetsValuesForWhatIsMadeInsideAndOnlyThere() async {
        let fixed = Date(timeIntervalSince1970: 1_000)
        let (made, inherited, nested) = await Dependencies.with {
            $0.now = { fixed }
            $0.greeting = "こんにちは"
            $0.random = { 42 }
        } operation: {
            let made = (Dependencies.current.now(), Dependencies.current.greeting, Dependencies.current.random())
            let inherited = await Task { Dependencies.current.greeting }.value
            let nested = Dependencies.with { $0.greeting = "inner" } operation: {
                (Dependencies.current.greeting, Dependencies.current.now())
            }
            return (made, inherited, nested)
        }
        #expect(made.0 == fixed)
        #expect(made.1 == "こんにちは")
        #expect(made.2 == 42)
        #expect(inherited == "こんにちは", "a task started inside inherits the scope")
        #expect(nested.0 == "inner")
        #expect(nested.1 == fixed, "an inner scope changes only what it sets")
        #expect(Dependencies.current.greeting == "hello", "nothing is left set after the scope")
    }

    @Test func countedIDsAreTheSameInEveryRun() {
        let ids = NewID.counting(from: 1)
        #expect([ids(), ids(), ids()].map(\.uuidString) == [
            "00000000-0000-0000-0000-000000000001",
            "00000000-0000-0000-0000-000000000002",
            "00000000-0000-0000-0000-000000000003",
        ])
        #expect(NewID.counting(from: 0x1_0000_0000_0000)().uuidString == "00000000-0000-0000-0001-000000000000")
    }
}
