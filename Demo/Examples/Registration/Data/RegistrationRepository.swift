import MVVMData

/// Where a ViewModel registers: domain values and ``RegistrationError``s, never DTOs or
/// `APIError`s.
public protocol RegistrationRepository: Sendable {
    /// Registers `request`'s login id and password.
    ///
    /// Cancelling the calling task cancels the request, with ``RegistrationError/cancelled``.
    func register(_ request: RegistrationRequest) async throws(RegistrationError) -> Registration
}

/// The repository over the registration API.
public struct RemoteRegistrationRepository: RegistrationRepository {
    private let dataSource: RegistrationRemoteDataSource

    /// A repository sending through `dataSource`.
    public init(dataSource: RegistrationRemoteDataSource) {
        self.dataSource = dataSource
    }

    /// Sends the registration and maps the answer; a taken id is ``RegistrationError/loginIDTaken``.
    public func register(_ request: RegistrationRequest) async throws(RegistrationError) -> Registration {
        let dto = try await withDomainErrors(RegistrationError.self) { () async throws(APIError) in
            try await dataSource.register(RegistrationRequestBody(request))
        }
        return Registration(loginID: dto.loginID, registeredAt: dto.registeredAt)
    }
}
