import DashPilotCore

// `dashpilot-golden-keys`: prints today's folding as the reference table that pins it
// (`Tests/DashPilotCoreTests/Golden/keys-policy-N.txt`). Run by `scripts/write-golden-keys.sh`
// only on purpose, when a new naming-policy version is introduced; the tests never write it.
print(PickupPlaceName.keyTable(), terminator: "")
