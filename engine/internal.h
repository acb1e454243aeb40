// Shared pieces of the engine's implementation; not part of its public interface.
#pragma once

#include <span>

#include "engine/action.h"
#include "engine/engine.h"
#include "engine/state.h"

namespace meldcheck::detail {

// Picks a physical card of the hand for each token's face, preferring the cards in
// `prefer` (so that a taken card is the copy that meets its obligation). Returns false
// when the hand does not hold them all.
bool pick_cards(CardSet hand, std::span<const Token> tokens, CardSet prefer, std::span<Card> out);

// True when every face of the tokens is held (with multiplicity).
bool holds(CardSet hand, std::span<const Token> tokens);

// The turn ends: facts reset, play passes to the next player.
void end_turn(GameState& s, const RuleSet& r);
// Play passes to `player`, starting their turn at the draw.
void pass_turn_to(GameState& s, const RuleSet& r, int player);

// The hand ends; `out` went out (kNoPlayer when the hand ends otherwise). Scores it and
// decides whether the match is over.
// `ender`: the player whose turn ended the hand, when no longer the player to move.
void end_hand(GameState& s, const RuleSet& r, int out, int ender = kNoPlayer);

// After a meld, layoff or discard emptied the hand of the player to move.
void hand_emptied(GameState& s, const RuleSet& r, bool by_discard);

// The last of a match's contract rounds (the one that goes out with no discard).
bool in_last_round(const GameState& s, const RuleSet& r);
// Whether the player to move ends this turn without a discard: the last round, where the
// others do not discard either.
bool turn_ends_without_discard(const GameState& s, const RuleSet& r);

// Refills an empty stock from the discard pile when the ruleset reshuffles; a stock that
// is empty but can be refilled still has a card to give.
void refill_stock(GameState& s, const RuleSet& r);
bool stock_has_card(const GameState& s, const RuleSet& r);

// Whether `shape`, being laid with `laid`, declares a joker as a card already on the table
// (or among `laid`), when the ruleset forbids it. The rule is on declaring: a joker that
// stood for its card in `before` (the meld built onto) is not declared again, even if that
// card was laid since.
bool joker_declared_on_table(const GameState& s, const RuleSet& r, const Shape& shape,
                             std::span<const Token> laid, const Shape* before = nullptr);

// Adds a new meld to the table from cards already removed from the hand.
void add_meld(GameState& s, const Formed& f, std::span<const Card> cards_in_token_order, int owner);
// Rebuilds a meld with added cards (`added` in token order) after extend_meld.
void grow_meld(Meld& m, const Formed& f, std::span<const Card> added, int builder);

// Updates the turn's obligations for cards just laid, in a new meld or a layoff (met when
// a laid card has the face of the card owed).
void note_cards_laid(GameState& s, const RuleSet& r, std::span<const Card> cards, bool in_new_meld);
// Forgets the turn's facts about cards that have left the hand.
void forget_cards_played(GameState& s);
// Whether a meld, layoff or swap by the player to move goes down before the taken card
// owed, where that card must go into the first meld or layoff after the take
// (TakenUseWhen::kFirstPlay): it does not lay the card in a way that meets the debt.
bool passes_over_owed_card(const GameState& s, const RuleSet& r, const Action& a);

// Whether the player to move could still use `card` this turn (a new meld with it, or a
// layoff of it), with the cards of `pool` and the table as they are.
bool card_usable(const GameState& s, const RuleSet& r, int player, CardSet pool, Card card);
// Whether the player can lay every joker freed this turn (TurnFacts::freed_jokers) this
// turn: one freed joker (or any, before one's contract) in a meld (a contract) or a layoff;
// several, one of them in a meld or layoff the engine accepts, whose own look-ahead asks
// the same of the rest.
bool freed_jokers_playable(const GameState& s, const RuleSet& r, int player);
// Whether the player to move can lay down every card left in hand, in at most `depth`
// melds and layoffs.
bool can_play_out(const GameState& s, const RuleSet& r, int player, int depth);
// Whether a new meld with at least one card of `needed` (a layoff too, when
// `layoff_counts`) can be made from `pool`.
bool meld_possible_with(const GameState& s, const RuleSet& r, int player, CardSet pool, CardSet needed,
                        bool layoff_counts);

// The tiles an arrangement by the player to move may lay: the table's and the rack's.
CardSet table_and_rack(const GameState& s);

// Whether `face`, laid off alone, fits a meld on the table for this player.
bool fits_table(const GameState& s, const RuleSet& r, int player, Face face);

// Whether the discard on offer may be claimed now, by the ruleset's claim rule.
bool claim_window_open(const GameState& s, const RuleSet& r);

// What a step's check works out on the way to its verdict and its change then uses: the
// melds formed (a claim's grown meld in [0]), a claim's layoff target, arrange's old sets.
// (A layoff, the commonest look-ahead, needs only its grown meld.)
struct Plan {
  std::array<Formed, TokenGroups::kMaxGroups> formed;
  int groups = 0;
  int target = -1;  // table index
  std::array<bool, TokenGroups::kMaxGroups> old_set{};
};

// Per action kind: its own clauses, judged on a state that does not change...
Refusal check_draw(const GameState& s, const RuleSet& r);
Refusal check_take(const GameState& s, const RuleSet& r, const Action& a);
Refusal check_pass(const GameState& s, const RuleSet& r, const Action& a);
Refusal check_meld(const GameState& s, const RuleSet& r, const Action& a, Plan& plan);
Refusal check_layoff(const GameState& s, const RuleSet& r, const Action& a, Formed& grown);
Refusal check_swap(const GameState& s, const RuleSet& r, const Action& a);
Refusal check_discard(const GameState& s, const RuleSet& r, const Action& a);
Refusal check_claim(const GameState& s, const RuleSet& r, const Action& a, Plan& plan);
Refusal check_next_hand(const GameState& s);
Refusal check_arrange(const GameState& s, const RuleSet& r, const Action& a, Plan& plan);
// Whether the player's rack could reach the points opening they owe, at the most: every
// number in it laid, each joker standing for the highest. Below the points no arrangement of
// theirs opens, and none is worth listing. True where no points opening is owed.
bool opening_within_reach(const GameState& s, const RuleSet& r, int p);

// ...and the change of a step whose check passed (with the plan that check filled).
void play_draw(GameState& s, const RuleSet& r);
void play_take(GameState& s, const RuleSet& r, const Action& a);
void play_pass(GameState& s, const RuleSet& r);
void play_meld(GameState& s, const RuleSet& r, const Action& a, const Plan& plan);
void play_layoff(GameState& s, const RuleSet& r, const Action& a, const Formed& grown);
void play_swap(GameState& s, const RuleSet& r, const Action& a);
void play_discard(GameState& s, const RuleSet& r, const Action& a);
void play_claim(GameState& s, const RuleSet& r, const Action& a, const Plan& plan);
void play_next_hand(GameState& s, const RuleSet& r, const Action& a);
void play_arrange(GameState& s, const RuleSet& r, const Action& a, const Plan& plan);
void play_timeout(GameState& s, const RuleSet& r);

// A step's own check and, when it passes, its change (without the order of apply()'s
// common checks): for looking ahead on a copy of the state.
Refusal check_and_play(GameState& s, const RuleSet& r, const Action& a);

// Whether the player to move has any arrangement that lays a tile (engine/solver.h).
bool can_play_from_rack(const GameState& s, const RuleSet& r);

// Deals a hand into `s` (players, totals and match facts kept).
void deal_hand(GameState& s, const RuleSet& r, uint64_t seed, int dealer);

}  // namespace meldcheck::detail
