// SwiftUI's view protocol and its result builder, declared as Apple's SDK declares them, for the
// machines without UIKit (Linux) where the documentation's SwiftUI snippets are compiled.
//
// The snippets are iOS code: where UIKit exists, the real SwiftUI and UIKit are imported instead
// and none of this is compiled. Where it does not (Linux, and macOS, whose SwiftUI has no
// `Image(uiImage:)` and no UIKit to pair with), these declarations stand in for both, so that every
// snippet is checked against one SDK's shapes. They are compiled, never run: no test renders a
// SwiftUI view, and a stand-in asked for what only SwiftUI's runtime makes stops the test
// (`swiftUIStandInIsNotRun()`).
//
// Each declaration quotes the one it mirrors, from Apple's documentation
// (developer.apple.com/documentation/swiftui; each API is available on iOS 18, the package's
// minimum): its name, generic parameters and constraints, argument labels and types,
// optionality, defaults, and isolation (`@MainActor` protocols, `nonisolated` types and
// initializers, `@MainActor` button actions, `@Sendable` binding closures). Apple's newest pages
// spell the builder attribute `@ContentBuilder`, a newer type alias of `ViewBuilder`; the
// spelling every SDK since iOS 13 accepts, `@ViewBuilder`, is used here.
// Only what the snippets use is declared: a snippet that reaches for more fails to compile here,
// and its stand-in is then added with Apple's declaration (docs/Documentation.md).
#if !canImport(UIKit)
import Foundation

/// What a SwiftUI stand-in does if a test asks it for what only SwiftUI's runtime produces
/// (a view's `body`, a binding's value): it stops. The stand-ins are compiled, never run.
func swiftUIStandInIsNotRun(_ member: StaticString = #function) -> Never {
    fatalError("\(member): SwiftUI's stand-ins are compiled to check the snippets, never run")
}

/// Mirrors SwiftUI's `View`:
/// `@MainActor @preconcurrency protocol View { associatedtype Body: View;`
/// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get } }`.
/// A type that declares the conformance on its own declaration is main-actor isolated, as with
/// SwiftUI.
@MainActor @preconcurrency
protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Mirrors SwiftUI's primitive views, whose `Body` is `Never`: SwiftUI draws them itself.
extension View where Body == Never {
    var body: Never { swiftUIStandInIsNotRun() }
}

/// Mirrors `extension Never: View` (SwiftUI).
extension Never: View {
    typealias Body = Never
}

/// Mirrors `extension Optional: View where Wrapped: View` (SwiftUI): what `if` without `else`
/// builds.
extension Optional: View where Wrapped: View {
    typealias Body = Never
}

/// Mirrors SwiftUI's `@resultBuilder struct ViewBuilder`: `buildExpression(_:)`, `buildBlock()`
/// (an `EmptyView`), `buildBlock(_:)` of one view, `buildBlock(_:)` of several
/// (`static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View`,
/// iOS 17), `buildIf(_:)`, `buildEither(first:)` and `buildEither(second:)` (a
/// `_ConditionalContent`), `buildLimitedAvailability(_:)` (an `AnyView`).
@resultBuilder
struct ViewBuilder {
    static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    static func buildBlock() -> EmptyView { EmptyView() }

    static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Mirrors SwiftUI's `@frozen struct TupleView<T>: View` (`init(_ value: T)`, `var value: T`):
/// the views of a builder block.
nonisolated struct TupleView<T>: View {
    typealias Body = Never
    var value: T
    init(_ value: T) { self.value = value }
}

/// Mirrors SwiftUI's `@frozen struct _ConditionalContent<TrueContent, FalseContent>: View where
/// TrueContent: View, FalseContent: View`: the two branches of an `if`/`else` or a `switch`.
nonisolated struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    typealias Body = Never
    /// Mirrors `_ConditionalContent.Storage`: which branch was built.
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
}

/// Mirrors SwiftUI's `@frozen struct EmptyView: View` (`init()`).
nonisolated struct EmptyView: View {
    typealias Body = Never
    init() {}
}

/// Mirrors SwiftUI's `@frozen struct AnyView: View` (`init<V>(_ view: V) where V: View`).
nonisolated struct AnyView: View {
    typealias Body = Never
    init<V: View>(_ view: V) {}
}

/// What a stand-in modifier returns, where SwiftUI's returns `some View` (a `ModifiedContent`).
/// The snippets never name it: Apple's modifiers return an opaque type too.
nonisolated struct _StandInModifiedContent<Content: View>: View {
    typealias Body = Never
    let content: Content
}
#endif
