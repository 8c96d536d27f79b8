extension StateStore {
    /// Starts async work owned by this store, under `key`, governed by `policy`.
    ///
    /// Owned work ends when the store is deactivated (``deactivate()``, called when the view
    /// disappears) or deallocated. Once cancelled, anything it passes to ``update(_:)`` is
    /// dropped, so a stale response can never overwrite a newer one.
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
    /// On platforms with `Task.immediate` (Linux, and Apple OS 26 and later) the operation starts
    /// synchronously and runs up to its first suspension before `run` returns.
    ///
    /// - Returns: `false` when the policy dropped the work (``WorkPolicy/dropWhileRunning`` while
    ///   work under `key` runs, or a throttled operation replaced by a later one), else `true`.
    @discardableResult
    public func run(
        _ key: some Hashable & Sendable,
        policy: WorkPolicy = .latestWins,
        operation: @escaping @MainActor @Sendable () async -> Void
    ) -> Bool {
        let key = WorkKey(key)
        switch policy.kind {
        case .latestWins:
            cancelTasks(under: key)
            start(key, operation)
        case .dropWhileRunning:
            if let slot = side.work.slots[key], !slot.tasks.isEmpty { return false }
            start(key, operation)
        case .queue:
            let previous = side.work.slots[key]?.tasks.last?.task
            start(key) {
                await previous?.value
                guard !Task.isCancelled else { return }
                await operation()
            }
        case .debounce(let duration):
            cancelTasks(under: key)
            guard duration > .zero else {
                start(key, operation)
                break
            }
            let clock = self.clock
            start(key) {
                do { try await clock.sleep(for: duration) } catch { return }
                await operation()
            }
        case .throttle(let interval, let latest):
            if side.work.slots[key]?.throttleWindow != nil {
                if latest || side.work.slots[key]?.throttled == nil {
                    side.work.slots[key]?.throttled = operation
                    return true
                }
                return false
            }
            start(key, operation)
            if interval > .zero { openThrottleWindow(key, interval: interval, latest: latest) }
        }
        return true
    }

    /// Sleeps on the store's clock: use it for delays and back-off inside owned work.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    /// Marks the view as on screen. Call it from the view's appear callback.
    public func activate() {
        isActive = true
    }

    /// Marks the view as gone and cancels all owned work, including debounce and throttle waits.
    public func deactivate() {
        isActive = false
        cancelAllWork()
    }

    /// Cancels all owned work now.
    public func cancelAllWork() {
        guard let side = sideIfMade else { return }
        for task in side.work.allTasks { task.cancel() }
        side.work.slots.removeAll()
        resumeIdleWaitersIfIdle()
    }

    /// Cancels the owned work under `key`, including a pending throttled or debounced operation.
    public func cancelWork(_ key: some Hashable & Sendable) {
        guard let side = sideIfMade else { return }   // no work was ever started
        let key = WorkKey(key)
        cancelTasks(under: key)
        side.work.slots[key]?.throttleWindow?.task.cancel()
        side.work.slots[key] = nil
        resumeIdleWaitersIfIdle()
    }

    /// Whether owned work is running or waiting (debounce, throttle, queue) under `key`.
    public func isRunning(_ key: some Hashable & Sendable) -> Bool {
        sideIfMade?.work.slots[WorkKey(key)] != nil
    }

    /// The keys with owned work running or waiting, sorted by description.
    public var runningWorkKeys: [WorkKey] {
        guard let side = sideIfMade else { return [] }
        return side.work.slots.keys.sorted { $0.description < $1.description }
    }

    /// Whether no owned work is running or waiting.
    public var isIdle: Bool { sideIfMade?.work.isIdle ?? true }

    /// Returns once no owned work is running or waiting. Tests use it to let effects settle.
    public func untilIdle() async {
        guard !isIdle else { return }
        await withCheckedContinuation { side.idleWaiters.append($0) }
    }

    // MARK: - Internals

    private func start(_ key: WorkKey, _ operation: @escaping @MainActor @Sendable () async -> Void) {
        let id = side.work.makeID()
        let task = spawn(id) { [weak self] in
            await WorkContext.$isOwnedWork.withValue(true) {
                await operation()
            }
            self?.taskFinished(id, under: key)
        }
        if let task { side.work.slots[key, default: .init()].tasks.append((id, task)) }
    }

    /// Creates a task running `body`; `nil` if it already finished before this returned.
    private func spawn(
        _ id: UInt64,
        _ body: @escaping @MainActor @Sendable () async -> Void
    ) -> Task<Void, Never>? {
        side.work.starting.insert(id)
        let task: Task<Void, Never>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate { @MainActor in await body() }
        } else {
            task = Task { @MainActor in await body() }
        }
        return side.work.starting.remove(id) == nil ? nil : task
    }

    /// Whether the task `id` was registered (it finished after `spawn` returned).
    private func wasRegistered(_ id: UInt64) -> Bool {
        side.work.starting.remove(id) == nil
    }

    private func taskFinished(_ id: UInt64, under key: WorkKey) {
        guard wasRegistered(id) else { return }
        side.work.slots[key]?.tasks.removeAll { $0.id == id }
        side.work.removeEmptySlot(key)
        resumeIdleWaitersIfIdle()
    }

    private func cancelTasks(under key: WorkKey) {
        guard let side = sideIfMade, let slot = side.work.slots[key] else { return }
        for entry in slot.tasks { entry.task.cancel() }
        side.work.slots[key]?.tasks = []
        side.work.removeEmptySlot(key)
    }

    private func openThrottleWindow(_ key: WorkKey, interval: Duration, latest: Bool) {
        let id = side.work.makeID()
        let clock = self.clock
        let window = spawn(id) { [weak self] in
            do { try await clock.sleep(for: interval) } catch { return }
            self?.throttleWindowEnded(id, under: key, interval: interval, latest: latest)
        }
        if let window { side.work.slots[key, default: .init()].throttleWindow = (id, window) }
    }

    private func throttleWindowEnded(_ id: UInt64, under key: WorkKey, interval: Duration, latest: Bool) {
        if wasRegistered(id) {
            guard side.work.slots[key]?.throttleWindow?.id == id else { return }
            side.work.slots[key]?.throttleWindow = nil
        }
        if let pending = side.work.slots[key]?.throttled {
            side.work.slots[key]?.throttled = nil
            start(key, pending)
            openThrottleWindow(key, interval: interval, latest: latest)
        }
        side.work.removeEmptySlot(key)
        resumeIdleWaitersIfIdle()
    }

    func resumeIdleWaitersIfIdle() {
        guard let side = sideIfMade, side.work.isIdle, !side.idleWaiters.isEmpty else { return }
        let waiters = side.idleWaiters
        side.idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
