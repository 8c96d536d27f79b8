// The Live Queries article's code (MVVMData.docc), compiled and run (SnippetCheckTests).
import Foundation
import MVVMCollections
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
import Testing

// snippet: records
/// A book as the server has it.
struct Book: Identifiable, Codable, Hashable, Sendable {
    let id: Int
    var title: String
    var isRead: Bool
}

/// What the user changes: kept in the outbox, shown once saved, sent until answered.
enum BookWrite: RecordWrite, Hashable {
    case setRead(Bool, id: Int)

    var recordID: Int {
        switch self { case .setRead(_, let id): id }
    }

    func applied(to book: Book?) -> Book? {
        guard var book, case .setRead(let isRead, _) = self else { return book }
        book.isRead = isRead
        return book
    }
}

/// What the list shows: the search text and a filter, as the server is asked.
struct BookQuery: Hashable, Sendable {
    var text = ""
    var unreadOnly = false
}

extension RecordField<Book> {
    /// The server's order.
    static let id = RecordField("id") { $0.id }
    /// The unread filter.
    static let isRead = RecordField("isRead") { $0.isRead }
}

extension RecordSearch<Book> {
    /// The server's search: the title, case- and diacritic-insensitive; and the fields its
    /// list filters and orders by (a storage that answers queries keeps them beside each book).
    static let books = RecordSearch(options: [.diacriticInsensitive], fields: [.id, .isRead]) { $0.title }
}

extension LiveQueryRules<Book, BookQuery> {
    /// The server's filter and order, declared by fields.
    static let books = LiveQueryRules(searchText: \.text, order: .id) { query in
        query.unreadOnly ? [RecordField.isRead.equals(false)] : []
    }
}

extension LiveCount<Book> {
    /// The title's count.
    static let unread = LiveCount("unread") { !$0.isRead }
}
// snippet end

/// The server of the article's examples: books by id, keyset pages, and a switch to take it away.
final class BookServer: Sendable {
    private let state = Mutex((books: (1...60).map { Book(id: $0, title: $0 % 7 == 0 ? "Café \($0)" : "Book \($0)", isRead: $0 % 2 == 0) }, online: true))

    var isOnline: Bool {
        get { state.withLock { $0.online } }
        set { state.withLock { $0.online = newValue } }
    }

    func books(after cursor: Int?, size: Int, query: BookQuery) throws -> (books: [Book], next: Int?) {
        try state.withLock { state in
            guard state.online else { throw URLError(.notConnectedToInternet) }
            let index = SearchIndex(state.books.map(\.title), options: [.diacriticInsensitive])
            let found = index.matches(query.text).map { state.books[$0] }
                .filter { (!query.unreadOnly || !$0.isRead) && $0.id > (cursor ?? 0) }
            let page = Array(found.prefix(size))
            return (page, found.count > size ? page.last?.id : nil)
        }
    }

    func unreadCount() throws -> Int {
        try state.withLock { state in
            guard state.online else { throw URLError(.notConnectedToInternet) }
            return state.books.filter { !$0.isRead }.count
        }
    }
}

// snippet: viewmodel
/// The book list, in full: it says what it shows; the live query keeps it true.
@MainActor
final class BookListViewModel: ViewModel {
    struct State: Equatable, Sendable {
        var searchText = ""
        var query: BookQuery { BookQuery(text: searchText) }   // what the list shows
        var books = LiveRows<Book>()
        var title: LocalizedText { books.counts[.unread].map { "Unread (\($0))" } ?? "Books" }
    }

    enum Event: Hashable, Sendable {
        case searchTextChanged(String)
        case lastRowsAppeared
        case retryTapped
        case readTapped(id: Int)
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let records: RecordStore<BookWrite>
    private var books: LiveQuery<BookWrite, BookQuery, Int>?

    init(server: BookServer, records: RecordStore<BookWrite>) {
        self.records = records
        store = StateStore(State())
        books = store.liveQuery(
            \.books, records: records, named: "books", query: \.query, pageSize: 20,
            rules: .books, counts: [.unread], fetchCounts: { [.unread: try server.unreadCount()] }
        ) { request in
            let page = try server.books(after: request.cursor, size: request.size, query: request.query)
            return LivePage(records: page.books, nextCursor: page.next)
        }
    }

    func onEvent(_ event: Event) {
        switch event {
        case .searchTextChanged(let text):
            store.update { $0.searchText = text }   // the rows filtered at once, the server after 300 ms
        case .lastRowsAppeared:
            books?.load(.next)
        case .retryTapped:
            books?.load(.retry)
        case .readTapped(let id):
            guard let row = state.books.rows.first(where: { $0.id == id }), row.pending == nil else { return }
            records.write(.setRead(!row.record.isRead, id: id))
        }
    }

    func didAppear() {
        books?.loadIfNeeded()
    }
}
// snippet end

@Suite(.timeLimit(.minutes(1)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct LiveQueriesArticleTests {
    // snippet: test
    @Test func aWriteShowsPendingWithItsCountAndTheServersAnswerKeepsIt() async {
        let clock = TestClock()
        let server = BookServer()
        await clock.perform {
            let outbox = Outbox<BookWrite>(storage: InMemoryOutboxStorage(), clock: clock)
            let records = RecordStore(outbox: outbox, search: .books)
            let viewModel = BookListViewModel(server: server, records: records)
            viewModel.appear()
            await clock.advance()
            #expect(viewModel.state.books.rows.map(\.id) == Array(1...20))
            #expect(viewModel.state.title == "Unread (30)")

            viewModel.send(.readTapped(id: 1))
            await clock.advance()   // saved on the device: shown, pending
            #expect(viewModel.state.books.rows[0] == LiveRow(Book(id: 1, title: "Book 1", isRead: true), pending: .saving))
            #expect(viewModel.state.title == "Unread (29)", "the count moves with the write, in the same update")
        }
    }
    // snippet end

    // snippet: offline
    @Test func offlineASearchFindsEveryBookSeenMarkedSaved() async {
        let clock = TestClock()
        let server = BookServer()
        let cache = InMemoryRecordStorage()
        await clock.perform {
            let outbox = Outbox<BookWrite>(storage: InMemoryOutboxStorage(), clock: clock)
            do {   // online: three pages seen
                let records = RecordStore(outbox: outbox, storage: cache, search: .books)
                let viewModel = BookListViewModel(server: server, records: records)
                viewModel.appear()
                await clock.advance()
                viewModel.send(.lastRowsAppeared)
                await clock.advance()
                viewModel.send(.lastRowsAppeared)
                await clock.advance()
                await records.waitUntilSaved()
            }
            server.isOnline = false   // started again, with the server gone
            let records = RecordStore(outbox: outbox, storage: cache, search: .books)
            let viewModel = BookListViewModel(server: server, records: records)
            viewModel.appear()
            viewModel.send(.searchTextChanged("cafe"))
            await clock.advance(by: .milliseconds(300))
            #expect(viewModel.state.books.rows.map(\.id) == [7, 14, 21, 28, 35, 42, 49, 56], "from every page seen")
            #expect(viewModel.state.books.origin?.savedAt != nil, "marked as the device's answer")
            #expect(viewModel.state.title == "Unread (30)", "the last count the server sent")
        }
    }
    // snippet end
}
