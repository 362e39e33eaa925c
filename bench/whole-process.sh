#!/usr/bin/env bash
# Each command-line read as a new process on a generated store, against the sqlite3 shell
# answering the equivalent SQL on the same file, with hyperfine; then peak memory with
# /usr/bin/time. Usage: bench/whole-process.sh STORE [DASHPILOT_BINARY]
set -euo pipefail
store=${1:?usage: bench/whole-process.sh STORE [BINARY]}
binary=${2:-.build/release/dashpilot}
place=$(sqlite3 "$store" "SELECT display_name FROM pickup_place p ORDER BY (SELECT count(*) FROM delivery d WHERE d.pickup_place_id = p.id) DESC LIMIT 1")
key=$(printf '%s' "$place" | tr '[:upper:]' '[:lower:]')
shift_id=$(sqlite3 "$store" "SELECT id FROM shift ORDER BY started_at DESC LIMIT 1 OFFSET 10")

# The equivalent SQL: the same rows the command reads, with mileage computed by window functions.
mileage="SELECT shift_id, sum(CASE WHEN session IS p_session AND recorded_at - p_time <= 120 THEN 2 * 6371008.8 * asin(min(1, sqrt(
  pow(sin(radians(latitude_e7 - p_lat) / 2e7), 2) + cos(radians(p_lat / 1e7)) * cos(radians(latitude_e7 / 1e7)) * pow(sin(radians(longitude_e7 - p_lon) / 2e7), 2)))) END) / 1609.344
  FROM (SELECT *, lag(latitude_e7) OVER w AS p_lat, lag(longitude_e7) OVER w AS p_lon, lag(recorded_at) OVER w AS p_time, lag(session) OVER w AS p_session
        FROM route_sample WHERE shift_id IN (SHIFTS) WINDOW w AS (PARTITION BY shift_id ORDER BY recorded_at)) GROUP BY shift_id"
newest="SELECT id FROM shift ORDER BY started_at DESC LIMIT 20"
declare -a names commands sql
names+=("pickup recent");  commands+=("$binary --store $store pickup recent")
sql+=("SELECT p.display_name, max(d.accepted_at) AS m FROM delivery d JOIN pickup_place p ON p.id = d.pickup_place_id GROUP BY p.id ORDER BY m DESC, p.id LIMIT 5")
names+=("place show (busiest)"); commands+=("$binary --store $store place show '$key'")
sql+=("SELECT shift_id, number, accepted_at, picked_up_at - arrived_at_pickup_at FROM delivery WHERE pickup_place_id = (SELECT id FROM pickup_place WHERE key = '$key' ORDER BY id LIMIT 1) ORDER BY accepted_at DESC")
names+=("place list");     commands+=("$binary --store $store place list")
sql+=("SELECT display_name, first_named_at, (SELECT count(*) FROM delivery d WHERE d.pickup_place_id = p.id) FROM pickup_place p ORDER BY key, id")
names+=("shift list");     commands+=("$binary --store $store shift list")
sql+=("SELECT id, started_at, ended_at, (SELECT count(*) FROM delivery WHERE shift_id = s.id) FROM shift s ORDER BY started_at DESC LIMIT 20; ${mileage//SHIFTS/$newest}")
names+=("shift show");     commands+=("$binary --store $store shift show $shift_id")
sql+=("SELECT * FROM shift WHERE id = $shift_id; SELECT d.*, p.display_name FROM delivery d LEFT JOIN pickup_place p ON p.id = d.pickup_place_id WHERE shift_id = $shift_id ORDER BY number; ${mileage//SHIFTS/$shift_id}")

echo "| Command | dashpilot median | sqlite3 median | ratio | dashpilot peak memory |"
echo "| --- | ---: | ---: | ---: | ---: |"
for index in "${!names[@]}"; do
  hyperfine -N --warmup 3 --runs 30 --export-json /tmp/dashpilot-hf.json "${commands[$index]}" "sqlite3 $store \"${sql[$index]}\"" >/dev/null 2>&1
  read -r ours theirs < <(python3 -c "import json; r=json.load(open('/tmp/dashpilot-hf.json'))['results']; print(r[0]['median']*1000, r[1]['median']*1000)")
  peak=$( { /usr/bin/time -v bash -c "${commands[$index]} > /dev/null" ; } 2>&1 | awk -F': ' '/Maximum resident/ {print $2}')
  printf '| %s | %.1f ms | %.1f ms | %.2f | %.1f MiB |\n' "${names[$index]}" "$ours" "$theirs" "$(python3 -c "print($ours / $theirs)")" "$(python3 -c "print($peak / 1024)")"
done
