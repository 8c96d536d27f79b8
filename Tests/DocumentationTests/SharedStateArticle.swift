// The State that Survives a Kill article's code (MVVMData.docc), compiled and run (SnippetCheckTests).
import Foundation
import MVVMTesting

// snippet: keys
import MVVMCore
import MVVMData

/// A note being written: what survives a kill. Its text, never a secret.
struct NoteDraft: Codable, Sendable, Equatable {
    var title = ""
    var body = ""
}

extension SharedKey<NoteDraft> {
    /// The note being written, as the user left it.
    static let noteDraft = SharedKey("note-draft", default: NoteDraft())
}
// snippet end

// snippet: viewmodel
@MainActor
final class NoteEditorViewModel: ViewModel {
    struct State: Equatable {
        var draft = NoteDraft()
    }

    enum Event {
        case titleChanged(String)
        case bodyChanged(String)
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    init() {
        // The draft starts as saved, and is saved as it changes, for as long as the store lives.
        store.share(\.draft, with: Dependencies.current.sharedValues.value(.noteDraft))
    }

    func onEvent(_ event: Event) {
        switch event {
        case .titleChanged(let title): store.update { $0.draft.title = title }
        case .bodyChanged(let body): store.update { $0.draft.body = body }
        }
    }
}
// snippet end

// snippet: test
import Foundation
import Testing

@Test(.timeLimit(.minutes(1))) @MainActor func theDraftIsBackAfterAKill() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "notes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    func start() -> NoteEditorViewModel {
        Dependencies.with { $0.sharedValues = SharedValues(directory: folder) } operation: { NoteEditorViewModel() }
    }
    let first = start()
    first.send(.titleChanged("買い物"))
    first.send(.bodyChanged("牛乳"))
    // Killed here: the draft was written before each event returned.

    #expect(start().state.draft == NoteDraft(title: "買い物", body: "牛乳"))
}
// snippet end
