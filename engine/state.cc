#include "engine/state.h"

namespace meldcheck {
namespace {

// Feeds 64-bit words into a hash: a multiply and a shift a word, which is all a state
// of a few hundred bytes needs to hash in well under a hundred nanoseconds.
struct Hasher {
  uint64_t h = 0x6A09E667F3BCC909ull;
  void add(uint64_t v) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  void add(CardSet cards) {
    const CardSet::Alike a = cards.alike();
    add(a.once_and_jokers);
    add(a.twice);
  }
  // The faces of a pile, eight to a word.
  void add(const Pile& pile) {
    uint64_t word = uint64_t(pile.size());
    int filled = 1;
    for (Card c : pile.cards()) {
      word = (word << 8) | face_of(c).code();
      if (++filled == 8) add(word), word = 0, filled = 0;
    }
    add(word);
  }
};

Face card_face(Card c) { return c == kNoCard ? Face::none() : face_of(c); }

bool same_faces(std::span<const Card> a, std::span<const Card> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (face_of(a[i]) != face_of(b[i])) return false;
  return true;
}

bool same_meld(const Meld& a, const Meld& b) {
  const Shape &x = a.shape, &y = b.shape;
  if (a.id != b.id || a.owner != b.owner || x.kind != y.kind || x.size != y.size || x.joker_mask != y.joker_mask)
    return false;
  if (x.kind == MeldKind::kRun && x.start != y.start) return false;
  for (int i = 0; i < x.size; ++i)
    if (x.faces[i] != y.faces[i] || a.builders[i] != b.builders[i] || face_of(a.cards[i]) != face_of(b.cards[i]))
      return false;
  return true;
}

bool same_turn(const TurnFacts& a, const TurnFacts& b) {
  return card_face(a.must_use) == card_face(b.must_use) && card_face(a.no_discard) == card_face(b.no_discard) &&
         a.pile_meld_due.alike() == b.pile_meld_due.alike() &&
         a.freed_jokers.size() == b.freed_jokers.size() && a.melded == b.melded &&
         a.built_on_others == b.built_on_others && a.built == b.built && a.opened_now == b.opened_now &&
         a.discarded == b.discarded && a.actions == b.actions;
}

}  // namespace

const char* state_difference(const GameState& a, const GameState& b) {
  if (a.num_players != b.num_players) return "num_players";
#define MELDCHECK_DIFFERENT_FACT(type, member, initial, key, expect_key, codec, told) \
  if (a.member != b.member) return key;
  MELDCHECK_POSITION_FACTS(MELDCHECK_DIFFERENT_FACT)
#undef MELDCHECK_DIFFERENT_FACT
  if (!(a.offer == b.offer)) return "offer";
  if (!same_turn(a.turn, b.turn)) return "turn";
  for (int p = 0; p < a.num_players; ++p) {
    const PlayerState &x = a.players[p], &y = b.players[p];
    if (x.total != y.total || x.penalty != y.penalty || x.opened != y.opened || x.built_on_others != y.built_on_others)
      return "players";
    if (a.round_scores[p] != b.round_scores[p]) return "round_scores";
    if (x.hand.alike() != y.hand.alike()) return "hand";
  }
  if (!same_faces(a.stock.cards(), b.stock.cards())) return "stock";
  if (!same_faces(a.discard.cards(), b.discard.cards())) return "discard";
  if (a.out.alike() != b.out.alike()) return "rest";
  if (a.table.count != b.table.count) return "table";
  for (int i = 0; i < a.table.count; ++i)
    if (!same_meld(a.table.melds[i], b.table.melds[i])) return "table";
  return nullptr;
}

bool operator==(const GameState& a, const GameState& b) { return state_difference(a, b) == nullptr; }

uint64_t hash_state(const GameState& s) {
  Hasher h;
  h.add(uint64_t(s.num_players) | uint64_t(s.offer.from) << 8 | uint64_t(s.offer.declined) << 16);
  // The facts, packed into words as they come (each at most 64 bits wide).
  uint64_t word = 0;
  int bits = 0;
  auto pack = [&](uint64_t v, int width) {
    if (bits + width > 64) h.add(word), word = 0, bits = 0;
    word = width == 64 ? v : word << width | v;
    bits += width;
  };
#define MELDCHECK_HASH_FACT(type, member, initial, key, expect_key, codec, told) pack(uint64_t(s.member), int(sizeof(type)) * 8);
  MELDCHECK_POSITION_FACTS(MELDCHECK_HASH_FACT)
#undef MELDCHECK_HASH_FACT
  h.add(word);
  const TurnFacts& t = s.turn;
  h.add(uint64_t(card_face(t.must_use).code()) | uint64_t(card_face(t.no_discard).code()) << 8 |
        uint64_t(t.freed_jokers.size()) << 16 | uint64_t(t.melded) << 24 | uint64_t(t.built_on_others) << 25 |
        uint64_t(t.built) << 26 | uint64_t(t.opened_now) << 27 | uint64_t(t.discarded) << 28 | uint64_t(t.actions) << 32);
  h.add(t.pile_meld_due);
  for (int p = 0; p < s.num_players; ++p) {
    const PlayerState& x = s.players[p];
    h.add(uint64_t(uint32_t(x.total)) | uint64_t(uint32_t(x.penalty)) << 32);
    h.add(uint64_t(uint32_t(s.round_scores[p])) | uint64_t(x.opened) << 32 | uint64_t(x.built_on_others) << 33);
    h.add(x.hand);
  }
  h.add(s.stock);
  h.add(s.discard);
  h.add(s.out);
  // A meld's cards are what its shape says (a joker where the mask says), so the shape and
  // the builders stand for them.
  for (const Meld& m : s.table.all()) {
    const Shape& sh = m.shape;
    h.add(uint64_t(m.id) | uint64_t(m.owner) << 8 | uint64_t(sh.kind) << 16 | uint64_t(sh.size) << 24 |
          uint64_t(sh.joker_mask) << 32 | uint64_t(sh.kind == MeldKind::kRun ? sh.start : 0) << 48);
    uint64_t faces = 0, builders = 0;
    for (int i = 0; i < sh.size; ++i) {
      faces = (faces << 8) ^ sh.faces[i].code() ^ (faces >> 56);
      builders = (builders << 4) ^ m.builders[i] ^ (builders >> 60);
    }
    h.add(faces);
    h.add(builders);
  }
  return h.h;
}

namespace {

// Each card of the deck for that many players, in the deck's order: every face of each copy, then the jokers.
template <typename Visit>
void for_each_deck_card(const RuleSet& rules, int players, Visit visit) {
  const DeckRule* deck = rules.deck_for(players);
  if (!deck) return;
  for (int copy = 0; copy < deck->decks; ++copy)
    for (int f = 0; f < kFaces; ++f) visit(natural_card(Face::from_code(uint8_t(f)), copy));
  for (int j = 0; j < deck->jokers; ++j) visit(joker_card(j));
}

}  // namespace

int deck_cards(const RuleSet& rules, int players, std::span<Card> out) {
  int n = 0;
  for_each_deck_card(rules, players, [&](Card c) { out[n++] = c; });
  return n;
}

CardSet deck_set(const RuleSet& rules, int players) {
  CardSet deck;
  for_each_deck_card(rules, players, [&](Card c) { deck.insert(c); });
  return deck;
}

bool cards_conserved(const GameState& s, const RuleSet& rules, Card* bad) {
  return cards_conserved(s, deck_set(rules, s.num_players), bad);
}

bool cards_conserved(const GameState& s, CardSet deck, Card* bad) {
  // As sets of 128 bits: every checked step of every fuzz input runs this. A card seen in a
  // second place goes to `twice`; the deck's cards are then the places' union, exactly.
  CardSet seen, twice;
  auto see = [&](Card c) {
    if (seen.contains(c)) twice.insert(c);
    seen.insert(c);
  };
  auto see_all = [&](CardSet cards) {
    twice |= seen & cards;
    seen |= cards;
  };
  for (int p = 0; p < s.num_players; ++p) see_all(s.players[p].hand);
  see_all(s.out);
  for (Card c : s.stock.cards()) see(c);
  for (Card c : s.discard.cards()) see(c);
  for (const Meld& m : s.table.all())
    for (int i = 0; i < m.shape.size; ++i) see(m.cards[i]);
  // The lowest card in two places, missing, or of no deck of the ruleset.
  const CardSet wrong = twice | seen.minus(deck) | deck.minus(seen);
  if (wrong.empty()) return true;
  if (bad) *bad = *wrong.begin();
  return false;
}

}  // namespace meldcheck
