@testable import DemoServer
import Foundation
import GRDB
import Synchronization
import Testing

/// The accounts' rules on the server's clock (issue 53), with no waiting: an access token stops
/// working when its lifetime passes, a refresh token when its own does; a refresh token used
/// twice revokes its whole family; a sign-out stops the family's access tokens at once.
@Suite(.timeLimit(.minutes(1)))
struct AccountStoreTests {
    /// A store on a new database whose clock the test moves.
    private func withStore(_ body: (AccountStore, _ advance: @Sendable (TimeInterval) -> Void) async throws -> Void) async throws {
        let location = try DatabaseLocation.resolve(nil)
        defer { location.removeOwnedFiles() }
        let database = try UserDatabase.open(at: location, userCount: 5)
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let store = AccountStore(
            database: database, tokenLifetime: .seconds(60), refreshLifetime: .seconds(3_600), passwordCost: 4, isOpen: false,
            now: { clock.withLock { $0 } }
        )
        try await body(store) { seconds in clock.withLock { $0 += seconds } }
        try database.close()
    }

    @Test func anAccessTokenStopsWorkingWhenItsLifetimePasses() async throws {
        try await withStore { store, advance in
            let tokens = try #require(try await store.signIn(loginID: "demo", password: "mvvm-demo"))
            advance(59)
            #expect(await store.loginID(for: tokens.accessToken) == "demo")
            advance(1)
            #expect(await store.loginID(for: tokens.accessToken) == nil)
            // The refresh token still works, until its own lifetime passes.
            let next = try #require(try await store.refresh(tokens.refreshToken))
            advance(3_600)
            #expect(try await store.refresh(next.refreshToken) == nil)
        }
    }

    @Test func aRefreshTokenUsedTwiceRevokesItsWholeFamily() async throws {
        try await withStore { store, _ in
            let first = try #require(try await store.signIn(loginID: "demo", password: "mvvm-demo"))
            let other = try #require(try await store.signIn(loginID: "demo", password: "mvvm-demo"))   // another device
            let second = try #require(try await store.refresh(first.refreshToken))
            // The spent token again (stolen, or replayed): refused, and the family it belongs to ends.
            #expect(try await store.refresh(first.refreshToken) == nil)
            #expect(try await store.refresh(second.refreshToken) == nil)
            #expect(await store.loginID(for: second.accessToken) == nil)
            // The other device's session is another family: untouched.
            #expect(await store.loginID(for: other.accessToken) == "demo")
            #expect(try await store.refresh(other.refreshToken) != nil)
        }
    }

    @Test func aSignOutStopsTheFamilysAccessTokensAtOnce() async throws {
        try await withStore { store, _ in
            let first = try #require(try await store.signIn(loginID: "demo", password: "mvvm-demo"))
            let second = try #require(try await store.refresh(first.refreshToken))
            try await store.signOut(second.refreshToken)
            #expect(await store.loginID(for: first.accessToken) == nil)
            #expect(await store.loginID(for: second.accessToken) == nil)
            #expect(try await store.refresh(second.refreshToken) == nil)
        }
    }

    @Test func aPasswordWithANulIsNeverAnAccountsOwn() async throws {
        try await withStore { store, _ in
            let answer = try await store.signIn(loginID: "demo", password: "mvvm-demo\u{0}anything")
            #expect(answer == nil)
        }
    }
}
