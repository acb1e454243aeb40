#include "fuzz/position.h"

#include "files/scenario_writer.h"

namespace meldcheck::fuzz {

// Cards enough for any step of a turn: draws, a Liverpool buy, a Rummikub timeout's draw.
constexpr size_t kStockCards = 10;

std::optional<StatedPosition> state_layout(const RuleSet& rules, int players, const Layout& layout) {
  // The facts a fresh match has, but for the turn laid out.
  const GameState fresh = new_match(rules, players, 0, players - 1);
  StatedPosition s;
  s.players = players;
  s.facts.dealer = fresh.dealer;
  s.facts.first_player = fresh.first_player;
  s.facts.rng = fresh.rng;
  s.facts.to_move = uint8_t(layout.to_move);
  s.facts.phase = layout.phase;
  s.facts.first_lap = false;
  s.offer = Offer{};
  std::array<Card, kMaxCards> deck{};
  const int n = deck_cards(rules, players, deck);
  CardSet pool;
  for (int i = 0; i < n; ++i) pool.insert(deck[i]);
  auto take = [&](Face f) {
    const Card c = pool.find(f);
    if (c != kNoCard) pool.erase(c);
    return c;
  };
  for (int p = 0; p < players; ++p) {
    s.seats[p].opened = layout.opened;
    s.seats[p].built_on_others = false;
    if (p >= int(layout.hands.size())) continue;
    for (Face f : layout.hands[size_t(p)]) {
      const Card c = take(f);
      if (c == kNoCard) return std::nullopt;
      s.seats[p].hand.insert(c);
    }
  }
  for (const TableMeld& t : layout.table) {
    Meld& m = s.table.emplace_back();
    m.id = uint8_t(s.table.size());
    m.owner = uint8_t(t.owner);
    m.shape = t.shape;
    for (int i = 0; i < t.shape.size; ++i) {
      m.cards[size_t(i)] = take(t.shape.joker(i) ? Face::joker() : t.shape.faces[size_t(i)]);
      if (m.cards[size_t(i)] == kNoCard) return std::nullopt;
      m.builders[size_t(i)] = uint8_t(t.owner);
    }
  }
  s.facts.next_meld = uint8_t(s.table.size() + 1);
  // The deck's last cards not placed in the stock, top first, and the rest out of play (a
  // setup's `rest: out`): a step on the table needs no deeper stock, and every card of the
  // setup is written and read again by the reference model on every input (a full stock
  // was a fifth of meld_diff_fuzz's time).
  for (int i = n; i-- > 0 && s.stock.size() < kStockCards;)
    if (pool.contains(deck[i])) s.stock.push_back(deck[i]);
  s.rest_out = true;
  return s;
}

std::optional<Built> build_position(const RuleSet& rules, int players, const Layout& layout) {
  std::optional<StatedPosition> stated = state_layout(rules, players, layout);
  if (!stated) return std::nullopt;
  GameState state = make_position(rules, *stated);
  return Built{std::move(*stated), std::move(state)};
}

std::optional<hunt::Failure> check_step(const Chosen& chosen, const Built& built, const Action& action) {
  const std::shared_ptr<const hunt::Config>& config = chosen.config;
  const GameState& start = built.state;
  hunt::Checker checker(config, hunt::CheckLevel::kAll, hunt::CheckSet::all(), chosen.oracle);
  // The start as the reference model reads it (the stated setup, as a tree), against the
  // engine's: a disagreement there (a meld the engine formed that the text reads as none, a
  // book kept otherwise, a fact left out that the two take differently) is a finding about
  // the start itself. Half the keys of the whole setup, and as a scenario states a position.
  const YamlNode written = stated_setup_node(built.stated, config->rules);
  if (std::optional<hunt::Finding> f = checker.hand_starts(start, nullptr, &written))
    return hunt::Failure{hunt::GameSpec{0, config, start.num_players, 0, 0}, hunt::Trace{start, {}, {}, {}}, *f, start, true};
  GameState after = start;
  const Refusal verdict = apply(after, config->rules, action);
  const bool listed = hunt::listed_if_refused(start, config->rules, action, verdict);
  std::optional<hunt::Finding> f = checker.after_step(start, action, listed, verdict, after);
  if (!f) return std::nullopt;
  hunt::Trace trace{start, {action}, {verdict}, {listed}};
  return hunt::Failure{hunt::GameSpec{0, config, start.num_players, 0, 0}, trace, *f, f->about_state ? after : start, true};
}

Formation engine_forms(const MeldRules& rules, const Shape* onto, std::vector<Token> tokens) {
  auto form = [&](Formed& out) {
    return onto ? extend_meld(rules, *onto, tokens, out) : form_meld(rules, tokens, MeldContext::kMelding, out);
  };
  Formation f;
  f.fails = form(f.formed);
  if (f.fails.empty() || !f.fails.has(Refusal::kJokerStandin)) return f;
  std::vector<size_t> jokers;
  for (size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].face.is_joker()) jokers.push_back(i);
  std::vector<Face> standins;
  for (int c = 0; c < kFaces; ++c) standins.push_back(Face::from_code(uint8_t(c)));
  for (int r = 1; r <= kRanks; ++r) standins.push_back(Face::rank_only(r));
  auto name = [&](auto&& self, size_t k) -> bool {
    if (k == jokers.size()) return form(f.formed).empty();
    for (Face s : standins) {
      tokens[jokers[k]].standin = s;
      if (self(self, k + 1)) return true;
    }
    return false;
  };
  if (name(name, 0)) f.fails = {};
  return f;
}

Token token_of(uint8_t byte) {
  const int v = byte % (kFaces + 4);
  return v < kFaces ? Token{Face::from_code(uint8_t(v))} : Token{Face::joker()};
}

}  // namespace meldcheck::fuzz
