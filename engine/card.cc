#include "engine/card.h"

#include <array>

namespace meldcheck {
namespace {

constexpr std::array<std::string_view, kRanks> kRankNames = {"A", "2", "3", "4", "5", "6", "7",
                                                             "8", "9", "10", "J", "Q", "K"};
constexpr std::array<std::string_view, kRanks> kSwedishRankNames = {"E", "2", "3", "4", "5", "6", "7",
                                                                    "8", "9", "10", "Kn", "D", "K"};
constexpr std::array<char, kSuits> kSuitLetters = {'S', 'H', 'D', 'C'};
constexpr std::array<std::string_view, kSuits> kSuitSymbols = {"\u2660", "\u2665", "\u2666", "\u2663"};
constexpr std::array<std::string_view, kSuits> kSwedishSuits = {"Sp", "Hj", "Ru", "Kl"};
constexpr std::array<char, kSuits> kColourLetters = {'R', 'B', 'O', 'K'};

const std::array<std::string_view, kRanks>& rank_names(CardNames names) {
  return names == CardNames::kSwedish ? kSwedishRankNames : kRankNames;
}

// Card rank: A 2..10 J Q K with T for 10, or in Swedish E 2..10 Kn D K. Returns 0 when not a
// rank. By letter, not by comparing names: every card of every scenario comes this way.
int parse_card_rank(std::string_view s, CardNames names) {
  const bool swedish = names == CardNames::kSwedish;
  if (s.size() == 2) return s == "10" ? 10 : swedish && s == "Kn" ? 11 : 0;
  if (s.size() != 1) return 0;
  const char c = s[0];
  if (c >= '2' && c <= '9') return c - '0';
  switch (c) {
    case 'A': return swedish ? 0 : 1;
    case 'E': return swedish ? 1 : 0;
    case 'T': return swedish ? 0 : 10;
    case 'J': return swedish ? 0 : 11;
    case 'Q': return swedish ? 0 : 12;
    case 'D': return swedish ? 12 : 0;
    case 'K': return 13;
    default: return 0;
  }
}

// Tile number 1..13 without leading zeros. Returns 0 when not a number.
int parse_tile_number(std::string_view s) {
  if (s.empty() || s.size() > 2 || s[0] == '0') return 0;
  int n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n >= 1 && n <= kRanks ? n : 0;
}

std::optional<Face> parse_tile(std::string_view text) {
  if (text.size() < 2) return std::nullopt;
  for (int c = 0; c < kSuits; ++c) {
    if (text[0] != kColourLetters[c]) continue;
    int n = parse_tile_number(text.substr(1));
    if (n == 0) return std::nullopt;
    return Face::natural(c, n);
  }
  return std::nullopt;
}

// The suit is the last letter or symbol; the rank is what comes before it.
std::optional<Face> parse_english_card(std::string_view text) {
  if (text.empty()) return std::nullopt;
  int suit = -1;
  size_t suit_size = 1;
  for (int i = 0; i < kSuits && suit < 0; ++i)
    if (text.back() == kSuitLetters[i]) suit = i;
  for (int i = 0; i < kSuits && suit < 0; ++i)
    if (text.ends_with(kSuitSymbols[i])) suit = i, suit_size = kSuitSymbols[i].size();
  if (suit < 0 || text.size() <= suit_size) return std::nullopt;
  const int r = parse_card_rank(text.substr(0, text.size() - suit_size), CardNames::kEnglish);
  if (r == 0) return std::nullopt;
  return Face::natural(suit, r);
}

// The suit's two letters first, then at most one space, then the rank.
std::optional<Face> parse_swedish_card(std::string_view text) {
  for (int i = 0; i < kSuits; ++i) {
    if (!text.starts_with(kSwedishSuits[i])) continue;
    std::string_view rank = text.substr(kSwedishSuits[i].size());
    if (rank.starts_with(' ')) rank.remove_prefix(1);
    int r = parse_card_rank(rank, CardNames::kSwedish);
    if (r == 0) return std::nullopt;
    return Face::natural(i, r);
  }
  return std::nullopt;
}

std::optional<Face> parse_natural(std::string_view text, Notation notation, CardNames names) {
  if (notation == Notation::kTiles) return parse_tile(text);
  return names == CardNames::kSwedish ? parse_swedish_card(text) : parse_english_card(text);
}

}  // namespace

std::optional<Face> parse_face(std::string_view text, Notation notation, CardNames names) {
  if (text == "JK") return Face::joker();
  return parse_natural(text, notation, names);
}

std::optional<Face> parse_standin(std::string_view text, Notation notation, CardNames names) {
  int rank = notation == Notation::kTiles ? parse_tile_number(text) : parse_card_rank(text, names);
  if (rank != 0) return Face::rank_only(rank);
  return parse_natural(text, notation, names);
}

std::optional<Token> parse_token(std::string_view text, Notation notation, CardNames names) {
  size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    auto f = parse_face(text, notation, names);
    if (!f) return std::nullopt;
    return Token{*f};
  }
  if (text.substr(0, eq) != "JK") return std::nullopt;
  auto s = parse_standin(text.substr(eq + 1), notation, names);
  if (!s) return std::nullopt;
  return Token{Face::joker(), *s};
}

std::string format_rank(int rank, Notation notation, CardNames names) {
  if (notation == Notation::kTiles) return std::to_string(rank);
  return std::string(rank_names(names)[rank - 1]);
}

std::string format_face(Face face, Notation notation, CardNames names) {
  if (face.is_joker()) return "JK";
  if (face.is_none()) return "?";
  if (face.is_rank_only()) return format_rank(face.rank(), notation, names);
  if (notation == Notation::kTiles) return kColourLetters[face.suit()] + std::to_string(face.rank());
  if (names == CardNames::kSwedish)
    return std::string(kSwedishSuits[face.suit()]) + ' ' + format_rank(face.rank(), notation, names);
  return format_rank(face.rank(), notation, names) + kSuitLetters[face.suit()];
}

std::string format_token(Token token, Notation notation, CardNames names) {
  std::string s = format_face(token.face, notation, names);
  if (token.face.is_joker() && !token.standin.is_none()) s += "=" + format_face(token.standin, notation, names);
  return s;
}

}  // namespace meldcheck
