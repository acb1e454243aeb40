// JSON as meldcheck writes it. What it quotes may come from anywhere (a scenario file, a
// protocol request, another engine's reply): bytes that are not UTF-8 are written as
// U+FFFD instead of making nlohmann::json throw, so every report and reply stays JSON.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace meldcheck {

inline std::string json_text(const nlohmann::json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace meldcheck
