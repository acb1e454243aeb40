// The facts of a match position that are one value each, listed once. The list declares
// them in GameState and drives everything that must name them all: equality, hashing and
// the named difference (engine/state.cc), the scenario reader's setup and expectations and
// the writer (files/), the protocol's state (protocol/protocol.cc) and the oracle's view
// (hunting/oracle_views.cc). A new fact is one entry here plus the rule code that uses it.
//
//   X(type, member, initial, key, expect_key, Codec, Told)
//     key         its name in a scenario's setup
//     expect_key  its name in expectations and the protocol's state (the contract's
//                 round_over for the hand's end)
//     Codec  how it is written there (files/scenario.cc reads it, files/scenario_writer.h writes it):
//              Seat         a player: A, B, ...         Number  an integer
//              SeatOrNone   a player, or null           Flag    true or false
//              Seats        a list of players           PhaseName  draw, play, row
//              Word64       a 64-bit number
//     Told   what another engine tells of it (spec/engine-protocol.md), so what lockstep
//            holds it to: WhilePlaying (its `state`, while the hand goes on), WhereRuled
//            (its `state`, in the rulesets that have the key), Always (its `state`),
//            InScore (its `score`, once the match is over), Own (meldcheck's books alone)
#pragma once

#define MELDCHECK_POSITION_FACTS(X)                                                                                            \
  X(uint8_t, to_move, 0, "to_move", "to_move", Seat, WhilePlaying)                                                             \
  X(uint8_t, first_player, 0, "first_player", "first_player", Seat, Own)  /* who began the hand */                             \
  X(uint8_t, dealer, 0, "dealer", "dealer", Seat, Own)                                                                         \
  X(Phase, phase, Phase::kDraw, "phase", "phase", PhaseName, WhilePlaying)                                                     \
  X(uint16_t, round, 1, "round", "round", Number, WhereRuled)  /* the hand's number (Liverpool's contract round) */            \
  X(bool, first_lap, false, "first_lap", "first_lap", Flag, WhereRuled)  /* femhundra-rummy: no melds before the 2nd lap */    \
  X(bool, hand_over, false, "hand_over", "round_over", Flag, Always)                                                           \
  X(bool, game_over, false, "game_over", "game_over", Flag, Always)                                                            \
  X(uint8_t, winners, 0, "winner", "winner", Seats, InScore)  /* bit per player, once the game is over */                      \
  X(uint8_t, last_out, kNoPlayer, "last_out", "last_out", SeatOrNone, Own)  /* who went out in the latest finished hand */     \
  X(uint8_t, passes, 0, "passes", "passes", Number, Own)  /* consecutive passes (empty stock or pool) */                       \
  X(uint8_t, next_meld, 1, "next_meld", "next_meld", Number, Own)  /* the next id play numbers (below kFirstNamedMeld) */      \
  X(uint16_t, turns, 0, "turns", "turns", Number, Own)  /* turns taken this hand */                                            \
  X(uint64_t, rng, 0, "rng", "rng", Word64, Own)  /* the generator, carried on for reshuffles and deals */

namespace meldcheck::facts {
// The codecs, as tags: each user of the list overloads on them (`facts::Codec{}`).
struct Seat {};
struct SeatOrNone {};
struct Seats {};
struct Number {};
struct Flag {};
struct PhaseName {};
struct Word64 {};
// What another engine tells of a fact, as tags likewise.
struct WhilePlaying {};
struct WhereRuled {};
struct Always {};
struct InScore {};
struct Own {};
}  // namespace meldcheck::facts
