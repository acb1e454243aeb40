// The scores of a finished hand, straight from each text's scoring section
// (../shared/rules/), with the readings documented in spec/. It shares only the card
// identity with the engine and reads the hand as plain data.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/card.h"

namespace meldcheck::oracle {

struct TableCard {
  Face face;          // the card, or for a joker the card it stands for (maybe a rank alone)
  bool joker = false;
  int laid_by = 0;    // whose card it is for scoring
  friend bool operator==(const TableCard&, const TableCard&) = default;
};

// A meld's cards in order (a run from its low end to its high end).
using TableMeld = std::vector<TableCard>;

struct FinishedHand {
  int players = 0;
  std::vector<std::vector<Face>> hands;  // what each player holds (jokers as Face::joker())
  std::vector<TableMeld> table;
  int out = -1;                          // who went out; -1 when nobody did
  std::vector<int> penalties;            // points entered during the hand (a pile penalty)
  // How the player who went out did it.
  bool out_by_discard = false;
  bool out_built_on_others_this_turn = false;
  bool out_built_on_others_this_hand = false;
  bool out_went_down_this_turn = false;  // laid down the contract in the going-out turn
  int out_actions_this_turn = 0;         // melds, layoffs and swaps in that turn
  bool last_round = false;               // the match's last contract round
  int ended_by = 0;                      // whose turn ended the hand
};

// Throws std::invalid_argument for a ruleset id it has no scoring section for.
std::vector<int> hand_scores(const FinishedHand& hand, const std::string& ruleset,
                             const std::vector<std::string>& variants, const std::map<std::string, std::string>& options);

}  // namespace meldcheck::oracle
