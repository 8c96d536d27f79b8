// The Navigation as State article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
// snippet: state
import MVVMCore

struct TeamMember: Equatable, Sendable {
    var id: Int
    var name: String
}

enum TeamDestination: Hashable, Sendable {
    case members
    case member(id: Int)
}

/// What the team screens present over their stack: alerts and confirmations, as values whose
/// buttons send the screen's events.
typealias TeamModal = Alert<TeamViewModel.Event>

@MainActor
final class TeamViewModel: ViewModel {
    struct State: Equatable, Sendable, NavigationState {   // an alert closes itself once handled
        var members: [TeamMember]
        var navigation: Navigation<TeamDestination, TeamModal>
    }

    enum Event: Hashable, Sendable {
        case membersTapped
        case memberTapped(id: Int)
        case removeTapped(memberID: Int)
        case removeConfirmed(memberID: Int)    // the confirmation's Remove button
        case navigation(NavigationEvent)       // back, dismiss, pop to root
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    let screens = TeamViewModel.makeScreens()   // see "Child ViewModels"

    init(members: [TeamMember], navigation: Navigation<TeamDestination, TeamModal> = Navigation()) {
        store = StateStore(State(members: members, navigation: navigation))
        screens.follow(navigation.stack)
    }
}
// snippet end

// snippet: events
extension TeamViewModel {
    func onEvent(_ event: Event) {
        switch event {
        case .membersTapped:
            store.update { $0.navigation.push(.members) }
        case .memberTapped(let id):
            store.update { $0.navigation.push(.member(id: id)) }
        case .removeTapped(let id):
            guard let member = state.members.first(where: { $0.id == id }) else { return }
            store.update { $0.navigation.present(.confirmRemove(member)) }
        case .removeConfirmed(let id):
            guard state.navigation.modal?.offers(event) == true else { return }   // shown, for this member
            store.update { $0.members.removeAll { $0.id == id } }   // then the confirmation closes
        case .navigation(let event):
            store.update { $0.navigation.handle(event) }
        }
        screens.follow(state.navigation.stack)
    }
}

extension TeamModal {
    /// The question before a member is removed: Remove, or Cancel.
    static func confirmRemove(_ member: TeamMember) -> Self {
        Alert(title: "Remove", message: "Remove \(member.name) from the team?", buttons: [
            AlertButton("Remove", role: .destructive, sends: .removeConfirmed(memberID: member.id)),
            AlertButton("Cancel", role: .cancel, sends: .navigation(.dismiss)),
        ])
    }
}
// snippet end

// snippet: children
/// What each destination shows: one case per kind of screen.
enum TeamScreenModel {
    case members                                // the list reads TeamViewModel's own state
    case member(MemberDetailViewModel)
}

extension TeamViewModel {
    static func makeScreens() -> DestinationViewModels<TeamDestination, TeamScreenModel> {
        DestinationViewModels { destination in
            switch destination {
            case .members: .members
            case .member(let id): .member(MemberDetailViewModel(memberID: id))
            }
        } viewModel: { screen in
            if case .member(let detail) = screen { detail } else { nil }   // disappears when popped
        }
    }
}

@MainActor
final class MemberDetailViewModel: ViewModel {
    enum Tab: Equatable, Sendable { case profile, activity }
    struct State: Equatable { var memberID: Int; var tab = Tab.profile }
    enum Event { case tabSelected(Tab) }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    init(memberID: Int) { store = StateStore(State(memberID: memberID)) }

    func onEvent(_ event: Event) {
        switch event {
        case .tabSelected(let tab): store.update { $0.tab = tab }
        }
    }
}
// snippet end

// snippet: deep-link
extension TeamDestination: NavigationDestination {
    var pathComponent: String {
        switch self {
        case .members: "members"
        case .member(let id): String(id)
        }
    }

    static func destination(named component: String, after parent: Self?) -> Self? {
        switch parent {
        case nil: component == "members" ? .members : nil
        case .members, .member: Int(component).map { .member(id: $0) }   // a member, their manager…
        }
    }
}
// snippet end

// snippet: terminal
import MVVMTerminal

/// A terminal screen: the root (`model == nil`) or a destination's.
@MainActor
final class TeamTerminalScreen: Screen {
    let team: TeamViewModel
    let model: TeamScreenModel?

    init(team: TeamViewModel, model: TeamScreenModel?) {
        self.team = team
        self.model = model
    }

    func render(into frame: inout Frame) {
        let title = switch model {
        case nil: "Team"
        case .members?: "Members (\(team.state.members.count))"
        case .member(let detail)?: "Member \(detail.state.memberID)"
        }
        frame.put(title, at: Position(row: 0, column: 0))
    }

