// SwiftUI's state and bindings as Apple's SDK declares them (see SwiftUIViews.swift for how the
// stand-ins work). Compiled, never run: reading a binding's value stops the test.
#if !canImport(UIKit)
import Foundation
import MVVMCombine   // ObservableObject: Combine's on Apple platforms, OpenCombine's here

/// Mirrors SwiftUI's `protocol DynamicProperty` (its `update()` requirement, SwiftUI's
/// business, is not mirrored).
protocol DynamicProperty {}

/// Mirrors SwiftUI's `@frozen @propertyWrapper struct State<Value>: DynamicProperty`:
/// `init(wrappedValue value: Value)`, `init(initialValue value: Value)`,
/// `var wrappedValue: Value { get nonmutating set }`, `var projectedValue: Binding<Value> { get }`.
@propertyWrapper
struct State<Value>: DynamicProperty {
    private let initialValue: Value

    init(wrappedValue value: Value) { initialValue = value }

    init(initialValue value: Value) { initialValue = value }

    var wrappedValue: Value {
        get { swiftUIStandInIsNotRun() }
        nonmutating set { swiftUIStandInIsNotRun() }
    }

    var projectedValue: Binding<Value> { swiftUIStandInIsNotRun() }
}

/// Mirrors SwiftUI's `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`:
/// - `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void)`
///   (iOS 18 SDK: the closures are `@Sendable` and carry their isolation, so a closure that reads
///   main-actor state says `@MainActor in`),
/// - `init(projectedValue: Binding<Value>)`, `static func constant(_ value: Value) -> Binding<Value>`,
/// - `var wrappedValue: Value { get nonmutating set }`, `var projectedValue: Binding<Value> { get }`,
/// - `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`.
@propertyWrapper @dynamicMemberLookup
struct Binding<Value> {
    @preconcurrency
    init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {}

    /// Mirrors `init(projectedValue: Binding<Value>)`.
    init(projectedValue: Binding<Value>) { self = projectedValue }

    private init(standInFor value: Value) {}

    static func constant(_ value: Value) -> Binding<Value> { Binding(standInFor: value) }

    var wrappedValue: Value {
        get { swiftUIStandInIsNotRun() }
        nonmutating set { swiftUIStandInIsNotRun() }
    }

    var projectedValue: Binding<Value> { self }

    subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        swiftUIStandInIsNotRun()
    }
}

extension Binding: DynamicProperty {}

/// Mirrors SwiftUI's `@frozen @propertyWrapper struct StateObject<ObjectType>: DynamicProperty where
/// ObjectType: ObservableObject`: `init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)`,
/// `@MainActor @preconcurrency var wrappedValue: ObjectType { get }`,
/// `@MainActor @preconcurrency var projectedValue: ObservedObject<ObjectType>.Wrapper { get }`.
@propertyWrapper
struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}

    @MainActor @preconcurrency var wrappedValue: ObjectType { swiftUIStandInIsNotRun() }

    @MainActor @preconcurrency var projectedValue: ObservedObject<ObjectType>.Wrapper { swiftUIStandInIsNotRun() }
}

/// Mirrors SwiftUI's `@propertyWrapper @frozen struct ObservedObject<ObjectType>: DynamicProperty
/// where ObjectType: ObservableObject`, reduced to its `Wrapper`, what `$object` is:
/// `@dynamicMemberLookup @frozen struct Wrapper { subscript<Subject>(dynamicMember keyPath:
/// ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> { get } }`.
@propertyWrapper
struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    init(wrappedValue: ObjectType) {}

    @MainActor @preconcurrency var wrappedValue: ObjectType { swiftUIStandInIsNotRun() }

    @MainActor @preconcurrency var projectedValue: ObservedObject<ObjectType>.Wrapper { swiftUIStandInIsNotRun() }

    /// Mirrors `ObservedObject.Wrapper` (`@dynamicMemberLookup @frozen struct Wrapper`): `$object.property`
    /// is a `Binding` to the object's property.
    @dynamicMemberLookup
    struct Wrapper {
        subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            swiftUIStandInIsNotRun()
        }
    }
}
#endif
