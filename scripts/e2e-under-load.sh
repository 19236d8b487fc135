#!/usr/bin/env bash
# Runs the browser suite several times in a row while busy processes load every core, to show
# the tests do not depend on a quiet machine (they wait for hydration, not for time).
# Usage: bash scripts/e2e-under-load.sh [runs=3]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
CORES="$(nproc)"
burners=()
cleanup() { for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
for _ in $(seq 1 "$CORES"); do
  node -e 'for (;;) {}' &
  burners+=("$!")
done
echo "Loading $CORES cores with busy processes: ${burners[*]}"
for run in $(seq 1 "$RUNS"); do
  echo "=== browser suite, run $run of $RUNS, under load ==="
  npx playwright test
done
echo "The browser suite passed $RUNS times in a row under load."
