// The end of a hand: its scores by the ruleset's scoring method, the match totals, and
// whether the match is over and who won.
#include <algorithm>

#include "engine/fault.h"
#include "engine/internal.h"

namespace meldcheck {
namespace {

int hand_value(const Scoring& sc, CardSet hand) {
  int v = 0;
  for (Card c : hand) v += sc.hand.of(face_of(c));
  return v;
}

int table_value(const Scoring& sc, const Shape& shape, int slot) {
  const Face f = shape.faces[slot];
  if (shape.joker(slot) && !sc.table_joker_as_standin) return sc.table.joker;
  if (f.rank() == 1 && sc.table_ace_by_place) {
    switch (ace_role(shape, slot)) {
      case AceRole::kInSet: return sc.ace_table.in_set;
      case AceRole::kLow: return fault("ace-low-high") ? sc.ace_table.high : sc.ace_table.low;
      case AceRole::kHigh: return sc.ace_table.high;
      case AceRole::kCorner: return sc.ace_table.corner;
      case AceRole::kCornerToThree: return sc.ace_table.corner_to_three;
      case AceRole::kNotAce: break;
    }
  }
  return sc.table.rank[f.rank()];
}

bool earns_out_bonus(const GameState& s, const Scoring& sc, int out) {
  switch (sc.out_bonus_when) {
    case OutBonusWhen::kAlways: return true;
    case OutBonusWhen::kMeldsOnlyTurn: return !s.turn.discarded && !s.turn.built_on_others;
    case OutBonusWhen::kMeldsOnlyHand:
      return !s.turn.discarded && !s.turn.built_on_others && !s.players[out].built_on_others;
  }
  return false;
}

bool went_out_in_one_go(const GameState& s, const RuleSet& r) {
  const Scoring& sc = r.scoring;
  if (detail::in_last_round(s, r) && sc.last_round_out_is_one_go) return true;
  if (!s.turn.opened_now) return false;
  return sc.one_go == OneGo::kSameTurn || (s.turn.actions == 1 && !s.turn.discarded);
}

// Zero-sum: each loser pays what their rack is worth (beyond the winner's rack when
// nobody went out, the lowest rack winning), and the winners share what is paid.
// `ender`: the player whose turn ended the round (the odd points of a shared win start after them).
void zero_sum(const GameState& s, const RuleSet& r, int out, int ender, std::span<int32_t> scores) {
  const int n = s.num_players;
  std::array<int, kMaxPlayers> rack{};
  for (int p = 0; p < n; ++p) rack[p] = hand_value(r.scoring, s.hand(p));
  uint8_t winners = 0;
  if (out != kNoPlayer) {
    winners = uint8_t(1u << out);
  } else {
    const int low = *std::min_element(rack.begin(), rack.begin() + n);
    for (int p = 0; p < n; ++p)
      if (rack[p] == low) winners |= uint8_t(1u << p);
    if (std::popcount(winners) > 1 && r.scoring.lowest_tie == LowestTie::kFewestTiles) {
      int fewest = kMaxCards;
      for (int p = 0; p < n; ++p)
        if ((winners >> p) & 1) fewest = std::min(fewest, s.hand(p).size());
      for (int p = 0; p < n; ++p)
        if (((winners >> p) & 1) && s.hand(p).size() != fewest) winners &= uint8_t(~(1u << p));
    }
  }
  const int base = out != kNoPlayer ? 0 : rack[std::countr_zero(winners)];
  int paid = 0;
  for (int p = 0; p < n; ++p) {
    if ((winners >> p) & 1) continue;
    scores[p] = -(rack[p] - base);
    paid += rack[p] - base;
  }
  // Shared winnings: equal parts, the odd points to the winners first in turn order after
  // the player whose turn ended the round.
  const int count = std::popcount(winners);
  const int share = paid / count;
  int odd = paid - share * count;
  for (int k = 1; k <= n; ++k) {
    const int p = (ender + k) % n;
    if ((winners >> p) & 1) scores[p] = share + (odd-- > 0 ? 1 : 0) + (fault("not-zero-sum") ? 1 : 0);
  }
}

// The scores of a hand that has just ended; `out` went out, or kNoPlayer.
void score(const GameState& s, const RuleSet& r, int out, int ender, std::span<int32_t> scores) {
  const Scoring& sc = r.scoring;
  const int n = s.num_players;
  std::fill(scores.begin(), scores.begin() + n, 0);
  switch (sc.method) {
    case ScoringMethod::kTableMinusHand:
      for (const Meld& m : s.table.all())
        for (int i = 0; i < m.shape.size; ++i)
          scores[m.builders[i]] += table_value(sc, m.shape, i) * (fault("spades-double") && m.shape.faces[i].suit() == 0 ? 2 : 1);
      for (int p = 0; p < n; ++p) scores[p] -= hand_value(sc, s.hand(p));
      if (out != kNoPlayer && earns_out_bonus(s, sc, out)) scores[out] += sc.out_bonus;
      break;
    case ScoringMethod::kHandsToWinner:
      if (out != kNoPlayer)
        for (int p = 0; p < n; ++p)
          if (p != out) scores[out] += hand_value(sc, s.hand(p));
      break;
    case ScoringMethod::kPenaltyPoints:
      for (int p = 0; p < n; ++p) scores[p] = hand_value(sc, s.hand(p));
      if (out != kNoPlayer) scores[out] = went_out_in_one_go(s, r) ? sc.one_go_score : sc.out_score;
      break;
    case ScoringMethod::kZeroSum: zero_sum(s, r, out, ender, scores); break;
  }
  for (int p = 0; p < n; ++p) scores[p] += s.players[p].penalty;
}

// Why a card on the table is worth what it is: its place when the ace is scored by place.
ScoreWhy table_why(const Scoring& sc, const Shape& shape, int slot) {
  if (shape.joker(slot)) return sc.table_joker_as_standin ? ScoreWhy::kJokerAsCard : ScoreWhy::kJokerOnTable;
  if (shape.faces[slot].rank() != 1 || !sc.table_ace_by_place) return ScoreWhy::kOnTable;
  switch (ace_role(shape, slot)) {
    case AceRole::kInSet: return ScoreWhy::kAceInSet;
    case AceRole::kLow: return ScoreWhy::kAceLow;
    case AceRole::kHigh: return ScoreWhy::kAceHigh;
    case AceRole::kCorner: return ScoreWhy::kAceCorner;
    case AceRole::kCornerToThree: return ScoreWhy::kAceCornerToThree;
    case AceRole::kNotAce: break;
  }
  return ScoreWhy::kOnTable;
}

void decide_match(GameState& s, const RuleSet& r) {
  const MatchRules& m = r.match;
  const int n = s.num_players;
  bool over = false;
  if (m.goal == MatchGoal::kRounds) {
    over = s.round >= m.rounds;
  } else {
    for (int p = 0; p < n; ++p) over |= s.players[p].total >= m.target;
  }
  if (!over) return;
  int32_t best = s.players[0].total;
  for (int p = 1; p < n; ++p)
    best = m.lowest_wins ? std::min(best, s.players[p].total) : std::max(best, s.players[p].total);
  uint8_t leaders = 0;
  for (int p = 0; p < n; ++p)
    if (s.players[p].total == best) leaders |= uint8_t(1u << p);
  if (std::popcount(leaders) > 1) {
    switch (m.tie) {
      case TieRule::kShared: break;
      case TieRule::kLastHandWinner:
        if (s.last_out != kNoPlayer && (leaders >> s.last_out) & 1) leaders = uint8_t(1u << s.last_out);
        break;
      case TieRule::kPlayOn: return;  // another hand is dealt
    }
  }
  s.game_over = true;
  s.winners = leaders;
}

}  // namespace

void score_hand(const GameState& state, const RuleSet& rules, std::span<int32_t> scores) {
  score(state, rules, state.last_out, state.to_move, scores);
}

std::vector<ScoreLine> explain_hand_scores(const GameState& s, const RuleSet& r) {
  // The branches of score() line by line; `meldcheck check` shows that they add up to it.
  const Scoring& sc = r.scoring;
  const int n = s.num_players, out = s.last_out == kNoPlayer ? kNoPlayer : s.last_out;
  std::vector<ScoreLine> lines;
  auto hand_lines = [&](int p, int to, int sign, ScoreWhy why) {
    for (Card c : s.hand(p)) lines.push_back({uint8_t(to), face_of(c), sign * sc.hand.of(face_of(c)), why, 0, uint8_t(p)});
  };
  switch (sc.method) {
    case ScoringMethod::kTableMinusHand:
      for (const Meld& m : s.table.all())
        for (int i = 0; i < m.shape.size; ++i)
          lines.push_back({m.builders[i], m.shape.faces[i], table_value(sc, m.shape, i), table_why(sc, m.shape, i), m.id, m.builders[i]});
      for (int p = 0; p < n; ++p) hand_lines(p, p, -1, ScoreWhy::kInHand);
      if (out != kNoPlayer && earns_out_bonus(s, sc, out)) lines.push_back({uint8_t(out), Face{}, sc.out_bonus, ScoreWhy::kOutBonus});
      break;
    case ScoringMethod::kHandsToWinner:
      if (out != kNoPlayer)
        for (int p = 0; p < n; ++p)
          if (p != out) hand_lines(p, out, 1, ScoreWhy::kOthersHand);
      break;
    case ScoringMethod::kPenaltyPoints:
      for (int p = 0; p < n; ++p)
        if (p != out) hand_lines(p, p, 1, ScoreWhy::kInHand);
      if (out != kNoPlayer) {
        const bool one_go = went_out_in_one_go(s, r);
        lines.push_back({uint8_t(out), Face{}, one_go ? sc.one_go_score : sc.out_score, one_go ? ScoreWhy::kOutInOneGo : ScoreWhy::kOut});
      }
      break;
    case ScoringMethod::kZeroSum: {
      // A finished hand's winnings as they were scored (the round may have ended in a turn
      // before the player to move's); a hand still going as it stands.
      std::array<int32_t, kMaxPlayers> scores{};
      if (s.hand_over)
        for (int p = 0; p < n; ++p) scores[p] = s.round_scores[p] - s.players[p].penalty;
      else
        zero_sum(s, r, out, s.to_move, scores);
      for (int p = 0; p < n; ++p) {
        if (scores[p] > 0 || (scores[p] == 0 && s.hand(p).empty())) {
          lines.push_back({uint8_t(p), Face{}, scores[p], ScoreWhy::kWinnings});
          continue;
        }
        hand_lines(p, p, -1, ScoreWhy::kInHand);
        const int rack = hand_value(sc, s.hand(p));
        if (rack != -scores[p]) lines.push_back({uint8_t(p), Face{}, rack + scores[p], ScoreWhy::kLowestRackDeducted});
      }
      break;
    }
  }
  for (int p = 0; p < n; ++p)
    if (s.players[p].penalty) lines.push_back({uint8_t(p), Face{}, s.players[p].penalty, ScoreWhy::kPenalty});
  return lines;
}

namespace detail {

void end_hand(GameState& s, const RuleSet& r, int out, int ender) {
  s.hand_over = true;
  s.last_out = uint8_t(out);
  std::array<int32_t, kMaxPlayers> scores{};
  score(s, r, out, ender == kNoPlayer ? s.to_move : ender, scores);
  for (int p = 0; p < s.num_players; ++p) {
    s.round_scores[p] = scores[p];
    s.players[p].total += scores[p] - s.players[p].penalty;  // penalties are in already
  }
  decide_match(s, r);
}

Refusal check_next_hand(const GameState& s) {
  if (!s.hand_over) return Refusal::kHandNotOver;
  return s.game_over ? Refusal::kGameOver : Refusal::kNone;
}

void play_next_hand(GameState& s, const RuleSet& r, const Action& a) {
  ++s.round;
  deal_hand(s, r, a.seed, s.next_player(s.dealer));
}

}  // namespace detail
}  // namespace meldcheck
