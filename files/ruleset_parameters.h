// A ruleset's parameters and policies, listed once: each one's name in a spec file, the
// RuleSet member it fills (engine/ruleset.h) and how its value is written. The list drives
// both RulesetSpec::build, which reads a spec file, and spec_parameters, which writes a
// ruleset back out by the same names (`rules diff`), in files/ruleset_loader.cc. A new
// parameter is its member in engine/ruleset.h, one entry here (and a table of names, for a
// policy of a new kind) and the rule code that uses it.
//
//   X(key, member, Codec, Presence)
//     key       its dotted path in a spec file ("draw.whole_pile.meld_due"), the name
//               spec_parameters gives it. The mappings on the way are the file's sections
//               (draw, draw.whole_pile): a section allows the keys the list gives it, in
//               the list's order, and is read in the file's order; the top level is read in
//               the list's order.
//     member    the member of RuleSet it fills: r.member
//     Codec     how its value is written in a spec (files/ruleset_loader.cc reads and writes it):
//                 Flag()        true or false
//                 Int(lo, hi)   a whole number from lo to hi
//                 Enum(names)   a name of one of the tables below
//                 Text()        a single value, as it is
//                 Players()     a number of players or a range of them ("2-4")
//                 Decks()       jokers_per_deck, and the decks by players (written as two)
//                 Deals()       the cards dealt, by players and rounds
//                 Ace()         an ace's rules: high and wrap, both required (written as two)
//                 Values()      a value for every rank and the joker
//                 Contracts()   the contract of each round: sets and runs
//                 AceTable()    an ace's value on the table by its place; given at all, it
//                               sets Scoring::table_ace_by_place ("none" when not)
//     Presence  kRequired, or kOptional (left out: the engine's default)
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "engine/ruleset.h"

