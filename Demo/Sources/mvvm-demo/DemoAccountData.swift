import AppFeature
import DemoScreens
import DemoServer
import Foundation
import MVVMCore
import MVVMData
import MVVMTerminal
import Synchronization
import UserListFeature

/// Opens one account's data for its app, and removes it at sign-out (issue 53): the users seen,
/// the writes waiting, the screens open and the search, and the pictures, all in the account's
/// folder (``DemoAccountFolder``); the writes made with the embedded server in its temporary
/// folder, a journal per account. What every account shares (the public forecasts, the
/// repositories over the API) is made once, in `Dependencies` around ``open(_:)``.
@MainActor
final class DemoAccountData {
    let cacheFolder: URL
    let apiURL: URL
    let keepUsers: Int
    let temporaryFolder: TemporaryDatabaseFolder?
    /// Where pictures come from; `nil` for a terminal without colour (NO_COLOR, TERM=dumb),
    /// which draws initials, so none is fetched.
    let pictureSource: UserRemoteDataSource?
    /// The outbox of the account open, for the client to wake at any answer from the server.
    let outbox: CurrentOutbox
    /// The screens `--open` named: the first account opened starts on them, the others where
    /// they were left.
    private var path: String?
    /// What the temporary folder's removal on a signal covers: each account's journal.
    private var temporaryFiles: [URL] = []

    init(
        cacheFolder: URL, apiURL: URL, keepUsers: Int, temporaryFolder: TemporaryDatabaseFolder?,
        pictureSource: UserRemoteDataSource?, outbox: CurrentOutbox, path: String?
    ) {
        self.cacheFolder = cacheFolder
        self.pictureSource = pictureSource
        self.apiURL = apiURL
        self.keepUsers = keepUsers
        self.temporaryFolder = temporaryFolder
        self.path = path
        self.outbox = outbox
    }

    /// The folder `account` keeps its data in: the demo account's takes what a version before
    /// accounts left in the cache folder (that version's one user was the demo account).
    func folder(for account: String) -> URL {
        let folder = DemoAccountFolder.folder(for: account, in: cacheFolder)
        guard account == DemoServer.demoAccount.loginID else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return folder
        }
        return DemoAccountFolder.adoptEarlierData(in: cacheFolder, into: folder)
    }

    /// Where `account`'s writes wait.
    private nonisolated func outboxLocation(for account: String, in folder: URL) -> DemoOutboxLocation {
        guard let temporaryFolder else { return .server(apiURL, in: folder) }
        return .embedded(in: temporaryFolder.folder, account: DemoAccountFolder.key(for: account))
    }

    /// Opens `account`'s data and makes its app, with the `Dependencies` in effect plus the
    /// account's own.
    func open(_ account: String) async -> AppViewModel? {
        let folder = folder(for: account)
        // Pictures have a budget of their own: they never evict the saved pages and counts.
        let pictures = await DemoPicturesFile.open(in: folder)
        // Writes wait for the server they were made for: a journal per server URL in the
        // account's folder, never evicted for space and kept by --clear-cache; the embedded
        // server's go with its temporary folder.
        let location = outboxLocation(for: account, in: folder)
        if let temporaryFolder {
            temporaryFiles += location.files
            temporaryFolder.alsoRemoveOnAbnormalExit(temporaryFiles)
        }
        // Every toggle and delete is saved here before it is sent, and sent until the server
        // answers: retried every 1 s, then 2 s, up to every 5 s. Shared safely by two demos on
        // one cache folder.
        let storage = location.storage()
        let userWrites = Outbox<UserWrite>(storage: storage, clock: ContinuousClock(), backOff: RetryPolicy(initialDelay: .seconds(1), maxDelay: .seconds(5)))
        if location.takesEarlierWrites, account == DemoServer.demoAccount.loginID {
            await LegacyOutboxImport.run(folder: location.folder, into: userWrites, storage: storage)
        }
        outbox.set(userWrites)
        // Every user the screens show, kept with the writes the server has not answered.
        // Saved user by user in SQLite: a write saves that user alone. Not restored here: the
        // first frame never waits for the saved users (issue 54, M7); the app's delivery
        // restores them first thing.
        let userRecords = UserRecords(
            outbox: userWrites, storage: DemoUserRecordsFile.open(in: folder), search: .users, retention: RecordRetention(maxCount: keepUsers)
        )
        let shared = SharedValues(directory: folder.appendingPathComponent("shared", isDirectory: true))
        // Pictures are saved too: a second start draws them without the network.
        let avatars = pictureSource.map { source in
            AvatarLoading.loader(repository: AvatarRepository(dataSource: source, local: LocalDataSource(store: pictures, schemaVersion: 1)))
        }
        let path = self.path
        self.path = nil
        return Dependencies.with {
            $0.userRecords = userRecords
            $0.sharedValues = shared
            $0.avatars = avatars
        } operation: {
            try? AppViewModel(path: path, account: account)   // `validate()` checked the path: it opens
        }
    }

    /// Removes `account`'s data: its folder, and its journal with the embedded server.
    nonisolated func wipe(_ account: String) async {
        let folder = DemoAccountFolder.folder(for: account, in: cacheFolder)
        FolderRemoval.remove(folder)
        guard temporaryFolder != nil else { return }
        for file in outboxLocation(for: account, in: folder).files.dropLast() { try? FileManager.default.removeItem(at: file) }
    }
}

/// The outbox of the account whose app is open: the client wakes it at any answer from the
/// server, so that waiting writes go at once.
final class CurrentOutbox: Sendable {
    private let outbox = Mutex<Outbox<UserWrite>?>(nil)

    func set(_ outbox: Outbox<UserWrite>) {
        self.outbox.withLock { $0 = outbox }
    }

    func nudge() {
        outbox.withLock { $0 }?.nudge()
    }
}
