// spec/scenario.schema.json (for editors) and the loader accept the same keys.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "tools/scenario.h"
#include "tools/spec_files.h"

namespace meldcheck {
namespace {

nlohmann::json schema() {
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "scenario.schema.json") return nlohmann::json::parse(f.text);
  ADD_FAILURE() << "spec/scenario.schema.json is not embedded";
  return {};
}

// The property names of an object definition (or of the object branch of a oneOf).
std::set<std::string> properties(const nlohmann::json& def) {
  std::set<std::string> out;
  if (def.contains("properties"))
    for (auto& [k, v] : def["properties"].items()) out.insert(k);
  if (def.contains("oneOf"))
    for (const auto& branch : def["oneOf"])
      if (branch.contains("properties"))
        for (auto& [k, v] : branch["properties"].items()) out.insert(k);
  return out;
}

TEST(Schema, EveryObjectOfTheLoaderHasTheSameKeysInTheSchema) {
  const nlohmann::json s = schema();
  const auto& defs = s["$defs"];
  for (const auto& [object, keys] : scenario_keys()) {
    ASSERT_TRUE(defs.contains(object)) << "the schema has no definition '" << object << "'";
    const std::set<std::string> loader(keys.begin(), keys.end());
    EXPECT_EQ(properties(defs[object]), loader) << "keys of '" << object << "' differ";
  }
}

TEST(Schema, SetupAndNextHandShareTheSetupKeysItDocuments) {
  const nlohmann::json s = schema();
  const auto documented = properties(s["$defs"]["setupProperties"]);
  for (const char* object : {"setup", "next_hand"}) {
    auto keys = properties(s["$defs"][object]);
    keys.erase("players");
    EXPECT_EQ(keys, documented) << object;
  }
}

TEST(Schema, ObjectsRefuseUnknownKeys) {
  const nlohmann::json s = schema();
  for (const auto& [object, keys] : scenario_keys()) {
    const auto& def = s["$defs"][object];
    bool closed = def.value("additionalProperties", true) == false;
    if (def.contains("oneOf"))
      for (const auto& branch : def["oneOf"]) closed |= branch.contains("properties") && branch.value("additionalProperties", true) == false;
    EXPECT_TRUE(closed) << object;
  }
}

}  // namespace
}  // namespace meldcheck
