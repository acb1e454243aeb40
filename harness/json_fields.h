// Reading a report's JSON for a page that must draw whatever it is given: a missing or
// mistyped field reads as absent, never throws (check_html.cc, conformance_html.cc).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "files/json_text.h"

namespace meldcheck::json_fields {

inline const nlohmann::json& field(const nlohmann::json& j, const char* key) {
  static const nlohmann::json absent;
  if (!j.is_object()) return absent;
  auto it = j.find(key);
  return it == j.end() ? absent : *it;
}
inline std::string text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return json_text(v);
  return "";
}
inline std::string str(const nlohmann::json& j, const char* key) { return text(field(j, key)); }
inline bool flag(const nlohmann::json& j, const char* key) {
  const nlohmann::json& v = field(j, key);
  return v.is_boolean() && v.get<bool>();
}
inline int num(const nlohmann::json& j, const char* key) {
  const nlohmann::json& v = field(j, key);
  return v.is_number_integer() ? v.get<int>() : 0;
}
inline const nlohmann::json& list(const nlohmann::json& j, const char* key) {
  static const nlohmann::json empty = nlohmann::json::array();
  const nlohmann::json& v = field(j, key);
  return v.is_array() ? v : empty;
}

}  // namespace meldcheck::json_fields
