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
[ $code -eq 2 ] && grep -q '<testsuites tests="4" failures="1" errors="1" skipped="0"' <<<"$out" || { echo "junit: $out"; exit 1; }
out=$("$meldcheck" solve "$data/solve.yaml"); code=$?
[ $code -eq 0 ] && [ "$(grep -c 'lays 2 tiles from the rack' <<<"$out")" -eq 2 ] || { echo "solve: $out"; exit 1; }
grep -q -- "- \[K8, K9, K10\]" <<<"$out" || { echo "solve: no new run in: $out"; exit 1; }
out=$("$meldcheck" solve "$data/failing.yaml" 2>&1); code=$?
[ $code -eq 2 ] || { echo "solve on a card game: exit $code, want 2"; exit 1; }
# simulate: bad input is exit 2 with a message; a small run exits 0; shards merge.
for bad in "--ruleset canasta" "--ruleset rummy500 --variants taget" "--option ace-runs=sideways" "--players 1" \
           "--shard 4/3" "--shard 0/2" "--hands 0" "--matches 0" "--seconds 0" "--hands 5 --matches 5" "--option noequals" "--merge /nonexistent.json"; do
  out=$("$meldcheck" simulate $bad 2>&1); code=$?
  [ $code -eq 2 ] || { echo "simulate $bad: exit $code, want 2: $out"; exit 1; }
  [ -n "$out" ] || { echo "simulate $bad: no message"; exit 1; }
done
tmp=$(mktemp -d)
"$meldcheck" simulate --ruleset rummy500 --hands 30 --seed 3 --quiet --out "$tmp/f" > "$tmp/text"; code=$?
[ $code -eq 0 ] && grep -q "no findings" "$tmp/text" && grep -q "rummy500/take.lone-card" "$tmp/text" || { echo "simulate: exit $code"; cat "$tmp/text"; exit 1; }
for k in 1 2; do "$meldcheck" simulate --ruleset rummy500 --hands 30 --seed 3 --shard $k/2 --format json --quiet > "$tmp/s$k.json" || exit 1; done
"$meldcheck" simulate --merge "$tmp/s1.json" "$tmp/s2.json" > "$tmp/merged"; code=$?
[ $code -eq 0 ] && grep -q "^30 games, 30 hands" "$tmp/merged" || { echo "merge: exit $code"; cat "$tmp/merged"; exit 1; }
"$meldcheck" simulate --merge "$tmp/s1.json" > /dev/null 2>&1; [ $? -eq 2 ] || { echo "merging one shard of two should be refused"; exit 1; }
rm -rf "$tmp"
# rules diff: two houses side by side; a bad house is exit 2 with its message on stderr.
out=$("$meldcheck" rules diff rummy500 rummy500,ace-runs=round-the-corner); code=$?
[ $code -eq 0 ] && grep -q "meld.ace_melding.wrap  *false  *true" <<<"$out" && grep -qx "clauses: the same" <<<"$out" ||
  { echo "rules diff: exit $code: $out"; exit 1; }
out=$("$meldcheck" rules diff --format json rummy500 liverpool); code=$?
[ $code -eq 0 ] && grep -q '"id": "take.any-depth"' <<<"$out" && grep -q '"name": "claim"' <<<"$out" || { echo "rules diff json: $out"; exit 1; }
for bad in "rummy500+taget rummy500" "rummy500 canasta" "rummy500 rummy500,deep=two" "rummy500"; do
  out=$("$meldcheck" rules diff $bad 2>&1 >/dev/null); code=$?
  [ $code -eq 2 ] && [ -n "$out" ] || { echo "rules diff $bad: exit $code, want 2 and a message on stderr: $out"; exit 1; }
