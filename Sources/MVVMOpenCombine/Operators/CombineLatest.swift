#if !canImport(Combine)
// Combine's `CombineLatest` family, for platforms where only OpenCombine exists. Same names,
// same shapes, same behaviour; on Apple platforms Combine's own types are used instead.

// The force casts below are safe: position `i` of `values` only ever holds a value that upstream
// `i` sent, wrapped as `Any` by `attach(_:at:_:)`.

extension Publishers {
    /// A publisher that receives and combines the latest elements from two publishers.
    ///
    /// Nothing is published until both upstreams have published; then every element from either
    /// sends the pair of latest elements. It finishes when both upstreams finish, and fails as
    /// soon as either fails. Requests are passed through to both upstreams; while the
    /// subscriber has no demand, only the latest pair is kept.
    ///
    /// ```swift
    /// Publishers.CombineLatest($email, $password)
    ///     .map { email, password in !email.isEmpty && password.count >= 8 }
    ///     .assign(to: &$isSubmitEnabled)
    /// ```
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        /// A pair of the latest elements.
        public typealias Output = (A.Output, B.Output)
        /// The upstreams' failure type.
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// Combines the latest elements of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Attaches `subscriber`, then subscribes to both upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = CombineLatestSubscription(downstream: subscriber, upstreamCount: 2) { values in
                (values[0] as! A.Output, values[1] as! B.Output)
            }
            subscription.start { upstreams in
                upstreams.attach(a, at: 0) { $0 }
                upstreams.attach(b, at: 1) { $0 }
            }
        }
    }

    /// A publisher that receives and combines the latest elements from three publishers.
    ///
    /// See ``CombineLatest`` for the rules; this is the articles' `CombineLatest3($users, $searchText, $filter)`.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        /// A triple of the latest elements.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The upstreams' failure type.
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// Combines the latest elements of `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Attaches `subscriber`, then subscribes to the three upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = CombineLatestSubscription(downstream: subscriber, upstreamCount: 3) { values in
                (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output)
            }
            subscription.start { upstreams in
                upstreams.attach(a, at: 0) { $0 }
                upstreams.attach(b, at: 1) { $0 }
                upstreams.attach(c, at: 2) { $0 }
            }
        }
    }

    /// A publisher that receives and combines the latest elements from four publishers.
    ///
    /// See ``CombineLatest`` for the rules.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        /// A quadruple of the latest elements.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
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

        /// Combines the latest elements of `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Attaches `subscriber`, then subscribes to the four upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = CombineLatestSubscription(downstream: subscriber, upstreamCount: 4) { values in
                (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output, values[3] as! D.Output)
            }
            subscription.start { upstreams in
                upstreams.attach(a, at: 0) { $0 }
                upstreams.attach(b, at: 1) { $0 }
                upstreams.attach(c, at: 2) { $0 }
                upstreams.attach(d, at: 3) { $0 }
            }
        }
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Combines the latest elements of this publisher and `other` into pairs.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Combines the latest elements of this publisher and `other` with `transform`.
    public func combineLatest<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
        Publishers.CombineLatest(self, other).map { transform($0.0, $0.1) }
    }

    /// Combines the latest elements of this publisher and two others into triples.
    public func combineLatest<P: Publisher, Q: Publisher>(
        _ publisher1: P,
        _ publisher2: Q
    ) -> Publishers.CombineLatest3<Self, P, Q> where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Combines the latest elements of this publisher and two others with `transform`.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P,
        _ publisher2: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
    where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map { transform($0.0, $0.1, $0.2) }
    }

    /// Combines the latest elements of this publisher and three others into quadruples.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
        _ publisher1: P,
        _ publisher2: Q,
        _ publisher3: R
    ) -> Publishers.CombineLatest4<Self, P, Q, R>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Combines the latest elements of this publisher and three others with `transform`.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P,
        _ publisher2: Q,
        _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map { transform($0.0, $0.1, $0.2, $0.3) }
    }
}
#endif
