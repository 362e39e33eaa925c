/// Whether another program committed to the store since it was made: the file change counter a
/// rollback journal moves, or in WAL mode (which leaves the counter as it is) the data version a
/// connection of its own reads. What can't be read counts as a change: the restore then does not
/// run rather than risk a write. The header is read through the store's own connection
/// (`Connection.fileBytes`), never a descriptor of the watch's own, whose closing would let go of
/// the replacement's lock.
struct CommitWatch {
    let store: Connection
    let wal: Connection?
    let seen: Int64?

    init(_ store: Connection, file: StorePath) {
        self.store = store
        wal =
            store.fileBytes(18..<20) == [2, 2]
            ? try? Connection(path: file, create: false, readOnly: true, busyTimeoutMilliseconds: 5000) : nil
        seen = wal.map { Self.version($0) } ?? Self.changeCounter(store)
    }

    static func version(_ connection: Connection) -> Int64? { (try? connection.scalar("PRAGMA data_version")) ?? nil }

    /// The header's bytes 24 to 27, which every commit moves in a store with a rollback journal.
    static func changeCounter(_ store: Connection) -> Int64? {
        store.fileBytes(24..<28).map { Int64($0.reduce(0) { $0 << 8 | UInt32($1) }) }
    }

    var moved: Bool {
        guard let seen else { return true }
        return (wal.map { Self.version($0) } ?? Self.changeCounter(store)) != seen
    }
}
