#if !canImport(Combine)
// Combine's `Merge` family, for platforms where only OpenCombine exists. Same names, same shapes,
// same behaviour; on Apple platforms Combine's own types are used instead.

extension Publishers {
    /// A publisher created by applying the merge function to two upstream publishers.
    ///
    /// Every element of either upstream is published, in the order they arrive. It finishes when
    /// both upstreams finish, and fails as soon as either fails (cancelling the other).
    ///
    /// ```swift
    /// Publishers.Merge(input.fetchTrigger, input.refreshTrigger)   // fetch and refresh, one stream
    /// ```
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure, A.Output == B.Output {
        /// The upstreams' output type.
        public typealias Output = A.Output
        /// The upstreams' failure type.
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// Merges the elements of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Attaches `subscriber`, then subscribes to both upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = MergeSubscription(downstream: subscriber, upstreamCount: 2)
            subscription.start { upstreams in
                upstreams.attach(a, at: 0) { $0 }
                upstreams.attach(b, at: 1) { $0 }
            }
        }

        /// Merges one more publisher in.
        public func merge<P: Publisher>(with other: P) -> Merge3<A, B, P>
        where P.Failure == Failure, P.Output == Output {
            Merge3(a, b, other)
        }
    }

    /// A publisher created by applying the merge function to three upstream publishers.
    ///
    /// See ``Merge`` for the rules.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, A.Output == B.Output, B.Output == C.Output {
        /// The upstreams' output type.
        public typealias Output = A.Output
        /// The upstreams' failure type.
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// Merges the elements of `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Attaches `subscriber`, then subscribes to the three upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = MergeSubscription(downstream: subscriber, upstreamCount: 3)
            subscription.start { upstreams in
                upstreams.attach(a, at: 0) { $0 }
                upstreams.attach(b, at: 1) { $0 }
                upstreams.attach(c, at: 2) { $0 }
            }
        }

        /// Merges one more publisher in.
        public func merge<P: Publisher>(with other: P) -> Merge4<A, B, C, P>
        where P.Failure == Failure, P.Output == Output {
            Merge4(a, b, c, other)
        }
    }

    /// A publisher created by applying the merge function to four upstream publishers.
    ///
    /// See ``Merge`` for the rules. Combine goes on up to `Merge8`; on Linux, merge more than
    /// four with ``MergeMany``.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure,
          A.Output == B.Output, B.Output == C.Output, C.Output == D.Output {
        /// The upstreams' output type.
        public typealias Output = A.Output
        /// The upstreams' failure type.
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D

        /// Merges the elements of `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Attaches `subscriber`, then subscribes to the four upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = MergeSubscription(downstream: subscriber, upstreamCount: 4)
            subscription.start { upstreams in
                upstreams.attach(a, at: 0) { $0 }
                upstreams.attach(b, at: 1) { $0 }
                upstreams.attach(c, at: 2) { $0 }
                upstreams.attach(d, at: 3) { $0 }
            }
        }
    }

    /// A publisher created by applying the merge function to any number of upstream publishers
    /// of one type.
    ///
    /// See ``Merge`` for the rules. With no upstream at all it finishes at once.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        /// The upstreams' output type.
        public typealias Output = Upstream.Output
        /// The upstreams' failure type.
        public typealias Failure = Upstream.Failure

        /// The upstreams, in the order given.
        public let publishers: [Upstream]

        /// Merges the elements of the given publishers.
        public init(_ upstream: Upstream...) {
            self.publishers = upstream
        }

        /// Merges the elements of the publishers in `upstream`.
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            self.publishers = Array(upstream)
        }

        /// Attaches `subscriber`, then subscribes to every upstream.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = MergeSubscription(downstream: subscriber, upstreamCount: publishers.count)
            subscription.start { upstreams in
                for (index, publisher) in publishers.enumerated() {
                    upstreams.attach(publisher, at: index) { $0 }
                }
            }
        }

        /// Merges one more publisher in.
        public func merge(with other: Upstream) -> MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}
extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Merges the elements of this publisher and `other`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where Failure == P.Failure, Output == P.Output {
        Publishers.Merge(self, other)
    }

    /// Merges the elements of this publisher and two others.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where Failure == B.Failure, B.Failure == C.Failure, Output == B.Output, B.Output == C.Output {
        Publishers.Merge3(self, b, c)
    }

    /// Merges the elements of this publisher and three others.
    public func merge<B: Publisher, C: Publisher, D: Publisher>(
        with b: B,
        _ c: C,
        _ d: D
    ) -> Publishers.Merge4<Self, B, C, D>
    where Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure,
          Output == B.Output, B.Output == C.Output, C.Output == D.Output {
        Publishers.Merge4(self, b, c, d)
    }

    /// Merges the elements of this publisher and another of the same type.
    public func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}
#endif
