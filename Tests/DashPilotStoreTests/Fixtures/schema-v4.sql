-- DashPilot store schema version 4, as shipped: frozen, never edited.
-- Written by `sqlite3 FILE .schema` from a store at this version.
PRAGMA application_id = 1146121332;
CREATE TABLE shift (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started_at INTEGER NOT NULL,
            ended_at INTEGER, earnings_cents INTEGER CHECK (earnings_cents >= 0),
            CHECK (ended_at IS NULL OR ended_at >= started_at)
        );
CREATE INDEX shift_by_start ON shift (started_at);
CREATE UNIQUE INDEX shift_one_running ON shift ((ended_at IS NULL)) WHERE ended_at IS NULL;
CREATE TABLE route_sample (
            shift_id INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
            recorded_at INTEGER NOT NULL,
            latitude_e7 INTEGER NOT NULL,
            longitude_e7 INTEGER NOT NULL,
            accuracy_dm INTEGER, session INTEGER,
            PRIMARY KEY (shift_id, recorded_at)
        ) WITHOUT ROWID;
PRAGMA user_version = 4;