done
"$meldcheck" rules rummy500 | grep -q "^catalog:" || { echo "rules rummy500 lost its catalog"; exit 1; }
# Conventions: --version; a command line not understood is exit 2, its message on stderr only.
"$meldcheck" --version | grep -qx "meldcheck [0-9]*\.[0-9]*\.[0-9]*" || { echo "--version: $("$meldcheck" --version 2>&1)"; exit 1; }
for bad in "" "--nope" "replay" "replay --format xml $data" "replay --jobs x $data" "rules diff rummy500" "completion zsh"; do
  err_file=$(mktemp); out=$("$meldcheck" $bad 2>"$err_file"); code=$?; err=$(cat "$err_file"); rm -f "$err_file"
  [ $code -eq 2 ] && [ -z "$out" ] && [ -n "$err" ] || { echo "'meldcheck $bad': exit $code, stdout '$out', stderr '$err'"; exit 1; }
done
# replay --filter (on names and paths) and --jobs (the same report as one job); no colour into a pipe.
out=$("$meldcheck" replay --filter "*whose expectation*:*example 6" "$data"); code=$?
[ $code -eq 2 ] && grep -q "^FAIL .*failing.yaml" <<<"$out" && grep -q "^PASS .*example 6" <<<"$out" && grep -qx "1 passed, 2 failed" <<<"$out" ||
  { echo "filter: exit $code: $out"; exit 1; }
out=$("$meldcheck" replay --filter "*/solve.yaml" "$data"); code=$?
[ $code -eq 2 ] && grep -qx "2 passed, 1 failed" <<<"$out" || { echo "filter by path: exit $code: $out"; exit 1; }
out=$("$meldcheck" replay --filter "-*/testdata/*" "$data" 2>&1 >/dev/null); [ -n "$out" ] || { echo "filter matching nothing: no note"; exit 1; }
scenarios=$data/../../scenarios
[ "$("$meldcheck" replay --jobs 2 "$scenarios")" == "$("$meldcheck" replay --jobs 1 "$scenarios")" ] || { echo "--jobs 2 reports otherwise"; exit 1; }
# check spreads the scenarios of a file over the jobs; the report is the same, in file order.
for fmt in text json; do
  [ "$("$meldcheck" check --jobs 2 --format $fmt --across all "$scenarios/rummy500/drawing.yaml" "$scenarios/rummikub")" == \
    "$("$meldcheck" check --jobs 1 --format $fmt --across all "$scenarios/rummy500/drawing.yaml" "$scenarios/rummikub")" ] ||
    { echo "check --jobs 2 --format $fmt reports otherwise"; exit 1; }
done
"$meldcheck" replay "$data/solve.yaml" | grep -q $'\033' && { echo "colour into a pipe"; exit 1; }
if command -v script >/dev/null; then
  out=$(script -qc "'$meldcheck' replay '$data/solve.yaml'" /dev/null); grep -q $'\033\[32mPASS' <<<"$out" || { echo "no colour on a terminal: $out"; exit 1; }
  out=$(NO_COLOR=1 script -qc "'$meldcheck' replay '$data/solve.yaml'" /dev/null); grep -q $'\033' <<<"$out" && { echo "colour with NO_COLOR"; exit 1; }
fi
# Completion: generated from the command's definition; a few completions.
bash -c 'source <("$0" completion bash) && complete -p meldcheck' "$meldcheck" | grep -q "_meldcheck meldcheck" || { echo "completion: not loaded"; exit 1; }
complete_words() {  # the completions of the words given, the last one being completed
  bash -c 'source <("$0" completion bash); COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _meldcheck; echo "${COMPREPLY[*]}"' "$meldcheck" meldcheck "$@"
}
[[ " $(complete_words re) " == *" replay "* ]] || { echo "completion of 're': $(complete_words re)"; exit 1; }
[ "$(complete_words replay --format "")" == "text json junit html" ] || { echo "completion of --format: $(complete_words replay --format "")"; exit 1; }
[ "$(complete_words rules diff --format j)" == "json" ] || { echo "completion below rules diff: $(complete_words rules diff --format j)"; exit 1; }
[[ " $(complete_words --spec re rep) " == *" replay "* ]] || { echo "completion after an option's value"; exit 1; }
[[ " $(complete_words replay --f) " == *" --filter "* ]] || { echo "completion of replay's options"; exit 1; }
echo ok
