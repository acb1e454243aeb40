// Rummikub tables: sets on the table, a rack, and an arrangement (the table's sets with
// rack tiles added, tiles moved between sets, sets split) from the bytes. Each set of the
// arrangement, the engine's verdict against the Rummikub oracle (oracles/rummikub_oracle.h,
// every tile tried for every joker); the arrangement as a turn of a game, checked with
// every check (the table against the oracle, the verdict and its clause against the
// executable catalog); and on positions small enough, the solver's best move against the
// exhaustive oracle's.
#include "fuzz/position.h"
#include "fuzz/targets.h"
#include "oracles/rummikub_oracle.h"

namespace meldcheck::fuzz {

Found rummikub_diff_fuzz(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Chosen chosen = choose_config(in, "rummikub");
  const RuleSet& rules = chosen.config->rules;
  Layout layout;
  layout.hands.resize(size_t(chosen.players));
  layout.phase = Phase::kDraw;
  layout.opened = in.ConsumeBool();
  for (int m = in.ConsumeIntegralInRange<int>(0, 4); m > 0; --m) {
    std::vector<Token> laid(in.ConsumeIntegralInRange<size_t>(3, 6));
    for (Token& t : laid) t = token_of(in.ConsumeIntegral<uint8_t>());
    Formed f;
    if (form_meld(rules.meld, laid, MeldContext::kMelding, f).empty()) layout.table.push_back({f.shape, 0});
  }
  std::vector<Face>& rack = layout.hands[0];
  for (int k = in.ConsumeIntegralInRange<int>(1, 8); k > 0; --k) rack.push_back(token_of(in.ConsumeIntegral<uint8_t>()).face);
  const std::optional<Built> start = build_position(rules, chosen.players, layout);
  if (!start) return {};

  // The arrangement: the table as it stands, then changed.
  std::vector<std::vector<Token>> sets;
  for (const TableMeld& m : layout.table) {
    sets.emplace_back();
    for (int i = 0; i < m.shape.size; ++i) sets.back().push_back({m.shape.joker(i) ? Face::joker() : m.shape.faces[size_t(i)]});
  }
  std::vector<Face> unplaced = rack;
  for (int op = in.ConsumeIntegralInRange<int>(1, 5); op > 0 && in.remaining_bytes() > 0; --op) {
    const int kind = in.ConsumeIntegralInRange<int>(0, 2);
    if (kind == 0 && !unplaced.empty()) {  // a rack tile into a set, or a new set
      const size_t t = in.ConsumeIntegralInRange<size_t>(0, unplaced.size() - 1);
      const size_t g = in.ConsumeIntegralInRange<size_t>(0, sets.size());
      if (g == sets.size()) sets.emplace_back();
      sets[g].push_back({unplaced[t]});
      unplaced.erase(unplaced.begin() + long(t));
    } else if (kind == 1 && sets.size() > 1) {  // a tile from one set to another
      const size_t from = in.ConsumeIntegralInRange<size_t>(0, sets.size() - 1);
      const size_t to = in.ConsumeIntegralInRange<size_t>(0, sets.size() - 1);
      if (sets[from].empty() || from == to) continue;
      const size_t i = in.ConsumeIntegralInRange<size_t>(0, sets[from].size() - 1);
      sets[to].push_back(sets[from][i]);
      sets[from].erase(sets[from].begin() + long(i));
    } else if (kind == 2 && !sets.empty()) {  // a set split in two
      const size_t g = in.ConsumeIntegralInRange<size_t>(0, sets.size() - 1);
      if (sets[g].size() < 2) continue;
      const size_t at = in.ConsumeIntegralInRange<size_t>(1, sets[g].size() - 1);
      sets.emplace_back(sets[g].begin() + long(at), sets[g].end());
      sets[g].resize(at);
    }
  }
  std::erase_if(sets, [](const std::vector<Token>& s) { return s.empty(); });

  Found found;
  for (const std::vector<Token>& set : sets) {
    oracle::Tiles tiles;
    std::string text;
    for (const Token& t : set) tiles.push_back(t.face), text += (text.empty() ? "" : " ") + format_token(t, rules.notation);
    if (tiles.size() > 6) continue;  // the oracle tries every tile for each joker; keep it quick
    const bool engine = engine_forms(rules.meld, nullptr, set).fails.empty();
    if (engine != oracle::valid_rummikub_set(tiles))
      found.problem = "rummikub-oracle: the engine " + std::string(engine ? "accepts" : "refuses") + " the set [" + text +
                      "], the Rummikub oracle " + (engine ? "does not" : "does");
  }

  Action a;
  a.kind = ActionKind::kArrange;
  a.player = 0;
  for (const std::vector<Token>& set : sets) {
    a.cards.open_group();
    for (const Token& t : set) a.cards.add(t);
  }
  found.failure = check_step(chosen, *start, a);
  if (!found.failure) {
    // The solver's best move from the position, against the exhaustive oracle's.
    hunt::Checker checker(chosen.config, hunt::CheckLevel::kAll, hunt::CheckSet::all(), chosen.oracle);
    if (std::optional<hunt::Finding> f = checker.state_checks(start->state))
      found.failure = hunt::Failure{hunt::GameSpec{0, chosen.config, chosen.players, 0, 0}, hunt::Trace{start->state, {}, {}, {}}, *f,
                                    f->position.value_or(start->state), true};
  }
  return found;
}

}  // namespace meldcheck::fuzz
