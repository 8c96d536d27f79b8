import Foundation

extension Outbox {
    /// Sends the pending writes, oldest first, until the task is cancelled: the loop an app
    /// runs for as long as it lives. Returns at once if another `deliver` is running.
    ///
    /// Over a ``FileOutboxStorage`` the loop runs on the storage's own thread, `send` included
    /// (what it does between its waits runs there): reading the queue's head and marking it done
    /// then cost no hand-off between threads.
    ///
    /// - Parameters:
    ///   - isRetryable: whether a failure may pass (no connection, a timeout, a 5xx): the write
    ///     is then tried again after a back-off; otherwise it is rejected.
    ///   - send: sends one write to the server, with its ``Entry/idempotencyKey``.
    public func deliver(
        isRetryable: @escaping @Sendable (any Error) -> Bool,
        send: @escaping @Sendable (Entry) async throws -> Void
    ) async {
        guard !isDelivering else {
            logger.warning("deliver called while another deliver runs; ignored")
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        // Every turn calls the storage twice: on its own thread when it has one, where each call
        // is a switch on the same thread, not a hand-off to that thread and back.
        if let io = (storage as? any BlockingIOBacked)?.ioExecutor {
            await io.run { @Sendable in await self.deliverUntilCancelled(isRetryable: isRetryable, send: send) }
        } else {
            await deliverUntilCancelled(isRetryable: isRetryable, send: send)
        }
    }

    /// The delivery loop of ``deliver(isRetryable:send:)``, until the task is cancelled.
    private func deliverUntilCancelled(
        isRetryable: @escaping @Sendable (any Error) -> Bool,
        send: @escaping @Sendable (Entry) async throws -> Void
    ) async {
        var failures = 0
        // The write answered last: a storage still listing it first did not take its mark.
        var answered: UUID?
        while !Task.isCancelled {
            let head: OutboxRecord?
            do {
                // Writes known before the read (a copy that costs nothing until the table
                // changes): with none left in the queue, another outbox answered them. Reading
                // the head only keeps each turn O(1) for a long queue; the whole queue is
                // compared before each back-off, below.
                let known = knownEntries
                head = try await storage.first()
                if head == nil { reportAnsweredElsewhere(known: known, live: []) }
            } catch {
                // The storage cannot be read now: nothing is lost; try again after a back-off.
                logger.warning("could not read the outbox", metadata: ["error": "\(error)"])
                failures += 1
                await waitBeforeTrying(afterFailure: failures)
                continue
            }
            await reportProblems()
            guard let head else {
                await doorbell.wait()
                continue
            }
            if head.id == answered {
                // Its mark did not take (a storage fault): the server has it, so it is never
                // sent again from here. Say so once, and look again after a back-off, not in a
                // loop that would spin.
                if failures == 0 {
                    outcomeContinuation.yield(.problem(.cannotRecordAnswer(.io("the storage still lists a write the server answered"))))
                }
                failures += 1
                await waitBeforeTrying(afterFailure: failures)
                continue
            }
            let entry: Entry
            do {
                entry = try self.entry(for: head)
            } catch {
                await finish(head.id)
                outcomeContinuation.yield(.unreadable(error))
                continue
            }
            // Rings so far announced writes now in the queue; only a later one (a nudge while
            // this write is out) cuts the back-off after a failure short.
            doorbell.clear()
            do {
                try await send(entry)
                failures = 0
                answered = entry.id
                await finish(entry.id)
                outcomeContinuation.yield(.delivered(entry))
            } catch {
                if Task.isCancelled { return }
                if isRetryable(error) {
                    failures += 1
                    await reportWritesAnsweredElsewhere()
                    await waitBeforeTrying(afterFailure: failures)
                } else {
                    failures = 0
                    answered = entry.id
                    await finish(entry.id)
                    outcomeContinuation.yield(.rejected(entry, error))
                }
            }
        }
    }

    /// Compares the whole queue with the writes this outbox knows: those it lacks were answered
    /// by another outbox sharing the storage. A read that fails is tried at the next back-off.
    private func reportWritesAnsweredElsewhere() async {
        let known = knownEntries
        guard let records = try? await storage.all() else { return }
        reportAnsweredElsewhere(known: known, live: Set(records.map(\.id)))
    }

    /// Hands the storage's problems to ``outcomes``, and logs them.
    func reportProblems() async {
        for problem in await storage.takeProblems() {
            logger.error("outbox storage problem", metadata: ["problem": "\(problem)"])
            outcomeContinuation.yield(.problem(problem))
        }
    }

    /// Waits the back-off after the `failures`-th failure in a row, or until ``nudge()``.
    private func waitBeforeTrying(afterFailure failures: Int) async {
        let delay = backOff.delay(beforeAttempt: min(failures, 1_000) + 1)
        let clock = clock
        let doorbell = doorbell
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: delay) }
            group.addTask { await doorbell.wait() }
            await group.next()
            group.cancelAll()
        }
    }
}
