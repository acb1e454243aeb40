// The board's engine in the browser: board_api.h exported to the page's script as C
// functions of UTF-8 strings. Each answer stays valid until the next call.
#include <emscripten/emscripten.h>

#include <string>

#include "board/board_api.h"

namespace {

// The scenario the page checks lives in emscripten's in-memory file system under this name,
// which the report's file and error messages carry.
constexpr const char* kScenarioPath = "board.yaml";

// As files/json_text.h writes JSON (bytes that are not UTF-8 as U+FFFD), for either kind.
template <typename Json>
const char* answer(const Json& j) {
  static std::string text;
  text = j.dump(-1, ' ', false, Json::error_handler_t::replace);
  return text.c_str();
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* board_rulesets() {
  return answer(meldcheck::board::rulesets_json(meldcheck::RulesetLibrary::embedded()));
}

// lang: "en" or "sv"; across: nonzero for `--across all`.
EMSCRIPTEN_KEEPALIVE const char* board_check(const char* yaml, const char* lang, int across) {
  return answer(meldcheck::board::check_json(yaml, kScenarioPath, std::string(lang) == "sv", across != 0,
                                             meldcheck::RulesetLibrary::embedded()));
}

EMSCRIPTEN_KEEPALIVE const char* board_yaml_json(const char* yaml) {
  return answer(meldcheck::board::yaml_json(yaml, kScenarioPath));
}

}
