#!/usr/bin/env bash
# Writes the golden file that pins today's case folding (Tests/DashPilotCoreTests/Golden). Run it
# only on purpose, when a new naming-policy version is introduced; the tests never write it.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(grep -E 'static let policyVersion' Sources/DashPilotCore/PickupPlaceName.swift | grep -oE '[0-9]+')
swift run -c release dashpilot-golden-keys > "Tests/DashPilotCoreTests/Golden/keys-policy-$version.txt"
echo "wrote Tests/DashPilotCoreTests/Golden/keys-policy-$version.txt"
