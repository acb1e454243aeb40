// The invariants every layer may rely on (architecture.md), checked on a state: for
// fuzzers, properties and debugging. Empty when they hold, else the first one broken.
#pragma once

#include <string>

#include "engine/ruleset.h"
#include "engine/state.h"

namespace meldcheck {

std::string invariant_violation(const GameState& s, const RuleSet& r);

// The invariants of a position the rules can reach (the scenario contract's "A setup is a
// position the game can reach", and the engine's further ones in
// spec/scenario.schema.json's `reachable`). Play never leaves them; a setup that breaks
// one asks about no game, and the reader refuses it unless it says `reachable: false`.
enum class Unreachable : uint8_t {
  kNone,
  kEmptyHand,       // a player holds no card while the hand goes on (unless the ruleset lets a hand float)
  kTurnFactsAtRest, // facts of a turn in progress outside the phase that has them (play)
  kMeldInFirstLap,  // a meld on the table, or a player opened, in femhundra-rummy's first lap
};
struct Reachability {
  Unreachable broken = Unreachable::kNone;
  int player = -1;  // kEmptyHand, kMeldInFirstLap: whom it is about
  explicit operator bool() const { return broken != Unreachable::kNone; }
};
// The first reachability invariant `s` breaks (nothing while its hand is over).
Reachability unreachable(const GameState& s, const RuleSet& r);
// What the invariant says, for messages: "while the hand goes on, every player holds a card".
const char* reachability_text(Unreachable u);

}  // namespace meldcheck
