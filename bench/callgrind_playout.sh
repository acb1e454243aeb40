#!/usr/bin/env bash
# Instructions per action of a fixed-seed playout under callgrind: stable where times are
# not. The run with no hands (loading the rulesets) is subtracted.
# Usage: bench/callgrind_playout.sh build/default/bench/playout [RULESET] [HANDS] [PLAYERS]
set -euo pipefail
playout=$1 ruleset=${2:-rummy500} hands=${3:-20} players=${4:-4}
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$playout" "$ruleset" "$1" "$players" 2>&1 |
    awk '/Collected/ { ir = $4 } /^[0-9]+$/ { actions = $1 } END { print ir, actions }'
}
read -r base _ < <(count 0)
read -r total actions < <(count "$hands")
echo "$ruleset: $actions actions, $(( (total - base) / actions )) instructions an action"
