// SwiftUI's controls and containers as Apple's SDK declares them (see SwiftUIViews.swift for how
// the stand-ins work).
#if !canImport(UIKit)
import Foundation

/// Mirrors SwiftUI's `struct ButtonRole: Equatable, Sendable` (iOS 15) and its roles
/// `static let destructive: ButtonRole`, `static let cancel: ButtonRole`.
nonisolated struct ButtonRole: Equatable, Sendable {
    private let name: String
    static let destructive = ButtonRole(name: "destructive")
    static let cancel = ButtonRole(name: "cancel")
}

/// Mirrors SwiftUI's `struct Button<Label>: View where Label: View`:
/// - `@preconcurrency init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)`,
/// - `@preconcurrency init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)`,
/// and, where `Label == Text`:
/// - `@preconcurrency init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void)`,
/// - `@preconcurrency init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol`,
/// - `@preconcurrency init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void)`,
/// - `@preconcurrency init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where S: StringProtocol`.
nonisolated struct Button<Label: View>: View {
    typealias Body = Never
    private let action: @MainActor () -> Void

    @preconcurrency
    init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
    }

    @preconcurrency
    init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
    }
}

extension Button where Label == Text {
    @preconcurrency
    nonisolated init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    @preconcurrency
    nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    @preconcurrency
    nonisolated init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    @preconcurrency
    nonisolated init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.action = action
    }
}

/// Mirrors SwiftUI's `struct Picker<Label, SelectionValue, Content>: View where Label: View,
/// SelectionValue: Hashable, Content: View`, where `Label == Text`:
/// - `init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)`,
/// - `init<S>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) where S: StringProtocol`.
nonisolated struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    typealias Body = Never
}

extension Picker where Label == Text {
    nonisolated init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}

    nonisolated init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

/// Mirrors SwiftUI's `struct ProgressView<Label, CurrentValueLabel>: View where Label: View,
/// CurrentValueLabel: View`, reduced to the indeterminate spinner:
/// `init() where Label == EmptyView, CurrentValueLabel == EmptyView`.
nonisolated struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    typealias Body = Never
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    nonisolated init() {}
}

/// Mirrors SwiftUI's `struct List<SelectionValue, Content>: View where SelectionValue: Hashable,
/// Content: View`, where `SelectionValue == Never`:
/// - `init(@ViewBuilder content: () -> Content)`,
/// - `init<Data, ID, RowContent>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
///   where Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable, RowContent: View`.
nonisolated struct List<SelectionValue: Hashable, Content: View>: View {
    typealias Body = Never
    private let content: Content
}

extension List where SelectionValue == Never {
    nonisolated init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    nonisolated init<Data, ID, RowContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable, RowContent: View {
        self.content = ForEach(data, id: id, content: rowContent)
    }
}

/// Mirrors SwiftUI's `struct ForEach<Data, ID, Content> where Data: RandomAccessCollection,
/// ID: Hashable` (a `View` where `Content: View`):
/// - `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`,
/// - `init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) where ID == Data.Element.ID,
///   Content: View, Data.Element: Identifiable`.
nonisolated struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    let data: Data
    let content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    typealias Body = Never

    nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    nonisolated init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

/// Mirrors SwiftUI's `@frozen struct VerticalAlignment: Equatable` (`static let center: VerticalAlignment`).
nonisolated struct VerticalAlignment: Equatable, Sendable {
    private let name: String
    static let center = VerticalAlignment(name: "center")
}

/// Mirrors SwiftUI's `@frozen struct HStack<Content>: View where Content: View`:
/// `init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`.
nonisolated struct HStack<Content: View>: View {
    typealias Body = Never
    private let content: Content

    init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// Mirrors SwiftUI's `nonisolated struct NavigationStack<Data, Root>: View where Root: View`
/// (iOS 16): `init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data: MutableCollection,
/// Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable`.
nonisolated struct NavigationStack<Data, Root: View>: View {
    typealias Body = Never
    private let root: Root

    init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
    }
}
#endif
