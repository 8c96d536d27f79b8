import MVVMCore
import Testing

/// The demo's destinations, as an app would write them.
enum AppDestination: NavigationDestination {
    case users, user(id: Int), weather, city(code: String)

    var pathComponent: String {
        switch self {
        case .users: "users"
        case .user(let id): String(id)
        case .weather: "weather"
        case .city(let code): code
        }
    }

    static func destination(named component: String, after parent: Self?) -> Self? {
        switch parent {
        case nil: ["users": .users, "weather": .weather][component]
        case .users: Int(component).map { .user(id: $0) }
        case .weather: component.isEmpty ? nil : .city(code: component)
        default: nil
        }
    }
}

enum AppModal: Hashable, Sendable {
    case confirmDelete(id: Int)
    case alert(String)
}

typealias AppNavigation = Navigation<AppDestination, AppModal>

@Suite
struct NavigationTests {
    @Test func pushShowsOnTopAndBackPopsOneDestination() {
        var navigation = AppNavigation()
        navigation.push(.users)
        navigation.push(.user(id: 42))
        #expect(navigation.stack == [.users, .user(id: 42)])
        #expect(navigation.stack.last == .user(id: 42))

        navigation.handle(.back)
        #expect(navigation.stack == [.users])
        navigation.handle(.back)
        navigation.handle(.back)   // the root screen: nothing to pop
        #expect(navigation == AppNavigation())
    }

    @Test func backDismissesTheModalFirst() {
        var navigation = AppNavigation(stack: [.users, .user(id: 7)])
        navigation.present(.confirmDelete(id: 7))

        navigation.handle(.back)
        #expect(navigation == AppNavigation(stack: [.users, .user(id: 7)]))
        navigation.handle(.back)
        #expect(navigation == AppNavigation(stack: [.users]))
    }

    @Test func aModalPresentedOverAnotherWaitsItsTurnAndNothingIsLost() {
        var navigation = AppNavigation(stack: [.users])
        navigation.present(.alert("first"))
        navigation.present(.confirmDelete(id: 1))
        navigation.present(.alert("first"))          // shown already: not again
        navigation.present(.confirmDelete(id: 1))    // waiting already: not again
        #expect(navigation.modal == .alert("first"), "the modal the user sees is never replaced")
        #expect(navigation.waitingModals == [.confirmDelete(id: 1)])
        navigation.handle(.dismiss)
        #expect(navigation == AppNavigation(stack: [.users], modal: .confirmDelete(id: 1)))
        navigation.handle(.back)                     // back closes the modal first
        #expect(navigation == AppNavigation(stack: [.users]))
        navigation.handle(.dismiss)   // nothing shown: nothing happens
        #expect(navigation == AppNavigation(stack: [.users]))
    }

    @Test func leavingTheScreenDismissesTheWaitingModalsToo() {
        var navigation = AppNavigation(stack: [.users], modal: .alert("a"), waitingModals: [.alert("b")])
        navigation.push(.user(id: 3))
        #expect(navigation == AppNavigation(stack: [.users, .user(id: 3)]))
        navigation.present(.alert("c"))
        navigation.present(.alert("d"))
        navigation.handle(.popTo(depth: 1))
        #expect(navigation == AppNavigation(stack: [.users]))
        #expect(AppNavigation(waitingModals: [.alert("e")]).modal == .alert("e"), "nothing shown: the first waiting one is")
    }

    @Test func aPushLeavesTheModalBehind() {
        var navigation = AppNavigation(stack: [.users], modal: .alert("saved"))
        navigation.push(.user(id: 3))
        #expect(navigation == AppNavigation(stack: [.users, .user(id: 3)]))
    }

    @Test func popToRootAndPopToDepth() {
        var navigation = AppNavigation(stack: [.weather, .city(code: "130010")], modal: .alert("x"))
        navigation.handle(.popTo(depth: 2))   // already that deep: nothing changes
        #expect(navigation.modal == .alert("x"))
        navigation.handle(.popTo(depth: 1))
        #expect(navigation == AppNavigation(stack: [.weather]))
        navigation.handle(.popTo(depth: -5))   // a bad depth from a view is the root, not a trap
        #expect(navigation == AppNavigation())

        navigation = AppNavigation(stack: [.users, .user(id: 1)], modal: .alert("x"))
        navigation.handle(.popToRoot)
        #expect(navigation == AppNavigation())
    }

    @Test(arguments: [
        ([AppDestination](), ""),
        ([.users], "users"),
        ([.users, .user(id: 42)], "users/42"),
        ([.weather, .city(code: "130010")], "weather/130010"),
        ([.weather, .city(code: "東京/都 #1")], "weather/%E6%9D%B1%E4%BA%AC%2F%E9%83%BD%20%231"),
    ])
    func aStackRoundTripsThroughItsPath(stack: [AppDestination], path: String) throws {
        let navigation = AppNavigation(stack: stack)
        #expect(navigation.path == path)
        #expect(try AppNavigation(path: path) == navigation)
    }

    @Test func slashesAroundThePathAreIgnored() throws {
        #expect(try AppNavigation(path: "/users/42/") == AppNavigation(stack: [.users, .user(id: 42)]))
        #expect(try AppNavigation(path: "/") == AppNavigation())
    }

    @Test(arguments: [
        ("settings", NavigationPathError.unknownComponent("settings", position: 0, parent: nil)),
        ("users/abc", .unknownComponent("abc", position: 1, parent: "users")),
        ("users/42/edit", .unknownComponent("edit", position: 2, parent: "42")),
        ("users//42", .emptyComponent(position: 1)),
        ("weather/%E6%9D", .invalidEscape(position: 1)),   // cut UTF-8
        ("weather/%G0", .invalidEscape(position: 1)),
        ("weather/100%", .invalidEscape(position: 1)),
        (String(repeating: "users/", count: 400), .tooLong),
        (Array(repeating: "x", count: 65).joined(separator: "/"), .tooLong),
    ])
    func aBadPathIsATypedErrorNeverATrap(path: String, error: NavigationPathError) {
        #expect(throws: error) { try AppNavigation(path: path) }
    }

    @Test func errorsSayWhichComponentIsWrong() {
        #expect(NavigationPathError.unknownComponent("abc", position: 1, parent: "users").description
            == #"no destination "abc" after "users" (component 2)"#)
        #expect(NavigationPathError.unknownComponent("x", position: 0, parent: nil).description
            == #"no destination "x" at the root (component 1)"#)
    }

    @Test func anyTextRoundTripsThroughTheEncoding() throws {
        for code in ["", "%", "%25", "a/b", "\u{0}", "\u{1F600}", "~-._", "e\u{301}"] where !code.isEmpty {
            let navigation = AppNavigation(stack: [.weather, .city(code: code)])
            #expect(try AppNavigation(path: navigation.path) == navigation, "\(code)")
        }
    }
}
