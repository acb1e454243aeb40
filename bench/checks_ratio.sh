#!/bin/sh
# Usage: bench/checks_ratio.sh MELDCHECK [HANDS]
# For each card game: the same hands (--seed 1) played by `meldcheck simulate` with every
# check and with none, on one job, the best of three runs each; prints the two rates and
# what share of the bare engine's rate the checks keep.
set -eu
meldcheck=$1 hands=${2:-2000}
rate() {
  best=0
  for i in 1 2 3; do
    r=$("$meldcheck" simulate --ruleset "$1" --checks "$2" --hands "$hands" --seed 1 --jobs 1 --quiet --out /tmp/checks-ratio |
        sed -n 's/.* \([0-9][0-9]*\) actions\/s.*/\1/p')
    [ "$r" -gt "$best" ] && best=$r
  done
  echo "$best"
}
printf '%-18s %12s %12s %8s\n' ruleset all none share
for r in femhundra-rummy femhundra-familj rummy500 liverpool; do
  all=$(rate "$r" all) none=$(rate "$r" none)
  printf '%-18s %12s %12s %7s%%\n' "$r" "$all" "$none" "$(awk "BEGIN { printf \"%.1f\", 100 * $all / $none }")"
done
