#!/usr/bin/env bash
# The .deb as an engine team gets it: cpack packs the build, dpkg-deb unpacks it into a
# scratch root, and only what that root holds is used: the installed command replays the
# installed conformance suite; the installed Python Rummikub engine (the protocol's example)
# replays the whole suite through the engine protocol, and the conformance report says which
# clauses pass (every Rummikub clause cited; the other rulesets skipped, as the engine does
# not play them); 100 hands in lockstep against the Python engine and 100 against the
# installed `serve`; the man page renders and the bash completion loads.
#   package_test.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1 work=$2
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

engine="python3 $root/share/meldcheck/engines/rummikub-py/engine.py"
[ -f "$root/share/meldcheck/engines/rummikub-py/engine.py" ] || fail "the Python engine is not installed"
out=$("$mc" replay --engine "$engine" --timeout 60000 --report "$work/conformance.html" --report "$work/conformance.json" \
  "$suite") || fail "replay --engine: $(tail -n 8 <<<"$out")"
echo "the Python engine on the installed suite:"
grep -E '^[a-z0-9-]+: [0-9]+/[0-9]+ scenarios' <<<"$out" | sed 's/^/  /'
# The report's clauses: every Rummikub clause of the text a scenario cites passes, the other
# rulesets' are not implemented by the engine, meldcheck's own are not held, the uncited untested.
python3 - "$work/conformance.json" <<'PY' || fail "the conformance report does not say the Rummikub clauses pass"
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
for rs in r["rulesets"]:
    plays = rs["id"] == "rummikub"
    def want(c):
        if not c["scenarios"]: return "UNTESTED"
        if c["kind"] != "rule": return "OWN"
        return "PASS" if plays else "NOT-IMPLEMENTED"
    wrong = {c["id"]: c["status"] for c in rs["clauses"] if c["status"] != want(c)}
    assert rs["clauses"] and not wrong, (rs["id"], wrong)
    assert rs["failed"] == 0 and (rs["passed"] > 0) == plays, rs["summary"]
print("  conformance report: %d Rummikub clauses pass" % sum(c["status"] == "PASS" for rs in r["rulesets"] if rs["id"] == "rummikub" for c in rs["clauses"]))
PY
grep -q 'class="chip">PASS' "$work/conformance.html" || fail "the HTML report shows no passing clause"

# Lockstep: 100 hands against the Python engine, 100 of every ruleset against the installed serve.
out=$("$mc" simulate --engine "$engine" --ruleset rummikub --hands 100 --seed 1 --jobs 2 --timeout 60000 \
  --out "$work/findings-py" --quiet 2>&1) || fail "simulate --engine (Python): $out"
[[ $out == *"no divergence"* ]] || fail "simulate --engine (Python): $out"
echo "lockstep against the Python engine: $(head -n 1 <<<"$out")"
out=$("$mc" simulate --engine "$mc serve" --hands 100 --seed 3 --jobs 2 --out "$work/findings" --quiet 2>&1) ||
  fail "simulate --engine: $out"
[[ $out == *"no divergence"* ]] || fail "simulate --engine: $out"
echo "lockstep against serve: $(head -n 1 <<<"$out")"

page=$(MANWIDTH=100 man -l "$root/share/man/man1/meldcheck.1" 2>/dev/null) || fail "the man page does not render"
for word in replay simulate check serve --engine; do
  grep -q -- "$word" <<<"$page" || fail "the man page does not mention $word"
done
bash -c "source '$root/share/bash-completion/completions/meldcheck' && complete -p meldcheck" >/dev/null ||
  fail "the bash completion does not load"
echo "man page and bash completion: ok"
