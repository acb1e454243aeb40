// The deal, straight from the scenario contract's shuffle (scenario-format.md, "The
// shuffle") and each text's deck and deal sections: which cards each player holds, the
// upcard, the stock. Shares only the card identity with the engine; it has its own copy of
// the contract's generator on purpose, so that an engine that shuffles or deals wrongly
// disagrees with it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/card.h"

namespace meldcheck::oracle {

struct Deal {
  std::vector<std::vector<Face>> hands;  // by player, in the order dealt
  std::vector<Face> upcard;              // the first card of the discard pile, if one is turned
  std::vector<Face> stock;               // top first
  uint64_t rng = 0;                      // the generator after the shuffle, carried on in play
};

// The deal of a hand: `round` is the hand's number in the match (deal sizes may depend on
// it); the dealer deals first to the player after them. Throws std::invalid_argument for a
// ruleset it has no deal for.
Deal deal(const std::string& ruleset, const std::vector<std::string>& variants,
          const std::map<std::string, std::string>& options, int players, uint64_t seed, int dealer, int round);

// The deck of a game of `players`, in the contract's canonical order (before any shuffle).
std::vector<Face> deck(const std::string& ruleset, const std::vector<std::string>& variants,
                       const std::map<std::string, std::string>& options, int players);

}  // namespace meldcheck::oracle
