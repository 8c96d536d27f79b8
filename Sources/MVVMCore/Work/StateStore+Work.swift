extension StateStore {
    /// The clock that debounce and throttle use, and owned work sleeps on (`store.clock.sleep(for:)`): a test clock in tests.
    public var clock: any Clock<Duration> {
        sideIfMade?.clock ?? ContinuousClock()
    }

    /// Starts async work owned by this store, under `key`, governed by `policy`.
    ///
    /// Owned work ends when it is cancelled (``cancelAllWork()``, which ``ViewModel/disappear()``
    /// calls when the view disappears) or the store is deallocated. Once cancelled, anything it
    /// passes to ``update(_:)`` is dropped, so a stale response can never overwrite a newer one.
    ///
    /// The operation runs on the main actor; its `await`s on nonisolated or actor code run off
    /// it. Capture only what the work needs, and the store or the ViewModel **weakly**: work that
    /// holds them strongly keeps them alive after the view lets go, so deallocation cannot cancel
    /// it (`LeakTracker` in MVVMTesting catches this).
    ///
    /// ```swift
    /// func searchTextChanged(_ text: String) {
    ///     store.update { $0.query = text }
    ///     store.run("search", policy: .debounce(for: .milliseconds(300))) { [repository, weak store] in
    ///         let users = try? await repository.search(text)
    ///         store?.update { $0.results = users ?? [] }
    ///     }
    /// }
    /// ```
    ///
    /// The operation starts on the main actor's next turn, never inside `run`, on every platform:
    /// what an event changes synchronously is what `onEvent` itself writes. Work cancelled before
    /// its turn comes never runs.
    ///
    /// **Cancellation never strands a screen.** Work cancelled before it ends, by
    /// ``ViewModel/disappear()`` or ``cancelWork(_:)``, applies its `onCancel` to state at once, as
    /// one update with every other cancelled work's, newest first: put back what the work had
    /// changed (a spinner, a disabled button). Observers are notified once; when `State` is not
    /// `Equatable`, even if the `onCancel`s changed nothing. Work *replaced* under its key by
    /// newer work (latest wins, debounce, a throttled operation replaced by a later one) does not:
    /// the newer work takes its state over and ends it. ``load(_:key:policy:presenter:operation:)`` passes its own `onCancel`; a
    /// paged list's requests (MVVMData's `LiveQuery`) pass theirs.
    ///
    /// - Parameters:
    ///   - key: the work's name: any `Hashable & Sendable` value, a string or an enum case; work under an equal key is the same work.
    ///   - policy: what happens when work under `key` is already running.
    ///   - onCancel: what to put back in state if the work is cancelled before it ends.
    ///   - operation: the work, on the main actor.
    /// - Returns: `false` when the policy dropped the work (``WorkPolicy/dropWhileRunning`` while
    ///   work under `key` runs, or a throttled operation replaced by a later one), else `true`.
    @discardableResult
    public func run(
        _ key: some Hashable & Sendable,
        policy: WorkPolicy = .latestWins,
        onCancel: (@MainActor (inout State) -> Void)? = nil,
        operation: @escaping @MainActor @Sendable () async -> Void
    ) -> Bool {
        let key = WorkKey(key)
        switch policy.kind {
        case .latestWins:
            supersedeTasks(under: key)
            start(key, onCancel: onCancel, operation)
        case .dropWhileRunning:
            if let slot = sideIfMade?.work.slots[key], !slot.tasks.isEmpty { return false }
            start(key, onCancel: onCancel, operation)
        case .queue:
            let previous = sideIfMade?.work.slots[key]?.tasks.last?.task
            start(key, onCancel: onCancel) {
                await previous?.value
                guard !Task.isCancelled else { return }
                await operation()
            }
        case .debounce(let duration):
            supersedeTasks(under: key)
            guard duration > .zero else {
                start(key, onCancel: onCancel, operation)
                break
            }
            let clock = self.clock
            start(key, onCancel: onCancel) {
                do { try await clock.sleep(for: duration) } catch { return }
                await operation()
            }
        case .throttle(let interval, let latest):
            if side.work.slots[key]?.throttleWindow != nil {
                if latest || side.work.slots[key]?.throttled == nil {
                    let throttled = WorkRegistry<State>.Throttled(id: side.work.makeID(), operation: operation, onCancel: onCancel)
                    side.work.slots[key]?.throttled = throttled
                    return true
                }
                return false
            }
            start(key, onCancel: onCancel, operation)
            if interval > .zero { openThrottleWindow(key, interval: interval, latest: latest) }
        }
        return true
    }

    /// Cancels all owned work now, including debounce and throttle waits, and applies the
    /// cancelled work's `onCancel`s as one update. ``ViewModel/disappear()`` calls it.
    public func cancelAllWork() {
        guard let side = sideIfMade, !side.work.isIdle else { return }
        let slots = side.work.slots
        side.work.slots.removeAll()
        cancel(Array(slots.values), changing: false) { _ in }
    }

    /// Cancels the owned work under `key`, including a pending throttled or debounced operation,
    /// and applies its `onCancel`s.
    public func cancelWork(_ key: some Hashable & Sendable) {
        cancelWork(WorkKey(key), changing: false) { _ in }
    }

    /// Cancels the owned work under `key` and changes the state, in one update: the cancelled
    /// work's `onCancel`s first, then `mutate`. Observers are notified once.
    ///
    /// For an edit that makes the work in flight stale:
    ///
    /// ```swift
    /// case .passwordChanged(let text):
    ///     store.update(cancelling: "submit") { $0.password = text }   // the spinner ends, once
    /// ```
    public func update(cancelling key: some Hashable & Sendable, _ mutate: (inout State) -> Void) {
        cancelWork(WorkKey(key), changing: true, mutate)
    }

    /// `changing`: whether `mutate` changes anything (an update is made even with no `onCancel`).
    private func cancelWork(_ key: WorkKey, changing: Bool, _ mutate: (inout State) -> Void) {
        // Called from cancelled work, the change is dropped as any of its updates is; the
        // `onCancel`s still apply.
        let changing = changing && !WorkContext.isCancelledOwnedWork(of: self)
        guard let slot = sideIfMade?.work.slots[key] else {
            if changing { update(mutate) }
            return
        }
        side.work.slots[key] = nil
        cancel([slot], changing: changing, mutate)
    }

    /// Whether owned work is running or waiting (debounce, throttle, queue) under `key`.
    public func isRunning(_ key: some Hashable & Sendable) -> Bool {
        sideIfMade?.work.slots[WorkKey(key)] != nil
    }

    /// The keys with owned work running or waiting, sorted by description.
    package var runningWorkKeys: [WorkKey] {
        guard let side = sideIfMade else { return [] }
        return side.work.slots.keys.sorted { $0.description < $1.description }
    }

    /// Whether no owned work is running or waiting.
    public var isIdle: Bool { sideIfMade?.work.isIdle ?? true }

    /// Where work started now runs its nonisolated parts: a test's executor (the one a tester
    /// set, or the store's test clock's), else `nil`, the global concurrent executor.
    package var workExecutor: (any TaskExecutor)? {
        WorkContext.executor ?? sideIfMade?.testExecutor ?? (sideIfMade?.clock as? any WorkScheduling)?.workExecutor
    }

    /// Runs this store's owned work on `executor` from now on, wherever it is started: a tester
    /// sets it, so that work started by events sent around the tester is seen too.
    package func runWork(on executor: any TaskExecutor) {
        side.testExecutor = executor
    }

    // MARK: - Internals

    private func start(
        _ key: WorkKey,
        onCancel: (@MainActor (inout State) -> Void)?,
        _ operation: @escaping @MainActor @Sendable () async -> Void
    ) {
        let id = side.work.makeID()
        let owner = ObjectIdentifier(self)
        let task = WorkContext.task(on: workExecutor, owner: owner, key: key) { [weak self] in
            // Work cancelled before its turn came (replaced, or the view left) never runs.
            if !Task.isCancelled { await operation() }
            self?.taskFinished(id, under: key)
        }
        side.work.slots[key, default: .init()].tasks.append(.init(id: id, task: task, onCancel: onCancel))
    }

    private func taskFinished(_ id: UInt64, under key: WorkKey) {
        sideIfMade?.work.slots[key]?.tasks.removeAll { $0.id == id }
        sideIfMade?.work.removeEmptySlot(key)
    }

    /// Cancels the tasks under `key` for newer work that replaces them: their `onCancel`s are
    /// not applied, since the newer work takes their state over.
    private func supersedeTasks(under key: WorkKey) {
        guard let side = sideIfMade, let slot = side.work.slots[key] else { return }
        for entry in slot.tasks { entry.task.cancel() }
        side.work.slots[key]?.tasks = []
        side.work.removeEmptySlot(key)
    }

    /// Cancels the work of `slots`, already removed from the registry, then applies their
    /// `onCancel`s, newest first (as undos are: the oldest work's puts back what was shown before
    /// all of them), and `mutate` as one update (none when there is nothing to apply). The update
    /// is the store's own, so it is applied even when cancelled work called this.
    private func cancel(_ slots: [WorkRegistry<State>.Slot], changing: Bool, _ mutate: (inout State) -> Void) {
        for slot in slots {
            for entry in slot.tasks { entry.task.cancel() }
            slot.throttleWindow?.task.cancel()
        }
        let actions = slots.flatMap(\.cancelActions).sorted { $0.id > $1.id }.map(\.action)
        guard !actions.isEmpty || changing else { return }
        commit { state in
            for action in actions { action(&state) }
            if changing { mutate(&state) }
        }
    }

    private func openThrottleWindow(_ key: WorkKey, interval: Duration, latest: Bool) {
        let id = side.work.makeID()
        let clock = self.clock
        let window = WorkContext.task(on: workExecutor) { [weak self] in
            do { try await clock.sleep(for: interval) } catch { return }
            self?.throttleWindowEnded(id, under: key, interval: interval, latest: latest)
        }
        side.work.slots[key, default: .init()].throttleWindow = (id, window)
    }

    private func throttleWindowEnded(_ id: UInt64, under key: WorkKey, interval: Duration, latest: Bool) {
        guard side.work.slots[key]?.throttleWindow?.id == id else { return }
        side.work.slots[key]?.throttleWindow = nil
        if let pending = side.work.slots[key]?.throttled {
            side.work.slots[key]?.throttled = nil
            start(key, onCancel: pending.onCancel, pending.operation)
            openThrottleWindow(key, interval: interval, latest: latest)
        }
        side.work.removeEmptySlot(key)
    }
}

extension StateStore {
    /// Cancels the owned work under each of `keys` and changes the state, in one update: the
    /// cancelled work's `onCancel`s first, then `mutate`. Observers are notified once.
    func update(cancelling keys: [WorkKey], _ mutate: (inout State) -> Void) {
        guard !keys.isEmpty else { return update(mutate) }
        var slots: [WorkRegistry<State>.Slot] = []
        for key in keys {
            guard let slot = sideIfMade?.work.slots.removeValue(forKey: key) else { continue }
            slots.append(slot)
        }
        cancel(slots, changing: !WorkContext.isCancelledOwnedWork(of: self), mutate)
    }
}
