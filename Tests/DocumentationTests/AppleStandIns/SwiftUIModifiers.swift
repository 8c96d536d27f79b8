// SwiftUI's view modifiers as Apple's SDK declares them (see SwiftUIViews.swift for how the
// stand-ins work). Each returns `some View`, as Apple's do; none runs the closures it is given.
#if !canImport(UIKit)
import Foundation

/// Mirrors SwiftUI's `@frozen struct Alignment: Equatable` (`static let center: Alignment`).
nonisolated struct Alignment: Equatable, Sendable {
    private let name: String
    static let center = Alignment(name: "center")
}

/// Mirrors SwiftUI's `enum Visibility: Hashable, CaseIterable` (`case automatic, visible, hidden`).
nonisolated enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

/// Mirrors SwiftUI's `struct SearchFieldPlacement: Sendable` (`static let automatic: SearchFieldPlacement`).
nonisolated struct SearchFieldPlacement: Sendable {
    private let name: String
    static let automatic = SearchFieldPlacement(name: "automatic")
}

extension View {
    /// Mirrors `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`.
    nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`.
    nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors `nonisolated func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
    /// where V: View` (iOS 15).
    nonisolated func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors `nonisolated func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View
    /// where Content: View` (iOS 14).
    nonisolated func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors `nonisolated func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic,
    /// prompt: Text? = nil) -> some View` (iOS 15).
    nonisolated func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors `nonisolated func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View where V: Hashable`.
    nonisolated func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors `nonisolated func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination:
    /// @escaping (D) -> C) -> some View where D: Hashable, C: View` (iOS 16).
    nonisolated func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors the three `alert(_:isPresented:presenting:actions:message:)` of iOS 15, one per kind
    /// of title:
    /// `nonisolated func alert<A, M, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
    /// @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View where A: View, M: View`.
    nonisolated func alert<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// `nonisolated func alert<S, A, M, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
    /// @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View where S: StringProtocol, A: View, M: View`.
    nonisolated func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// `nonisolated func alert<A, M, T>(_ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    /// @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View where A: View, M: View`.
    nonisolated func alert<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// Mirrors the three `confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)`
    /// of iOS 15, one per kind of title:
    /// `nonisolated func confirmationDialog<A, M, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
    /// titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A,
    /// @ViewBuilder message: (T) -> M) -> some View where A: View, M: View`.
    nonisolated func confirmationDialog<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// `nonisolated func confirmationDialog<S, A, M, T>(_ title: S, isPresented: Binding<Bool>,
    /// titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A,
    /// @ViewBuilder message: (T) -> M) -> some View where S: StringProtocol, A: View, M: View`.
    nonisolated func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        _StandInModifiedContent(content: self)
    }

    /// `nonisolated func confirmationDialog<A, M, T>(_ title: Text, isPresented: Binding<Bool>,
    /// titleVisibility: Visibility = .automatic, presenting data: T?, @ViewBuilder actions: (T) -> A,
    /// @ViewBuilder message: (T) -> M) -> some View where A: View, M: View`.
    nonisolated func confirmationDialog<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        _StandInModifiedContent(content: self)
    }
}
#endif
