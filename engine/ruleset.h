// A ruleset as plain data: parameters and named policies. Everything in which the five
// games differ is a field here, filled from spec/<ruleset>.yaml (files/ruleset_loader);
// the engine reads these fields and never asks which game it is playing.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/card.h"
#include "engine/refusal.h"

namespace meldcheck {

inline constexpr int kMaxPlayers = 8;

// ---- the deck and the deal ----------------------------------------------------------

struct PlayerRange {
  uint8_t min = 0, max = 0;
  bool contains(int n) const { return n >= min && n <= max; }
};

struct DeckRule {
  PlayerRange players;
  uint8_t decks = 1;   // copies of the 52 faces (1 or 2)
  uint8_t jokers = 0;  // jokers in all
  int cards() const { return decks * kFaces + jokers; }
};

struct DealRule {
  PlayerRange players;
  PlayerRange rounds{1, 255};  // the hands of the match it applies to
  uint8_t cards = 7;
};

// How the discard pile gets its first card(s).
enum class PileStart : uint8_t {
  kNone,    // no discard pile at the start
  kUpcard,  // the top of the stock is turned up
  kRow,     // each player lays one card of choice into a face-up row (phase `row`)
};

// ---- drawing ------------------------------------------------------------------------

// How many cards a take from the discard pile may have.
enum class TakeSizes : uint8_t {
  kNone,      // there is no discard pile to take from
  kTop,       // the newest card only
  kTopOrAll,  // the newest card, or the whole pile
  kAny,       // any depth: the newest N cards
};

// Which taken card must be used (in a meld or a layoff) in the same turn.
enum class TakenCardUse : uint8_t {
  kNever,
  kDeepestIfSeveral,  // the deepest card, when more than one was taken
  kDeepestAlways,     // the deepest card, even when it is the only one
};

// When in the turn the taken card owed (TakenCardUse) must go down.
enum class TakenUseWhen : uint8_t {
  kThisTurn,   // before the turn ends; other melds and layoffs may come first
  kFirstPlay,  // in the first meld or layoff after the take: until it is down, a meld,
               // layoff or swap that does not lay it (and meet the debt) is refused
};

// A take of the whole pile (TakeSizes::kTopOrAll) and what it obliges.
struct WholePileRule {
  bool needs_opened = false;      // only after one's first meld
  bool meld_due = false;          // a new meld with a pile card must follow in the turn
  bool layoff_counts = false;     // ...or a layoff with a pile card
  int16_t unmeldable_penalty = 0; // entered at the take when no such meld is possible
};

enum class EmptyStock : uint8_t {
  kPassEnds,           // the player to move may pass on the pile, which ends the hand
  kReshufflePile,      // the whole pile is shuffled into a new stock; its top is turned up
  kReshuffleBelowTop,  // the pile but its top card is shuffled into a new stock
  kMustPlay,           // no draw: a player must play if able, and passes otherwise
};

// When passing at an empty pool (EmptyStock::kMustPlay) ends the hand.
enum class StuckEnds : uint8_t {
  kFirstStuck,  // as soon as a player cannot play
  kAllStuck,    // once every player in turn has passed
};

struct DrawRules {
  TakeSizes take_sizes = TakeSizes::kTop;
  TakenCardUse taken_card_use = TakenCardUse::kNever;
  bool taken_use_layoff_counts = true;  // a layoff with the taken card meets the obligation
  TakenUseWhen taken_use_when = TakenUseWhen::kThisTurn;
  bool lone_taken_card_no_discard = false;
  WholePileRule whole_pile;
  EmptyStock empty_stock = EmptyStock::kPassEnds;
  StuckEnds stuck_ends = StuckEnds::kFirstStuck;
  uint8_t timeout_penalty = 0;        // tiles drawn when the time runs out; 0: no time limit
  bool timeout_short_pool_draws = true;  // with fewer left, draw them (else none)
};

// ---- melds --------------------------------------------------------------------------

// What a joker in a set must stand for.
enum class SetStandin : uint8_t {
  kCard,        // a whole card, always
  kRank,        // the rank alone
  kDetermined,  // a whole card when the other cards leave one suit free, else the rank
};

struct AceRules {
  bool high = true;   // an ace may follow the king
  bool wrap = false;  // round the corner: one ace both after the king and before the two
};

struct MeldRules {
  uint8_t min_size = 3;
  uint8_t set_max = 4;  // 0: no limit
  bool set_distinct_suits = true;
  SetStandin set_standin = SetStandin::kRank;
  AceRules ace_melding, ace_building;
  uint8_t min_naturals = 1;        // natural cards every meld needs
  bool joker_not_on_table = false;  // a joker may not stand for a card on the table
};

// ---- opening, laying off, swapping --------------------------------------------------

enum class OpeningForm : uint8_t {
  kFree,      // any melds
  kContract,  // the round's contract, whole, in one action
  kPoints,    // new sets from the rack alone worth `points`, the table left as it is
};

struct ContractRound {
  uint8_t sets = 0, runs = 0;
};

struct OpeningRules {
  OpeningForm form = OpeningForm::kFree;
  uint16_t points = 0;  // kPoints: the least an opening is worth (a joker counts its stand-in)
  bool melds_after_opening = true;
  bool first_lap_no_meld = false;  // nobody melds or builds before the first player's 2nd turn
  std::vector<ContractRound> contracts;  // one per round (kContract)
  bool contract_distinct = false;        // no two sets of one rank, no two runs of one suit
};

struct LayoffRules {
  bool allowed = true;
  bool needs_opened = false;
};

enum class SwapScorer : uint8_t { kJokerOwner, kSwapper };

struct SwapRules {
  bool allowed = false;
  bool needs_opened = false;
  bool joker_used_same_turn = false;  // a freed joker must go down again before the turn ends
  SwapScorer natural_scores_for = SwapScorer::kJokerOwner;
};

// ---- the table ----------------------------------------------------------------------

enum class SolverGoal : uint8_t { kMostTiles, kMostValue };

struct TableRules {
  bool free_rearrangement = false;  // a turn rebuilds the whole table (`arrange`)
  SolverGoal best_move = SolverGoal::kMostTiles;  // what "the best arrangement" maximizes
};

// ---- out-of-turn claims -------------------------------------------------------------

enum class ClaimRule : uint8_t {
  kNone,
  kRummy,  // before the next player draws, take pile cards that meld without hand cards,
           // meld them, finish the turn; play goes on from the claimer
  kSnap,   // before the next player draws, snap a discard that builds on a meld and lay it
           // off at once; the turn order is unchanged
  kBuy,    // after the next player declines the discard, buy it with a penalty card
};

// ---- going out and the last round ---------------------------------------------------

struct GoingOutRules {
  bool build_only_needs_discard = false;  // a turn without a new meld ends with a discard
  bool empty_hand_floats = false;         // emptying the hand without a discard does not end it
  bool dead_last_discard = false;         // a going-out discard must fit no meld
  bool last_round_all_cards = false;      // last round: going down takes every card, no discard
  bool last_round_others_discard = true;  // last round: the others still discard
};

// ---- scoring ------------------------------------------------------------------------

enum class ScoringMethod : uint8_t {
  kTableMinusHand,  // cards one laid score plus, cards in hand minus
  kHandsToWinner,   // the one who goes out scores what the others hold
  kPenaltyPoints,   // everyone but the one who goes out scores what they hold
  kZeroSum,         // losers lose what they hold (beyond the lowest rack, if nobody went
                    // out); the winner gains it all
};

// kZeroSum when nobody went out and several racks tie for the lowest.
enum class LowestTie : uint8_t {
  kSplit,        // the tied players share the winnings
  kFewestTiles,  // the fewest tiles among them wins; a tie there is split
};

// A value per rank (index 1..13) and for the joker.
struct CardValues {
  std::array<int16_t, kRanks + 1> rank{};
  int16_t joker = 0;
  int16_t of(Face f) const { return f.is_joker() ? joker : rank[f.rank()]; }
};

// An ace on the table scores by its place in the meld.
struct AceTableValues {
  int16_t in_set = 0, low = 0, high = 0, corner = 0, corner_to_three = 0;
};

enum class OutBonusWhen : uint8_t {
  kAlways,
  kMeldsOnlyTurn,  // the going-out turn had no discard and no build on another's meld
  kMeldsOnlyHand,  // ...and the player built on no other player's meld all hand
};

enum class OneGo : uint8_t {
  kSameTurn,    // went down and out in the same turn
  kOneAction,   // went down and out in one action, without layoffs or a discard
};

struct Scoring {
  ScoringMethod method = ScoringMethod::kTableMinusHand;
  CardValues hand;    // a card left in hand (a positive number; the method gives the sign)
  CardValues table;   // a card on the table
  AceTableValues ace_table;
  bool table_ace_by_place = false;   // use ace_table instead of table.rank[1]
  bool table_joker_as_standin = false;
  int16_t out_bonus = 0;
  OutBonusWhen out_bonus_when = OutBonusWhen::kAlways;
  int16_t out_score = 0;             // kPenaltyPoints: the one who went out
  int16_t one_go_score = 0;          // kPenaltyPoints: ...when they went down and out at once
  OneGo one_go = OneGo::kSameTurn;
  bool last_round_out_is_one_go = false;
  LowestTie lowest_tie = LowestTie::kSplit;
};

enum class MatchGoal : uint8_t {
  kTarget,  // hands until someone reaches the target
  kRounds,  // a fixed number of hands (or the contracts' rounds)
};

enum class TieRule : uint8_t {
  kShared,          // tied leaders all win
  kLastHandWinner,  // the tied leader who went out in the last hand wins
  kPlayOn,          // another hand is dealt
};

struct MatchRules {
  MatchGoal goal = MatchGoal::kTarget;
  int32_t target = 500;
  uint8_t rounds = 1;
  bool lowest_wins = false;
  TieRule tie = TieRule::kShared;
};

// ---- the catalog --------------------------------------------------------------------

// Whose rule a clause is: a rule of the game's text (the default; its source cites the
// text), or meldcheck's own - a bound that keeps play finite, or the scenario notation's.
// meldcheck's own clauses are held against another engine only when asked.
enum class ClauseKind : uint8_t { kRule, kBound, kNotation };

struct Clause {
  std::string id;      // "<ruleset>/<clause>"
  ClauseKind kind = ClauseKind::kRule;
  std::string text;    // one paraphrased line
  std::string text_sv;  // the same in Swedish
  std::string source;  // file and section
  std::string resolution;  // where the text is silent or ambiguous: the reading taken
  std::string resolution_sv;  // the same in Swedish
  std::vector<Refusal> checks;
  std::vector<std::string> events;  // what in play passes through it (files/play_events.h)
  // Play reaches it one way only, by the rules themselves: "passed" (it can never refuse
  // in this game) or "refused" (what it allows is examined by other clauses); empty: both.
  std::string one_way;
  std::string one_way_why;
};

// A ruleset's clauses in catalog order, shared by the copies of a ruleset: a configuration,
// a game and a scenario each hold a RuleSet, and the clauses never change once read, so a
// copy costs a pointer rather than some hundred strings.
class Catalog {
 public:
  Catalog();
  explicit Catalog(std::vector<Clause> clauses);
  const Clause& operator[](size_t i) const { return (*clauses_)[i]; }
  size_t size() const { return clauses_->size(); }
  bool empty() const { return clauses_->empty(); }
  std::vector<Clause>::const_iterator begin() const { return clauses_->begin(); }
  std::vector<Clause>::const_iterator end() const { return clauses_->end(); }

