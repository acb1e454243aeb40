// What the executable catalog's predicates share: the move in its position, read once, and
// the tests the texts' clauses are made of. Each ruleset's clauses are in a file of their
// own (catalog_<ruleset>.cc), one predicate a clause, named by its id.
#pragma once

#include <any>
#include <optional>
#include <string_view>
#include <vector>

#include "oracles/catalog.h"
#include "oracles/catalog_melds.h"

namespace meldcheck::oracle::rules {

struct RulesetRules;

struct Context {
  const Game& game;
  const Position& at;
  const Move& move;
  const MeldText& text;
  const RulesetRules* rules = nullptr;  // the game's clauses and outcomes

  const Seat& seat() const { return at.seats[size_t(move.player)]; }
  bool is(MoveKind k) const { return move.kind == k; }
  bool has(std::string_view variant) const;
  const std::string& option(std::string_view id) const;

  // The cards the move takes from the pile (newest last), and the deepest of them.
  const std::vector<Face>& taken() const;
  // The mover's hand with the pile cards a take or claim adds.
  std::vector<Face> pool() const;
  // The mover's hand once the cards the move lays or discards have left it.
  std::vector<Face> hand_left() const;
  // Faults of each new meld the move lays, as the text reads it.
  MeldFaults new_meld_faults() const;
  // Faults of the cards a layoff (or a claim's layoff) builds on its meld.
  MeldFaults layoff_faults() const;
  // The faults of what the move lays: its new melds, its layoff, or a claim's use of them.
  const MeldFaults& laid_faults() const;
  // The readings of the move's new melds (empty where one is no meld).
  const std::vector<Reading>& readings() const;
  // Whether the claim's window is open: after a discard, before the next player draws.
  bool before_next_draw() const;
  // Whether the move ends the player's turn with a discard or a pass.
  bool ends_turn() const { return is(MoveKind::kDiscard) || (is(MoveKind::kPass) && at.phase == Phase::kPlay); }

  // Every token the move lays, in order (read once).
  const std::vector<Token>& tokens() const;