#define MELDCHECK_RULESET_PARAMETERS(X)                                                                     \
  X("name", name, Text(), kRequired)                                                                        \
  X("notation", notation, Enum(kNotations), kOptional)                                                      \
  X("players", players, Players(), kRequired)                                                               \
  X("deck", decks, Decks(), kRequired)                                                                      \
  X("deal", deals, Deals(), kRequired)                                                                      \
  X("pile_start", pile_start, Enum(kPileStarts), kOptional)                                                 \
  X("draw.take_sizes", draw.take_sizes, Enum(kTakeSizes), kOptional)                                        \
  X("draw.taken_card_use", draw.taken_card_use, Enum(kTakenCardUses), kOptional)                            \
  X("draw.taken_use_layoff_counts", draw.taken_use_layoff_counts, Flag(), kOptional)                        \
  X("draw.taken_use_when", draw.taken_use_when, Enum(kTakenUseWhens), kOptional)                            \
  X("draw.lone_taken_card_no_discard", draw.lone_taken_card_no_discard, Flag(), kOptional)                  \
  X("draw.whole_pile.needs_opened", draw.whole_pile.needs_opened, Flag(), kOptional)                        \
  X("draw.whole_pile.meld_due", draw.whole_pile.meld_due, Flag(), kOptional)                                \
  X("draw.whole_pile.layoff_counts", draw.whole_pile.layoff_counts, Flag(), kOptional)                      \
  X("draw.whole_pile.unmeldable_penalty", draw.whole_pile.unmeldable_penalty, Int(-1000, 0), kOptional)     \
  X("draw.empty_stock", draw.empty_stock, Enum(kEmptyStocks), kOptional)                                    \
  X("draw.stuck_ends", draw.stuck_ends, Enum(kStuckEnds), kOptional)                                        \
  X("draw.timeout_penalty", draw.timeout_penalty, Int(0, 10), kOptional)                                    \
  X("draw.timeout_short_pool_draws", draw.timeout_short_pool_draws, Flag(), kOptional)                      \
  X("meld.min_size", meld.min_size, Int(2, 5), kOptional)                                                   \
  X("meld.set_max", meld.set_max, Int(0, 16), kOptional)                                                    \
  X("meld.set_distinct_suits", meld.set_distinct_suits, Flag(), kOptional)                                  \
  X("meld.set_standin", meld.set_standin, Enum(kSetStandins), kOptional)                                    \
  X("meld.ace_melding", meld.ace_melding, Ace(), kOptional)                                                 \
  X("meld.ace_building", meld.ace_building, Ace(), kOptional)                                               \
  X("meld.min_naturals", meld.min_naturals, Int(0, 3), kOptional)                                           \
  X("meld.joker_not_on_table", meld.joker_not_on_table, Flag(), kOptional)                                  \
  X("opening.form", opening.form, Enum(kOpeningForms), kOptional)                                           \
  X("opening.points", opening.points, Int(0, 1000), kOptional)                                              \
  X("opening.melds_after_opening", opening.melds_after_opening, Flag(), kOptional)                          \
  X("opening.first_lap_no_meld", opening.first_lap_no_meld, Flag(), kOptional)                              \
  X("opening.contracts", opening.contracts, Contracts(), kOptional)                                         \
  X("opening.contract_distinct", opening.contract_distinct, Flag(), kOptional)                              \
  X("layoff.needs_opened", layoff.needs_opened, Flag(), kOptional)                                          \
  X("swap.allowed", swap.allowed, Flag(), kOptional)                                                        \
  X("swap.needs_opened", swap.needs_opened, Flag(), kOptional)                                              \
  X("swap.joker_used_same_turn", swap.joker_used_same_turn, Flag(), kOptional)                              \
  X("swap.natural_scores_for", swap.natural_scores_for, Enum(kSwapScorers), kOptional)                      \
  X("claim", claim, Enum(kClaimRules), kOptional)                                                           \
  X("going_out.build_only_needs_discard", going_out.build_only_needs_discard, Flag(), kOptional)            \
  X("going_out.empty_hand_floats", going_out.empty_hand_floats, Flag(), kOptional)                          \
  X("going_out.dead_last_discard", going_out.dead_last_discard, Flag(), kOptional)                          \
  X("going_out.last_round_all_cards", going_out.last_round_all_cards, Flag(), kOptional)                    \
  X("going_out.last_round_others_discard", going_out.last_round_others_discard, Flag(), kOptional)          \
  X("table.free_rearrangement", table.free_rearrangement, Flag(), kOptional)                                \
  X("table.best_move", table.best_move, Enum(kSolverGoals), kOptional)                                      \
  X("scoring.method", scoring.method, Enum(kScoringMethods), kOptional)                                     \
  X("scoring.hand", scoring.hand, Values(), kOptional)                                                      \
  X("scoring.table", scoring.table, Values(), kOptional)                                                    \
  X("scoring.ace_table", scoring, AceTable(), kOptional)                                                    \
  X("scoring.table_joker_as_standin", scoring.table_joker_as_standin, Flag(), kOptional)                    \
  X("scoring.out_bonus", scoring.out_bonus, Int(-1000, 1000), kOptional)                                    \
  X("scoring.out_bonus_when", scoring.out_bonus_when, Enum(kOutBonusWhens), kOptional)                      \
  X("scoring.out_score", scoring.out_score, Int(-1000, 1000), kOptional)                                    \
  X("scoring.one_go_score", scoring.one_go_score, Int(-1000, 1000), kOptional)                              \
  X("scoring.one_go", scoring.one_go, Enum(kOneGos), kOptional)                                             \
  X("scoring.last_round_out_is_one_go", scoring.last_round_out_is_one_go, Flag(), kOptional)                \
  X("scoring.lowest_tie", scoring.lowest_tie, Enum(kLowestTies), kOptional)                                 \
  X("match.goal", match.goal, Enum(kMatchGoals), kOptional)                                                 \
  X("match.target", match.target, Int(1, 1000000), kOptional)                                               \
  X("match.rounds", match.rounds, Int(1, 100), kOptional)                                                   \
  X("match.lowest_wins", match.lowest_wins, Flag(), kOptional)                                              \
  X("match.tie", match.tie, Enum(kTieRules), kOptional)                                                     \
  X("max_turns", max_turns, Int(10, 60000), kOptional)

