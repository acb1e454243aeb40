#include "oracles/joker_oracle.h"

namespace meldcheck::oracle {

bool swap_allowed(const std::string& ruleset, Face standin, Face natural) {
  if (ruleset != "femhundra-rummy" && ruleset != "liverpool") return false;
  if (!natural.is_natural()) return false;
  return standin.is_natural() ? standin == natural : standin.rank() == natural.rank();
}

bool may_stand_for_card_on_table(const std::string& ruleset) { return ruleset != "femhundra-rummy"; }

bool jokers_stay_on_table(const std::string& ruleset) { return ruleset == "rummikub"; }

}  // namespace meldcheck::oracle
