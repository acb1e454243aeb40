#include "files/rules_listing.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "files/json_text.h"

namespace meldcheck {
namespace {

std::string range(PlayerRange r) {
  return r.min == r.max ? std::to_string(r.min) : std::to_string(r.min) + "-" + std::to_string(r.max);
}

std::string deck_text(const DeckRule& d, Notation n) {
  const bool tiles = n == Notation::kTiles;
  return std::to_string(d.cards()) + (tiles ? " tiles (" : " cards (") + std::to_string(d.decks) +
         (tiles ? " of each numbered tile" : d.decks > 1 ? " decks" : " deck") + ", " + std::to_string(d.jokers) + " joker" +
         (d.jokers == 1 ? "" : "s") + ")";
}

void summary(std::ostream& out, const RulesetSpec& spec) {
  const RuleSet& r = spec.base();
  out << r.id << ": " << r.name << ", " << range(r.players) << " players [" << spec.source() << "]\n";
  for (const DeckRule& d : r.decks) out << "  deck, " << range(d.players) << " players: " << deck_text(d, r.notation) << "\n";
  for (const DealRule& d : r.deals)
    out << "  deal, " << range(d.players) << " players" << (d.rounds.max < 255 ? ", rounds " + range(d.rounds) : "") << ": "
        << int(d.cards) << " each\n";
  if (!spec.variants().empty()) {
    out << "  variants:";
    for (const VariantInfo& v : spec.variants()) out << " " << v.id;
    out << "\n";
  }
  if (!spec.options().empty()) {
    out << "  options:";
    for (const OptionInfo& o : spec.options()) out << " " << o.id;
    out << "\n";
  }
}

}  // namespace

bool describe_rules(std::ostream& out, const RulesetLibrary& library, const std::string& id) {
  if (id.empty()) {
    for (const auto& spec : library.all()) summary(out, *spec);
    out << "core rule ids: core/not-your-turn, core/wrong-phase, core/card-not-held, core/no-such-meld, "
           "core/hand-over, core/bad-take, core/empty-stock, core/not-in-this-game, core/hand-not-over, core/game-over\n";
    return true;
  }
  const RulesetSpec* spec = library.find(id);
  if (!spec) return false;
  summary(out, *spec);
  out << "\nvariants:\n";
  for (const VariantInfo& v : spec->variants()) out << "  " << v.id << ": " << v.text << " [" << v.source << "]\n";
  out << "\noptions (default first):\n";
  for (const OptionInfo& o : spec->options()) {
    out << "  " << o.id << ": " << o.text << "\n    choices: " << o.default_choice;
    for (const std::string& c : o.choices)
      if (c != o.default_choice) out << ", " << c;
    out << "\n";
  }
  out << "\ncatalog:\n";
  for (const Clause& c : spec->base().catalog) {
    out << "  " << c.id << ": " << c.text << " [" << c.source << "]\n";
    if (!c.resolution.empty()) out << "    resolution: " << c.resolution << "\n";
    if (!c.one_way.empty()) out << "    reached only " << c.one_way << ": " << c.one_way_why << "\n";
  }
  return true;
}

namespace {

// "rummy500/meld.ace" -> "meld.ace": clauses of two rulesets meet by their own ids.
std::string local_id(const Clause& c) { return c.id.substr(c.id.find('/') + 1); }

const Clause* find_clause(const RuleSet& r, const std::string& id) {
  for (const Clause& c : r.catalog)
    if (local_id(c) == id) return &c;
  return nullptr;
}

nlohmann::ordered_json clause_json(const std::optional<Clause>& c) {
  if (!c) return nullptr;
  return {{"text", c->text}, {"resolution", c->resolution}, {"source", c->source}};
}

}  // namespace

RulesDiff diff_rules(const RuleSet& a, const RuleSet& b) {
  RulesDiff d;
  const auto pa = spec_parameters(a), pb = spec_parameters(b);  // the same names, in the same order
  for (size_t i = 0; i < pa.size() && i < pb.size(); ++i)
    if (pa[i].second != pb[i].second) d.parameters.push_back({pa[i].first, pa[i].second, pb[i].second});
  for (const Clause& ca : a.catalog) {
    const Clause* cb = find_clause(b, local_id(ca));
    if (!cb || ca.text != cb->text || ca.resolution != cb->resolution)
      d.clauses.push_back({local_id(ca), ca, cb ? std::optional<Clause>(*cb) : std::nullopt});
  }
  for (const Clause& cb : b.catalog)
    if (!find_clause(a, local_id(cb))) d.clauses.push_back({local_id(cb), std::nullopt, cb});
  return d;
}

void write_rules_diff(std::ostream& out, const std::string& a_name, const std::string& b_name, const RulesDiff& diff,
                      bool json) {
  if (json) {
    nlohmann::ordered_json j = {{"a", a_name}, {"b", b_name}, {"parameters", nlohmann::ordered_json::array()},
                                {"clauses", nlohmann::ordered_json::array()}};
    for (const auto& p : diff.parameters) j["parameters"].push_back({{"name", p.name}, {"a", p.a}, {"b", p.b}});
    for (const auto& c : diff.clauses) j["clauses"].push_back({{"id", c.id}, {"a", clause_json(c.a)}, {"b", clause_json(c.b)}});
    out << json_text(j, 2) << "\n";
    return;
  }
  out << "A: " << a_name << "\nB: " << b_name << "\n";
  // Parameters in three aligned columns: name, A's value, B's value.
  size_t name_w = 9, a_w = 1;
  for (const auto& p : diff.parameters) name_w = std::max(name_w, p.name.size()), a_w = std::max(a_w, p.a.size());
  auto row = [&](const std::string& n, const std::string& a, const std::string& b) {
    out << "  " << n << std::string(name_w + 2 - n.size(), ' ') << a << std::string(a_w + 2 - a.size(), ' ') << b << "\n";
  };
  out << "\nparameters: " << (diff.parameters.empty() ? "the same\n" : std::to_string(diff.parameters.size()) + " differ\n");
  if (!diff.parameters.empty()) row("parameter", "A", "B");
  for (const auto& p : diff.parameters) row(p.name, p.a, p.b);
  out << "\nclauses: " << (diff.clauses.empty() ? "the same\n" : std::to_string(diff.clauses.size()) + " differ\n");
  for (const auto& c : diff.clauses) {
    out << "  " << c.id << (!c.a ? " (only in B)" : !c.b ? " (only in A)" : "") << "\n";
    for (const auto& [side, clause] : {std::pair{"A", &c.a}, std::pair{"B", &c.b}}) {
      if (!*clause) continue;
      out << "    " << side << ": " << (*clause)->text << "\n";
      if (!(*clause)->resolution.empty()) out << "    " << side << " resolution: " << (*clause)->resolution << "\n";
    }
  }
}

}  // namespace meldcheck