namespace meldcheck::params {

// The sections a spec must have, though every parameter in them may be left out.
inline constexpr std::string_view kRequiredSections[] = {"scoring", "match"};

enum class Presence : uint8_t { kRequired, kOptional };

// The codecs (see above). files/ruleset_loader.cc overloads its reader and writer on them.
struct Flag {};
struct Text {};
struct Players {};
struct Decks {};
struct Deals {};
struct Ace {};
struct Values {};
struct Contracts {};
struct AceTable {};
struct Int {
  constexpr Int(long long lo, long long hi) : lo(lo), hi(hi) {}
  long long lo, hi;
};

template <typename E>
struct EnumName {
  std::string_view name;
  E value;
};

template <typename E>
struct Enum {
  template <size_t N>
  constexpr Enum(const EnumName<E> (&names)[N]) : names(names) {}
  std::span<const EnumName<E>> names;
};

// The names of each policy's values, as a spec writes them.
inline constexpr EnumName<Notation> kNotations[] = {{"cards", Notation::kCards}, {"tiles", Notation::kTiles}};
inline constexpr EnumName<PileStart> kPileStarts[] = {
    {"none", PileStart::kNone}, {"upcard", PileStart::kUpcard}, {"row", PileStart::kRow}};
inline constexpr EnumName<TakeSizes> kTakeSizes[] = {
    {"none", TakeSizes::kNone}, {"top", TakeSizes::kTop}, {"top-or-all", TakeSizes::kTopOrAll}, {"any", TakeSizes::kAny}};
inline constexpr EnumName<TakenCardUse> kTakenCardUses[] = {{"never", TakenCardUse::kNever},
                                                            {"deepest-if-several", TakenCardUse::kDeepestIfSeveral},
                                                            {"deepest-always", TakenCardUse::kDeepestAlways}};
inline constexpr EnumName<TakenUseWhen> kTakenUseWhens[] = {{"this-turn", TakenUseWhen::kThisTurn},
                                                            {"first-play", TakenUseWhen::kFirstPlay}};
inline constexpr EnumName<EmptyStock> kEmptyStocks[] = {{"pass-ends", EmptyStock::kPassEnds},
                                                        {"reshuffle-pile", EmptyStock::kReshufflePile},
                                                        {"reshuffle-below-top", EmptyStock::kReshuffleBelowTop},
                                                        {"must-play", EmptyStock::kMustPlay}};
inline constexpr EnumName<StuckEnds> kStuckEnds[] = {{"first-stuck", StuckEnds::kFirstStuck},
                                                     {"all-stuck", StuckEnds::kAllStuck}};
inline constexpr EnumName<SolverGoal> kSolverGoals[] = {{"most-tiles", SolverGoal::kMostTiles},
                                                        {"most-value", SolverGoal::kMostValue}};
inline constexpr EnumName<LowestTie> kLowestTies[] = {{"split", LowestTie::kSplit},
                                                      {"fewest-tiles", LowestTie::kFewestTiles}};
inline constexpr EnumName<SetStandin> kSetStandins[] = {
    {"card", SetStandin::kCard}, {"rank", SetStandin::kRank}, {"determined", SetStandin::kDetermined}};
inline constexpr EnumName<OpeningForm> kOpeningForms[] = {
    {"free", OpeningForm::kFree}, {"contract", OpeningForm::kContract}, {"points", OpeningForm::kPoints}};
inline constexpr EnumName<SwapScorer> kSwapScorers[] = {{"joker-owner", SwapScorer::kJokerOwner},
                                                        {"swapper", SwapScorer::kSwapper}};
inline constexpr EnumName<ClaimRule> kClaimRules[] = {
    {"none", ClaimRule::kNone}, {"rummy", ClaimRule::kRummy}, {"snap", ClaimRule::kSnap}, {"buy", ClaimRule::kBuy}};
inline constexpr EnumName<ScoringMethod> kScoringMethods[] = {{"table-minus-hand", ScoringMethod::kTableMinusHand},
                                                              {"hands-to-winner", ScoringMethod::kHandsToWinner},
                                                              {"penalty-points", ScoringMethod::kPenaltyPoints},
                                                              {"zero-sum", ScoringMethod::kZeroSum}};
inline constexpr EnumName<OutBonusWhen> kOutBonusWhens[] = {{"always", OutBonusWhen::kAlways},
                                                            {"melds-only-turn", OutBonusWhen::kMeldsOnlyTurn},
                                                            {"melds-only-hand", OutBonusWhen::kMeldsOnlyHand}};
inline constexpr EnumName<OneGo> kOneGos[] = {{"same-turn", OneGo::kSameTurn}, {"one-action", OneGo::kOneAction}};
inline constexpr EnumName<MatchGoal> kMatchGoals[] = {{"target", MatchGoal::kTarget}, {"rounds", MatchGoal::kRounds}};
inline constexpr EnumName<TieRule> kTieRules[] = {
    {"shared", TieRule::kShared}, {"last-hand-winner", TieRule::kLastHandWinner}, {"play-on", TieRule::kPlayOn}};

}  // namespace meldcheck::params
