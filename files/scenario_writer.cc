#include "files/scenario_writer.h"

#include <bit>
#include <string_view>

#include <algorithm>
#include <array>
#include <sstream>

#include "files/scenario.h"

namespace meldcheck {
namespace {

std::string card(Card c, const RuleSet& r) { return format_face(face_of(c), r.notation); }

template <typename Cards>
std::string card_list(const Cards& cards, const RuleSet& r) {
  std::string s = "[";
  bool first = true;
  for (Card c : cards) s += (first ? "" : ", ") + card(c, r), first = false;
  return s + "]";
}

std::string token_list(std::span<const Token> tokens, const RuleSet& r) {
  std::string s = "[";
  for (size_t i = 0; i < tokens.size(); ++i) s += (i ? ", " : "") + format_token(tokens[i], r.notation);
  return s + "]";
}

std::string meld_cards(const Meld& m, const RuleSet& r) {
  std::string s = "[";
  for (int i = 0; i < m.shape.size; ++i) {
    const Token t = m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]};
    s += (i ? ", " : "") + format_token(t, r.notation);
    if (m.builders[i] != m.owner) s += "@" + player_name(m.builders[i]);
  }
  return s + "]";
}

std::string boolean(bool b) { return b ? "true" : "false"; }

std::string take_text(const TakeSpec& t, const RuleSet& r) {
  switch (t.kind) {
    case TakeSpec::Kind::kCount: return t.count == 1 ? "top" : std::to_string(t.count);
    case TakeSpec::Kind::kAll: return "all";
    case TakeSpec::Kind::kDownTo: return format_face(t.face, r.notation);
    case TakeSpec::Kind::kNone: break;
  }
  return "top";
}

std::string groups_text(const TokenGroups& g, const RuleSet& r) {
  std::string s = "[";
  for (int i = 0; i < g.groups(); ++i) s += (i ? ", " : "") + token_list(g.group(i), r);
  return s + "]";
}

}  // namespace

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kDraw: return "draw";
    case Phase::kPlay: return "play";
    case Phase::kRow: return "row";
  }
  return "draw";
}

std::string fact_text(facts::Seat, uint8_t seat) { return player_name(seat); }
std::string fact_text(facts::SeatOrNone, uint8_t seat) { return seat == kNoPlayer ? "null" : player_name(seat); }
std::string fact_text(facts::Seats, uint8_t seats) {
  std::string s;
  for (int p = 0; p < 8; ++p)
    if ((seats >> p) & 1) s += (s.empty() ? "" : ", ") + player_name(p);
  return std::popcount(seats) == 1 ? s : "[" + s + "]";
}
std::string fact_text(facts::Number, uint64_t n) { return std::to_string(n); }
std::string fact_text(facts::Word64, uint64_t n) { return std::to_string(n); }
std::string fact_text(facts::Flag, bool b) { return b ? "true" : "false"; }
std::string fact_text(facts::PhaseName, Phase p) { return phase_name(p); }

const char* setup_key(const char* key, const RuleSet& r) {
  const std::string_view k = key;
  if (k == "first_lap") return r.opening.first_lap_no_meld ? key : nullptr;
  if (k == "round") return r.opening.form == OpeningForm::kContract ? key : "hand_number";
  return key;
}

std::string write_setup(const GameState& s, const RuleSet& r, int indent, bool compact) {
  const std::string pad(size_t(indent), ' ');
  std::ostringstream out;
  std::array<bool, kMaxPlayers> owns_meld{};
  for (const Meld& m : s.table.all())
    if (m.owner < kMaxPlayers) owns_meld[m.owner] = true;
  out << pad << "players:\n";
  for (int p = 0; p < s.num_players; ++p) {
    const PlayerState& ps = s.players[p];
    out << pad << "  " << player_name(p) << ": { hand: " << card_list(ps.hand, r);
    if (!compact || ps.total != 0) out << ", total: " << ps.total;
    if (!compact || ps.opened != owns_meld[p]) out << ", opened: " << boolean(ps.opened);
    if (!compact || ps.penalty != 0) out << ", penalty: " << ps.penalty;
    if (!compact || ps.built_on_others) out << ", built_on_others: " << boolean(ps.built_on_others);
    out << " }\n";
  }
  std::vector<Card> stock(s.stock.cards().rbegin(), s.stock.cards().rend());  // top first
  out << pad << "stock: " << card_list(stock, r) << "\n";
  out << pad << "discard: " << card_list(s.discard.cards(), r) << "\n";
  out << pad << "table:" << (s.table.count == 0 ? " []" : "") << "\n";
  for (const Meld& m : s.table.all()) {
    out << pad << "  - { id: m" << int(m.id);
    if (m.owner != kNoPlayer) out << ", owner: " << player_name(m.owner);
    out << ", cards: " << meld_cards(m, r) << " }\n";
  }
  out << pad << "rest: out\n";
  // The facts, each where it differs from what the reader takes when it is left out (all
  // of them, unless compact; a compact setup leaves the generator to its seed). The reader's
  // defaults: each fact's initial value, but those the engine works out from the rest of
  // the setup (engine/position.h); worked out only for a compact setup, since the full one
  // (the protocol's state, written at every step of lockstep play) writes them all.
  GameState usual;
  usual.rng = s.rng;
  if (compact) {
    StatedPosition unstated = state_position(s);
    unstated.facts.dealer.reset();
    unstated.facts.next_meld.reset();
    unstated.offer.reset();
    const GameState derived = make_position(r, unstated);
    usual.dealer = derived.dealer;
    usual.next_meld = derived.next_meld;
    usual.offer = derived.offer;
  }
#define MELDCHECK_WRITE_FACT(type, member, initial, key, expect_key, codec, told)     \
  if (const char* name = setup_key(key, r); name && (!compact || s.member != usual.member)) \
    out << pad << name << ": " << fact_text(facts::codec{}, s.member) << "\n";
  MELDCHECK_POSITION_FACTS(MELDCHECK_WRITE_FACT)
#undef MELDCHECK_WRITE_FACT
  if (!compact || !(s.offer == usual.offer)) {
    if (s.offer.from == kNoPlayer) {
      out << pad << "offer: none\n";
    } else {
      out << pad << "offer: { from: " << player_name(s.offer.from) << ", declined: " << boolean(s.offer.declined) << " }\n";
    }
  }
  const TurnFacts& t = s.turn;
  if (!compact || !(t == TurnFacts{})) {
    out << pad << "turn: { ";
    if (t.must_use != kNoCard) out << "must_use: " << card(t.must_use, r) << ", ";
    if (t.no_discard != kNoCard) out << "no_discard: " << card(t.no_discard, r) << ", ";
    if (!t.pile_meld_due.empty()) out << "pile_meld_due: " << card_list(t.pile_meld_due, r) << ", ";
    out << "freed_jokers: " << t.freed_jokers.size() << ", melded: " << boolean(t.melded)
        << ", built_on_others: " << boolean(t.built_on_others) << ", built: " << boolean(t.built)
        << ", opened_now: " << boolean(t.opened_now) << ", discarded: " << boolean(t.discarded)
        << ", actions: " << int(t.actions) << " }\n";
  }
  if (compact && !s.hand_over) return out.str();
  out << pad << "round_scores: {";
  for (int p = 0; p < s.num_players; ++p) out << (p ? ", " : " ") << player_name(p) << ": " << s.round_scores[p];
  out << " }\n";
  return out.str();
}

