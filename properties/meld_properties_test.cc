// Properties of melds and jokers: 3 every table meld valid by the oracle, 4 joker
// legality, 7 the engine's meld validity against the oracle's, for every meld policy.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "oracles/joker_oracle.h"
#include "oracles/meld_oracle.h"
#include "properties/support.h"
#include "files/scenario.h"

namespace meldcheck::props {
namespace {

oracle::MeldDefinition definition(const Config& c) { return oracle::meld_definition(c.ruleset, c.variants, c.options); }

// 3. After every accepted action, every meld on the table is valid by the oracle.
RC_GTEST_PROP(Properties, TableMeldsAreValid, ()) {
  const Game g = *games();
  const oracle::MeldDefinition d = definition(g.config);
  std::string broken;
  const Trace t = play(g, [&](const GameState&, const Step& step, const GameState& after) {
    if (step.verdict != Refusal::kNone) return true;
    for (const Meld& m : after.table.all())
      if (!hunt::meld_oracle_accepts(d, m)) broken = "meld m" + std::to_string(m.id) + " is no meld by the rule text";
    return broken.empty();
  });
  if (!broken.empty())
    RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("table-melds", g, t, "", broken, {"reject", ""}));
}

int jokers_on_table(const GameState& s) {
  int n = 0;
  for (const Meld& m : s.table.all()) n += std::popcount(unsigned(m.shape.joker_mask));
  return n;
}

// 4. Jokers move only as the rules allow: a swap only for the card the joker stands for and
// only where swaps exist; in femhundra-rummy no joker stands for a card already on the
// table; in Rummikub a joker on the table stays there and none goes to a rack.
RC_GTEST_PROP(Properties, JokersMoveOnlyAsTheRulesAllow, ()) {
  const Game g = *games({}, 400, false, true);
  RC_CLASSIFY(g.boundary, "from a boundary position");
  const Config& c = g.config;
  std::string broken;
  const Trace t = play(g, [&](const GameState& before, const Step& step, const GameState& after) {
    if (step.verdict != Refusal::kNone) return true;
    const Action& a = step.action;
    if (a.kind == ActionKind::kSwap) {
      const int idx = before.table.index_of(a.meld_id);
      bool allowed = false;
      if (idx >= 0)
        for (int i = 0; i < before.table.melds[idx].shape.size; ++i)
          allowed |= before.table.melds[idx].shape.joker(i) &&
                     oracle::swap_allowed(c.ruleset, before.table.melds[idx].shape.faces[i], a.card);
      if (!allowed)
        broken = "a swap of " + format_face(a.card, c.rules.notation) + " the rules do not allow";
    }
    if (!oracle::may_stand_for_card_on_table(c.ruleset)) {
      // A joker's declared card: not a natural card already on the table.
      std::vector<Face> naturals_before;
      for (const Meld& m : before.table.all())
        for (int i = 0; i < m.shape.size; ++i)
          if (!m.shape.joker(i)) naturals_before.push_back(m.shape.faces[i]);
      for (const Meld& m : after.table.all()) {
        const int was = before.table.index_of(m.id);
        for (int i = 0; i < m.shape.size; ++i) {
          if (!m.shape.joker(i)) continue;
          const bool old = was >= 0 && [&] {
            const Meld& o = before.table.melds[was];
            for (int k = 0; k < o.shape.size; ++k)
              if (o.shape.joker(k) && o.shape.faces[k] == m.shape.faces[i]) return true;
            return false;
          }();
          if (!old && std::count(naturals_before.begin(), naturals_before.end(), m.shape.faces[i]))
            broken = "a joker declared as a card already on the table";
        }
      }
    }
    if (c.rules.table.free_rearrangement && a.kind == ActionKind::kArrange) {
      if (jokers_on_table(after) < jokers_on_table(before)) broken = "a joker left the table";
      if (after.hand(a.player).jokers() > before.hand(a.player).jokers()) broken = "a joker went back to a rack";
    }
    return broken.empty();
  });
  if (!broken.empty())
    RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("jokers", g, t, "", broken, {"reject", ""}));
}

// Random meld candidates: cards of one rank or of one suit near each other (so that many
// are melds), sometimes with stray cards, and jokers with whole-card stand-ins; never
// more copies of a card or more jokers than the ruleset's biggest deck has.
struct Candidate {
  oracle::Faces naturals;
  std::vector<Face> standins;  // one per joker
};

