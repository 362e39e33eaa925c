#!/usr/bin/env bash
# Writes dashpilot.1 from the command table (the same table help is made from). A test checks the
# kept page equals what the table generates, so run this after changing a command.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product dashpilot
.build/debug/dashpilot __manual-page > dashpilot.1
mandoc -T lint dashpilot.1
echo "wrote dashpilot.1"
