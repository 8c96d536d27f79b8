/// One page of results, and where the next one starts.
///
/// `nextCursor == nil` means this was the last page. For page-number APIs use
/// ``numbered(_:page:pageSize:)``, which decides from the page's size: a short page is the last.
public struct Page<Item, Cursor> {
    /// The page's items, in order.
    public var items: [Item]
    /// The cursor of the next page, or `nil` after the last page.
    public var nextCursor: Cursor?
    /// Where the page came from: the server, or the device's saved copy of it when the server
    /// could not answer (an offline-first repository).
    public var origin: DataOrigin
    /// Why the server's page is not shown, when ``origin`` is the saved copy.
    public var failure: ErrorPresentation?

    /// Creates a page of a cursor-based API.
    ///
    /// - Parameters:
    ///   - items: the page's items, in order.
    ///   - nextCursor: where the next page starts; `nil` after the last page.
    ///   - origin: the server (the default), or the device's saved copy.
    ///   - failure: why the server's page is not shown, for a saved copy.
    public init(items: [Item], nextCursor: Cursor?, origin: DataOrigin = .network, failure: ErrorPresentation? = nil) {
        self.items = items
        self.nextCursor = nextCursor
        self.origin = origin
        self.failure = failure
    }
}

extension Page where Cursor == Int {
    /// A page of a page-number API: the next page is `page + 1` unless this page came back
    /// shorter than `pageSize` (the article's `canLoadMore = newUsers.count == pageSize`).
    public static func numbered(_ items: [Item], page: Int, pageSize: Int) -> Page {
        Page(items: items, nextCursor: items.count >= pageSize ? page + 1 : nil)
    }
}

extension Page: Equatable where Item: Equatable, Cursor: Equatable {}
extension Page: Sendable where Item: Sendable, Cursor: Sendable {}

/// The request for one page, handed to your fetch closure.
public struct PageRequest<Cursor> {
    /// Where the page starts: the first cursor, or the previous page's `nextCursor`.
    public let cursor: Cursor
    /// How many items to ask for.
    public let pageSize: Int
    /// Whether this is the first page (a first load, a refresh, or a load after ``PagedList/reset()``).
    public let isFirstPage: Bool
    /// Unique within its list: only the request made last is current, so that an older
    /// response is recognised as stale.
    let serial: Int
}

extension PageRequest: Equatable where Cursor: Equatable {}
extension PageRequest: Sendable where Cursor: Sendable {}
