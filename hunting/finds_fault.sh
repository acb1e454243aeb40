#!/bin/sh
# Usage: finds_fault.sh MELDCHECK MELDCHECK_FAULTY FAULT OUT_DIR [SIMULATE FLAGS...]
# `meldcheck simulate` on the engine with FAULT (engine/fault.h) switched on finds it:
# stopped at its first finding, exits 1, writes one shrunk scenario of at most 10 steps, which fails on the engine with
# the fault and passes on the engine without it (its expectations come from the rules or
# an oracle, never from what the faulty engine did).
set -u
meldcheck=$1 faulty=$2 fault=$3 out=$4
shift 4
rm -rf "$out"
mkdir -p "$(dirname "$out")"
MELDCHECK_FAULT=$fault "$faulty" simulate --quiet --stop-on-first --out "$out" "$@" > "$out.report"
status=$?
cat "$out.report"
[ "$status" -eq 1 ] || { echo "simulate with the fault $fault should exit 1 with a finding, got $status"; exit 1; }
set -- "$out"/*.yaml
[ $# -eq 1 ] && [ -f "$1" ] || { echo "expected one scenario under $out"; exit 1; }
scenario=$1
steps=$(grep -c '^  - ' "$scenario")
echo "--- $scenario ($steps steps)"
cat "$scenario"
[ "$steps" -le 10 ] || { echo "the shrunk scenario has $steps steps, more than 10"; exit 1; }
MELDCHECK_FAULT=$fault "$faulty" replay "$scenario"
[ $? -eq 1 ] || { echo "with the fault $fault the scenario should fail"; exit 1; }
"$meldcheck" replay "$scenario" || { echo "without the fault the scenario should pass"; exit 1; }