  // Read once: many clauses ask about the same melds.
  mutable std::optional<std::vector<Token>> tokens_{};
  mutable std::optional<std::vector<Face>> taken_{};
  mutable std::optional<MeldFaults> laid_faults_{};
  mutable std::optional<std::vector<Reading>> readings_{};
  // A ruleset's own reading of the move, worked out once for all its clauses.
  mutable std::any ruleset_reading_{};
};

using Forbids = bool (*)(const Context&);

// One clause of a ruleset, by its id without the ruleset: whether it forbids the move, and
// whether it forbids it for what the move would leave unmet (asked only of a move that no
// clause forbids itself: the consequences of a move that cannot be made are moot).
// Where a clause is asked in the contract's order (turn, phase, the cards, then the
// clauses in catalog order). A claim is out of turn by nature: whether the claimer may
// claim now (its window, not its own discard) is its counterpart of the turn, and whether
// it uses the cards it takes (and only those) of the cards held.
enum class Slot { kClause, kClaimTurn, kClaimCards };

struct ClauseRule {
  std::string_view clause;
  Forbids forbids;
  Forbids leaves_unmet = nullptr;
  Slot slot = Slot::kClause;
};

// How an empty stock is made again from the pile: not at all, from the whole pile (its
// new top card turned up as the pile), or from the cards below the pile's top card.
enum class Refill { kNone, kWholePile, kBelowTop };

// What a ruleset decides of a legal move's outcome where the texts differ. The reference
// model (catalog_model.cc) asks these; each ruleset's file answers them from its text.
// Left empty, a part takes the answer most texts give (named at each).
struct Outcomes {
  Refill (*refill)(const Context&) = nullptr;  // none
  // What a take from the pile owes this turn, and a penalty it enters at once.
  void (*take)(const Context&, Position& next) = nullptr;  // nothing
  // Whether a layoff of a card owed to a meld meets the debt.
  bool (*layoff_meets_taken_use)(const Context&) = nullptr;  // yes
  bool (*layoff_meets_pile_meld)(const Context&) = nullptr;  // no
  // Whether a swap's freed joker must go down again this turn.
  bool (*freed_joker_owed)(const Context&) = nullptr;  // no
  // Whether the natural card put in a joker's place scores for the swapper.
  bool (*swapped_card_to_swapper)(const Context&) = nullptr;  // no: for whoever laid the joker
  // Whether a hand laid out whole with no discard floats to the mover's next turn.
  bool (*floats)(const Context&) = nullptr;  // no: the hand is over
  // Whether a pass (the `passes`-th in a row) ends the hand; else the turn passes on.
  bool (*pass_ends_hand)(const Context&, int passes) = nullptr;  // yes
  // A legal claim: the cards it takes and lays, and what becomes of the turn.
  void (*claim)(const Context&, Position& next) = nullptr;
  // How deep into the pile a claim may take (0: any depth), and whether it lays what it
  // takes: what the rules' list of claims tries.
  int claim_depth = 0;
  bool claim_lays = true;
  // Whether the hand is the match's last round (for its scoring).
  bool (*last_round)(const Context&) = nullptr;  // no
  // Once a hand has ended, with the totals entered: whether the match is over, and who won.
  void (*match)(const Context&, Position& next) = nullptr;
  // A new hand's first phase, and whether its first lap forbids melding.
  Phase first_phase = Phase::kDraw;
  bool first_lap = false;
};

// The clauses of each ruleset; `core` names the ruleset's clause that stands for a core
// rule, where it has one (Rummikub's turn.one-step for a step of another game).
struct RulesetRules {
  std::vector<ClauseRule> clauses;
  std::vector<std::pair<std::string_view, std::string_view>> core;  // core id -> clause
  Outcomes outcomes;
};
const RulesetRules& rummy500();
const RulesetRules& femhundra_rummy();
const RulesetRules& femhundra_familj();
const RulesetRules& liverpool();
const RulesetRules& rummikub();

// ---- tests the clauses share ---------------------------------------------------------

// Whether the hand holds these faces (the tokens' cards), with repeats.
bool holds(const std::vector<Face>& hand, const std::vector<Face>& faces);
bool holds(const std::vector<Face>& hand, const std::vector<Token>& tokens);
// Removes one card of each face (which must be there).
std::vector<Face> without(std::vector<Face> hand, const std::vector<Face>& faces);
std::vector<Face> faces_of(const std::vector<Token>& tokens);

// A turn's obligations left unmet by a meld or layoff: after the move, the card owed (or
// a pile card owed to a new meld, or a freed joker) can no longer be used, or only the lone
// taken card is left, with nowhere to go. The clause that would keep the turn from ending
// refuses the move.
enum class Owed { kNone, kTakenCard, kPileMeld, kLoneCard, kFreedJoker };
// The game's terms on meeting them, said by name at the call (`{.taken_use_layoffs = true}`).
struct OwedTerms {
  bool taken_use_layoffs = false;  // a layoff with the taken card meets its debt
  bool pile_meld_layoffs = false;  // a layoff with a pile card meets a pile meld's debt
  bool out_needs_meld = false;     // the last card goes out by building only in a turn with a
                                   // new meld (femhundra-rummy's out.build-needs-discard), so
                                   // it is no way to meet them
};
Owed unmet_after(const Context& c, OwedTerms terms);

// Whether a new meld may be made now by the mover (the first lap, a contract, the
// opening's form decide it in some games).
bool can_meld_now(const Context& c);

// ---- what the reference model's outcomes share (catalog_model.cc) ----------------------

// The turn passes to the player after `from`, owing nothing; at the bound of turns the
// hand ends as it stands.
void pass_turn(const Context& c, Position& next, int from);
// The hand ends; `out` went out (-1: nobody). Scores, totals and the match's end.
void end_hand(const Context& c, Position& next, int out);
// The mover's hand emptied without a discard: the hand is over, or (floating) the turn
// passes.
void hand_laid_out(const Context& c, Position& next);
// New melds of `owner` from the move's readings (the ids after the largest in use).
void lay_new_melds(const Context& c, Position& next, const std::vector<Reading>& melds, int owner);
// `cards` built onto meld `id` by `builder`: the meld as read with them.
void build_on(const Context& c, Position& next, int id, const std::vector<Token>& cards, int builder);
// What the turn still owes once the mover has laid `laid` (in melds, layoffs or a swap).
void forget_laid(const Context& c, Position& next, const std::vector<Face>& laid);
// The turn's books after a meld or a layoff by the mover: what was laid, what is met.
void note_laid(const Context& c, Position& next, bool new_meld, bool on_others);
// Draws the stock's top card into `player`'s hand, refilling the stock as the ruleset
// does when it is empty and when its last card is drawn.
void draw_from_stock(const Context& c, Position& next, int player);
// The turn's facts back to none.
void clear_turn(Position& next);
// What the rulesets' match ends share: the leaders by total (lowest or highest).
std::vector<int> leaders(const Position& next, bool lowest);

}  // namespace meldcheck::oracle::rules
