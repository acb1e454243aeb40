#include "tools/rules_listing.h"

namespace meldcheck {
namespace {

std::string range(PlayerRange r) {
  return r.min == r.max ? std::to_string(r.min) : std::to_string(r.min) + "-" + std::to_string(r.max);
}

std::string deck_text(const DeckRule& d, Notation n) {
  const bool tiles = n == Notation::kTiles;
  return std::to_string(d.decks * kFaces + d.jokers) + (tiles ? " tiles (" : " cards (") + std::to_string(d.decks) +
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
  }
  return true;
}

}  // namespace meldcheck
