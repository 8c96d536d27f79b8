import GRDB

/// The schema of the demo database, and its one-time seeding.
///
/// Both steps are GRDB migrations, each in its own transaction: a database that was seeded once is
/// reused as it is, whatever user count is asked for later.
enum UserMigrations {
    /// The migrator that creates the `user` table, seeds `userCount` users, and keeps the answers
    /// to idempotent writes.
    static func migrator(userCount: Int) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createUser") { db in
            try db.execute(sql: """
                CREATE TABLE "user" (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    email TEXT NOT NULL UNIQUE,
                    isActive BOOLEAN NOT NULL,
                    avatarURL TEXT,
                    searchKey TEXT NOT NULL
                )
                """)
        }
        migrator.registerMigration("seedUsers") { db in
            try insert(UserSeeder.makeUsers(count: userCount), into: db)
        }
        migrator.registerMigration("createIdempotentAnswer") { db in
            // The answers to writes sent with an Idempotency-Key (IdempotentAnswer).
            try db.execute(sql: """
                CREATE TABLE idempotentAnswer (
                    key TEXT PRIMARY KEY NOT NULL,
                    request TEXT NOT NULL,
                    status INTEGER NOT NULL,
                    body BLOB NOT NULL
                )
                """)
        }
        migrator.registerMigration("avatarURLFromID") { db in
            // The avatar's path now follows from the id (UserAvatar) and is never read from here.
            // Databases seeded before held `https://example.com/avatars/{id}.png` for every 7th
            // user: cleared, so no stale address is left behind. The column stays, always NULL:
            // SQLite before 3.35 (Ubuntu 20.04's) cannot drop a column.
            try db.execute(sql: #"UPDATE "user" SET avatarURL = NULL"#)
        }
        migrator.registerMigration("createAccount") { db in
            // Accounts (AccountStore): a login id and a bcrypt hash of its password, never the
            // password; and the refresh tokens given, each good once, by family (a sign-in and
            // every refresh after it).
            try db.execute(sql: """
                CREATE TABLE account (
                    id INTEGER PRIMARY KEY,
                    loginID TEXT NOT NULL,
                    loginKey TEXT NOT NULL UNIQUE,
                    passwordHash TEXT NOT NULL,
                    registeredAt REAL NOT NULL,
                    isSeeded INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE session (
                    token TEXT PRIMARY KEY NOT NULL,
                    loginID TEXT NOT NULL,
                    family TEXT NOT NULL,
                    expiresAt REAL NOT NULL,
                    revoked INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX session_family ON session (family);
                """)
            // The demo's own account, `demo` / `mvvm-demo` (DemoServer.demoAccount), its hash made
            // once (bcrypt, cost 10) so that no start pays for it.
            try db.execute(
                sql: "INSERT INTO account (loginID, loginKey, passwordHash, registeredAt, isSeeded) VALUES (?, ?, ?, 0, 1)",
                arguments: [DemoServer.demoAccount.loginID, DemoServer.demoAccount.loginID, demoPasswordHash])
        }
        return migrator
    }

    /// bcrypt's hash of ``DemoServer/demoAccount``'s password, cost 10 (`AccountTests` checks
    /// that it verifies); also what a sign-in for a login id with no account is checked against.
    static let demoPasswordHash = "$2b$10$cmeLDl9zk4Z/IvPcvCqGIu4sDg5GgpkxzRXu9/1BuGzGqdCAYuyNa"

    /// Inserts `users` with their search keys.
    static func insert(_ users: [SeedUser], into db: Database) throws {
        let statement = try db.makeStatement(sql: """
            INSERT INTO "user" (id, name, email, isActive, searchKey) VALUES (?, ?, ?, ?, ?)
            """)
        for user in users {
            try statement.execute(arguments: [
                user.id, user.name, user.email, user.isActive,
                SearchKey.make(name: user.name, email: user.email),
            ])
        }
    }
}
