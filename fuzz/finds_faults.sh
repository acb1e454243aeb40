#!/usr/bin/env bash
# Usage: fuzz/finds_faults.sh FUZZ_BUILD_DIR [SECONDS [KEEP_DIR]]
# Each fault of engine/fault.h that a differential target's oracle covers, switched on in
# that target's faulty twin (built by the fuzz preset), fuzzed from the seed corpus until
# the first finding or SECONDS (default 120). Prints, for each, whether and when it was
# found and what the target said; exits 1 when any fault goes unfound. With KEEP_DIR, each
# finding's input is kept there as <fault>.<target> (for `meldcheck reproduce`).
set -u
build=$(cd "$1" && pwd)
limit=${2:-120}
keep=${3:-}
here=$(cd "$(dirname "$0")" && pwd)

# fault -> the target whose oracle covers it
pairs=(
  "gap-run meld_diff_fuzz"
  "same-suit-sets meld_diff_fuzz"
  "ace-low-high score_diff_fuzz"
  "spades-double score_diff_fuzz"
  "not-zero-sum score_diff_fuzz"
  "solver-small rummikub_diff_fuzz"
  "swap-any-suit catalog_diff_fuzz"
  "enumerate-foreign catalog_diff_fuzz"
  "dirty-refusal play_fuzz"
  "lose-discard play_fuzz"
  "unstable-deal play_fuzz"
)

missed=0
printf '%-18s %-20s %-8s %s\n' fault target found "first finding"
for pair in "${pairs[@]}"; do
  set -- $pair
  fault=$1 target=$2
  work=$(mktemp -d)
  cp -r "$here/corpus/$target" "$work/corpus"
  start=$(date +%s.%N)
  (cd "$work" && MELDCHECK_FAULT=$fault timeout $((limit + 30)) "$build/fuzz/${target}_faulty" \
      -max_total_time="$limit" -dict="$here/dict/$target.dict" corpus > log 2>&1)
  end=$(date +%s.%N)
  line=$(grep -m1 '^meldcheck fuzz:' "$work/log" | cut -c16-120)
  if [ -n "$line" ] && [ -n "$keep" ]; then
    mkdir -p "$keep"
    cp "$work"/crash-* "$keep/$fault.$target" 2>/dev/null
  fi
  if [ -n "$line" ]; then
    printf '%-18s %-20s %6.1fs  %s\n' "$fault" "$target" "$(echo "$end - $start" | bc)" "$line"
  else
    printf '%-18s %-20s %-8s %s\n' "$fault" "$target" "no" "(nothing in ${limit}s)"
    missed=$((missed + 1))
  fi
  rm -rf "$work"
done
exit $((missed > 0))
