#!/bin/sh
# Usage: bench/check_scaling.sh MELDCHECK [SIZES] [CHECK FLAGS...]
# `meldcheck check` on generated files of small Rummikub disputes (one arrange step each,
# players A and B, an empty table), one job unless the flags say otherwise: the time of a
# file and of a document, which must stay flat as the file grows.
#   bench/check_scaling.sh build/default/tools/meldcheck "10 100 1000" --format html --across all
set -eu
meldcheck=$1 sizes=${2:-10 100 1000}
shift; [ $# -gt 0 ] && shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%10s %10s %14s\n' documents seconds "ms a document"
for n in $sizes; do
  file=$dir/disputes-$n.yaml
  i=0
  while [ "$i" -lt "$n" ]; do
    v=$((i % 11 + 1))
    [ "$i" -gt 0 ] && echo '---'
    cat <<DOC
name: dispute $i, a run from $v
ruleset: rummikub
setup:
  players:
    A: { hand: [R$v, R$v, R$((v + 1)), R$((v + 2)), B$v, O$v, K13] }
    B: { hand: [O1, O9] }
  stock: [B12, B11]
  rest: out
steps:
  - arrange: [[R$v, R$((v + 1)), R$((v + 2))], [R$v, B$v, O$v]]
DOC
    i=$((i + 1))
  done > "$file"
  start=$(date +%s.%N)
  case " $* " in *" --jobs "*) jobs= ;; *) jobs="--jobs 1" ;; esac
  "$meldcheck" check $jobs "$@" "$file" > /dev/null
  end=$(date +%s.%N)
  awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN { printf "%10d %10.2f %14.2f\n", n, e - s, 1000 * (e - s) / n }'
done
