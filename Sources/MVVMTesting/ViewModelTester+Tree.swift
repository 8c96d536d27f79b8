public import MVVMCore
import Testing

/// Whether a ``ViewModelTester`` asserts every state change or only those its script states.
public enum Exhaustivity: Sendable, Equatable {
    /// Every state change must be asserted: one that is not fails the test, with a diff.
    case on
    /// Only what the script states is checked, on the state as it is; every change it did not
    /// assert is listed (``ViewModelTester/skippedChanges``, and a known issue in Swift Testing),
    /// as TCA's `exhaustivity = .off` with its skipped assertions shown. Work still running at
    /// ``ViewModelTester/finish(fileID:filePath:line:column:)`` is listed too
    /// (``ViewModelTester/skippedWork``) and called off.
    case off
}

/// The testers of one script: a parent's and its children's. A step of any of them first
/// checks that none has a change left unasserted. It holds them weakly: a tester lives as long
/// as the script keeps it.
@MainActor
final class TesterTree {
    private struct Member {
        weak var tester: AnyObject?
        let failOnUnasserted: (String, SourceLocation) -> Void
    }

    private var members: [Member] = []
    /// The step a tester of the tree is taking now ("AppViewModel sending …"): the origin of the
    /// changes it makes in the others' ViewModels.
    var stepInProgress: String?

    func add<Model>(_ tester: ViewModelTester<Model>) {
        members.append(Member(tester: tester) { [weak tester] step, location in
            tester?.failOnUnasserted(before: step, at: location)
        })
    }

    /// The tester of `viewModel` in this tree, if one was made and lives.
    func tester<Model: ViewModel>(of viewModel: Model) -> ViewModelTester<Model>? where Model.State: Equatable {
        members.lazy.compactMap { $0.tester as? ViewModelTester<Model> }.first { $0.viewModel === viewModel }
    }

    func failOnUnasserted(before step: String, at location: SourceLocation) {
        for member in members { member.failOnUnasserted(step, location) }
    }
}

extension ViewModelTester {
    /// A tester of `child`, a ViewModel this one made (a pushed screen, a child form), in the same
    /// script: its work runs on this tester's executor, its changes are asserted with its own
    /// ``send(_:_:fileID:filePath:line:column:)`` and ``receive(_:fileID:filePath:line:column:)``,
    /// and a step of either (or ``finish(fileID:filePath:line:column:)``) fails, with a diff
    /// naming the ViewModel, while any of the tree has a change left unasserted. It follows this
    /// tester's ``exhaustivity`` when it is made.
    ///
    /// ```swift
    /// let app = try ViewModelTester(AppViewModel(path: "users"))   // repositories from Dependencies
    /// guard case .users(let listModel)? = app.viewModel.screenModel(for: .users) else { return }
    /// let list = app.child(listModel)
    /// list.appear { $0.users.refresh = .loading }
    /// await list.receive { … }            // the list's rows
    /// list.send(.rowOpened(userID: 2))    // the list tells the app
    /// await app.receive(.opened(.user(id: 2))) { $0.navigation.push(.user(id: 2)) }
    /// app.send(.navigation(.back)) { … }  // fails if the list has a change left
    /// ```
    ///
    /// The demo's `AppViewModelTests.oneScriptAssertsTheAppTheListAndTheDetailOpenOverIt` is this
    /// script in full.
    ///
    /// Asking again for the same child, while its tester lives, gives the same tester.
    public func child<Child: ViewModel>(_ child: Child) -> ViewModelTester<Child> where Child.State: Equatable {
        if let existing = tree.tester(of: child) { return existing }
        let tester = ViewModelTester<Child>(child, in: tree, executor: executor, clock: clock, reporter: reporter, name: "\(Child.self)")
        tester.exhaustivity = exhaustivity
        return tester
    }
}
