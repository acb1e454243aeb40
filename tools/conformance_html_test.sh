#!/usr/bin/env bash
# The conformance report's page as a browser shows it. `meldcheck replay --engine` against
# the faulty serve (MELDCHECK_FAULT=gap-run: runs with a gap accepted) writes the page and
# the JSON report; headless Chromium renders the page, and on it must be: every ruleset's
# summary line, every clause with its status, and for every failure the scenario, the step,
# meldcheck's answer and the engine's. The script ran, the link #failing opens the page
# switched to the failing clauses, nothing of the report became markup, and a screenshot
# has something drawn on it.
#   conformance_html_test.sh MELDCHECK MELDCHECK_FAULTY SCENARIOS_DIR [SCREENSHOT_OUT]
set -u
mc=$1 faulty=$2 scenarios=$3 shot_out=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/chromium_lib.sh"
failed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

cd "$tmp"
"$mc" replay --engine "MELDCHECK_FAULT=gap-run $faulty serve" --format html --report report.json "$scenarios" >page.html
code=$?
[ $code -eq 1 ] || fail "replay against the faulty serve exited $code, not 1"
[ -s page.html ] && [ -s report.json ] || { echo "FAIL no page or no JSON report"; exit 1; }

browse --dump-dom "file://$tmp/page.html" >page.dom || fail "chromium --dump-dom: $(tail -3 chromium.err)"
dom_text <page.dom >page.txt

# What the page must say, from the JSON report of the same run.
python3 - report.json >expected.lines <<'PY' || fail "the JSON report does not read"
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
lines = list(r["summary"])
for rs in r["rulesets"]:
    for c in rs["clauses"]:
        lines.append(c["status"] + " " + (c["id"] or "(no clause cited)"))
        for s in c["scenarios"]:
            if s["status"] == "FAIL":
                lines += [s["name"], "step %d: %s" % (s["step"], s["step_text"]),
                          "meldcheck " + s["expected"], "Engine " + s["engine"]]
print("\n".join(" ".join(l.split()) for l in lines))
PY
failing=$(grep -c '^FAIL ' expected.lines)
[ "$failing" -gt 0 ] || fail "the faulty engine fails no clause: the test shows nothing"
missing=0
while IFS= read -r line; do
  grep -qF -- "$line" page.txt || { fail "not on the rendered page: $line"; missing=$((missing + 1)); }
done <expected.lines
echo "$(($(wc -l <expected.lines) - missing)) of $(wc -l <expected.lines) report lines on the page ($failing failing clauses)"

grep -qE '<body class="js' page.dom || fail "the page's script did not run"
! grep -qE '<body class="[^"]*only-failing' page.dom || fail "the page opens switched to the failing clauses"
! grep -qiE '<(img|iframe|object|embed|link)[ >]' page.dom || fail "the report injected an element"
[ "$(grep -o '<script' page.dom | wc -l)" -eq 1 ] || fail "a script besides the page's own"

browse --dump-dom "file://$tmp/page.html#failing" >switched.dom || fail "chromium --dump-dom #failing"
grep -qE '<body class="[^"]*only-failing' switched.dom || fail "#failing does not switch the page"
grep -qE '<input type="checkbox" id="only-failing" checked' switched.dom || fail "#failing does not tick the switch"

browse --screenshot="$tmp/conformance.png" --window-size=1200,1400 "file://$tmp/page.html#failing" >/dev/null
problem=$(screenshot_problem "$tmp/conformance.png")
[ -z "$problem" ] || fail "$problem"
[ -n "$shot_out" ] && cp "$tmp/conformance.png" "$shot_out"

echo "$failed failures"
[ $failed -eq 0 ]
