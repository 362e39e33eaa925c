#!/usr/bin/env bash
# Each command-line read as a new process on a generated store, timed with hyperfine beside the
# sqlite3 shell opening the same file and counting its tables (the floor any process pays), then
# peak memory with /usr/bin/time. Usage: bench/whole-process.sh STORE [DASHPILOT_BINARY]
#
# With --compare, the reads a change promised to keep as fast, by a binary from before on a store
# it generated against a binary from now on its own: the two run in turn, before and after, pair
# by pair, so that a drift in the machine's speed moves both alike; each pair's ratio is after
# over before, and the medians are printed. Shift and week are the 11th newest shift and its week
# (generators of the same seed make the same shifts).
# Usage: bench/whole-process.sh --compare OLD_STORE OLD_BINARY NEW_STORE NEW_BINARY [PAIRS]
set -euo pipefail
if [ "${1:-}" = "--compare" ]; then
  old_store=${2:?usage: bench/whole-process.sh --compare OLD_STORE OLD_BINARY NEW_STORE NEW_BINARY [PAIRS]}
  old_binary=${3:?old binary}
  new_store=${4:?new store}
  new_binary=${5:?new binary}
  pairs=${6:-100}
  shift_id=$(sqlite3 "$new_store" "SELECT id FROM shift ORDER BY started_at DESC LIMIT 1 OFFSET 10")
  day=$(sqlite3 "$new_store" "SELECT date(started_at, 'unixepoch', 'localtime') FROM shift WHERE id = $shift_id")
  echo "| Command | before | after | after / before, median of $pairs pairs |"
  echo "| --- | ---: | ---: | ---: |"
  for command in "shift show $shift_id" "shift show $shift_id --json" "period week $day" "period week $day --json" \
    "period list week --all" "period list week --all --json" "period list month --all"; do
    python3 - "$pairs" "$old_binary --store $old_store $command" "$new_binary --store $new_store $command" "$command" <<'PY'
import shlex, statistics, subprocess, sys, time
pairs, before, after, shown = int(sys.argv[1]), shlex.split(sys.argv[2]), shlex.split(sys.argv[3]), sys.argv[4]
def run(argv):
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start
for _ in range(5):
    run(before), run(after)
times = [(run(before), run(after)) for _ in range(pairs)]
b = statistics.median(t[0] for t in times) * 1000
a = statistics.median(t[1] for t in times) * 1000
ratio = statistics.median(t[1] / t[0] for t in times)
print(f"| `{shown}` | {b:.1f} ms | {a:.1f} ms | {ratio:.2f} |")
PY
  done
  exit 0
fi
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
  "period week" "period week --json" "period list month --all"
  "expense list" "expense list --json"
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
