// Cards and tiles as small integers, and the scenario notation for them.
//
// A Face is what a card shows (or, for a joker on the table, what it stands for):
// suit * 13 + (rank - 1) for the 52 naturals, kJokerFace for a joker, and "rank only"
// stand-ins for melds where the rules leave a joker's suit open. Rummikub tiles use the
// same encoding with the colour in the suit's place (a tile is a card without an ace).
//
// A Card is one physical card of the deck: copy * 52 + face for naturals (at most two
// copies), kFirstJoker + n for the n-th joker. Its value is its index in the contract's
// canonical deck order, so the shuffle works on Card values directly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace meldcheck {

inline constexpr int kSuits = 4;
inline constexpr int kRanks = 13;
inline constexpr int kFaces = 52;
inline constexpr int kMaxCopies = 2;
inline constexpr int kFirstJoker = kFaces * kMaxCopies;  // 104
inline constexpr int kMaxJokers = 8;
inline constexpr int kMaxCards = 128;  // every Card value is below this

class Face {
 public:
  static constexpr uint8_t kJokerCode = 52;
  static constexpr uint8_t kRankOnlyBase = 64;
  static constexpr uint8_t kNoneCode = 255;
  static constexpr int kAnySuit = 4;

  constexpr Face() = default;
  static constexpr Face natural(int suit, int rank) { return Face(uint8_t(suit * kRanks + rank - 1)); }
  static constexpr Face rank_only(int rank) { return Face(uint8_t(kRankOnlyBase + rank)); }
  static constexpr Face joker() { return Face(kJokerCode); }
  static constexpr Face none() { return Face(kNoneCode); }
  static constexpr Face from_code(uint8_t code) { return Face(code); }

  constexpr uint8_t code() const { return code_; }
  constexpr bool is_none() const { return code_ == kNoneCode; }
  constexpr bool is_joker() const { return code_ == kJokerCode; }
  constexpr bool is_natural() const { return code_ < kFaces; }
  constexpr bool is_rank_only() const { return code_ > kRankOnlyBase && code_ <= kRankOnlyBase + kRanks; }
  // Rank 1..13 of a natural or rank-only face; 0 otherwise.
  constexpr int rank() const {
    return is_natural() ? code_ % kRanks + 1 : is_rank_only() ? code_ - kRankOnlyBase : 0;
  }
  // Suit 0..3 of a natural face; kAnySuit otherwise.
  constexpr int suit() const { return is_natural() ? code_ / kRanks : kAnySuit; }

  friend constexpr bool operator==(Face, Face) = default;
  friend constexpr auto operator<=>(Face, Face) = default;

 private:
  constexpr explicit Face(uint8_t code) : code_(code) {}
  uint8_t code_ = kNoneCode;
};

using Card = uint8_t;
inline constexpr Card kNoCard = 255;

constexpr bool is_joker(Card c) { return c >= kFirstJoker; }
constexpr Face face_of(Card c) { return is_joker(c) ? Face::joker() : Face::from_code(uint8_t(c % kFaces)); }
constexpr Card natural_card(Face f, int copy) { return Card(copy * kFaces + f.code()); }
constexpr Card joker_card(int n) { return Card(kFirstJoker + n); }

// Scenario notation: playing cards ("10H", "QS", "JK") or Rummikub tiles ("R5", "K13", "JK").
enum class Notation : uint8_t { kCards, kTiles };

// The names playing cards are written with: the contract's English rank then suit ("QC",
// "10H"), or the Swedish rule texts' suit then rank, with an optional space ("Kl D",
// "Hj 10", "Ru7"): suits Sp Hj Ru Kl, ranks E 2..10 Kn D K. Tiles and the joker ("JK")
// read the same under both.
enum class CardNames : uint8_t { kEnglish, kSwedish };

// A card as written in a step or a table meld: its face, and for a joker the stand-in
// written after '=' (Face::none() when bare). The '@P' owner mark is parsed separately.
struct Token {
  Face face;
  Face standin = Face::none();
  friend constexpr bool operator==(Token, Token) = default;
};

// Parses a face without stand-in ("7H", "Hj 7", "JK", "R5"); nullopt when malformed.
std::optional<Face> parse_face(std::string_view text, Notation notation, CardNames names = CardNames::kEnglish);
// Parses a stand-in: a whole card or tile, or a rank alone ("7", "10", "Q" / "D").
std::optional<Face> parse_standin(std::string_view text, Notation notation, CardNames names = CardNames::kEnglish);
// Parses "7H", "JK", "JK=7D", "JK=7" (Swedish "JK=Ru 7"); the stand-in is allowed only on a joker.
std::optional<Token> parse_token(std::string_view text, Notation notation, CardNames names = CardNames::kEnglish);

// Swedish names are written with the space: "Kl D", "JK=Ru 7".
std::string format_face(Face face, Notation notation, CardNames names = CardNames::kEnglish);
std::string format_token(Token token, Notation notation, CardNames names = CardNames::kEnglish);
std::string format_rank(int rank, Notation notation, CardNames names = CardNames::kEnglish);

}  // namespace meldcheck
