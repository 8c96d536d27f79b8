/// What the user list reports to analytics.
public enum UserListAnalyticsEvent: Hashable, Sendable {
    /// The list showed its first page; `count` is how many users match.
    case viewed(count: Int)
    /// Something failed; `message` is what the user was shown, in English whatever language
    /// they read (one report per failure, whoever saw it).
    case error(message: String)
    /// A user's active flag was changed, and the server took it (never a write it refused).
    case toggled(userID: Int, isActive: Bool)
}

/// Where analytics events go: inject one; tests record them.
public protocol AnalyticsTracker: Sendable {
    /// Records `event`.
    func track(_ event: UserListAnalyticsEvent)
}

/// A tracker that drops every event.
public struct NoAnalytics: AnalyticsTracker {
    /// Creates the tracker.
    public init() {}
    /// Drops `event`.
    public func track(_ event: UserListAnalyticsEvent) {}
}
