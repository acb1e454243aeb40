#!/bin/sh
# Usage: catches.sh PROPERTY_TESTS_FAULTY FAULT PROPERTY DIR SCENARIO
# With FAULT switched on, the property (and only a falsification of it, not a crash or
# another test) fails, and writes its scenario afresh under DIR/SCENARIO.yaml.
set -u
tests=$1 fault=$2 property=$3 dir=$4 scenario=$5
rm -rf "$dir"
out=$(MELDCHECK_FAULT=$fault RC_PARAMS="seed=1 max_success=2000" MELDCHECK_FAILURE_DIR=$dir \
      "$tests" --gtest_filter="Properties.$property" 2>&1)
status=$?
echo "$out"
[ "$status" -eq 1 ] || { echo "expected the property to fail (exit 1), got exit $status"; exit 1; }
echo "$out" | grep -q "Falsifiable" || { echo "expected RapidCheck to falsify Properties.$property"; exit 1; }
echo "$out" | grep -q "^\[  FAILED  \] Properties\.$property" || { echo "expected Properties.$property itself to fail"; exit 1; }
[ -f "$dir/$scenario.yaml" ] || { echo "no scenario written at $dir/$scenario.yaml"; exit 1; }
