// Melds and layoffs: cards, a card game's meld rules (a ruleset with variants and options)
// and a context (a new meld, or cards built onto a meld on the table) from the bytes. The
// engine's verdict and the stand-ins it gives the jokers against the meld oracle
// (oracles/meld_oracle.h), which tries every card for every joker on the texts'
// definitions; then the same cards as a step of a game, checked with every check, so that
// the refusing clause is held to the executable catalog and a disagreement reaches the
// shrinker as a scenario.
#include <algorithm>

#include "fuzz/position.h"
#include "fuzz/targets.h"
#include "oracles/meld_oracle.h"

namespace meldcheck::fuzz {

namespace {

const char* const kCardGames[] = {"femhundra-rummy", "femhundra-familj", "rummy500", "liverpool"};

std::vector<Token> tokens_from(FuzzedDataProvider& in, int least, int most) {
  std::vector<Token> t(in.ConsumeIntegralInRange<size_t>(size_t(least), size_t(most)));
  for (Token& k : t) k = token_of(in.ConsumeIntegral<uint8_t>());
  return t;
}

// The oracle's answer: some cards for the jokers (the new ones freely, those already on the
// table as they stand, a rank alone in any suit) make a meld of the texts.
bool oracle_melds(const oracle::MeldDefinition& d, const Shape* existing, const std::vector<Token>& added) {
  oracle::Faces fixed;
  std::vector<size_t> free;  // places whose card the oracle chooses
  std::vector<int> rank_only;  // for each free place: a rank it must keep, or 0
  int jokers = 0;
  if (existing)
    for (int i = 0; i < existing->size; ++i) {
      const Face f = existing->faces[size_t(i)];
      jokers += existing->joker(i);
      if (f.is_rank_only()) free.push_back(fixed.size()), rank_only.push_back(f.rank());
      fixed.push_back(f);
    }
  for (const Token& t : added) {
    if (t.face.is_joker()) ++jokers, free.push_back(fixed.size()), rank_only.push_back(0);
    fixed.push_back(t.face);
  }
  oracle::Faces cards = fixed;
  // A meld of the texts is a set (one rank) or a run (one suit), so a card for a joker that
  // shares neither with a natural of the meld makes none: those are not tried (16 cards a
  // joker, not 52; the same answer).
  const auto natural = std::find_if(fixed.begin(), fixed.end(), [](Face f) { return f.is_natural(); });
  auto assign = [&](auto&& self, size_t k) -> bool {
    if (k == free.size()) return oracle::is_meld(d, cards, jokers, existing != nullptr);
    for (int c = 0; c < kFaces; ++c) {
      const Face f = Face::from_code(uint8_t(c));
      if (rank_only[k] && f.rank() != rank_only[k]) continue;
      if (natural != fixed.end() && f.rank() != natural->rank() && f.suit() != natural->suit()) continue;
      cards[free[k]] = f;
      if (self(self, k + 1)) return true;
    }
    return false;
  };
  return assign(assign, 0);
}

}  // namespace

Found meld_diff_fuzz(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Chosen chosen = choose_config(in, kCardGames[in.ConsumeIntegralInRange<size_t>(0, std::size(kCardGames) - 1)]);
  const hunt::Config& config = *chosen.config;
  const MeldRules& rules = config.rules.meld;
  const oracle::MeldDefinition d = oracle::meld_definition(config.ruleset, config.variants, config.options);
  const bool building = in.ConsumeBool();
  std::optional<Formed> existing;
  if (building) {
    const std::vector<Token> laid = tokens_from(in, 3, 7);
    Formed f;
    if (!form_meld(rules, laid, MeldContext::kMelding, f).empty()) return {};
    existing = f;
  }
  std::vector<Token> tokens = tokens_from(in, 1, building ? 3 : 7);
  int jokers = 0;
  for (const Token& t : tokens) jokers += t.face.is_joker();
  if (existing)
    for (int i = 0; i < existing->shape.size; ++i) jokers += existing->shape.joker(i);
  if (jokers > 2) return {};  // the oracle tries 52 cards a joker

  const Formation engine = engine_forms(rules, existing ? &existing->shape : nullptr, tokens);
  const bool text = oracle_melds(d, existing ? &existing->shape : nullptr, tokens);
  std::string cards;
  for (const Token& t : tokens) cards += (cards.empty() ? "" : " ") + format_token(t, config.rules.notation);
  Found found;
  if (engine.fails.empty() != text) {
    found.problem = "meld-oracle: the engine " + std::string(text ? "refuses" : "accepts") + " [" + cards + "] " +
                    (building ? "built onto a meld" : "as a new meld") + ", the meld oracle " + (text ? "finds a meld" : "none");
  } else if (engine.fails.empty()) {
    Meld m;
    m.shape = engine.formed.shape;
    if (!hunt::meld_oracle_accepts(d, m)) found.problem = "meld-oracle: the engine's stand-ins for [" + cards + "] make no meld of the text";
  }

  // The same cards as a step of a game, the player holding one card more, every check on.
  Layout layout;
  layout.hands.resize(size_t(chosen.players));
  for (const Token& t : tokens) layout.hands[0].push_back(t.face);
  layout.hands[0].push_back(token_of(in.ConsumeIntegral<uint8_t>()).face);
  if (existing) layout.table.push_back({existing->shape, 0});
  const std::optional<Built> start = build_position(config.rules, chosen.players, layout);
  if (!start) return found;
  Action a;
  a.player = 0;
  a.kind = existing ? ActionKind::kLayoff : ActionKind::kMeld;
  a.meld_id = 1;
  a.cards.open_group();
  for (const Token& t : tokens) a.cards.add(t);
  found.failure = check_step(chosen, *start, a);
  return found;
}

}  // namespace meldcheck::fuzz
