// What can happen in play, by name: the events a catalog clause lists (`events:` in
// spec/<ruleset>.yaml) to say when play passes through it, for the clauses that refuse
// nothing themselves (the deal, scoring, the end of a match). `meldcheck simulate` counts
// them in its coverage map; `variant:<id>` is every game played with that variant.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace meldcheck {

enum class PlayEvent : uint8_t {
  kDeal, kNextHand, kTurn, kDraw, kTake, kTakeSeveral, kTakeWhole, kRow, kMeld, kMeldSeveral, kMeldSet, kMeldRun,
  kAceInRun, kCorner, kLayoff, kLayoffOnOther, kSwap, kJokerLaid, kDiscard, kClaim, kArrange, kPass, kTimeout,
  kReshuffle, kPenalty, kWentOut, kStuck, kTurnBound, kHandEnd, kMatchEnd, kMatchTie, kCount
};

struct PlayEventInfo {
  PlayEvent event;
  std::string_view name;
  std::string_view meaning;
};

inline constexpr std::array<PlayEventInfo, size_t(PlayEvent::kCount)> kPlayEvents = {{
    {PlayEvent::kDeal, "deal", "a hand is dealt"},
    {PlayEvent::kNextHand, "next-hand", "a hand follows one that ended"},
    {PlayEvent::kTurn, "turn", "play passes to the next player"},
    {PlayEvent::kDraw, "draw", "a card or tile is drawn from the stock or pool"},
    {PlayEvent::kTake, "take", "cards are taken from the discard pile or row"},
    {PlayEvent::kTakeSeveral, "take-several", "more than the newest card is taken"},
    {PlayEvent::kTakeWhole, "take-whole", "the whole pile is taken"},
    {PlayEvent::kRow, "row", "a card is laid into the opening row"},
    {PlayEvent::kMeld, "meld", "a new meld is laid"},
    {PlayEvent::kMeldSeveral, "meld-several", "several melds are laid in one action"},
    {PlayEvent::kMeldSet, "meld-set", "a new set is laid"},
    {PlayEvent::kMeldRun, "meld-run", "a new run is laid"},
    {PlayEvent::kAceInRun, "ace-in-run", "a run with an ace is laid or built on"},
    {PlayEvent::kCorner, "corner", "a run round the corner is laid or built on"},
    {PlayEvent::kLayoff, "layoff", "cards are built onto a meld"},
    {PlayEvent::kLayoffOnOther, "layoff-on-other", "cards are built onto another player's meld"},
    {PlayEvent::kSwap, "swap", "a natural card takes a joker's place"},
    {PlayEvent::kJokerLaid, "joker-laid", "a joker is laid on the table"},
    {PlayEvent::kDiscard, "discard", "a card is discarded"},
    {PlayEvent::kClaim, "claim", "a player claims the discard out of turn"},
    {PlayEvent::kArrange, "arrange", "the table is rearranged"},
    {PlayEvent::kPass, "pass", "a player passes"},
    {PlayEvent::kTimeout, "timeout", "a player's time runs out"},
    {PlayEvent::kReshuffle, "reshuffle", "the stock is made anew from the discard pile"},
    {PlayEvent::kPenalty, "penalty", "a penalty is entered during the hand"},
    {PlayEvent::kWentOut, "went-out", "a player goes out"},
    {PlayEvent::kStuck, "stuck", "a hand ends with nobody out: the stock or pool is done"},
    {PlayEvent::kTurnBound, "turn-bound", "a hand ends at the bound of turns"},
    {PlayEvent::kHandEnd, "hand-end", "a hand ends and is scored"},
    {PlayEvent::kMatchEnd, "match-end", "a match ends with its winner"},
    {PlayEvent::kMatchTie, "match-tie", "a match ends with leaders tied, or plays on because of a tie"},
}};

inline std::optional<PlayEvent> play_event_from_name(std::string_view name) {
  for (const PlayEventInfo& e : kPlayEvents)
    if (e.name == name) return e.event;
  return std::nullopt;
}

}  // namespace meldcheck
