import Foundation
import Hummingbird

/// The validated query of `GET /api/users`.
struct UserListQuery: Sendable, Equatable {
    /// The largest page size.
    static let maximumSize = 100
    /// The longest search text, in Unicode code points (as the OpenAPI document's `maxLength` counts).
    static let maximumSearchLength = 100

    var page = 1
    /// Where the page starts (keyset paging): the id of the last user of the page before it, from
    /// the `cursor` parameter; `nil` when the page is chosen by number.
    var afterID: Int?
    var size = 20
    /// The search text, trimmed; empty for no search.
    var search = ""
    var status = UserStatusFilter.all

    /// The row offset of the page, or `nil` when it is too large to be any row.
    var offset: Int? {
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: size)
        return overflow ? nil : offset
    }

    /// Reads `page`, `size`, `q` and `status`, throwing `invalid_parameter` for a bad value.
    init(_ request: Request) throws(APIError) {
        let query = QueryParameters(request)
        page = try query.integer("page", in: 1...Int.max, default: 1, rule: "an integer of at least 1")
        // With a cursor, `page` is ignored (it is still checked above).
        if let cursor = query.string("cursor") { afterID = try UserCursor.decode(cursor) }
        size = try query.integer(
            "size", in: 1...Self.maximumSize, default: 20, rule: "an integer from 1 to \(Self.maximumSize)"
        )
        if let text = query.string("status") {
            guard let status = UserStatusFilter(rawValue: text) else {
                throw .invalidParameter("The query parameter status must be all, active or inactive, but was \"\(QuotedValue.excerpt(text))\".")
            }
            self.status = status
        }
        if let text = query.string("q") {
            guard text.unicodeScalars.count <= Self.maximumSearchLength else {
                throw .invalidParameter(
                    "The query parameter q must be at most \(Self.maximumSearchLength) characters, but has \(text.unicodeScalars.count)."
                )
            }
            if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                // SQLite would cut the pattern at a NUL and match everything.
                throw .invalidParameter(
                    "The query parameter q must not contain control characters, but has U+\(Self.hex(control))."
                )
            }
            search = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// A query with the given values, for code that does not start from a request.
    init(page: Int = 1, afterID: Int? = nil, size: Int = 20, search: String = "", status: UserStatusFilter = .all) {
        self.page = page
        self.afterID = afterID
        self.size = size
        self.search = search
        self.status = status
    }

    /// A scalar's code point as 4 or more hex digits.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
