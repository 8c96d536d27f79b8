import Foundation
import MVVMCombine
import MVVMCombineTesting
import Testing

/// Combine code written the way the articles write it, against `DispatchQueue` schedulers:
/// it compiles on Linux with `import MVVMCombine` and behaves as Combine documents.
@MainActor
struct ArticleStyleOperatorsTests {
    @Test func debounceOnTheMainQueueWaitsTheFullInterval() {
        let scheduler = DispatchQueue.test
        let searchText = PassthroughSubject<String, Never>()
        let recorder = searchText.debounce(for: .milliseconds(300), scheduler: scheduler).record()

        searchText.send("s")
        scheduler.advance(by: .milliseconds(100))
        searchText.send("sw")
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values == [])
        scheduler.advance(by: .milliseconds(1))

        #expect(recorder.values == ["sw"])
    }

    @Test func throttleLatestPublishesTheFirstAtOnceThenTheLatestPerInterval() {
        let scheduler = DispatchQueue.test
        let taps = PassthroughSubject<Int, Never>()
        let recorder = taps.throttle(for: .seconds(1), scheduler: scheduler, latest: true).record()

        taps.send(1)
        scheduler.advance()
        taps.send(2)
        taps.send(3)
        scheduler.advance(by: .seconds(1))

        #expect(recorder.values == [1, 3])
    }

    @Test func receiveOnDeliversWhenTheSchedulerRuns() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.receive(on: scheduler).record()

        subject.send(1)
        #expect(recorder.values == [])
        scheduler.advance()

        #expect(recorder.values == [1])
    }

    @Test func flatMapWithFutureAndSwitchToLatestLetTheNewestRequestWin() {
        let scheduler = DispatchQueue.test
        let queries = PassthroughSubject<String, Never>()
        func search(_ query: String, latency: Int) -> AnyPublisher<String, Never> {
            Future<String, Never> { promise in promise(.success(query.uppercased())) }
                .delay(for: .milliseconds(latency), scheduler: scheduler)
                .eraseToAnyPublisher()
        }
        let everything = queries.flatMap { search($0, latency: $0 == "a" ? 500 : 100) }.record()
        let latest = queries.map { search($0, latency: $0 == "a" ? 500 : 100) }.switchToLatest().record()

        queries.send("a")
        queries.send("ab")
        scheduler.advance(by: .seconds(1))

        #expect(everything.values == ["AB", "A"])   // the articles' flatMap: a stale answer lands last
        #expect(latest.values == ["AB"])
    }

    @Test func shareSubscribesUpstreamOnceForEverySubscriber() {
        let probe = UpstreamProbe()
        let subject = PassthroughSubject<Int, Never>()
        let shared = probe.watch(subject).share()
        let first = shared.record()
        let second = shared.record()

        subject.send(7)

        #expect(first.values == [7])
        #expect(second.values == [7])
        #expect(probe.requests == [.unlimited])
    }

    @Test func publishedPropertiesAssignToEachOther() {
        final class Form: ObservableObject {
            @Published var email = ""
            @Published private(set) var isSubmitEnabled = false

            init() {
                $email.map { $0.contains("@") }.assign(to: &$isSubmitEnabled)
            }
        }
        let form = Form()
        let recorder = form.$isSubmitEnabled.record()

        form.email = "a@b.c"
        form.email = "a@b"   // still enabled: no duplicate removal, the same value again

        #expect(recorder.values == [false, true, true])
        #expect(form.isSubmitEnabled)
    }

    @Test func eraseSinkAndStoreInKeepSubscriptionsForTheirOwnersLifetime() {
        let subject = CurrentValueSubject<Int, Never>(1)
        var cancellables = Set<AnyCancellable>()
        var seen: [Int] = []
        subject.eraseToAnyPublisher().sink { seen.append($0) }.store(in: &cancellables)

        subject.send(2)
        cancellables.removeAll()
        subject.send(3)

        #expect(seen == [1, 2])
    }
}
