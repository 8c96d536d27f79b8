// SwiftUI's text and images as Apple's SDK declares them (see SwiftUIViews.swift for how the
// stand-ins work). What matters most here is what they refuse: `Text`, `Button`, `.alert` and
// `.confirmationDialog` take a `LocalizedStringKey` or `some StringProtocol`, never MVVMCore's
// `LocalizedText`; a view shows one with `text.resolved()`.
#if !canImport(UIKit)
import Foundation

/// Mirrors SwiftUI's `@frozen struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation`:
/// `init(_ value: String)`, `init(stringLiteral value: String)`,
/// `init(stringInterpolation: LocalizedStringKey.StringInterpolation)`.
/// A string literal passed to `Text`, `Button` or `Picker` becomes one.
nonisolated struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    private let key: String

    init(_ value: String) { key = value }

    init(stringLiteral value: String) { key = value }

    init(stringInterpolation: StringInterpolation) { key = stringInterpolation.format }

    /// Mirrors `LocalizedStringKey.StringInterpolation: StringInterpolationProtocol`, reduced to
    /// the interpolations the snippets use, with Apple's signatures:
    /// `mutating func appendLiteral(_ literal: String)`,
    /// `mutating func appendInterpolation(_ string: String)`,
    /// `mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable`,
    /// `mutating func appendInterpolation(_ text: Text)`. Apple's others take Foundation types
    /// (`NSObject`, `ReferenceConvertible`, `AttributedString`, a `FormatStyle`'s input), `Image`,
    /// dates and resources; none takes `LocalizedText`, which is none of those.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var format = ""

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) { format += literal }

        mutating func appendInterpolation(_ string: String) { format += "%@" }

        mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) { format += "%lld" }

        mutating func appendInterpolation(_ text: Text) { format += "%@" }
    }
}

/// Mirrors SwiftUI's `protocol _FormatSpecifiable: Equatable`, which the integer and
/// floating-point types adopt: what `LocalizedStringKey` interpolates with a format specifier
/// (`"\(count) items"`). Its requirements (`_arg`, `_specifier`) are SwiftUI's implementation
/// and are not mirrored.
protocol _FormatSpecifiable: Equatable {}

extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

/// Mirrors SwiftUI's `@frozen struct Text: Equatable, Sendable` and its initializers:
/// - `init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil)`
///   (what a string literal calls),
/// - `init<S>(_ content: S) where S: StringProtocol` (a string shown as it is; "SwiftUI doesn't
///   call the init(_:) method when you initialize a text view with a string literal", which
///   `@_disfavoredOverload` reproduces here),
/// - `init(verbatim content: String)`.
nonisolated struct Text: View, Equatable, Sendable {
    typealias Body = Never

    init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}

    @_disfavoredOverload
    init<S: StringProtocol>(_ content: S) {}

    init(verbatim content: String) {}
}

/// Mirrors SwiftUI's `@frozen struct Image: Equatable, Sendable`, reduced to UIKit's bridge,
/// `init(uiImage: UIImage)` (SwiftUI on iOS, tvOS and visionOS).
nonisolated struct Image: View, Equatable, Sendable {
    typealias Body = Never

    init(uiImage: UIImage) {}
}
#endif
