// Finished hands: melds on the table with owners and builders, what each player holds,
// who went out and how, penalties, the round, all from the bytes, over every ruleset. The
// engine's scores (score_hand) against the score oracle (oracles/score_oracle.h), written
// from each text's scoring section. A disagreement is then played as a game's last step
// (the player going out with a discard), so that the shrinker can make it a scenario.
#include "fuzz/position.h"
#include "fuzz/targets.h"
#include "oracles/score_oracle.h"
#include "files/scenario.h"

namespace meldcheck::fuzz {

namespace {

// The finished hand this target made, as the score oracle reads it: the bytes set both.
oracle::FinishedHand finished_hand(const GameState& s, const RuleSet& r) {
  oracle::FinishedHand h;
  h.players = s.num_players;
  for (int p = 0; p < s.num_players; ++p) {
    std::vector<Face> hand;
    for (Card c : s.hand(p)) hand.push_back(face_of(c));
    h.hands.push_back(hand);
    h.penalties.push_back(s.players[p].penalty);
  }
  for (const Meld& m : s.table.all()) {
    oracle::TableMeld meld;
    for (int i = 0; i < m.shape.size; ++i) meld.push_back({m.shape.faces[i], m.shape.joker(i), m.builders[i]});
    h.table.push_back(meld);
  }
  h.out = s.last_out == kNoPlayer ? -1 : s.last_out;
  h.out_by_discard = s.turn.discarded;
  h.out_built_on_others_this_turn = s.turn.built_on_others;
  h.out_built_on_others_this_hand = h.out >= 0 && s.players[h.out].built_on_others;
  h.out_went_down_this_turn = s.turn.opened_now;
  h.out_actions_this_turn = s.turn.actions;
  h.last_round = r.opening.form == OpeningForm::kContract && s.round >= r.opening.contracts.size();
  h.ended_by = s.to_move;
  return h;
}

std::string scores_text(const std::vector<int>& scores) {
  std::string t;
  for (size_t p = 0; p < scores.size(); ++p) t += (p ? ", " : "") + player_name(int(p)) + ": " + std::to_string(scores[p]);
  return t;
}

}  // namespace

Found score_diff_fuzz(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Chosen chosen = choose_config(in);
  const hunt::Config& config = *chosen.config;
  const RuleSet& rules = config.rules;
  const int players = chosen.players;
  Layout layout;
  layout.hands.resize(size_t(players));
  const int out = in.ConsumeIntegralInRange<int>(-1, players - 1);  // -1: nobody went out
  for (int m = in.ConsumeIntegralInRange<int>(0, 6); m > 0; --m) {
    std::vector<Token> laid(in.ConsumeIntegralInRange<size_t>(3, 7));
    for (Token& t : laid) t = token_of(in.ConsumeIntegral<uint8_t>());
    Formed f;
    if (!form_meld(rules.meld, laid, MeldContext::kMelding, f).empty()) continue;
    layout.table.push_back({f.shape, in.ConsumeIntegralInRange<int>(0, players - 1)});
  }
  for (int p = 0; p < players; ++p)
    if (p != out)
      for (int k = in.ConsumeIntegralInRange<int>(0, 8); k > 0; --k) layout.hands[size_t(p)].push_back(token_of(in.ConsumeIntegral<uint8_t>()).face);
  std::optional<StatedPosition> stated = state_layout(rules, players, layout);
  if (!stated) return {};
  // Who built which card onto each meld.
  for (Meld& m : stated->table)
    for (int i = 0; i < m.shape.size; ++i)
      if (in.ConsumeIntegralInRange<int>(0, 3) == 0) m.builders[size_t(i)] = uint8_t(in.ConsumeIntegralInRange<int>(0, players - 1));
  for (int p = 0; p < players; ++p) {
    StatedSeat& seat = stated->seats[p];
    seat.opened = in.ConsumeBool();
    seat.built_on_others = in.ConsumeBool();
    seat.penalty = in.ConsumeIntegralInRange<int>(0, 3) == 0 ? in.ConsumeIntegralInRange<int>(1, 100) : 0;
    seat.total = seat.penalty;
  }
  StatedFacts& f = stated->facts;
  f.hand_over = true;
  f.last_out = out < 0 ? kNoPlayer : uint8_t(out);
  f.to_move = uint8_t(out < 0 ? in.ConsumeIntegralInRange<int>(0, players - 1) : out);
  f.round = uint16_t(in.ConsumeIntegralInRange<int>(1, 8));
  TurnFacts& turn = stated->turn;
  turn.discarded = in.ConsumeBool();
  turn.built_on_others = in.ConsumeBool();
  turn.opened_now = in.ConsumeBool();
  turn.actions = in.ConsumeIntegralInRange<uint8_t>(0, 4);
  const GameState s = make_position(rules, *stated);

  std::array<int32_t, kMaxPlayers> engine{};
  score_hand(s, rules, engine);
  const std::vector<int> text = oracle::hand_scores(finished_hand(s, rules), config.ruleset, config.variants, config.options);
  const std::vector<int> got(engine.begin(), engine.begin() + players);
  if (got == text) return {};
  Found found;
  found.problem = "score-oracle: the engine scores " + scores_text(got) + ", the score oracle " + scores_text(text);

  // As a game: the player going out holds one card more and discards it.
  if (out >= 0) {
    const Token last = token_of(in.ConsumeIntegral<uint8_t>());
    layout.hands[size_t(out)].push_back(last.face);
    layout.to_move = out;
    if (const auto start = build_position(rules, players, layout)) {
      Action a;
      a.kind = ActionKind::kDiscard;
      a.player = uint8_t(out);
      a.card = last.face;
      found.failure = check_step(chosen, *start, a);
    }
  }
  return found;
}

}  // namespace meldcheck::fuzz
