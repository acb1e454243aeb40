#!/usr/bin/env bash
# The .deb as an engine team gets it: cpack packs the build, dpkg-deb unpacks it into a
# scratch root, and only what that root holds is used: the installed command replays the
# installed conformance suite, holds the Python Rummikub engine to the suite's Rummikub
# scenarios through the engine protocol, plays 100 hands in lockstep against its own
# `serve`; the man page renders and the bash completion loads.
#   package_test.sh BUILD_DIR PYTHON_ENGINE WORK_DIR
set -euo pipefail
build=$1 engine=$2 work=$3
fail() { echo "FAIL: $*"; exit 1; }
command -v dpkg-deb >/dev/null || { echo "skipped: dpkg-deb missing"; exit 77; }

rm -rf "$work" && mkdir -p "$work/pkg" "$work/root"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/pkg" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/pkg/meldcheck_*.deb)
echo "package: $(basename "$deb")"
depends=$(dpkg-deb -f "$deb" Depends)
echo "depends: $depends"
[[ $depends == *libyaml-cpp0.7* && $depends == *libstdc++6* ]] || fail "Depends names no Debian yaml-cpp or libstdc++: $depends"
dpkg-deb -x "$deb" "$work/root"
root=$work/root/usr
mc=$root/bin/meldcheck
[ -x "$mc" ] || fail "no bin/meldcheck in the package"
[ ! -e "$root/bin/meldcheck_faulty" ] || fail "meldcheck_faulty is installed without being asked for"
suite=$root/share/meldcheck/conformance
[ "$(cat "$suite/VERSION")" = "$("$mc" --version | grep -o '[0-9][0-9.]*' | head -1)" ] || fail "the suite's VERSION is not the command's"
for f in rummikub.yaml scenario.schema.json engine-protocol.md; do
  [ -f "$root/share/meldcheck/spec/$f" ] || fail "spec/$f not installed"
done

# The source tree must not be what answers: run from a folder without scenarios/.
cd "$work"
out=$("$mc" replay "$suite") || fail "replay of the installed suite: $(tail -n 3 <<<"$out")"
last=$(tail -n 1 <<<"$out")
[[ $last =~ ^[0-9]+\ passed,\ 0\ failed$ ]] || fail "replay of the installed suite: $last"
echo "installed suite: $last"

out=$("$mc" replay --engine "python3 $engine" --timeout 60000 "$suite/rummikub") || fail "replay --engine: $(tail -n 3 <<<"$out")"
echo "the Python engine on the installed Rummikub suite: $(tail -n 1 <<<"$out")"
# 100 hands of every ruleset in lockstep against the installed command's own engine behind
# the protocol (the Python engine's lockstep is protocol_engines', slower on long hands).
out=$("$mc" simulate --engine "$mc serve" --hands 100 --seed 3 --jobs 2 --out "$work/findings" 2>&1) ||
  fail "simulate --engine: $out"
[[ $out == *"no divergence"* ]] || fail "simulate --engine: $out"
echo "lockstep: $(head -n 1 <<<"$out")"

page=$(MANWIDTH=100 man -l "$root/share/man/man1/meldcheck.1" 2>/dev/null) || fail "the man page does not render"
for word in replay simulate check serve --engine; do
  grep -q -- "$word" <<<"$page" || fail "the man page does not mention $word"
done
bash -c "source '$root/share/bash-completion/completions/meldcheck' && complete -p meldcheck" >/dev/null ||
  fail "the bash completion does not load"
echo "man page and bash completion: ok"
