// `meldcheck check --format html`: the report of /work/notes/check-model.md (the JSON the
// check command builds) as one self-contained HTML5 page: inline CSS and JS, no network,
// cards and tiles drawn with CSS and Unicode. Every step is rendered in order, so the page
// reads without JS; the script only adds a step list and slider that pick the step shown.
#pragma once

#include <ostream>

#include <nlohmann/json_fwd.hpp>

namespace meldcheck {

// Writes the page. Tolerates missing or mistyped fields (they are left out); all text of
// the report is escaped. "lang": "sv" switches the page's own words to Swedish.
void write_check_html(std::ostream& out, const nlohmann::json& report);

}  // namespace meldcheck
