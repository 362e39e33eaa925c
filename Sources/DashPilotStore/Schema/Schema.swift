import DashPilotCore

/// The store's history: one migration a version, each a list of steps, frozen once shipped. Never
/// edit a shipped entry; append a new one. `PRAGMA user_version` holds the version a file is at.
enum Schema {
    /// `PRAGMA application_id` of every DashPilot store: "DPlt".
    static let applicationID: Int32 = 1_146_121_332

    /// The version today's code writes.
    static var currentVersion: Int { migrations.count }

    /// The version that added pickup places (and the naming policy that keys them).
    static let pickupPlacesVersion = 6
    /// The version that added each shift's route summary.
    static let routeSummaryVersion = 7
    /// The version that added pay, tips, pauses, expenses and the store's currency.
    static let moneyVersion = 8

    /// `migrations[n - 1]` takes a store from version n - 1 to version n.
    static let migrations: [[MigrationStep]] = [
        // 1: shifts. No end means running; at most one runs.
        [
            .sql(
                """
                PRAGMA application_id = 1146121332;
                CREATE TABLE shift (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER,
                    CHECK (ended_at IS NULL OR ended_at >= started_at)
                );
                CREATE INDEX shift_by_start ON shift (started_at);
                CREATE UNIQUE INDEX shift_one_running ON shift ((ended_at IS NULL)) WHERE ended_at IS NULL;
                """
            )
        ],
        // 2: route samples. Times strictly increase within a shift, so (shift, time) is the key;
        // coordinates in 1e-7 degrees and accuracy in decimetres keep a sample small.
        [
            .sql(
                """
                CREATE TABLE route_sample (
                    shift_id INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
                    recorded_at INTEGER NOT NULL,
                    latitude_e7 INTEGER NOT NULL,
                    longitude_e7 INTEGER NOT NULL,
                    accuracy_dm INTEGER,
                    PRIMARY KEY (shift_id, recorded_at)
                ) WITHOUT ROWID;
                """
            )
        ],
        // 3: a capture session on each sample; existing samples have none.
        [
            .sql(
                """
                ALTER TABLE route_sample ADD COLUMN session INTEGER;
                """
            )
        ],
        // 4: a shift's gross earnings in cents; existing shifts have none (never zero).
        [
            .sql(
                """
                ALTER TABLE shift ADD COLUMN earnings_cents INTEGER CHECK (earnings_cents >= 0);
                """
            )
        ],
        // 5: deliveries with their lifecycle times. Numbers count within a shift and are never
        // reused, so the shift keeps the last number it gave.
        [
            .sql(
                """
                ALTER TABLE shift ADD COLUMN last_delivery_number INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE delivery (
                    id INTEGER PRIMARY KEY,
                    shift_id INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
                    number INTEGER NOT NULL CHECK (number >= 1),
                    accepted_at INTEGER NOT NULL,
                    arrived_at_pickup_at INTEGER CHECK (arrived_at_pickup_at >= accepted_at),
                    picked_up_at INTEGER CHECK (picked_up_at >= arrived_at_pickup_at),
                    delivered_at INTEGER CHECK (delivered_at >= picked_up_at),
                    cancelled_at INTEGER CHECK (cancelled_at >= accepted_at),
                    UNIQUE (shift_id, number),
                    CHECK (delivered_at IS NULL OR cancelled_at IS NULL)
                );
                """
            )
        ],
        // 6: pickup places and a delivery's optional reference. No UNIQUE on the key: the service
        // keeps keys unique inside its write transaction. A referenced place cannot be deleted.
        // A place's history reads its deliveries from one covering index, newest first.
        [
            .sql(
                """
                CREATE TABLE pickup_place (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    display_name TEXT NOT NULL,
                    key TEXT NOT NULL,
                    first_named_at INTEGER NOT NULL
                );
                CREATE INDEX pickup_place_by_key ON pickup_place (key);
                ALTER TABLE delivery ADD COLUMN pickup_place_id INTEGER REFERENCES pickup_place (id) ON DELETE RESTRICT;
                CREATE INDEX delivery_by_place ON delivery (
                    pickup_place_id, accepted_at, shift_id, number, arrived_at_pickup_at, picked_up_at, delivered_at, cancelled_at
                ) WHERE pickup_place_id IS NOT NULL;
                CREATE INDEX delivery_place_use ON delivery (accepted_at, pickup_place_id) WHERE pickup_place_id IS NOT NULL;
                CREATE TABLE naming_policy (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    version INTEGER NOT NULL
                );
                INSERT INTO naming_policy (id, version) VALUES (1, 1);
                """
            )
        ],
        // 7: each shift's route summary, a cache of what its samples give (rebuilt from them by
        // the step after the SQL, kept equal to them by every write, checked by doctor).
        // A shift with no samples has no row. Weeks and months read every delivery's times by
        // shift from one covering index; the catalogue counts each place's deliveries from a
        // narrow one.
        [
            .sql(
                """
                CREATE TABLE route_summary (
                    shift_id INTEGER PRIMARY KEY REFERENCES shift (id) ON DELETE CASCADE,
                    metres REAL NOT NULL CHECK (metres >= 0),
                    segments INTEGER NOT NULL CHECK (segments >= 1),
                    measured_segments INTEGER NOT NULL CHECK (measured_segments >= 0 AND measured_segments <= segments),
                    last_segment_measured INTEGER NOT NULL CHECK (last_segment_measured IN (0, 1)),
                    last_at INTEGER NOT NULL,
                    last_latitude REAL NOT NULL,
                    last_longitude REAL NOT NULL,
                    last_session INTEGER
                );
                CREATE INDEX delivery_by_shift_times ON delivery (shift_id, accepted_at, delivered_at, cancelled_at);
                CREATE INDEX delivery_place_count ON delivery (pickup_place_id) WHERE pickup_place_id IS NOT NULL;
                """
            ),
            .swift { try RouteSummaryTable(connection: $0.connection).rebuildAll(progress: $0.progress) },
        ],
        // 8: money and time (money-and-time.md). A finished delivery's optional pay (never read as
        // zero) and its tips, numbered within it and never reused (the delivery keeps the last
        // number it gave); a shift's pauses, at most one open; expenses, which belong to their
        // time, not to a shift (a deleted shift takes none), ids never reused; the store's one
        // currency, USD for a store that had none. A period reads each delivery's times and pay
        // by shift from one covering index, as version 7's did its times.
        [
            .sql(
                """
                ALTER TABLE delivery ADD COLUMN pay_cents INTEGER CHECK (pay_cents >= 0);
                ALTER TABLE delivery ADD COLUMN last_tip_number INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE tip (
                    id INTEGER PRIMARY KEY,
                    delivery_id INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
                    number INTEGER NOT NULL CHECK (number >= 1),
                    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
                    method TEXT NOT NULL CHECK (method IN ('cash', 'platform')),
                    recorded_at INTEGER NOT NULL,
                    UNIQUE (delivery_id, number)
                );
                CREATE TABLE pause (
                    id INTEGER PRIMARY KEY,
                    shift_id INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER,
                    CHECK (ended_at IS NULL OR ended_at >= started_at)
                );
                CREATE INDEX pause_by_shift ON pause (shift_id, started_at);
                CREATE UNIQUE INDEX pause_one_open ON pause ((ended_at IS NULL)) WHERE ended_at IS NULL;
                CREATE TABLE expense (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
                    spent_at INTEGER NOT NULL,
                    category TEXT NOT NULL,
                    note TEXT
                );
                CREATE INDEX expense_by_time ON expense (spent_at);
                CREATE TABLE store_currency (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    code TEXT NOT NULL
                );
                INSERT INTO store_currency (id, code) VALUES (1, 'USD');
                CREATE INDEX delivery_by_shift_money ON delivery (shift_id, accepted_at, delivered_at, cancelled_at, pay_cents);
                DROP INDEX delivery_by_shift_times;
                """
            )
        ],
    ]

    /// A step that re-keys every place under `policy` and records its version: what a naming
    /// policy change ships as (a new version whose one step this is). Two places whose keys then
    /// coincide stay two places; the earliest-created is the one a typed name finds, and `doctor`
    /// names the pair. A stored name the policy now refuses keeps its key, for `doctor` to report.
    static func rekeyPlaces(_ policy: NamingPolicy) -> MigrationStep {
        .swift { context in
            let places = PickupPlaceTable(connection: context.connection)
            var changed: [(Int64, String, String)] = []
            try places.forEachStored { id, displayName, key in
                guard let display = try? policy.display(displayName) else { return }
                let newKey = policy.key(display)
                if !newKey.utf8.elementsEqual(key.utf8) || !display.utf8.elementsEqual(displayName.utf8) {
                    changed.append((id, display, newKey))
                }
            }
            for (id, display, key) in changed { try places.rewrite(id: id, display: display, key: key) }
            try places.setPolicyVersion(policy.version)
        }
    }
}
