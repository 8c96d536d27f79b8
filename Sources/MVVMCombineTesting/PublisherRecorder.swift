public import MVVMCombine
import Foundation
import MVVMLocking
import Testing

/// Records what a publisher sends, values and completion, and asserts its history in one line.
///
/// It subscribes at once with unlimited demand. Values may arrive on any thread.
///
/// ```swift
/// let scheduler = DispatchQueue.test
/// let isLoading = PublisherRecorder(output.isLoading)
/// input.fetchTrigger.send()
/// scheduler.advance()
/// isLoading.expectHistory([false, true, false])
/// ```
public final class PublisherRecorder<Output, Failure: Error>: @unchecked Sendable {
    // `@unchecked Sendable`: what was received is only touched inside `history.withLock` (a
    // pthread mutex, which ThreadSanitizer sees), and handed out as copies; `cancellable` is set
    // once in `init` and only cancelled afterwards.
    private struct History {
        var recorded: [Output] = []
        var finalCompletion: Subscribers.Completion<Failure>?
    }

    private let history = Lock(History())
    private var cancellable: AnyCancellable?
    private let reporter: TestFailureReporter

    /// Subscribes to `publisher` and records everything it sends.
    public init<P: Publisher>(_ publisher: P, reporter: TestFailureReporter = .swiftTesting)
    where P.Output == Output, P.Failure == Failure {
        self.reporter = reporter
        cancellable = publisher.sink(
            receiveCompletion: { [weak self] completion in self?.locked { $0.finalCompletion = completion } },
            receiveValue: { [weak self] value in self?.locked { $0.recorded.append(value) } }
        )
    }

    /// The values received so far, oldest first.
    public var values: [Output] { locked { $0.recorded } }

    /// How the publisher completed, or `nil` while it has not.
    public var completion: Subscribers.Completion<Failure>? { locked { $0.finalCompletion } }

    /// Whether the publisher finished normally.
    public var isFinished: Bool {
        if case .finished = completion { return true }
        return false
    }

    /// The failure the publisher ended with, if it failed.
    public var failure: Failure? {
        if case .failure(let failure) = completion { return failure }
        return nil
    }

    /// Stops recording; the subscription is cancelled.
    public func cancel() {
        cancellable?.cancel()
    }

    private func locked<T>(_ body: (inout History) -> T) -> T {
        history.withLock(body)
    }
}

extension PublisherRecorder where Output: Equatable {
    /// Asserts every value received so far, e.g. `[false, true, false]`.
    @MainActor
    public func expectHistory(
        _ expected: [Output],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        expectEqualHistory(
            expected, values, reporter: reporter,
            at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}

extension Publisher {
    /// Records what this publisher sends; see ``PublisherRecorder``.
    public func record(reporter: TestFailureReporter = .swiftTesting) -> PublisherRecorder<Output, Failure> {
        PublisherRecorder(self, reporter: reporter)
    }
}