 private:
  std::shared_ptr<const std::vector<Clause>> clauses_;
};

struct RuleSet {
  std::string id;
  std::string name;
  Notation notation = Notation::kCards;
  PlayerRange players{2, 8};
  std::vector<DeckRule> decks;
  std::vector<DealRule> deals;
  PileStart pile_start = PileStart::kUpcard;
  DrawRules draw;
  MeldRules meld;
  OpeningRules opening;
  LayoffRules layoff;
  SwapRules swap;
  ClaimRule claim = ClaimRule::kNone;
  GoingOutRules going_out;
  TableRules table;
  Scoring scoring;
  MatchRules match;
  uint16_t max_turns = 1000;  // a hand still going after this many turns ends as a draw

  Catalog catalog;
  // For each check, the index in `catalog` of the clause it enforces; -1 when unmapped.
  std::array<int16_t, kNumRefusals> clause_of{};

  const DeckRule* deck_for(int players) const;
  bool has_jokers() const;
  int deal_size(int players, int round) const;
  // The rule id a refusal names: the catalog clause, or core/<check> for core checks.
  std::string rule_id(Refusal c) const;
  // A refusal that is neither core nor named by a catalog clause: a defect of the ruleset.
  bool names_no_clause(Refusal c) const;
  // The catalog clause of a rule id, or nullptr.
  const Clause* clause(const std::string& rule_id) const;
  // Of the failed checks, the one whose clause comes first in the catalog.
  Refusal first_failure(RefusalMask failed) const;
  // The checks these policies can raise; each must be mapped by the catalog.
  RefusalMask reachable_checks() const;
};

}  // namespace meldcheck
