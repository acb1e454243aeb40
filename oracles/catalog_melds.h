// Melds as the executable catalog reads them: why some cards are no meld, in the terms of
// the texts' clauses (too few cards, no natural card, neither one rank nor one suit, a set
// too big or with a suit twice, cards out of sequence, an ace past the king, a run round
// the corner, a joker's stand-in that does not fit or is not said), and whether a card can
// still be used in a meld or a layoff. Written from the texts' definitions, on top of the
// meld oracle's shapes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "oracles/meld_oracle.h"
#include "oracles/position.h"

namespace meldcheck::oracle {

// How a text wants a joker in a set named.
enum class SetJoker {
  kRank,         // 002, 003: its rank alone
  kCard,         // 000: a whole card, always
  kByGroupSize,  // 004: a whole tile in a group of four, the number alone in a group of three
};

struct MeldText {
  MeldDefinition shapes;
  SetJoker set_joker = SetJoker::kRank;
  bool joker_not_on_table = false;  // 000: never a card already on the table

  static MeldText of(const Game& game);
  friend auto operator<=>(const MeldText&, const MeldText&) = default;
};

// A meld read as the text reads it: a set or a run, its cards in order (a run from its low
// end), each joker as what it stands for (a rank alone where the text leaves the suit open).
// A card already on the table keeps who laid it where its place is known (a run's); the
// others are kNewCard's.
inline constexpr int kNewCard = -1;
struct Reading {
  bool run = false;
  TableMeld cards;
};

struct MeldFaults {
  bool size = false, natural = false, shape = false;
  bool set_size = false, set_suits = false;
  bool run = false, ace_high = false, corner = false;
  bool standin = false;
  // Layoffs only: a card of another rank or suit, or one whose place the run already holds.
  bool fit = false, taken = false;
  bool any() const { return size || natural || shape || set_size || set_suits || run || ace_high || corner || standin || fit || taken; }
  // The faults of several melds together.
  MeldFaults& operator|=(const MeldFaults& o) {
    size |= o.size, natural |= o.natural, shape |= o.shape, set_size |= o.set_size, set_suits |= o.set_suits;
    run |= o.run, ace_high |= o.ace_high, corner |= o.corner, standin |= o.standin, fit |= o.fit, taken |= o.taken;
    return *this;
  }
};

// Why the tokens are no new meld; the reading when they are one.
// Whether a meld on the table is a set (its cards share a rank; a run's never do).
bool is_set(const TableMeld& meld);
// The rank at a place of a run counted on past the king or back past the ace (place 14 is
// the ace above the king, 0 the king below the ace).
int rank_at(int place);

MeldFaults meld_faults(const MeldText& text, const std::vector<Token>& tokens, bool building, Reading* reading = nullptr);

// Why the tokens do not build onto the meld; its reading when they do.
MeldFaults layoff_faults(const MeldText& text, const TableMeld& meld, const std::vector<Token>& added,
                         Reading* reading = nullptr);

// The jokers of a reading declared as a natural card that lies on the table, or among the
// other cards laid with it (000 "Jokern").
bool joker_on_table(const Reading& reading, const Position& at, const std::vector<Token>& laid);
// The same for a layoff onto `meld`: only the jokers it declares count, not those that
// stood for their card in the meld before (the rule is on laying a joker out).
bool layoff_joker_on_table(const TableMeld& meld, const Reading& reading, const Position& at,
                           const std::vector<Token>& laid);

// The ways can_use may find for a card, said by name at the call
// (`{.new_meld = true, .layoff = true}`).
struct CardUse {
  bool new_meld = false;            // into a new meld of cards from the pool
  bool layoff = false;              // built onto a meld on the table with cards from the pool
  bool meld_before_layoff = false;  // a layoff only after a new meld of the other cards
  bool keep_a_card = false;         // a layoff only of fewer cards than the pool holds (the last
                                    // card cannot go out by building in a turn without a new
                                    // meld: 000 "Utgång")
};

// Whether face `f` (held in `pool`) can be used in one of the ways `use` allows.
bool can_use(const MeldText& text, const std::vector<Face>& pool, Face f, CardUse use, const Position& at);
// Whether `jokers` jokers of `pool` can all be used: one as can_use has it; several built on
// melds one after another, each from the table the last leaves (two may find one place).
bool can_lay_jokers(const MeldText& text, const std::vector<Face>& pool, int jokers, CardUse use, const Position& at);

// Whether a contract of `sets` sets and `runs` runs can be laid from `pool` with a card of
// face `f` in it: no two sets of a rank nor two runs of a suit where `distinct`, every card
// of the pool where `all_cards` (003 "Spelomgångar", "Sista given").
bool contract_with(const MeldText& text, const std::vector<Face>& pool, Face f, int sets, int runs, bool distinct,
                   bool all_cards, const Position& at);

// Whether some new meld can be made from the pool.
bool any_meld(const MeldText& text, const std::vector<Face>& pool, const Position& at);

// Whether a face laid off alone fits some meld on the table (a joker, named as it could be).
bool fits_some_meld(const MeldText& text, Face f, const Position& at);

}  // namespace meldcheck::oracle
