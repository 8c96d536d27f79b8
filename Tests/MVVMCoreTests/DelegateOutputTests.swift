import MVVMCore
import Testing

/// A child's delegate output: its parent receives each output at once, in order; one sent
/// before the parent connected waits for it; a new connection replaces the last.
@Suite
@MainActor
struct DelegateOutputTests {
    enum Said: Equatable, Sendable { case opened(Int), closed }

    @Test func outputsReachTheConnectedParentInOrderAndNoneIsLostBeforeItConnects() {
        let output = DelegateOutput<Said>()
        output.send(.opened(1))   // before the parent connected
        var first: [Said] = [], second: [Said] = []
        output.connect { first.append($0) }
        #expect(first == [.opened(1)], "handed over when the parent connects")
        output.send(.opened(2))
        output.send(.closed)
        #expect(first == [.opened(1), .opened(2), .closed])
        output.connect { second.append($0) }
        output.send(.opened(3))
        #expect(first == [.opened(1), .opened(2), .closed], "one receiver: the last connected")
        #expect(second == [.opened(3)])
    }
}
