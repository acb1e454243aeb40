// Meld validity by brute force, from the rule texts: every joker tried as every card, then
// the set and run definitions of each text checked on the cards that result. It shares
// only the card identity (engine/card.h) with the engine; the definitions below are
// written from the texts (../shared/rules/) and the readings documented in spec/, not read
// from a RuleSet.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/card.h"

namespace meldcheck::oracle {

// What a meld may be in one ruleset, with its variants and options applied.
struct MeldDefinition {
  int set_max = 4;                // 0: no limit
  bool set_distinct_suits = true;
  bool ace_high = true;           // A after K
  bool corner_melding = false;    // K-A-2 in a new meld
  bool corner_building = false;   // K-A-2 by building on a meld
  int min_naturals = 1;

  friend auto operator<=>(const MeldDefinition&, const MeldDefinition&) = default;
};

// Throws std::invalid_argument for a ruleset whose texts it has no definition from.
MeldDefinition meld_definition(const std::string& ruleset, const std::vector<std::string>& variants,
                               const std::map<std::string, std::string>& options);

// The cards a meld's jokers stand for, in the order the jokers appear.
using Faces = std::vector<Face>;

// Whether the cards (naturals, with each joker replaced by the card it stands for) form a
// set or a run. `jokers` says how many of them are jokers (for the natural-card rule).
bool is_meld(const MeldDefinition& d, const Faces& cards, int jokers, bool building);

// Whether some choice of cards for the jokers makes a meld of `naturals` and `jokers` jokers.
bool can_meld(const MeldDefinition& d, const Faces& naturals, int jokers, bool building);

// "Meld perft": the distinct melds (as multisets of cards, without jokers) a deck of
// `copies` copies of each card allows; `minimal` counts only those that cannot be split
// into two or more melds. Found by trying every multiset of one rank or one suit.
struct MeldCount {
  long sets = 0, runs = 0;
};
MeldCount count_melds(const MeldDefinition& d, int copies, bool minimal);

}  // namespace meldcheck::oracle
