// A game driven by the bytes, over any ruleset, mix of variants and option choice: each
// step an action the enumeration lists, or one the bytes make up (an arbitrary action, or
// one near a listed action), every step checked (hunting/checks.h). What play_fuzz and
// catalog_diff_fuzz share; they differ in the actions made up and the checks run.
//
// A game starts from a fresh deal or from one of 25 positions, twelve steps apart, of a
// match played beforehand for the configuration; a listed action is one of the legal
// actions of a kind the bytes name (the enumeration searches for that kind alone).
#pragma once

#include "fuzz/fuzz_input.h"
#include "hunting/checks.h"

namespace meldcheck::fuzz {

enum class MadeUp : uint8_t {
  kArbitrary,  // any kind, random cards, seats and targets (RandomPlayer::arbitrary)
  kNear,       // a listed action with another card, depth, meld or player (hunt::nearby)
};

Found driven_game(FuzzedDataProvider& in, hunt::CheckSet checks, MadeUp made_up, int most_steps);

}  // namespace meldcheck::fuzz
