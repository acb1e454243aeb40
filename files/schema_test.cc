// spec/scenario.schema.json (for editors) and the loader accept the same keys.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "files/scenario.h"
#include "files/spec_files.h"

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

// The card patterns accept every card and stand-in the loader reads, in either notation.
TEST(Schema, CardPatternsAcceptBothNotations) {
  const nlohmann::json s = schema();
  const std::regex card(s["$defs"]["card"]["pattern"].get<std::string>());
  const std::regex table_card(s["$defs"]["tableCard"]["pattern"].get<std::string>());
  std::vector<std::string> written = {"JK", "TS", "7\u2660"};
  for (CardNames names : {CardNames::kEnglish, CardNames::kSwedish})
    for (int suit = 0; suit < kSuits; ++suit)
      for (int rank = 1; rank <= kRanks; ++rank) {
        const std::string face = format_face(Face::natural(suit, rank), Notation::kCards, names);
        written.insert(written.end(), {face, "JK=" + face, "JK=" + format_rank(rank, Notation::kCards, names)});
        if (names == CardNames::kSwedish) written.push_back(face.substr(0, 2) + face.substr(3));  // without the space
        const std::string tile = format_face(Face::natural(suit, rank), Notation::kTiles);
        written.insert(written.end(), {tile, "JK=" + tile, "JK=" + std::to_string(rank)});
      }
  for (const std::string& w : written) {
    EXPECT_TRUE(std::regex_match(w, card)) << w;
    EXPECT_TRUE(std::regex_match(w + "@B", table_card)) << w;
  }
  for (const char* bad : {"7X", "Sp A", "Sp  7", "7H=7D", "JK=", "R14", "Kl D@b", "top"}) {
    EXPECT_FALSE(std::regex_match(std::string(bad), card)) << bad;
    EXPECT_FALSE(std::regex_match(std::string(bad), table_card)) << bad;
  }
}

}  // namespace
}  // namespace meldcheck
