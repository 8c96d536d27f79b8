/// The owned work of one store: running tasks by key, and throttle windows.
///
/// Only `Sendable` values live here, so that the store's `deinit` (which may run on any thread)
/// can cancel the tasks.
struct WorkRegistry: Sendable {
    struct Slot: Sendable {
        /// Running or waiting tasks, in start order.
        var tasks: [(id: UInt64, task: Task<Void, Never>)] = []
        /// Throttle: the window task, and the work waiting for the window's end.
        var throttleWindow: (id: UInt64, task: Task<Void, Never>)?
        var throttled: (@MainActor @Sendable () async -> Void)?
    }

    var slots: [WorkKey: Slot] = [:]
    /// Ids of tasks being created right now: a task made with `Task.immediate` can finish before
    /// its creator registers it; such a task finds its id here and is never registered.
    var starting: Set<UInt64> = []
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