    func handle(_ key: Key) -> ScreenAction? { key == .character("q") ? .pop : nil }
}

@MainActor
func runTeamApp(_ team: TeamViewModel, on terminal: any TerminalDevice) async throws -> TerminalAppExit {
    let binding = NavigationBinding(
        navigation: { team.state.navigation },
        send: { team.send(.navigation($0)) },
        screen: { TeamTerminalScreen(team: team, model: team.screens.viewModel(for: $0)) }
    )
    let app = TerminalApp(root: TeamTerminalScreen(team: team, model: nil), navigation: binding, session: terminal)
    return try await app.run()
}
// snippet end

#if canImport(UIKit)
import SwiftUI
#endif

/// The team screens in SwiftUI, compiled against the SwiftUI stand-ins (AppleStandIns/).
struct TeamView: View {
    let viewModel: TeamViewModel

    var body: some View {
        // snippet: swiftui
        NavigationStack(path: Binding(
            get: { @MainActor in viewModel.state.navigation.stack },
            set: { @MainActor in viewModel.send(.navigation(.popTo(depth: $0.count))) }
        )) {
            TeamHome(viewModel: viewModel)
                .navigationDestination(for: TeamDestination.self) { destination in
                    switch viewModel.screens.viewModel(for: destination) {
                    case .members?: MemberList(viewModel: viewModel)
                    case .member(let detail)?: MemberDetailView(viewModel: detail)
                    case nil: EmptyView()
                    }
                }
        }
        .confirmationDialog(                            // the modal: each button sends its event
            viewModel.state.navigation.modal?.title.resolved() ?? "",
            isPresented: .constant(viewModel.state.navigation.modal != nil),
            presenting: viewModel.state.navigation.modal
        ) { alert in
            ForEach(Array(alert.buttons.enumerated()), id: \.offset) { _, button in
                Button(button.label.resolved(), role: button.role == .destructive ? .destructive : button.role == .cancel ? .cancel : nil) {
                    viewModel.send(button.event)
                }
            }
        } message: { alert in
            Text(alert.message.resolved())
        }
        // snippet end
    }
}

/// The team's first screen (the article does not show it).
struct TeamHome: View {
    let viewModel: TeamViewModel

    var body: some View {
        Button("Members") { viewModel.send(.membersTapped) }
    }
}

/// The list of members (the article does not show it).
struct MemberList: View {
    let viewModel: TeamViewModel

    var body: some View {
        List(viewModel.state.members, id: \.id) { member in
            Button(member.name) { viewModel.send(.memberTapped(id: member.id)) }
        }
    }
}

/// A member's screen (the article does not show it).
struct MemberDetailView: View {
    let viewModel: MemberDetailViewModel

    var body: some View {
        Text("Member \(viewModel.state.memberID)")
    }
}

import MVVMTesting
import Testing

extension TeamMember {
    static let samples = [
        TeamMember(id: 7, name: "Kenji"), TeamMember(id: 42, name: "Mika"), TeamMember(id: 51, name: "Sora"),
    ]
}

extension TeamScreenModel {
    /// The member detail's ViewModel, if this screen is a member's.
    var memberDetail: MemberDetailViewModel? {
        if case .member(let detail) = self { return detail }
        return nil
    }
}

/// A terminal in memory: keys typed by the test, bytes written kept as text.
@MainActor
final class TeamTestTerminal: TerminalDevice {
    var onResize: (@MainActor (TerminalSize) -> Void)?
    let size = TerminalSize(width: 20, height: 2)
    private(set) var output = ""
    private let keyStream: AsyncStream<Key>
    private let keyInput: AsyncStream<Key>.Continuation

    init() { (keyStream, keyInput) = AsyncStream.makeStream(of: Key.self) }

    func start() throws(TerminalSessionError) {}
    func write(_ bytes: [UInt8]) { output += String(decoding: bytes, as: UTF8.self) }
    func keys() -> AsyncStream<Key> { keyStream }
    func stop() {}
    func type(_ key: Key) { keyInput.yield(key) }

