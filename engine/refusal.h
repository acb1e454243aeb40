// The checks the engine makes, one per kind of refusal. A ruleset's catalog maps each
// check it can raise to one of its clause ids (spec/<ruleset>.yaml, `checks:`), so every
// refusal names a rule of that ruleset; the core checks have a fixed `core/...` id that a
// ruleset may override with a clause of its own.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

namespace meldcheck {

#define MELDCHECK_REFUSALS(X)                                                                   \
  /* core: what every game refuses alike (scenario-format.md, "Rule ids") */                  \
  X(kNotYourTurn, "not-your-turn", true)                                                      \
  X(kWrongPhase, "wrong-phase", true)                                                         \
  X(kCardNotHeld, "card-not-held", true)                                                      \
  X(kNoSuchMeld, "no-such-meld", true)                                                        \
  X(kHandOver, "hand-over", true)                                                             \
  X(kBadTake, "bad-take", true)                                                               \
  X(kEmptyStock, "empty-stock", true)                                                         \
  X(kNotInGame, "not-in-this-game", true)                                                     \
  X(kHandNotOver, "hand-not-over", true)                                                      \
  X(kGameOver, "game-over", true)                                                             \
  /* drawing and taking */                                                                    \
  X(kFirstLap, "first-lap", false)                                                            \
  X(kTakeSize, "take-size", false)                                                            \
  X(kTakeNeedsOpened, "take-needs-opened", false)                                             \
  X(kTakeUnusable, "take-unusable", false)                                                    \
  X(kTakeUnused, "take-unused", false)                                                        \
  X(kPileMeldDue, "pile-meld-due", false)                                                     \
  X(kDiscardTakenCard, "discard-taken-card", false)                                           \
  X(kPassNotAllowed, "pass-not-allowed", false)                                               \
  /* melds */                                                                                 \
  X(kMeldSize, "meld-size", false)                                                            \
  X(kMeldShape, "meld-shape", false)                                                          \
  X(kSetSize, "set-size", false)                                                              \
  X(kSetSuits, "set-suits", false)                                                            \
  X(kRunSequence, "run-sequence", false)                                                      \
  X(kRunAceHigh, "run-ace-high", false)                                                       \
  X(kRunCornerMeld, "run-corner-meld", false)                                                 \
  X(kRunCornerBuild, "run-corner-build", false)                                               \
  X(kJokerNatural, "joker-natural", false)                                                    \
  X(kJokerStandin, "joker-standin", false)                                                    \
  X(kJokerOnTable, "joker-on-table", false)                                                   \
  /* opening: contracts and first melds */                                                    \
  X(kMeldAfterOpening, "meld-after-opening", false)                                           \
  X(kContract, "contract", false)                                                             \
  X(kContractDistinct, "contract-distinct", false)                                            \
  X(kLastRoundAllCards, "last-round-all-cards", false)                                        \
  X(kLastRoundNoDiscard, "last-round-no-discard", false)                                      \
  /* laying off */                                                                            \
  X(kLayoffNeedsOpened, "layoff-needs-opened", false)                                         \
  X(kLayoffFit, "layoff-fit", false)                                                          \
  X(kLayoffTaken, "layoff-taken", false)                                                      \
  X(kOutNeedsDiscard, "out-needs-discard", false)                                             \
  /* joker swaps */                                                                           \
  X(kSwapNotAllowed, "swap-not-allowed", false)                                               \
  X(kSwapCard, "swap-card", false)                                                            \
  X(kSwapNeedsOpened, "swap-needs-opened", false)                                             \
  X(kJokerUnused, "joker-unused", false)                                                      \
  /* out-of-turn claims */                                                                    \
  X(kClaimNotAllowed, "claim-not-allowed", false)                                             \
  X(kClaimTiming, "claim-timing", false)                                                      \
  X(kClaimByDiscarder, "claim-by-discarder", false)                                           \
  X(kClaimUse, "claim-use", false)                                                            \
  X(kBuyPenaltyCard, "buy-penalty-card", false)                                               \
  /* going out */                                                                             \
  X(kDeadDiscard, "dead-discard", false)                                                      \
  /* free rearrangement of the table */                                                       \
  X(kInitialPoints, "initial-points", false)                                                  \
  X(kInitialRackOnly, "initial-rack-only", false)                                             \
  X(kTableTilesStay, "table-tiles-stay", false)                                               \
  X(kRackTileNeeded, "rack-tile-needed", false)                                               \
  X(kPassCanPlay, "pass-can-play", false)

enum class Refusal : uint8_t {
  kNone = 0,
#define MELDCHECK_ENUM(name, text, core) name,
  MELDCHECK_REFUSALS(MELDCHECK_ENUM)
#undef MELDCHECK_ENUM
      kCount
};

inline constexpr int kNumRefusals = int(Refusal::kCount);
static_assert(kNumRefusals <= 64, "RefusalMask holds at most 64 checks");

// The name used in spec files (`checks: [run-corner-meld]`).
std::string_view refusal_name(Refusal c);
std::optional<Refusal> refusal_named(std::string_view name);
// True for the checks with a `core/<name>` id.
bool is_core_refusal(Refusal c);

// A set of failed checks; the ruleset picks the one whose clause comes first in its catalog.
class RefusalMask {
 public:
  constexpr RefusalMask() = default;
  constexpr explicit RefusalMask(Refusal c) { add(c); }
  constexpr void add(Refusal c) {
    if (c != Refusal::kNone) bits_ |= uint64_t{1} << int(c);
  }
  constexpr RefusalMask& operator|=(RefusalMask o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr void remove(Refusal c) { bits_ &= ~(uint64_t{1} << int(c)); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool has(Refusal c) const { return (bits_ >> int(c)) & 1; }
  constexpr uint64_t bits() const { return bits_; }
  constexpr Refusal any() const { return bits_ ? Refusal(std::countr_zero(bits_)) : Refusal::kNone; }

 private:
  uint64_t bits_ = 0;
};

}  // namespace meldcheck
