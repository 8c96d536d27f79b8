import Foundation
import MVVMCollections
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization

/// A record of the live query tests: a contact with a name (searched), and a flag (filtered and
/// counted).
struct Contact: Identifiable, Codable, Hashable, Sendable {
    let id: Int
    var name: String
    var isFavourite: Bool
}

/// A change the user makes to a contact.
enum ContactWrite: RecordWrite, Hashable {
    case setFavourite(Bool, id: Int)
    case delete(id: Int)

    var recordID: Int {
        switch self {
        case .setFavourite(_, let id), .delete(let id): id
        }
    }

    func applied(to contact: Contact?) -> Contact? {
        switch self {
        case .setFavourite(let value, _): contact.map { Contact(id: $0.id, name: $0.name, isFavourite: value) }
        case .delete: nil
        }
    }
}

/// What a contact list asks: a search text and whether only favourites show.
struct ContactQuery: Hashable, Sendable {
    var text = ""
    var favouritesOnly = false
}

extension RecordSearch<Contact> {
    static let contacts = RecordSearch(options: [.diacriticInsensitive, .widthInsensitive]) { $0.name }
}

extension LiveQueryRules<Contact, ContactQuery> {
    static let contacts = LiveQueryRules(searchText: \.text, order: { $0.id < $1.id }) { contact, query in
        !query.favouritesOnly || contact.isFavourite
    }
}

extension RecordField<Contact> {
    static let id = RecordField("id") { $0.id }
    static let isFavourite = RecordField("isFavourite") { $0.isFavourite }
}

extension RecordSearch<Contact> {
    /// ``contacts`` with the fields a storage answers queries by: the store reads on demand.
    static let contactsByFields = RecordSearch(options: [.diacriticInsensitive, .widthInsensitive], fields: [.id, .isFavourite]) { $0.name }
}

extension LiveQueryRules<Contact, ContactQuery> {
    /// ``contacts``, declared by fields.
    static let contactsByFields = LiveQueryRules(searchText: \.text, order: .id) { query in
        query.favouritesOnly ? [RecordField.isFavourite.equals(true)] : []
    }
}

extension LiveCount<Contact> {
    static let favourites = LiveCount("favourites") { $0.isFavourite }
}

struct ServerDown: Error, Equatable {}
struct Refused: Error, Equatable {}

/// The server: contacts by id, keyset pages after an id, the same search rules (folded by the
/// same index), writes answered or refused, and faults on demand.
final class ContactServer: Sendable {
    private struct State {
        var contacts: [Int: Contact] = [:]
        var isOnline = true
        var failNextPages = 0
        var refused: Set<Int> = []
        var pageRequests: [String] = []
        var held = false
    }

    private let state = Mutex(State())

    init(_ contacts: [Contact]) {
        state.withLock { state in
            for contact in contacts { state.contacts[contact.id] = contact }
        }
    }

    var isOnline: Bool {
        get { state.withLock { $0.isOnline } }
        set { state.withLock { $0.isOnline = newValue } }
    }

    /// Refuses writes to these contacts.
    var refused: Set<Int> {
        get { state.withLock { $0.refused } }
        set { state.withLock { $0.refused = newValue } }
    }

    /// Fails the next `count` page requests (a 503).
    func failNextPages(_ count: Int) { state.withLock { $0.failNextPages = count } }

    var pageRequests: [String] { state.withLock { $0.pageRequests } }

    var contacts: [Contact] { state.withLock { $0.contacts.values.sorted { $0.id < $1.id } } }

    func insert(_ contact: Contact) { state.withLock { $0.contacts[contact.id] = contact } }
    func remove(_ id: Int) { state.withLock { _ = $0.contacts.removeValue(forKey: id) } }
    func rename(_ id: Int, to name: String) { state.withLock { $0.contacts[id]?.name = name } }

    /// The contacts `query` finds, in the server's order.
    static func answer(_ contacts: [Contact], _ query: ContactQuery) -> [Contact] {
        let index = SearchIndex(contacts.map(\.name), options: [.diacriticInsensitive, .widthInsensitive])
        return index.matches(query.text).map { contacts[$0] }.filter { !query.favouritesOnly || $0.isFavourite }
    }

    func page(_ request: LivePageRequest<ContactQuery, Int>) throws -> LivePage<Contact, Int> {
        try state.withLock { state in
            state.pageRequests.append("\(request.query.text)|\(request.query.favouritesOnly)|\(request.cursor.map(String.init) ?? "-")")
            guard state.isOnline else { throw ServerDown() }
            if state.failNextPages > 0 {
                state.failNextPages -= 1
                throw ServerDown()
            }
            let all = Self.answer(state.contacts.values.sorted { $0.id < $1.id }, request.query)
            let rest = all.filter { $0.id > (request.cursor ?? 0) }
            let page = Array(rest.prefix(request.size))
            return LivePage(records: page, nextCursor: rest.count > request.size ? page.last?.id : nil)
        }
    }

    func counts() throws -> [LiveCount<Contact>: Int] {
        try state.withLock { state in
            guard state.isOnline else { throw ServerDown() }
            return [.favourites: state.contacts.values.filter(\.isFavourite).count]
        }
    }

    func send(_ write: ContactWrite) throws -> Contact? {
        try state.withLock { state in
            guard state.isOnline else { throw ServerDown() }
            guard !state.refused.contains(write.recordID) else { throw Refused() }
            let answer = write.applied(to: state.contacts[write.recordID])
            state.contacts[write.recordID] = answer
            return answer
        }
    }
}

/// A screen's state holding a live query's result.
struct ContactListState: Equatable, Sendable {
    /// What the list shows: the live query follows it.
    var query = ContactQuery()
    var contacts = LiveRows<Contact>()
    /// Another part of the screen (a picture arriving, a banner): its updates move no row.
    var unrelated = 0
}

/// A table view fed a live list as an app feeds one, on every update of the screen's state
/// (whatever part of it changed), and keeping what UIKit would have raised.
@MainActor
final class LiveListTable {
    let table = BatchUpdateTableView<LiveRow<Contact>>()
    /// What UIKit would have raised, in order; the table then reloads, as an app would crash.
    private(set) var problems: [String] = []

    /// A table showing `rows`.
    init(_ rows: LiveRows<Contact>) {
        show(rows)
    }

    private var applied = AppliedRows()
    /// How many updates were reloads (the first one, and those after a missed update).
    private(set) var reloads = 0

    /// Shows `rows`: what `AppliedRows` says to do with them.
    func show(_ rows: LiveRows<Contact>) {
        do {
            switch applied.update(to: rows) {
            case .unchanged:
                break
            case .reload:
                reloads += 1
                table.reloadData(rows.rows)
            case .apply(let diff):
                try table.performBatchUpdates(diff, dataSource: rows.rows)
                try table.reloadRows(diff.reloads, dataSource: rows.rows)
            }
        } catch {
            problems.append("\(error)")
            table.reloadData(rows.rows)
        }
    }
}