    /// Types `key` and lets the app handle it and draw what it changed (`tester` runs the
    /// ViewModel's work and the main actor's turns until nothing is left to run).
    func typeAndWaitForRedraw<Model: ViewModel>(_ key: Key, _ tester: ViewModelTester<Model>) async {
        let before = output
        type(key)
        await tester.settle()
        #expect(output != before)
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct NavigationAsStateTests {
    // snippet: test
    @Test func pushesModalsAndBacksAreStateChanges() async {
        let tester = ViewModelTester(TeamViewModel(members: TeamMember.samples))
        let confirmRemoveSora = TeamModal.confirmRemove(TeamMember(id: 51, name: "Sora"))

        tester.send(.membersTapped) { $0.navigation = Navigation(stack: [.members]) }
        tester.send(.removeTapped(memberID: 51)) { $0.navigation = Navigation(stack: [.members], modal: confirmRemoveSora) }
        tester.send(.navigation(.back)) { $0.navigation = Navigation(stack: [.members]) }   // back closes the modal first
        tester.send(.removeTapped(memberID: 51)) { $0.navigation = Navigation(stack: [.members], modal: confirmRemoveSora) }
        tester.send(confirmRemoveSora.buttons[0].event) {   // the user presses Remove
            $0.members = [TeamMember(id: 7, name: "Kenji"), TeamMember(id: 42, name: "Mika")]
            $0.navigation = Navigation(stack: [.members])
        }
        tester.send(.memberTapped(id: 42)) { $0.navigation = Navigation(stack: [.members, .member(id: 42)]) }
        tester.send(.navigation(.popToRoot)) { $0.navigation = Navigation() }
        await tester.finish()
    }
    // snippet end

    @Test func aPushLeavesTheModalBehind() {
        let team = TeamViewModel(members: TeamMember.samples)
        team.send(.membersTapped)
        team.send(.removeTapped(memberID: 7))
        team.send(.memberTapped(id: 42))
        #expect(team.state.navigation == Navigation(stack: [.members, .member(id: 42)]))
        #expect(team.state.members == TeamMember.samples, "nothing was removed")
    }

    // snippet: children-test
    @Test func aDetailKeepsItsViewModelBelowAPushAndLosesItWhenPopped() {
        let team = TeamViewModel(members: TeamMember.samples)
        team.send(.membersTapped)
        team.send(.memberTapped(id: 42))
        let mika = team.screens.top?.memberDetail
        mika?.send(.tabSelected(.activity))

        team.send(.memberTapped(id: 7))            // her manager's page, over hers
        weak let kenji = team.screens.top?.memberDetail
        #expect(kenji?.state.memberID == 7)
        team.send(.navigation(.back))

        #expect(kenji == nil, "a popped destination's ViewModel is released")
        #expect(team.screens.top?.memberDetail === mika, "the one below is the same ViewModel")
        #expect(mika?.state.tab == .activity)
    }
    // snippet end

    // snippet: deep-link-test
    @Test func aPathOpensItsStackAndABadPathSaysWhatIsWrong() throws {
        let team = TeamViewModel(members: TeamMember.samples, navigation: try Navigation(path: "members/42"))
        #expect(team.state.navigation.stack == [.members, .member(id: 42)])
        #expect(team.screens.top?.memberDetail?.state.memberID == 42)
        #expect(team.state.navigation.path == "members/42")

        let error = NavigationPathError.unknownComponent("mika", position: 1, parent: "members")
        #expect(throws: error) { try Navigation<TeamDestination, TeamModal>(path: "members/mika") }
        #expect(error.description == #"no destination "mika" after "members" (component 2)"#)
    }
    // snippet end

    @Test func otherBadPathsAreErrorsNeverTraps() {
        typealias TeamNavigation = Navigation<TeamDestination, TeamModal>
        #expect(throws: NavigationPathError.unknownComponent("settings", position: 0, parent: nil)) {
            try TeamNavigation(path: "settings")
        }
        #expect(throws: NavigationPathError.emptyComponent(position: 1)) { try TeamNavigation(path: "members//42") }
        #expect(throws: NavigationPathError.invalidEscape(position: 1)) { try TeamNavigation(path: "members/%4") }
        #expect(throws: NavigationPathError.tooLong) {
            try TeamNavigation(path: "members" + String(repeating: "/42", count: 64))
        }
        #expect((try? TeamNavigation(path: "/members/42/7/")) == TeamNavigation(stack: [.members, .member(id: 42), .member(id: 7)]))
    }

    @Test func theTerminalOpensADeepLinkAndItsBackKeyPopsThroughTheViewModel() async throws {
        let tester = try ViewModelTester(TeamViewModel(members: TeamMember.samples, navigation: Navigation(path: "members/42")))
        let team = tester.viewModel
        let terminal = TeamTestTerminal()
        let run = Task { try await runTeamApp(team, on: terminal) }
        await tester.settle()
        #expect(terminal.output.contains("Member 42"))

        await terminal.typeAndWaitForRedraw(.character("q"), tester)
        #expect(team.state.navigation.stack == [.members])
        #expect(terminal.output.contains("s (3)"), "Member 42 became Members (3)")
        await terminal.typeAndWaitForRedraw(.character("q"), tester)
        #expect(team.state.navigation.stack == [])
        terminal.type(.character("q"))                 // on the root screen: the app ends
        #expect(try await run.value == .finished)
    }
}
