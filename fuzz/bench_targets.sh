#!/usr/bin/env bash
# Usage: fuzz/bench_targets.sh FUZZ_BUILD_DIR SECONDS [TARGET...]
# How fast each fuzz target runs: every target (or those named), one at a time, fuzzed for
# SECONDS from a copy of its seed corpus (fuzz/corpus/T) with its dictionary
# (fuzz/dict/T.dict) and the options ClusterFuzzLite passes it (fuzz/T.options), with
# -print_final_stats=1. Prints a markdown table, a row a target: executions a second over
# the run's wall clock (libFuzzer's own count of executions, the seeds' first run included)
# and over the CPU seconds it had, those CPU seconds of its wall seconds (fewer when
# something else shared the machine), the final coverage (cov / ft), the peak resident
# memory libFuzzer reports (its limit is 2 GB unless the options say) and what the run
# found (its log and input kept, the folder named on stderr). A benchmark, not a test: it
# exits 0 whatever the rates.
#
# The README's table of ten-minute runs is `fuzz/bench_targets.sh build/fuzz 600`.
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 FUZZ_BUILD_DIR SECONDS [TARGET...]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then
  targets=("$@")
else
  # The targets in the order fuzz/CMakeLists.txt lists them.
  read -r -a targets <<<"$(awk '/^set\(MELDCHECK_FUZZ_TARGETS/ { on = 1; sub(/^set\(MELDCHECK_FUZZ_TARGETS/, "") }
                               on { done = sub(/\).*/, ""); printf "%s ", $0; if (done) exit }' "$here/CMakeLists.txt")"
fi

# fuzz/T.options' [libfuzzer] section as flags: "entropic = 0" -> -entropic=0.
options_of() {
  local file=$here/$1.options
  [ -f "$file" ] || return 0
  awk '/^\[/ { on = ($0 == "[libfuzzer]"); next }
       on && /=/ && !/^[ \t]*#/ { split($0, kv, "="); gsub(/[ \t]/, "", kv[1]); gsub(/[ \t]/, "", kv[2]); printf "-%s=%s ", kv[1], kv[2] }' "$file"
}

echo "| target | executions a second | a CPU second | CPU s / wall s | final coverage (cov / ft) | peak memory | found |"
echo "|---|---|---|---|---|---|---|"
for t in "${targets[@]}"; do
  binary=$build/fuzz/$t
  if [ ! -x "$binary" ]; then
    echo "| \`$t\` | (no binary at $binary) | | | | | |"
    continue
  fi
  work=$(mktemp -d)
  cp -r "$here/corpus/$t" "$work/corpus"
  read -r -a opts <<<"$(options_of "$t")"
  dict=()
  [ -f "$here/dict/$t.dict" ] && dict=(-dict="$here/dict/$t.dict")
  start=$(date +%s.%N)
  # The CPU seconds of the fuzzer (user + system), by bash's `time` on its subshell.
  # An input still running a minute in is a hang: libFuzzer reports it and keeps it
  # (-timeout=60; a target's options may set another).
  cpu=$( { TIMEFORMAT='%U %S'; time (cd "$work" && timeout $((seconds + 120)) "$binary" -timeout=60 "${opts[@]}" "${dict[@]}" \
           -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$work/" corpus > log 2>&1); } 2>&1 )
  end=$(date +%s.%N)
  wall=$(echo "$end - $start" | bc)
  cpu=$(echo "$cpu" | awk '{ printf "%.2f", $1 + $2 }')
  execs=$(awk '/^stat::number_of_executed_units:/ { print $NF }' "$work/log")
  # The last status line's coverage: "#N  DONE  cov: C ft: F ..." (or the last line before a crash).
  cov=$(grep -E '^#[0-9]+.*cov: ' "$work/log" | tail -1 | sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+).*/\1 \/ \2/')
  # libFuzzer's peak resident memory, from the same line: "rss: 1044Mb".
  rss=$(grep -E '^#[0-9]+.*rss: ' "$work/log" | tail -1 | sed -E 's/.*rss: ([0-9]+)Mb.*/\1 MB/')
  found=nothing
  if grep -q '^meldcheck fuzz:\|ERROR: AddressSanitizer\|runtime error:\|ERROR: libFuzzer' "$work/log"; then
    found=$(grep -m1 '^meldcheck fuzz:\|ERROR: AddressSanitizer\|runtime error:\|ERROR: libFuzzer' "$work/log" | cut -c1-100)
  fi
  if [ -n "$execs" ]; then
    rate=$(echo "$execs / $wall" | bc)
    rate=$(echo "$rate" | sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta')
    per_cpu=$(echo "$execs / ($cpu + 0.01)" | bc | sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta')
  else
    rate="(no final stats)"
    per_cpu=""
  fi
  label="\`$t\`"
  [ ${#opts[@]} -gt 0 ] && label="$label (\`${opts[*]}\`)"
  printf '| %s | %s | %s | %.0f / %.0f | %s | %s | %s |\n' "$label" "$rate" "$per_cpu" "$cpu" "$wall" "${cov:-?}" "${rss:-?}" "$found"
  if [ "$found" = nothing ]; then
    rm -rf "$work"
  else
    echo "$t: the run's log and the input it found are kept in $work" >&2
  fi
done
