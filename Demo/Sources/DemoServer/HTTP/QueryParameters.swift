import Hummingbird

/// Reads and validates query parameters, throwing `invalid_parameter` errors that name the
/// parameter and the bad value.
struct QueryParameters {
    private let request: Request

    init(_ request: Request) {
        self.request = request
    }

    /// The first value of `name` (percent-decoded), or `nil` when absent.
    func string(_ name: String) -> String? {
        request.uri.queryParameters[name[...]].map(String.init)
    }

    /// The integer value of `name` within `range`, or `defaultValue` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int, rule: String) throws(APIError) -> Int {
        guard let text = string(name) else { return defaultValue }
        guard let value = Int(digitsOnly: text[...]), range.contains(value) else {
            throw .invalidParameter("The query parameter \(name) must be \(rule), but was \"\(QuotedValue.excerpt(text))\".")
        }
        return value
    }
}
