import Foundation
import MVVMCombineTesting
import Testing

/// Code that qualifies Combine's names with the module's, as apps do to keep Combine's
/// `Scheduler` apart from a generic parameter of the same name, builds with `import MVVMCombine`
/// on Linux too, and its values are the ones unqualified code uses.
@MainActor
struct CombineNamespaceTests {
    /// A ViewModel written the way such apps write them (here with only the import changed).
    final class SearchViewModel<Scheduler: Combine.Scheduler>: Combine.ObservableObject {
        @Combine.Published private(set) var results: [String] = []
        let queryChanged = Combine.PassthroughSubject<String, Never>()
        private var cancellables = Set<Combine.AnyCancellable>()

        init(scheduler: Scheduler, search: @escaping (String) -> [String]) {
            let searched: Combine.AnyPublisher<[String], Never> = queryChanged
                .debounce(for: .milliseconds(300), scheduler: scheduler)
                .map(search)
                .eraseToAnyPublisher()
            searched
                .sink { [weak self] in self?.results = $0 }
                .store(in: &cancellables)
        }
    }

    @Test func aViewModelWithQualifiedNamesDebouncesOnItsScheduler() {
        let scheduler = DispatchQueue.test
        let viewModel = SearchViewModel(scheduler: scheduler) { ["\($0)!"] }
        let results = viewModel.$results.record()

        viewModel.queryChanged.send("sw")
        scheduler.advance(by: .milliseconds(100))
        viewModel.queryChanged.send("swift")
        scheduler.advance(by: .milliseconds(299))
        #expect(viewModel.results == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(viewModel.results == ["swift!"])
        results.expectHistory([[], ["swift!"]])
    }

    @Test func qualifiedAndUnqualifiedNamesAreTheSameTypes() {
        let subject: Combine.CurrentValueSubject<Int, Never> = CurrentValueSubject(1)
        let erased: AnyPublisher<Int, Never> = subject.eraseToAnyPublisher()
        let again: Combine.AnyPublisher<Int, Never> = erased
        let mapped: Combine.Publishers.Map<Combine.Just<Int>, String> = Just(2).map(String.init)
        var received: [String] = []
        let cancellable: Combine.AnyCancellable = again.map(String.init).merge(with: mapped).sink { received.append($0) }
        subject.send(3)
        #expect(received == ["1", "2", "3"])
        let demand: Combine.Subscribers.Demand = .max(1)
        #expect(demand == Subscribers.Demand.max(1))
        _ = cancellable
    }

    @Test func aQualifiedProtocolConstrainsAGenericFunction() {
        func first<P: Combine.Publisher>(of publisher: P) -> P.Output? where P.Failure == Never {
            var value: P.Output?
            let cancellable = publisher.prefix(1).sink { value = $0 }
            _ = cancellable
            return value
        }
        #expect(first(of: Combine.Just("a")) == "a")
        #expect(first(of: Combine.Empty<Int, Never>()) == nil)
    }
}
