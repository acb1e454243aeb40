#!/usr/bin/env bash
# Usage: explore_counts_test.sh MELDCHECK DIR
# `meldcheck explore` from a tiny start of each ruleset (DIR/*.yaml), two steps deep: the
# distinct positions at each depth must be the counts in DIR/counts.txt, which were worked
# out by hand from the rule texts (each start's comment says how), not read off explore.
# Where they differ, settle it against the text: the count or the engine is wrong.
set -uo pipefail
mc=$1 dir=$2
out=$(cd "$dir" && "$mc" explore ./*.yaml --depth 2 --jobs 2 --out "$(mktemp -d)")
status=$?
[[ $status == 0 ]] || { echo "explore exited $status:"; echo "$out"; exit 1; }
got=$(sed 's|^\./||; s|; [0-9]* legal steps.*||' <<<"$out" | grep -v '^no findings$')
if ! diff <(echo "$got") "$dir/counts.txt"; then
  echo "the counts differ (above: < explore, > worked out by hand in $dir/counts.txt)"
  exit 1
fi
echo "$out"
