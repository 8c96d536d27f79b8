import GRDB

/// Opens the users database: creates and seeds it on first use, reuses it after.
enum UserDatabase {
    /// A pool on the database at `location`, migrated and seeded with `userCount` users if it was
    /// not seeded before.
    static func open(at location: DatabaseLocation, userCount: Int) throws(DemoServerError) -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "DemoServer"
        configuration.busyMode = .timeout(5)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: location.path, configuration: configuration)
        } catch {
            throw .databaseUnavailable(path: location.path, reason: reason(for: error))
        }
        do {
            try UserMigrations.migrator(userCount: userCount).migrate(pool)
        } catch {
            try? pool.close()
            throw .databaseUnavailable(path: location.path, reason: reason(for: error))
        }
        return pool
    }

    /// A short reason for a database error, without SQL or stack details.
    private static func reason(for error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return "\(error)"
    }
}
