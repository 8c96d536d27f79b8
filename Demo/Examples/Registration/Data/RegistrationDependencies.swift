public import MVVMCore

extension Dependencies {
    /// Where registrations go: set once by an app around what it makes, overridden by a test the
    /// same way. An app that sets none gets a repository whose every call fails with
    /// ``RegistrationError/unknown``.
    public var registrations: any RegistrationRepository {
        get { self[RegistrationRepositoryKey.self] }
        set { self[RegistrationRepositoryKey.self] = newValue }
    }
}

enum RegistrationRepositoryKey: Dependencies.Key {
    static var liveValue: any RegistrationRepository { UnsetRegistrationRepository() }
}

/// The repository of an app that set none (`Dependencies.registrations`): every call fails.
struct UnsetRegistrationRepository: RegistrationRepository {
    func register(_ request: RegistrationRequest) async throws(RegistrationError) -> Registration { throw .unknown }
}
