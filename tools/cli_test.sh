#!/usr/bin/env bash
# The command's contract: exit 2 and file:line:column for a bad file, 1 for a failing
# scenario, and the closing line `N passed, M failed`.
set -u
meldcheck=$1 data=$2
out=$("$meldcheck" replay "$data/malformed.yaml"); code=$?
[ $code -eq 2 ] || { echo "malformed: exit $code, want 2"; exit 1; }
grep -q "malformed.yaml:5:21: '1S' is not a card" <<<"$out" || { echo "malformed: no file:line:column in: $out"; exit 1; }
grep -qx "0 passed, 1 failed" <<<"$out" || { echo "malformed: closing line missing: $out"; exit 1; }
out=$("$meldcheck" replay "$data/failing.yaml"); code=$?
[ $code -eq 1 ] || { echo "failing: exit $code, want 1"; exit 1; }
grep -q "step 2 (discard: 7H): expected reject, got ok" <<<"$out" || { echo "failing: no step report in: $out"; exit 1; }
out=$("$meldcheck" replay --format json "$data/failing.yaml"); code=$?
[ $code -eq 1 ] && grep -q '"failed": 1' <<<"$out" || { echo "json: $out"; exit 1; }
out=$("$meldcheck" replay --format junit "$data"); code=$?
[ $code -eq 2 ] && grep -q '<testsuites tests="4" failures="2">' <<<"$out" || { echo "junit: $out"; exit 1; }
out=$("$meldcheck" solve "$data/solve.yaml"); code=$?
[ $code -eq 0 ] && [ "$(grep -c 'lays 2 tiles from the rack' <<<"$out")" -eq 2 ] || { echo "solve: $out"; exit 1; }
grep -q -- "- \[K8, K9, K10\]" <<<"$out" || { echo "solve: no new run in: $out"; exit 1; }
out=$("$meldcheck" solve "$data/failing.yaml" 2>&1); code=$?
[ $code -eq 2 ] || { echo "solve on a card game: exit $code, want 2"; exit 1; }
echo ok
