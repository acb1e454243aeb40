#!/bin/sh
# Usage: reproduces.sh MELDCHECK MELDCHECK_FAULTY FAULT SCENARIO passes|recorded
# The scenario a property wrote while FAULT was on reproduces the failure: it fails on the
# engine with the fault. With `passes`, it also passes on the engine without the fault.
set -u
meldcheck=$1 faulty=$2 fault=$3 scenario=$4 real_engine=$5
[ -f "$scenario" ] || { echo "no scenario written at $scenario"; exit 1; }
MELDCHECK_FAULT=$fault "$faulty" replay "$scenario"
status=$?
[ "$status" -eq 1 ] || { echo "with the fault $fault the scenario should fail (exit 1), got exit $status"; exit 1; }
[ "$real_engine" = passes ] || exit 0
"$meldcheck" replay "$scenario" || { echo "without the fault the scenario should pass"; exit 1; }
