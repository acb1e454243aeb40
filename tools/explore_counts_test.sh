#!/usr/bin/env bash
# Usage: explore_counts_test.sh MELDCHECK DIR
# `meldcheck explore` from a small start of each ruleset (DIR/*.yaml), three steps deep: the
# distinct positions at each depth must be the counts in DIR/counts.txt. Like perft's, they
# are regression numbers: an engine change that changes what is legal anywhere near those
# starts changes a count, even where no scenario pins the step. When the change is meant,
# read the rule text, then write the new counts (the command below prints them).
set -u
mc=$1 dir=$2
got=$(cd "$dir" && "$mc" explore ./*.yaml --depth 3 --jobs 2 --out "$(mktemp -d)" | sed 's|^\./||')
status=$?
[[ $status == 0 ]] || { echo "explore exited $status:"; echo "$got"; exit 1; }
if ! diff <(echo "$got") "$dir/counts.txt"; then
  echo "the counts changed (above: < now, > kept in $dir/counts.txt)"
  exit 1
fi
echo "$got"
