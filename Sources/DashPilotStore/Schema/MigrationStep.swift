/// One step of a migration: frozen SQL, or Swift for what SQL cannot say (rebuilding a cache from
/// its source, re-keying places under a new naming policy). Every step of an upgrade runs in one
/// transaction.
enum MigrationStep: Sendable {
    case sql(String)
    case swift(@Sendable (MigrationContext) throws -> Void)
}

/// What a Swift step works with.
struct MigrationContext {
    /// The store's connection, inside the upgrade's transaction.
    let connection: Connection
    /// Hears the fraction done of a long step, for a terminal to show.
    let progress: (@Sendable (Double) -> Void)?
}
