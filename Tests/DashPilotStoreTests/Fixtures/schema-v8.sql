-- DashPilot store schema version 8, as shipped: frozen, never edited.
-- Written by `sqlite3 FILE .schema` from a store at this version.
PRAGMA application_id = 1146121332;
CREATE TABLE shift (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started_at INTEGER NOT NULL,
    ended_at INTEGER, earnings_cents INTEGER CHECK (earnings_cents >= 0), last_delivery_number INTEGER NOT NULL DEFAULT 0,
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
CREATE TABLE delivery (
    id INTEGER PRIMARY KEY,
    shift_id INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number >= 1),
    accepted_at INTEGER NOT NULL,
    arrived_at_pickup_at INTEGER CHECK (arrived_at_pickup_at >= accepted_at),
    picked_up_at INTEGER CHECK (picked_up_at >= arrived_at_pickup_at),
    delivered_at INTEGER CHECK (delivered_at >= picked_up_at),
    cancelled_at INTEGER CHECK (cancelled_at >= accepted_at), pickup_place_id INTEGER REFERENCES pickup_place (id) ON DELETE RESTRICT, pay_cents INTEGER CHECK (pay_cents >= 0), last_tip_number INTEGER NOT NULL DEFAULT 0,
    UNIQUE (shift_id, number),
    CHECK (delivered_at IS NULL OR cancelled_at IS NULL)
);
CREATE TABLE pickup_place (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    display_name TEXT NOT NULL,
    key TEXT NOT NULL,
    first_named_at INTEGER NOT NULL
);
CREATE INDEX pickup_place_by_key ON pickup_place (key);
CREATE INDEX delivery_by_place ON delivery (
    pickup_place_id, accepted_at, shift_id, number, arrived_at_pickup_at, picked_up_at, delivered_at, cancelled_at
) WHERE pickup_place_id IS NOT NULL;
CREATE INDEX delivery_place_use ON delivery (accepted_at, pickup_place_id) WHERE pickup_place_id IS NOT NULL;
CREATE TABLE naming_policy (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
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
CREATE INDEX delivery_place_count ON delivery (pickup_place_id) WHERE pickup_place_id IS NOT NULL;
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
CREATE INDEX delivery_by_shift_money ON delivery (shift_id, accepted_at, delivered_at, cancelled_at, pay_cents);
INSERT INTO naming_policy (id, version) VALUES (1, 1);
INSERT INTO store_currency (id, code) VALUES (1, 'USD');
PRAGMA user_version = 8;
