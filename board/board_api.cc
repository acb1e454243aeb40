#include "board/board_api.h"

#include <fstream>

#include "engine/card.h"
#include "files/yaml_doc.h"
#include "disputes/check_report.h"
#include "harness/house.h"
#include "harness/run_options.h"

namespace meldcheck::board {
namespace {

using nlohmann::json;

json range_json(PlayerRange r) { return {{"min", r.min}, {"max", r.max}}; }

// The faces in the contract's canonical deck order, then the joker: the board's deck.
json faces_json(const RuleSet& r, CardNames names) {
  json faces = json::array();
  for (int suit = 0; suit < kSuits; ++suit)
    for (int rank = 1; rank <= kRanks; ++rank) faces.push_back(format_face(Face::natural(suit, rank), r.notation, names));
  if (r.has_jokers()) faces.push_back(format_face(Face::joker(), r.notation, names));
  return faces;
}

// What a setup of this ruleset may say beyond hands, table, stock and pile (files/scenario.cc
// refuses the rest): its phases, Liverpool's round, Femhundra Rummy's first lap.
json setup_json(const RuleSet& r) {
  json phases = json::array({"draw"});
  if (!r.table.free_rearrangement) phases.push_back("play");
  if (r.pile_start == PileStart::kRow) phases.push_back("row");
  return {{"phases", phases},
          {"rounds", r.opening.form == OpeningForm::kContract ? json(r.opening.contracts.size()) : json()},
          {"first_lap", r.opening.first_lap_no_meld},
          {"pile", !r.table.free_rearrangement}};
}

json report_with_error(const std::string& path, const std::string& message, const CheckSettings& settings) {
  return check_report({{{"file", path}, {"name", ""}, {"error", message}}}, settings);
}

nlohmann::ordered_json node_json(const YamlNode& n) {
  switch (n.kind) {
    case YamlNode::Kind::kScalar: return n.scalar;
    case YamlNode::Kind::kSequence: {
      nlohmann::ordered_json items = nlohmann::ordered_json::array();
      for (const YamlNode& item : n.items) items.push_back(node_json(item));
      return items;
    }
    case YamlNode::Kind::kMap: {
      nlohmann::ordered_json entries = nlohmann::ordered_json::object();
      for (const YamlEntry& e : n.entries) entries[e.first.scalar] = node_json(e.second);
      return entries;
    }
    case YamlNode::Kind::kNull: break;
  }
  return nullptr;
}

}  // namespace

json rulesets_json(const RulesetLibrary& library) {
  json out = json::array();
  for (const auto& spec : library.all()) {
    const RuleSet& r = spec->base();
    json decks = json::array();
    for (const DeckRule& d : r.decks)
      decks.push_back({{"players", range_json(d.players)}, {"copies", d.decks}, {"jokers", d.jokers}});
    json variants = json::array();
    for (const VariantInfo& v : spec->variants())
      variants.push_back({{"id", v.id}, {"text", v.text}, {"text_sv", v.text_sv}, {"source", v.source}});
    json options = json::array();
    for (const OptionInfo& o : spec->options())
      options.push_back({{"id", o.id}, {"text", o.text}, {"text_sv", o.text_sv}, {"source", o.source},
                         {"default", o.default_choice}, {"choices", o.choices}});
    out.push_back({{"id", spec->id()},
                   {"name", r.name},
                   {"source", spec->source()},
                   {"notation", r.notation == Notation::kTiles ? "tiles" : "cards"},
                   {"players", range_json(r.players)},
                   {"decks", decks},
                   {"faces", faces_json(r, CardNames::kEnglish)},
                   {"faces_sv", faces_json(r, CardNames::kSwedish)},
                   {"setup", setup_json(r)},
                   {"variants", variants},
                   {"options", options}});
  }
  return out;
}

json check_json(std::string_view yaml, const std::string& path, bool swedish, bool across, const RulesetLibrary& library) {
  CheckSettings settings;
  settings.swedish = swedish;
  settings.across = across;
  try {
    if (across) settings.houses = all_houses(library);
    {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out << yaml;
      if (!out.flush()) return report_with_error(path, path + ": cannot be written", settings);
    }
    return check_report(check_file(path, library, settings, NameFilter()), settings);
  } catch (const std::exception& e) {
    // check_file reports a bad file itself; anything else the engine throws is said, not fatal.
    return report_with_error(path, path + ": " + e.what(), settings);
  }
}

nlohmann::ordered_json yaml_json(std::string_view yaml, const std::string& file) {
  try {
    const std::vector<YamlNode> docs = parse_yaml(yaml, file);
    if (docs.empty()) return {{"error", file + ": no YAML document"}};
    return {{"document", node_json(docs.front())}, {"documents", docs.size()}};
  } catch (const InputError& e) {
    return {{"error", e.what()}};
  }
}

}  // namespace meldcheck::board
