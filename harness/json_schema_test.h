// Tests only: a small JSON Schema validator for the report schemas of spec/.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace meldcheck {

// A small validator for the parts of JSON Schema the report schema uses: type, const, enum,
// properties, required, additionalProperties, items, prefixItems, minimum, $ref to #/$defs.
// Errors with their path.
inline void validate_json(const nlohmann::json& v, const nlohmann::json& schema, const std::string& path,
                          std::vector<std::string>& errors, const nlohmann::json* root = nullptr) {
  if (!root) root = &schema;
  if (schema.is_object() && schema.contains("$ref")) {  // "#/$defs/<name>" only
    const std::string ref = schema["$ref"];
    const std::string prefix = "#/$defs/";
    if (ref.rfind(prefix, 0) != 0 || !root->contains("$defs") || !(*root)["$defs"].contains(ref.substr(prefix.size()))) {
      errors.push_back(path + ": a $ref the schema does not define: " + ref);
      return;
    }
    validate_json(v, (*root)["$defs"][ref.substr(prefix.size())], path, errors, root);
    return;
  }
  if (schema.is_boolean()) {
    if (!schema.get<bool>()) errors.push_back(path + ": not allowed");
    return;
  }
  if (schema.contains("const") && v != schema["const"]) errors.push_back(path + ": not " + schema["const"].dump());
  if (schema.contains("enum") && std::find(schema["enum"].begin(), schema["enum"].end(), v) == schema["enum"].end())
    errors.push_back(path + ": not one of " + schema["enum"].dump());
  if (schema.contains("type")) {
    std::vector<std::string> types;
    if (schema["type"].is_string()) types.push_back(schema["type"]);
    else for (const auto& t : schema["type"]) types.push_back(t);
    auto is = [&](const std::string& t) {
      if (t == "object") return v.is_object();
      if (t == "array") return v.is_array();
      if (t == "string") return v.is_string();
      if (t == "integer") return v.is_number_integer();
      if (t == "number") return v.is_number();
      if (t == "boolean") return v.is_boolean();
      return t == "null" && v.is_null();
    };
    if (std::none_of(types.begin(), types.end(), is)) errors.push_back(path + ": not " + schema["type"].dump());
  }
  if (schema.contains("minimum") && v.is_number() && v.get<double>() < schema["minimum"].get<double>())
    errors.push_back(path + ": below " + schema["minimum"].dump());
  if (v.is_object()) {
    for (const auto& key : schema.value("required", nlohmann::json::array()))
      if (!v.contains(key.get<std::string>())) errors.push_back(path + ": no " + key.get<std::string>());
    for (const auto& [key, value] : v.items()) {
      if (schema.contains("properties") && schema["properties"].contains(key)) validate_json(value, schema["properties"][key], path + "." + key, errors, root);
      else if (schema.contains("additionalProperties")) validate_json(value, schema["additionalProperties"], path + "." + key, errors, root);
    }
  }
  if (v.is_array()) {
    const size_t prefix = schema.contains("prefixItems") ? schema["prefixItems"].size() : 0;
    for (size_t i = 0; i < v.size(); ++i) {
      const std::string at = path + "[" + std::to_string(i) + "]";
      if (i < prefix) validate_json(v[i], schema["prefixItems"][i], at, errors, root);
      else if (schema.contains("items")) validate_json(v[i], schema["items"], at, errors, root);
    }
  }
}

}  // namespace meldcheck
