#!/usr/bin/env bash
# Each command-line read as a new process on a generated store, timed with hyperfine beside the
# sqlite3 shell opening the same file and counting its tables (the floor any process pays), then
# peak memory with /usr/bin/time. Usage: bench/whole-process.sh STORE [DASHPILOT_BINARY]
set -euo pipefail
store=${1:?usage: bench/whole-process.sh STORE [BINARY]}
binary=${2:-.build/release/dashpilot}
place=$(sqlite3 "$store" "SELECT display_name FROM pickup_place p ORDER BY (SELECT count(*) FROM delivery d WHERE d.pickup_place_id = p.id) DESC LIMIT 1")
shift_id=$(sqlite3 "$store" "SELECT id FROM shift ORDER BY started_at DESC LIMIT 1 OFFSET 10")

declare -a commands=(
  "pickup recent" "pickup recent --json"
  "place show '$place'" "place show '$place' --json"
  "place list" "place list --json"
  "shift list" "shift list --json"
  "shift show $shift_id" "shift show $shift_id --json"
  "shift list --all"
  "period list week --all" "period list week --all --json"
  "period week" "period list month --all"
)

hyperfine -N --warmup 3 --runs 30 --export-json /tmp/dashpilot-hf.json "sqlite3 $store 'SELECT count(*) FROM sqlite_schema'" >/dev/null 2>&1
floor=$(python3 -c "import json; print(json.load(open('/tmp/dashpilot-hf.json'))['results'][0]['median']*1000)")
printf 'sqlite3 opening the store and counting its tables: %.1f ms (median of 30)\n\n' "$floor"
echo "| Command | median | × sqlite3 | peak memory |"
echo "| --- | ---: | ---: | ---: |"
for command in "${commands[@]}"; do
  hyperfine -N --warmup 3 --runs 30 --export-json /tmp/dashpilot-hf.json "$binary --store $store $command" >/dev/null 2>&1
  ours=$(python3 -c "import json; print(json.load(open('/tmp/dashpilot-hf.json'))['results'][0]['median']*1000)")
  peak=$( { /usr/bin/time -v bash -c "$binary --store $store $command > /dev/null" ; } 2>&1 | awk -F': ' '/Maximum resident/ {print $2}')
  shown=${command//$place/BUSIEST}
  printf '| `%s` | %.1f ms | %.2f | %.1f MiB |\n' "$shown" "$ours" "$(python3 -c "print($ours / $floor)")" "$(python3 -c "print($peak / 1024)")"
done
