public import MVVMData

/// Sends the user writes queued in an outbox while the server could not be reached, oldest
/// first, and tells the screens what became of each through ``UserChanges``: `.saved` or
/// `.deleted` once the server took it, `.refused` when it refused it.
///
/// The app runs one for as long as it lives (`AppViewModel` does, when given an outbox).
/// Retries back off on the outbox's clock; a delete of a user the server no longer has is done,
/// not refused.
@MainActor
public final class UserWriteDelivery {
    private let tasks: [Task<Void, Never>]

    /// Starts delivering `outbox`'s writes through `repository`, announcing them on `changes`.
    public init(outbox: Outbox<UserWrite>, repository: any UserRepository, changes: UserChanges) {
        let delivering = Task {
            await outbox.deliver(isRetryable: { ($0 as? UserError)?.isRetryable ?? false }) { entry in
                switch entry.write {
                case .setActive(_, let userID):
                    let user = try await repository.send(entry.write, idempotencyKey: entry.idempotencyKey)
                    // An answer about another user is no answer.
                    guard let user, user.id == userID else { throw UserError.invalidData }
                    await changes.post(.saved(user))
                case .delete(let userID):
                    do throws(UserError) {
                        _ = try await repository.send(entry.write, idempotencyKey: entry.idempotencyKey)
                    } catch .notFound {
                        // Already gone: what the user asked for holds.
                    }
                    await changes.post(.deleted(userID: userID))
                }
            }
        }
        let reporting = Task {
            for await outcome in outbox.outcomes {
                switch outcome {
                case .delivered: continue
                case .rejected(let entry, let error):
                    changes.post(.refused(entry.write, error as? UserError ?? .unknown))
                case .unreadable, .problem:
                    changes.post(.notSaved(UserError.storage))
                }
            }
        }
        tasks = [delivering, reporting]
    }

    /// Stops delivering; the writes not yet sent stay in the outbox.
    public func stop() {
        for task in tasks { task.cancel() }
    }

    deinit {
        for task in tasks { task.cancel() }
    }
}