rc::Gen<Candidate> candidates(const RuleSet& rules) {
  int copies = 1, most_jokers = 0;
  for (const DeckRule& d : rules.decks) copies = std::max(copies, int(d.decks)), most_jokers = std::max(most_jokers, int(d.jokers));
  const bool jokers = most_jokers > 0;
  return rc::gen::map(
      rc::gen::tuple(uniform(0, 4), uniform(1, 14), uniform(2, 8), uniform(0, jokers ? 3 : 1),
                     rc::gen::container<std::vector<int>>(8, uniform(0, 256))),
      [copies, most_jokers](const auto& t) {
        const auto& [suit, rank, size, joker_count, noise] = t;
        Candidate c;
        const bool run = noise[0] % 2;
        for (int i = 0; i < size; ++i) {
          int s = suit, r = rank;
          if (run) r = (rank + i - 1) % kRanks + 1;
          else s = (suit + i) % kSuits;
          if (noise[1 + i % 7] % 7 == 0) r = noise[1 + i % 7] % kRanks + 1;  // a stray card
          if (noise[(2 + i) % 8] % 11 == 0) s = noise[(2 + i) % 8] % kSuits;
          if (!run && i > 0 && noise[(3 + i) % 8] % 5 == 0) s = c.naturals.back().suit();  // a suit twice
          c.naturals.push_back(Face::natural(s, r));
        }
        for (size_t i = 0; i < c.naturals.size();)  // no more copies than the deck has
          if (std::count(c.naturals.begin(), c.naturals.end(), c.naturals[i]) > copies) c.naturals.erase(c.naturals.begin() + long(i));
          else ++i;
        for (int j = 0; j < std::min(joker_count, most_jokers); ++j) {
          const int r = run ? (rank + size + j - 1) % kRanks + 1 : rank;
          const int s = run ? suit : (suit + size + j + noise[j] % 2) % kSuits;
          c.standins.push_back(Face::natural(s, noise[6 + j] % 5 == 0 ? noise[6 + j] % kRanks + 1 : r));
        }
        return c;
      });
}

// A new meld of `tokens` as a scenario: A holds them and a spare card, has drawn and
// opened, and lays them down (Rummikub: arranges them on an empty table), expecting the
// oracle's verdict. Empty where a lone meld is no step of the game (Liverpool lays whole
// contracts) or the deck has too few copies.
std::string meld_scenario(const Config& c, const std::vector<Token>& tokens, bool text, const std::string& why) {
  if (c.rules.opening.form == OpeningForm::kContract) return "";
  const bool tiles = c.rules.table.free_rearrangement;
  std::vector<Token> hand, spare;
  for (const Token& t : tokens) hand.push_back({t.face});
  const int players = c.rules.players.max;  // the most players, for the biggest deck
  for (int f = 0; int(spare.size()) < players; ++f)
    if (std::none_of(tokens.begin(), tokens.end(), [&](const Token& t) { return t.face.code() == f; }))
      spare.push_back({Face::from_code(uint8_t(f))});
  hand.push_back(spare[0]);
  std::string setup = "setup:\n  players:\n    A: { hand: " + token_list(hand, c.rules.notation) + ", opened: true }\n";
  for (int p = 1; p < players; ++p)
    setup += "    " + player_name(p) + ": { hand: " + token_list({spare[size_t(p)]}, c.rules.notation) + ", opened: true }\n";
  if (!tiles) setup += "  phase: play\n";
  const std::string step = std::string("steps:\n  - ") + (tiles ? "arrange" : "meld") + ": [" +
                           token_list(tokens, c.rules.notation) + "]\n    expect: " + (text ? "ok" : "reject") + "\n";
  const std::string scenario = failure_head("meld-validity", why, c, "a random meld") + setup + step;
  try {
    parse_scenarios(scenario, "meld.yaml", RulesetLibrary::embedded());
  } catch (const InputError&) {
    return "";
  }
  return scenario;
}

// 7. For every ruleset's meld policy, melding and building: the engine accepts a meld with
// its jokers declared exactly when the oracle finds those cards a meld, and some
// declaration works exactly when the oracle finds some choice of cards.
RC_GTEST_PROP(Properties, MeldValidityAgreesWithTheOracle, ()) {
  const Config c = *configs();
  const Candidate cand = *candidates(c.rules);
  const oracle::MeldDefinition d = definition(c);
  for (const MeldContext ctx : {MeldContext::kMelding, MeldContext::kBuilding}) {
    const bool building = ctx == MeldContext::kBuilding;
    std::vector<Token> tokens;
    oracle::Faces cards = cand.naturals;
    for (const Face& f : cand.naturals) tokens.push_back({f});
    for (const Face& f : cand.standins) tokens.push_back({Face::joker(), f}), cards.push_back(f);
    Formed formed;
    const int jokers = int(cand.standins.size());
    const bool engine = form_meld(c.rules.meld, tokens, ctx, formed).empty();
    const bool text = oracle::is_meld(d, cards, jokers, building);
    if (!building) RC_TAG(c.ruleset, std::to_string(jokers) + " jokers");
    if (engine != text) {
      const std::string why = token_list(tokens, c.rules.notation) + (text ? " is " : " is no ") + "meld by the text" +
                              (building ? " when building" : "") + ", the engine says otherwise";
      const std::string scenario = building ? "" : meld_scenario(c, tokens, text, why);
      RC_FAIL(c.ruleset + ": " + why + (scenario.empty() ? "; no scenario can lay this meld alone"
                                      : "; scenario " + write_failure_text("meld-validity", tokens.size(), scenario)));
    }
    // Some declaration of the jokers.
    bool any = false;
    auto try_all = [&](auto&& self, size_t j) -> void {
      if (any) return;
      if (j == cand.standins.size()) {
        any = form_meld(c.rules.meld, tokens, ctx, formed).empty();
        return;
      }
      for (int f = 0; f < kFaces && !any; ++f) {
        tokens[cand.naturals.size() + j].standin = Face::from_code(uint8_t(f));
        self(self, j + 1);
      }
    };
    try_all(try_all, 0);
    RC_ASSERT(any == oracle::can_meld(d, cand.naturals, jokers, building));
  }
}

}  // namespace
}  // namespace meldcheck::props
