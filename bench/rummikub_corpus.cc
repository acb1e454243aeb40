#include "bench/rummikub_corpus.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/meld.h"
#include "engine/position.h"
#include "harness/run_options.h"

namespace meldcheck::bench {
namespace {

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

std::string corpus_line(const GameState& s, const RuleSet& rummikub) {
  const Notation n = rummikub.notation;
  std::string line = s.players[s.to_move].opened ? "opened ;" : "unopened ;";
  for (int m = 0; m < s.table.count; ++m) {
    const Shape& shape = s.table.melds[m].shape;
    line += m == 0 ? " " : " | ";
    for (int i = 0; i < shape.size; ++i)
      line += (i ? " " : "") + (shape.joker(i) ? format_token({Face::joker(), shape.faces[i]}, n) : format_face(shape.faces[i], n));
  }
  line += " ;";
  for (Card c : s.hand(s.to_move)) line += " " + format_face(face_of(c), n);
  return line;
}

std::vector<GameState> read_corpus(const std::string& path, const RuleSet& rummikub) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error(path + ": cannot be read");
  std::vector<GameState> out;
  std::string line;
  for (int number = 1; std::getline(file, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    auto fail = [&](const std::string& why) { throw std::runtime_error(path + ":" + std::to_string(number) + ": " + why); };
    const std::vector<std::string> parts = split(line, ';');
    if (parts.size() != 3) fail("a position is '<opened|unopened> ; <sets> ; <rack>'");
    const std::vector<std::string> flag = words(parts[0]);
    if (flag.size() != 1 || (flag[0] != "opened" && flag[0] != "unopened")) fail("'opened' or 'unopened' first");
    // The physical tiles, a copy of a face at a time, as the line names them.
    std::array<int, kFaces + 1> copies{};
    int jokers = 0;
    auto tile = [&](const std::string& word) -> std::pair<Token, Card> {
      const std::optional<Token> t = parse_token(word, rummikub.notation);
      if (!t) fail("'" + word + "' is not a tile");
      if (t->face.is_joker()) {
        if (jokers == kMaxJokers) fail("too many jokers");
        return {*t, joker_card(jokers++)};
      }
      int& copy = copies[t->face.code()];
      if (copy == kMaxCopies) fail("a third " + word);
      return {*t, natural_card(t->face, copy++)};
    };
    StatedPosition stated;
    stated.players = 2;
    stated.rest_out = true;
    stated.facts.to_move = 0;
    stated.facts.phase = Phase::kDraw;
    stated.seats[0].opened = flag[0] == "opened";
    stated.seats[1].opened = true;
    for (const std::string& set : split(parts[1], '|')) {
      const std::vector<std::string> names = words(set);
      if (names.empty()) continue;
      std::vector<Token> tokens;
      std::vector<Card> cards;
      for (const std::string& w : names) {
        const auto [t, c] = tile(w);
        tokens.push_back(t);
        cards.push_back(c);
      }
      Formed f;
      if (!form_meld(rummikub.meld, tokens, MeldContext::kMelding, f).empty()) fail("'" + set + "' is not a valid set");
      Meld& m = stated.table.emplace_back();
      m.id = uint8_t(stated.table.size());
      m.owner = kNoPlayer;
      m.shape = f.shape;
      for (size_t i = 0; i < cards.size(); ++i) {
        m.cards[f.slot_of_token[i]] = cards[i];
        m.builders[f.slot_of_token[i]] = kNoPlayer;
      }
    }
    for (const std::string& w : words(parts[2])) stated.seats[0].hand.insert(tile(w).second);
    try {
      out.push_back(make_position(rummikub, stated));
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
  }
  return out;
}

}  // namespace meldcheck::bench
