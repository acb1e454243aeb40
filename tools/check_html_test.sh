#!/usr/bin/env bash
# The HTML view of `meldcheck check` as a browser shows it: for each report, headless
# Chromium renders the page; every verdict line of the report (each step's verdict_text
# and refusing rule id, each across cell's rule id and n/a reason, each file error) must be
# in the text of the dumped DOM, the page's script must have run, and a screenshot must be
# a PNG with something drawn on it.
#
#   check_html_test.sh MELDCHECK CHECK_HTML_RENDER TESTDATA_DIR SCENARIOS_DIR
#
# The reports: TESTDATA_DIR/*.json, written by hand after the report model and rendered by
# CHECK_HTML_RENDER; and scenario files of SCENARIOS_DIR through `meldcheck check` itself (--format html for the page, --format json for the verdict
# lines, which the text view must print too). Exit 77 (skipped) where Chromium is missing.
set -u
meldcheck=$1 render=$2 data=$3 scenarios=$4

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/chromium_lib.sh"
failed=0 checked=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# check_page NAME PAGE VERDICT_LINES MARK: MARK is markup the page must hold (a meld, a tile, a score table).
check_page() {
  local name=$1 page=$2 lines=$3 mark=$4
  checked=$((checked + 1))
  [ -s "$page" ] || { fail "$name: no page"; return; }
  [ -s "$lines" ] || { fail "$name: the report has no verdict lines"; return; }
  if ! browse --dump-dom "file://$page" >"$tmp/$name.dom" || ! [ -s "$tmp/$name.dom" ]; then
    fail "$name: chromium --dump-dom failed: $(tail -3 "$tmp/chromium.err")"
    return
  fi
  dom_text <"$tmp/$name.dom" >"$tmp/$name.txt"
  local missing=0 line
  while IFS= read -r line; do
    line=$(tr -s ' \t' '  ' <<<"$line")
    grep -qF -- "$line" "$tmp/$name.txt" || { fail "$name: not on the rendered page: $line"; missing=1; }
  done <"$lines"
  # The selection script ran: one step of each scenario is marked current.
  grep -qE '<article class="step[^"]* current"' "$tmp/$name.dom" || fail "$name: the page's script did not select a step"
  grep -qF -- "$mark" "$tmp/$name.dom" || fail "$name: no $mark on the page"
  # Nothing of the report became markup.
  ! grep -qiE '<(img|iframe|object|embed|link)[ >]' "$tmp/$name.dom" || fail "$name: the report injected an element"
  [ "$(grep -o '<script' "$tmp/$name.dom" | wc -l)" -eq 1 ] || fail "$name: a script besides the page's own"

  rm -f "$tmp/$name.png"
  browse --screenshot="$tmp/$name.png" --window-size=1200,900 "file://$page" >/dev/null
  problem=$(screenshot_problem "$tmp/$name.png")
  [ -z "$problem" ] || fail "$name: $problem"
  [ $missing -eq 0 ] && echo "ok $name: $(wc -l <"$lines") verdict lines on the page"
}

# The hand-written reports.
for json in "$data"/*.json; do
  name=$(basename "$json" .json)
  "$render" "$json" >"$tmp/$name.html" || { fail "$name: check_html_render failed"; continue; }
  "$render" --verdicts "$json" >"$tmp/$name.lines" || { fail "$name: check_html_render --verdicts failed"; continue; }
  case $name in
    rummikub*) mark='class="tile t' ;;
    hand_end*) mark='class="hand-end"' ;;
    across*) mark='class="across"' ;;
    *error*) mark='class="error-box"' ;;
    *) mark='class="meld"' ;;
  esac
  check_page "$name" "$tmp/$name.html" "$tmp/$name.lines" "$mark"
done

# Scenario files through the command itself (it has `check`: a command that cannot run it
# fails the test rather than skipping its part).
"$meldcheck" check --help >/dev/null 2>&1 || fail "meldcheck check does not run: $("$meldcheck" check --help 2>&1 | head -2)"
for entry in "rummy500/melds.yaml:class=\"meld\"" "rummikub/opening.yaml:class=\"tile t" "rummy500/scoring.yaml:class=\"hand-end\""; do
  file=$scenarios/${entry%%:*} mark=${entry#*:}
  name=check-$(tr '/' '-' <<<"${entry%%:*}")
  name=${name%.yaml}
  "$meldcheck" check --format html "$file" >"$tmp/$name.html" 2>"$tmp/$name.err"
  "$meldcheck" check "$file" >"$tmp/$name.text" 2>>"$tmp/$name.err"
  "$meldcheck" check --format json "$file" 2>>"$tmp/$name.err" | "$render" --verdicts - >"$tmp/$name.lines" ||
    { fail "$name: meldcheck check --format json gave no report: $(head -3 "$tmp/$name.err")"; continue; }
  while IFS= read -r line; do
    grep -qF -- "$line" "$tmp/$name.text" || fail "$name: the text view lacks the verdict line: $line"
  done <"$tmp/$name.lines"
  check_page "$name" "$tmp/$name.html" "$tmp/$name.lines" "$mark"
done

echo "$checked pages checked, $failed failures"
[ $failed -eq 0 ]
