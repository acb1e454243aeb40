#!/bin/sh
# Usage: simulate_clean.sh MELDCHECK OUT_DIR
# The project's own bug hunt is clean on its own engine: `meldcheck simulate` with every
# check, over every ruleset, variant and option, on fixed seeds (with and without arbitrary
# actions) finds nothing. A finding fails the test and shows its scenario.
set -u
meldcheck=$1 out=$2
rm -rf "$out"
status=0
for run in "1 0" "2 0.1" "3 0"; do
  set -- $run
  "$meldcheck" simulate --seed "$1" --arbitrary "$2" --hands 120 --jobs 1 --quiet --out "$out/seed-$1" > "$out.report" 2>&1
  code=$?
  head -3 "$out.report"
  if [ "$code" -ne 0 ]; then
    echo "simulate --seed $1 --arbitrary $2 exited $code"
    cat "$out.report"
    for f in "$out/seed-$1"/*.yaml; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done
    status=1
  fi
done
exit $status
