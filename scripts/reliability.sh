#!/usr/bin/env bash
# The long reliability runs. CI runs each in its short mode as part of `swift test`; this script
# runs them in full and prints the figures RELIABILITY.md quotes.
#   scripts/reliability.sh          full: 300 kills, 2 x 500 writer operations, 1,000,000 names
#   scripts/reliability.sh --short  the CI sizes
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--short" ]; then
  kills=40; operations=40; names=20000
else
  kills=300; operations=500; names=1000000
fi
export DASHPILOT_CRASH_KILLS=$kills DASHPILOT_WRITER_OPERATIONS=$operations DASHPILOT_FUZZ_NAMES=$names
export DASHPILOT_CRASH_REPORT=1 DASHPILOT_SWEEP_REPORT=1
echo "== crash harness ($kills kills), crash sweeps, two writers ($operations operations each), fuzzed names ($names)"
swift test --filter 'CrashHarnessTests|CrashSweepTests|ReliabilityTests|PickupPlaceNamePropertyTests' 2>&1 \
  | grep -E 'harness:|sweep:|✘|Test run|passed after|failed after'
