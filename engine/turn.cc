// What every turn shares: picking cards from a hand, laying them on the table, meeting
// the turn's obligations, passing the turn, refilling the stock.
#include <algorithm>

#include "engine/fault.h"
#include "engine/small_sort.h"
#include "engine/internal.h"
#include "engine/rng.h"

namespace meldcheck::detail {

bool pick_cards(CardSet hand, std::span<const Token> tokens, CardSet prefer, std::span<Card> out) {
  for (size_t i = 0; i < tokens.size(); ++i) {
    Card c = (hand & prefer).find(tokens[i].face);
    if (c == kNoCard) c = hand.find(tokens[i].face);
    if (c == kNoCard) return false;
    hand.erase(c);
    out[i] = c;
  }
  return true;
}

bool holds(CardSet hand, std::span<const Token> tokens) {
  std::array<Card, TokenGroups::kMaxTokens> ignored;
  return tokens.size() <= ignored.size() && pick_cards(hand, tokens, {}, ignored);
}

void pass_turn_to(GameState& s, const RuleSet& r, int player) {
  (void)r;
  s.turn = {};
  s.to_move = uint8_t(player);
  s.phase = Phase::kDraw;
  if (s.first_lap && player == s.first_player) s.first_lap = false;
}

void end_turn(GameState& s, const RuleSet& r) {
  const int ended = s.to_move;
  if (!fault("endless-hand")) ++s.turns;
  pass_turn_to(s, r, s.next_player(s.to_move));
  if (s.turns >= r.max_turns) end_hand(s, r, kNoPlayer, ended);  // the bound ended the hand in `ended`'s turn
}

void hand_emptied(GameState& s, const RuleSet& r, bool by_discard) {
  if ((!by_discard && r.going_out.empty_hand_floats) || fault("endless-hand")) {
    end_turn(s, r);  // the player floats until their next turn
    return;
  }
  end_hand(s, r, s.to_move);
}

bool in_last_round(const GameState& s, const RuleSet& r) {
  return r.opening.form == OpeningForm::kContract && s.round >= r.opening.contracts.size();
}

bool turn_ends_without_discard(const GameState& s, const RuleSet& r) {
  return in_last_round(s, r) && r.going_out.last_round_all_cards && !r.going_out.last_round_others_discard;
}

// How many pile cards a reshuffle would turn into a new stock; 0 when none would.
int refill_size(const GameState& s, const RuleSet& r) {
  if (!s.stock.empty()) return 0;
  switch (r.draw.empty_stock) {
    case EmptyStock::kReshufflePile: return s.discard.size() >= 2 ? s.discard.size() : 0;
    case EmptyStock::kReshuffleBelowTop: return s.discard.size() - (s.discard.empty() ? 0 : 1);
    case EmptyStock::kPassEnds:
    case EmptyStock::kMustPlay: return 0;
  }
  return 0;
}

bool stock_has_card(const GameState& s, const RuleSet& r) { return !s.stock.empty() || refill_size(s, r) > 0; }

void refill_stock(GameState& s, const RuleSet& r) {
  const int n = refill_size(s, r);
  if (n == 0) return;
  const bool keep_top = r.draw.empty_stock == EmptyStock::kReshuffleBelowTop;
  std::array<Card, kMaxCards> cards;
  for (int i = 0; i < n; ++i) cards[i] = s.discard.at(i);  // oldest first
  const Card top = keep_top ? s.discard.top() : kNoCard;
  SplitMix64 rng{s.rng};
  shuffle(std::span<Card>(cards.data(), n), rng);
  s.rng = rng.state;
  s.discard.clear();
  for (int i = n; i-- > 0;) s.stock.push(cards[i]);  // index 0 is the top
  if (keep_top) {
    s.discard.push(top);  // still the discard it was, on offer as before
  } else {
    s.discard.push(s.stock.pop());  // the new stock's top card is turned up
    s.offer = {};
  }
}

namespace {
bool standin_on_table(const GameState& s, Face standin, std::span<const Token> also_laid) {
  if (!standin.is_natural()) return false;
  for (const Meld& m : s.table.all())
    for (int i = 0; i < m.shape.size; ++i)
      if (!m.shape.joker(i) && m.shape.faces[i] == standin) return true;
  for (const Token& t : also_laid)
    if (t.face == standin) return true;
  return false;
}

bool declared_in(const Shape* before, Face f) {
  if (!before) return false;
  for (int j = 0; j < before->size; ++j)
    if (before->joker(j) && before->faces[j] == f) return true;
  return false;
}
}  // namespace

bool joker_declared_on_table(const GameState& s, const RuleSet& r, const Shape& shape,
                             std::span<const Token> laid, const Shape* before) {
  if (!r.meld.joker_not_on_table) return false;
  for (int i = 0; i < shape.size; ++i)
    if (shape.joker(i) && !declared_in(before, shape.faces[i]) && standin_on_table(s, shape.faces[i], laid))
      return true;
  return false;
}


void add_meld(GameState& s, const Formed& f, std::span<const Card> cards, int owner) {
  Meld& m = s.table.melds[s.table.count++];
  m = Meld{};
  m.id = s.next_meld++;
  m.owner = uint8_t(owner);
  m.shape = f.shape;
  for (size_t t = 0; t < cards.size(); ++t) {
    m.cards[f.slot_of_token[t]] = cards[t];
    m.builders[f.slot_of_token[t]] = uint8_t(owner);
  }
}

void grow_meld(Meld& m, const Formed& f, std::span<const Card> added, int builder) {
  Meld grown = m;
  grown.shape = f.shape;
  const int old_size = m.shape.size;
  for (int i = 0; i < old_size; ++i) {
    grown.cards[f.slot_of_token[i]] = m.cards[i];
    grown.builders[f.slot_of_token[i]] = m.builders[i];
  }
  for (size_t t = 0; t < added.size(); ++t) {
    grown.cards[f.slot_of_token[old_size + t]] = added[t];
    grown.builders[f.slot_of_token[old_size + t]] = uint8_t(builder);
  }
  m = grown;
}

void note_cards_laid(GameState& s, const RuleSet& r, std::span<const Card> cards, bool in_new_meld) {
  TurnFacts& t = s.turn;
  const bool meets_use = in_new_meld || r.draw.taken_use_layoff_counts;
  const bool meets_pile_meld = in_new_meld || r.draw.whole_pile.layoff_counts;
  for (Card c : cards) {
    if (meets_use && t.must_use != kNoCard && face_of(c) == face_of(t.must_use)) t.must_use = kNoCard;
    if (meets_pile_meld && !t.pile_meld_due.empty()) {
      for (Card due : t.pile_meld_due)
        if (face_of(due) == face_of(c)) {
          t.pile_meld_due.clear();
          break;
        }
    }
    if (is_joker(c) && !t.freed_jokers.empty()) t.freed_jokers.erase(*t.freed_jokers.begin());
  }
  forget_cards_played(s);
}

bool passes_over_owed_card(const GameState& s, const RuleSet& r, const Action& a) {
  const Card owed = s.turn.must_use;
  if (owed == kNoCard || r.draw.taken_use_when != TakenUseWhen::kFirstPlay) return false;
  switch (a.kind) {
    case ActionKind::kSwap: return true;  // it lays a card but never meets the debt
    case ActionKind::kLayoff:
      if (!r.draw.taken_use_layoff_counts) return true;
      break;
    case ActionKind::kMeld: break;
    default: return false;
  }
  // One step may lay several melds at once; the card in any of them meets the debt.
  for (int g = 0; g < a.cards.groups(); ++g)
    for (const Token& tok : a.cards.group(g))
      if (tok.face == face_of(owed)) return false;
  return true;
}

void forget_cards_played(GameState& s) {
  const CardSet& hand = s.hand(s.to_move);
  // The pile cards still owed are those still in hand. (Playing the last of them without
  // a new meld is refused before it happens: the obligation could not be met.)
  const CardSet still_held = s.turn.pile_meld_due & hand;
  if (!still_held.empty()) s.turn.pile_meld_due = still_held;
  // The lone taken card, once played, can no longer be discarded anyway.
  if (s.turn.no_discard != kNoCard && !hand.contains(s.turn.no_discard)) s.turn.no_discard = kNoCard;
}


}  // namespace meldcheck::detail

