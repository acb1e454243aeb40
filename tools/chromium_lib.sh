# Sourced by the tests that render meldcheck's HTML pages in headless Chromium
# (check_html_test.sh, conformance_html_test.sh). Needs $tmp; exits 77 (skipped) where
# Chromium is missing.
chromium=$(command -v chromium || command -v chromium-browser) || { echo "skipped: chromium not installed"; exit 77; }

browse() {
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" "$@" 2>"$tmp/chromium.err"
}

# The text a person reads in a dumped DOM: tags dropped, entities decoded, white space folded.
dom_text() {
  tr '\n' ' ' | sed -e 's/<wbr>//g' -e 's/<[^>]*>/ /g' \
    -e "s/&lt;/</g; s/&gt;/>/g; s/&quot;/\"/g; s/&#39;/'/g; s/&nbsp;/ /g; s/&amp;/\\&/g" | tr -s ' \t' '  '
}

# screenshot_problem PNG: why a screenshot is not a PNG with something drawn on it; nothing when it is.
screenshot_problem() {
  if ! [ -s "$1" ]; then
    echo "no screenshot: $(tail -3 "$tmp/chromium.err")"
  elif [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ]; then
    echo "the screenshot is not a PNG"
  elif [ "$(wc -c <"$1")" -lt 20000 ]; then
    echo "the screenshot is nearly blank ($(wc -c <"$1") bytes)"
  fi
}
