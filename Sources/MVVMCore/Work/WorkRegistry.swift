/// The owned work of one store: running tasks by key, throttle windows, and what each piece of
/// work puts back in state if it is cancelled before it ends.
struct WorkRegistry<State> {
    /// A running or waiting task.
    struct Entry {
        let id: UInt64
        let task: Task<Void, Never>
        /// Applied to state when the task is cancelled without being replaced.
        let onCancel: (@MainActor (inout State) -> Void)?
    }

    /// Work waiting for the end of a throttle window.
    struct Throttled {
        let id: UInt64
        let operation: @MainActor @Sendable () async -> Void
        let onCancel: (@MainActor (inout State) -> Void)?
    }

    struct Slot {
        /// Running or waiting tasks, in start order.
        var tasks: [Entry] = []
        /// Throttle: the window task, and the work waiting for the window's end.
        var throttleWindow: (id: UInt64, task: Task<Void, Never>)?
        var throttled: Throttled?

        /// What the slot's work puts back when it is cancelled, with the ids that order it.
        var cancelActions: [(id: UInt64, action: @MainActor (inout State) -> Void)] {
            var actions = tasks.compactMap { entry in entry.onCancel.map { (entry.id, $0) } }
            if let throttled, let action = throttled.onCancel { actions.append((throttled.id, action)) }
            return actions
        }
    }

    var slots: [WorkKey: Slot] = [:]
    private var nextID: UInt64 = 0

    mutating func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    var allTasks: [Task<Void, Never>] {
        slots.values.flatMap { slot in slot.tasks.map(\.task) + [slot.throttleWindow?.task].compactMap { $0 } }
    }

    var isIdle: Bool { slots.isEmpty }

    mutating func removeEmptySlot(_ key: WorkKey) {
        guard let slot = slots[key] else { return }
        if slot.tasks.isEmpty, slot.throttleWindow == nil, slot.throttled == nil {
            slots[key] = nil
        }
    }
}