namespace meldcheck {

void canonicalize_set(Meld& m) {
  Shape& sh = m.shape;
  std::array<uint8_t, kMaxMeldCards> order{};
  for (int i = 0; i < sh.size; ++i) order[i] = uint8_t(i);
  small_stable_sort(order.begin(), order.begin() + sh.size, [&](uint8_t x, uint8_t y) {
    if (sh.faces[x] != sh.faces[y]) return sh.faces[x] < sh.faces[y];
    return !sh.joker(x) && sh.joker(y);
  });
  Meld sorted = m;
  sorted.shape.joker_mask = 0;
  for (int i = 0; i < sh.size; ++i) {
    sorted.shape.faces[i] = sh.faces[order[i]];
    sorted.shape.set_joker(i, sh.joker(order[i]));
    sorted.cards[i] = m.cards[order[i]];
    sorted.builders[i] = m.builders[order[i]];
  }
  m = sorted;
}

void add_table_groups(const GameState& s, TokenGroups& out) {
  for (const Meld& m : s.table.all()) {
    out.open_group();
    for (int i = 0; i < m.shape.size; ++i)
      out.add(m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]});
  }
}

int take_count(const Pile& pile, const TakeSpec& take) {
  const int size = pile.size();
  switch (take.kind) {
    case TakeSpec::Kind::kNone: return 0;
    case TakeSpec::Kind::kCount: return take.count >= 1 && take.count <= size ? take.count : 0;
    case TakeSpec::Kind::kAll: return size;
    case TakeSpec::Kind::kDownTo:
      for (int i = size; i-- > 0;)
        if (face_of(pile.at(i)) == take.face) return size - i;
      return 0;
  }
  return 0;
}

}  // namespace meldcheck