std::string write_step(const Action& a, const RuleSet& r, int to_move) {
  std::string s;
  switch (a.kind) {
    case ActionKind::kDraw: s = "draw: stock"; break;
    case ActionKind::kTake: s = "take: " + take_text(a.take, r); break;
    case ActionKind::kMeld: s = "meld: " + groups_text(a.cards, r); break;
    case ActionKind::kLayoff:
      s = "layoff: { to: m" + std::to_string(a.meld_id) + ", cards: " + (a.cards.groups() ? token_list(a.cards.group(0), r) : "[]") + " }";
      break;
    case ActionKind::kSwap: s = "swap: { meld: m" + std::to_string(a.meld_id) + ", card: " + format_face(a.card, r.notation) + " }"; break;
    case ActionKind::kDiscard: s = "discard: " + format_face(a.card, r.notation); break;
    case ActionKind::kArrange: s = "arrange: " + groups_text(a.cards, r); break;
    case ActionKind::kPass: s = "pass:"; break;
    case ActionKind::kTimeout: s = "timeout:"; break;
    case ActionKind::kClaim: {
      s = "claim: { take: " + take_text(a.take, r);
      if (a.claim_layoff && a.cards.groups())
        s += ", layoff: { to: m" + std::to_string(a.meld_id) + ", cards: " + token_list(a.cards.group(0), r) + " }";
      else if (a.cards.groups())
        s += ", meld: " + groups_text(a.cards, r);
      s += " }";
      break;
    }
    case ActionKind::kNextHand: s = "next_hand: { seed: " + std::to_string(a.seed) + " }"; break;
  }
  if (a.player != to_move) s += "\n    player: " + player_name(a.player);
  return s;
}

std::string yaml_quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\n') out += "\\n";
    else out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  }
  return out + "\"";
}

std::string write_head(const ScenarioText& head) {
  std::ostringstream out;
  out << "# yaml-language-server: $schema=../../spec/scenario.schema.json\n";
  if (!head.comment.empty()) out << "# " << head.comment << "\n";
  out << "name: " << yaml_quoted(head.name) << "\n";
  out << "ruleset: " << head.ruleset << "\n";
  if (!head.variants.empty()) {
    out << "variants: [";
    for (size_t i = 0; i < head.variants.size(); ++i) out << (i ? ", " : "") << head.variants[i];
    out << "]\n";
  }
  if (!head.options.empty()) {
    out << "options: {";
    bool first = true;
    for (const auto& [k, v] : head.options) out << (first ? " " : ", ") << k << ": " << v, first = false;
    out << " }\n";
  }
  return out.str();
}

std::string write_scenario(const ScenarioText& head, const GameState& start, const RuleSet& r,
                           const std::vector<Action>& actions, const std::vector<std::string>& verdicts) {
  return write_head(head) + "setup:\n" + write_setup(start, r, 2) + write_steps(start, r, actions, verdicts);
}

std::string write_steps(const GameState& start, const RuleSet& r, const std::vector<Action>& actions,
                        const std::vector<std::string>& verdicts) {
  std::ostringstream out;
  if (!actions.empty()) out << "steps:\n";
  GameState s = start;
  for (size_t i = 0; i < actions.size(); ++i) {
    out << "  - " << write_step(actions[i], r, s.to_move) << "\n";
    if (i < verdicts.size() && !verdicts[i].empty()) out << "    expect: " << verdicts[i] << "\n";
    apply(s, r, actions[i]);
  }
  return out.str();
}

}  // namespace meldcheck
