// Where a joker may go, from each text's joker rules (../shared/rules/): which natural card
// may take a joker's place on the table, and what a joker may be declared as. Shares only
// the card identity with the engine.
#pragma once

#include <string>

#include "engine/card.h"

namespace meldcheck::oracle {

// Whether `natural` may replace, on the table, a joker that stands for `standin` (a whole
// card, or a rank alone in a set): 000 "Jokern" and 003 "Notera" let the very card it
// stands for (in a set, a card of its rank), 002 lists no swap, 004 retrieves jokers only
// by rearranging.
bool swap_allowed(const std::string& ruleset, Face standin, Face natural);

// Whether a joker may be declared as a card that is already on the table: 000 "Jokern"
// forbids it; the other texts say nothing against it.
bool may_stand_for_card_on_table(const std::string& ruleset);

// Whether jokers stay on the table once laid (004: a retrieved joker goes into a new set in
// the same turn, so none returns to a rack).
bool jokers_stay_on_table(const std::string& ruleset);

}  // namespace meldcheck::oracle
