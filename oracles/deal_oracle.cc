#include "oracles/deal_oracle.h"

#include <stdexcept>

#include "oracles/configuration.h"
#include "oracles/generator.h"

namespace meldcheck::oracle {
namespace {

struct DeckAndDeal {
  int copies = 1, jokers = 0, cards = 7;
  bool upcard = true;
};

// Each text's deck and deal, with the readings of spec/ and the variants and options.
DeckAndDeal rules_of(const std::string& ruleset, const std::vector<std::string>& variants,
                     const std::map<std::string, std::string>& options, int players, int round) {
  DeckAndDeal d;
  if (ruleset == "femhundra-rummy") {  // 000 "Kortlek", "Given"; variants 1 and 2
    d.jokers = has(variants, "no-joker") ? 0 : 1;
    d.cards = has(variants, "seven-cards") ? 7 : players == 2 ? 10 : players <= 4 ? 7 : 6;
  } else if (ruleset == "femhundra-familj") {  // 001: two decks, no jokers, ten each, a row instead
    d.copies = 2;
    d.cards = 10;
    d.upcard = false;
  } else if (ruleset == "rummy500") {  // 002 "ANTAL KORT", "DEAL": two jokers a deck
    d.copies = players >= 5 ? 2 : 1;
    d.jokers = has(variants, "no-jokers") ? 0 : 2 * d.copies;
    d.cards = players == 2 ? 13 : 7;
  } else if (ruleset == "liverpool") {  // 003: two decks, six jokers, seven each
    d.copies = 2;
    d.jokers = 6;
    const std::string size = option(options, "deal-size", "seven");
    d.cards = size == "ten" ? 10 : size == "ten-then-twelve" ? (round <= 3 ? 10 : 12) : 7;
  } else if (ruleset == "rummikub") {  // 004: 104 tiles and two jokers, fourteen each, no pile
    d.copies = 2;
    d.jokers = 2;
    d.cards = 14;
    d.upcard = false;
  } else {
    throw std::invalid_argument("the deal oracle has no deal for the ruleset '" + ruleset + "'");
  }
  return d;
}

}  // namespace

std::vector<Face> deck(const std::string& ruleset, const std::vector<std::string>& variants,
                       const std::map<std::string, std::string>& options, int players) {
  const DeckAndDeal d = rules_of(ruleset, variants, options, players, 1);
  // The canonical order: suits (colours) one after another, ranks from the ace (the 1)
  // up, the whole deck once a copy, then the jokers.
  std::vector<Face> out;
  out.reserve(size_t(d.copies * kSuits * kRanks + d.jokers));
  for (int copy = 0; copy < d.copies; ++copy)
    for (int suit = 0; suit < kSuits; ++suit)
      for (int rank = 1; rank <= kRanks; ++rank) out.push_back(Face::natural(suit, rank));
  for (int j = 0; j < d.jokers; ++j) out.push_back(Face::joker());
  return out;
}

Deal deal(const std::string& ruleset, const std::vector<std::string>& variants,
          const std::map<std::string, std::string>& options, int players, uint64_t seed, int dealer, int round) {
  const DeckAndDeal d = rules_of(ruleset, variants, options, players, round);
  std::vector<Face> deck = oracle::deck(ruleset, variants, options, players);
  Generator g(seed);
  shuffle(deck, g);

  Deal out;
  out.hands.resize(size_t(players));
  for (std::vector<Face>& hand : out.hands) hand.reserve(size_t(d.cards));
  size_t next = 0;
  for (int k = 0; k < d.cards; ++k)
    for (int p = 1; p <= players && next < deck.size(); ++p) out.hands[size_t((dealer + p) % players)].push_back(deck[next++]);
  if (d.upcard && next < deck.size()) out.upcard.push_back(deck[next++]);
  out.stock.assign(deck.begin() + long(next), deck.end());
  out.rng = g.state;
  return out;
}

}  // namespace meldcheck::oracle
