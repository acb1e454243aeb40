#include "files/scenario.h"

#include <algorithm>
#include <limits>
#include <set>
#include <stdexcept>

#include "engine/invariants.h"
#include "engine/rng.h"

namespace meldcheck {
namespace {

// A name a file gives a player or a meld: letters (Latin with its accents, Greek and
// Cyrillic too: Åsa, Örjan) and digits, and for a meld also - and _; at most 32 bytes.
bool is_name(std::string_view s, bool meld) {
  if (s.empty() || s.size() > 32) return false;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (!std::isalnum(c) && !(meld && (c == '-' || c == '_'))) return false;
      ++i;
      continue;
    }
    // Two-byte UTF-8 reaches U+07FF: enough for the letters above.
    if ((c & 0xE0) != 0xC0 || i + 1 >= s.size() || (static_cast<unsigned char>(s[i + 1]) & 0xC0) != 0x80) return false;
    const unsigned cp = (c & 0x1Fu) << 6 | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu);
    const bool letter = (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || (cp >= 0x370 && cp <= 0x3FF) ||
                        (cp >= 0x400 && cp <= 0x4FF);
    if (!letter) return false;
    i += 2;
  }
  return true;
}

// ---- the keys of the format ------------------------------------------------------------

// The keys of the facts of engine/position_facts.h, after the others.
std::vector<std::string> with_facts(std::vector<std::string> keys, bool expectations) {
#define MELDCHECK_FACT_KEY(type, member, initial, key, expect_key, codec, told) keys.push_back(expectations ? expect_key : key);
  MELDCHECK_POSITION_FACTS(MELDCHECK_FACT_KEY)
#undef MELDCHECK_FACT_KEY
  return keys;
}

const std::vector<std::string> kSetupKeys = with_facts(
    {"players", "stock", "discard", "table", "seed", "rest",
     // extensions: facts a mid-turn or finished state needs to read back exactly
     "turn", "offer", "round_scores", "hand_number"},
    false);

const std::map<std::string, std::vector<std::string>>& keys() {
  static const std::map<std::string, std::vector<std::string>> k = {
      {"scenario", {"name", "ruleset", "variants", "options", "source", "rules", "setup", "reachable", "deal", "steps", "expect"}},
      {"setup", kSetupKeys},
      {"player", {"hand", "total", "opened", "penalty", "built_on_others"}},
      {"next_hand_player", {"hand", "opened", "penalty", "built_on_others"}},
      {"meld", {"id", "owner", "cards"}},
      {"deal", {"players", "seed", "dealer"}},
      {"step",
       {"draw", "take", "meld", "layoff", "swap", "discard", "arrange", "pass", "timeout", "claim", "next_hand", "player",
        "expect", "then", "note", "listed"}},
      {"layoff", {"to", "cards"}},
      {"swap", {"meld", "card"}},
      {"claim", {"take", "meld", "layoff"}},
      {"next_hand", kSetupKeys},
      {"step_expect", {"reject"}},
      {"expect", with_facts({"hand", "hand_size", "table", "stock_size", "discard", "round_scores", "totals", "opened",
                             "best_move", "owed", "stock", "penalties", "built_on_others", "offer", "turn", "can_move"},
                            true)},
      {"best_move", {"tiles", "value"}},
      {"owed", {"must_use", "no_discard", "pile_meld", "freed_jokers"}},
      {"turn",
       {"must_use", "no_discard", "pile_meld_due", "freed_jokers", "melded", "built_on_others", "built", "opened_now",
        "discarded", "actions"}},
      {"offer", {"from", "declined"}},
  };
  return k;
}

// The step kinds in ActionKind's order.
const std::vector<std::string> kActionKeys = {"draw", "take", "meld",  "layoff",  "swap",     "discard",
                                              "arrange", "pass", "timeout", "claim", "next_hand"};

// ---- a reader that knows the ruleset ---------------------------------------------------

// The names a file writes its playing cards with: one file, one set of names, settled by
// the first card that only one of them reads (a bare "JK" or "JK=7" reads the same in both).
class Reader : public YamlReader {
 public:
  Reader(const std::string& file, const RuleSet& rules, int players, FileCardNames& card_names)
      : YamlReader(file), rules_(rules), players_(players), card_names_(&card_names) {}

  const RuleSet& rules() const { return rules_; }
  int players() const { return players_; }
  void set_players(int n) { players_ = n; }

  // The schema's integers and booleans are YAML's plain scalars: "12" or "true" written in
  // quotes is a string.
  long long integer(const YamlNode& n, long long lo, long long hi, std::string_view what) const {
    plain(n, what, "a whole number");
    return YamlReader::integer(n, lo, hi, what);
  }
  unsigned long long uint64(const YamlNode& n, std::string_view what) const {
    plain(n, what, "a whole number");
    return YamlReader::uint64(n, what);
  }
  bool boolean(const YamlNode& n, std::string_view what) const {
    plain(n, what, "true or false");
    return YamlReader::boolean(n, what);
  }

  void keys_of(const YamlNode& n, const std::string& object) const {
    expect_map(n, object);
    const auto& allowed = scenario_keys().at(object);
    for (const auto& [k, v] : n.entries)
      if (std::find(allowed.begin(), allowed.end(), k.scalar) == allowed.end()) {
        std::string list;
        for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
        fail(k, "unknown key '" + k.scalar + "' in " + object + " (expected one of: " + list + ")");
      }
  }

  // The keys of `players`: A, B, C, ... by seat, or names (letters and digits) seated in the
  // order written, which every place that writes a player then uses (scenario-format).
  void name_players(const YamlNode& players) {
    const bool letters = std::all_of(players.entries.begin(), players.entries.end(), [](const auto& e) {
      return e.first.scalar.size() == 1 && e.first.scalar[0] >= 'A' && e.first.scalar[0] < 'A' + kMaxPlayers;
    });
    names_.clear();
    if (letters) return;
    for (const auto& [k, v] : players.entries) {
      const std::string& name = scalar(k, "a player");
      if (!is_name(name, false))
        fail(k, "'" + name + "' is not a player's name (A, B, C, ... or a name of letters and digits)");
      if (std::find(names_.begin(), names_.end(), name) != names_.end()) fail(k, "player " + name + " is named twice");
      names_.push_back(name);
    }
  }

  int player(const YamlNode& n) const { return player_called(scalar(n, "a player"), n); }

  WrittenNames names() const { return {names_, meld_names_}; }
  void use_names(const WrittenNames& names) { names_ = names.players, meld_names_ = names.melds; }

  int player_called(const std::string& s, const YamlNode& n) const {
    if (!names_.empty()) {
      const auto it = std::find(names_.begin(), names_.end(), s);
      if (it == names_.end()) {
        std::string list;
        for (const std::string& name : names_) list += (list.empty() ? "" : ", ") + name;
        fail(n, "'" + s + "' is not a player of this file (" + list + ")");
      }
      return int(it - names_.begin());
    }
    if (s.size() != 1 || s[0] < 'A' || s[0] >= 'A' + kMaxPlayers) fail(n, "'" + s + "' is not a player (A, B, C, ...)");
    int p = s[0] - 'A';
    if (players_ > 0 && p >= players_)
      fail(n, "there is no player " + s + " in a game of " + std::to_string(players_) + " players");
    return p;
  }

  // The face or token `text` (the card at `at`) writes, in the file's card names.
  template <typename T>
  std::optional<T> read_card(std::string_view text, const YamlNode& at,
                             std::optional<T> (*parse)(std::string_view, Notation, CardNames)) const {
    if (rules_.notation == Notation::kTiles) return parse(text, Notation::kTiles, CardNames::kEnglish);
    const std::optional<T> english = parse(text, Notation::kCards, CardNames::kEnglish);
    const std::optional<T> swedish = parse(text, Notation::kCards, CardNames::kSwedish);
    if (english.has_value() == swedish.has_value()) return english;  // the same card, or none
    const CardNames written = english ? CardNames::kEnglish : CardNames::kSwedish;
    if (!card_names_->names) {
      card_names_->names = written;
      card_names_->first = at.mark;
    } else if (*card_names_->names != written) {
      fail(at, "'" + std::string(text) + "' is written in " + names_word(written) + " card names, but this file writes " +
                   names_word(*card_names_->names) + " ones (first at line " + std::to_string(card_names_->first.line) +
                   ", column " + std::to_string(card_names_->first.column) + "); one file uses one notation");
    }
    return english ? english : swedish;
  }

  CardNames card_names() const { return card_names_->names.value_or(CardNames::kEnglish); }

  Face face(const YamlNode& n) const {
    auto f = read_card<Face>(scalar(n, "a card"), n, parse_face);
    if (!f) fail(n, "'" + n.scalar + "' is not a " + what_card());
    return *f;
  }

  Token token(const YamlNode& n) const {
    auto t = read_card<Token>(scalar(n, "a card"), n, parse_token);
    if (!t) fail(n, "'" + n.scalar + "' is not a " + what_card());
    return *t;
  }

  WrittenCard written_card(const YamlNode& n) const {
    const std::string& s = scalar(n, "a card");
    size_t at = s.find('@');
    WrittenCard w;
    w.mark = n.mark;
    auto t = read_card<Token>(std::string_view(s).substr(0, at), n, parse_token);
    if (!t) fail(n, "'" + s + "' is not a " + what_card());
    w.token = *t;
    if (at != std::string::npos) {
      const std::string who = s.substr(at + 1);
      if (names_.empty() && (who.size() != 1 || who[0] < 'A' || who[0] >= 'A' + std::max(players_, 1)))
        fail(n, "'" + who + "' after @ is not a player of this game");
      w.builder = uint8_t(player_called(who, n));
    }
    return w;
  }

  std::vector<Face> faces(const YamlNode& n) const {
    expect_seq(n, "a list of cards");
    std::vector<Face> out;
    for (const YamlNode& c : n.items) out.push_back(face(c));
    return out;
  }

  std::vector<Token> tokens(const YamlNode& n) const {
    expect_seq(n, "a list of cards");
    std::vector<Token> out;
    for (const YamlNode& c : n.items) out.push_back(token(c));
    return out;
  }

  int meld_id(const YamlNode& n) const {
    const std::string& s = scalar(n, "a meld id");
    if (const auto named = meld_names_.find(s); named != meld_names_.end()) return named->second;
    if (s.size() < 2 || s[0] != 'm' || s.size() > 4 || s[1] == '0' ||
        !std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= '0' && c <= '9'; }))
      fail(n, "'" + s + "' is not a meld id (m1, m2, ... or a name the setup's table gives)");
    int id = std::stoi(s.substr(1));
    if (id > 255) fail(n, "meld id too large");  // m200 and up: a named meld as a finding writes it
    return id;
  }

  // A meld id as a setup's table writes it: m<k>, or any name (`stege`), which play never
  // numbers: it gets an id of its own from kFirstNamedMeld up.
  int define_meld(const YamlNode& n) const {
    const std::string& s = scalar(n, "a meld id");
    const bool numbered = s.size() >= 2 && s[0] == 'm' && std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (numbered || meld_names_.count(s)) return meld_id(n);
    if (!is_name(s, true))
      fail(n, "'" + s + "' is not a meld id (m1, m2, ... or a name of letters, digits, - and _)");
    const int id = kFirstNamedMeld + int(meld_names_.size());
    if (id > 255) fail(n, "more named melds than a table holds");
    meld_names_[s] = id;
    return id;
  }

  Phase phase(const YamlNode& n) const {
    const std::string& s = scalar(n, "phase");
    if (s == "draw") return Phase::kDraw;
    if (s == "play") return Phase::kPlay;
    if (s == "row") {
      if (rules_.pile_start != PileStart::kRow) fail(n, "phase 'row' belongs to rulesets with an opening row");
      return Phase::kRow;
    }
    fail(n, "phase must be draw, play or row");
  }

 private:
  void plain(const YamlNode& n, std::string_view what, const char* kind) const {
    if (n.is_scalar() && n.quoted) fail(n, std::string(what) + " must be " + kind + ", not a string in quotes");
  }
  static std::string names_word(CardNames names) { return names == CardNames::kSwedish ? "Swedish" : "English"; }
  std::string what_card() const {
    if (rules_.notation == Notation::kTiles) return "tile (R5, B13, O1, K7, JK)";
    return card_names() == CardNames::kSwedish ? "card (Hj 7, Sp 10, Ru D, Kl E, JK)" : "card (7H, 10S, QD, AC, JK)";
  }
  const RuleSet& rules_;
  int players_;
  std::vector<std::string> names_;                   // the players' names, when the file names them
  mutable std::map<std::string, int> meld_names_;   // the setup's named melds
  FileCardNames* card_names_;  // shared by the readers of one file's documents
};

// A value of each codec of engine/position_facts.h, as a scenario writes it.
uint8_t read_value(const Reader& in, const YamlNode& n, std::string_view, facts::Seat, uint8_t) {
  return uint8_t(in.player(n));
}
uint8_t read_value(const Reader& in, const YamlNode& n, std::string_view, facts::SeatOrNone, uint8_t) {
  return n.is_null() ? kNoPlayer : uint8_t(in.player(n));
}
uint8_t read_value(const Reader& in, const YamlNode& n, std::string_view, facts::Seats, uint8_t) {
  uint8_t seats = 0;
  if (!n.is_seq()) return uint8_t(1u << in.player(n));
  for (const YamlNode& p : n.items) seats |= uint8_t(1u << in.player(p));
  return seats;
}
template <typename T>
T read_value(const Reader& in, const YamlNode& n, std::string_view what, facts::Number, T) {
  return T(in.integer(n, 0, std::numeric_limits<T>::max(), what));
}
bool read_value(const Reader& in, const YamlNode& n, std::string_view what, facts::Flag, bool) {
  return in.boolean(n, what);
}
Phase read_value(const Reader& in, const YamlNode& n, std::string_view, facts::PhaseName, Phase) { return in.phase(n); }
uint64_t read_value(const Reader& in, const YamlNode& n, std::string_view what, facts::Word64, uint64_t) {
  return in.uint64(n, what);
}


// ---- setups ----------------------------------------------------------------------------

// Hands out physical cards for the faces a setup names, in document order.
class CardPool {
 public:
  CardPool(const Reader& in, int players) : in_(in) {
    std::array<Card, kMaxCards> deck{};
    int n = deck_cards(in.rules(), players, deck);
    for (int i = 0; i < n; ++i) pool_.insert(deck[i]), ++in_deck_[face_of(deck[i])];
  }
  Card take(Face f, const YamlNode& at) {
    Card c = pool_.find(f);
    if (c == kNoCard) {
      const int n = in_deck_[f];
      in_.fail(at, "more " + format_face(f, in_.rules().notation, in_.card_names()) + " than the deck has (" + std::to_string(n) + " for " +
                       std::to_string(in_.players()) + " players in " + in_.rules().id + ")");
    }
    pool_.erase(c);
    return c;
  }
  CardSet left() const { return pool_; }

 private:
  const Reader& in_;
  CardSet pool_;
  FaceCounts in_deck_;
};

void read_meld(const Reader& in, const YamlNode& n, CardPool& pool, std::vector<Meld>& table, std::set<int>& ids) {
  in.keys_of(n, "meld");
  const YamlNode& id_node = in.require(n, "id");
  const int id = in.define_meld(id_node);
  if (!ids.insert(id).second) in.fail(id_node, "meld id " + id_node.scalar + " is used twice");
  // The owner decides scoring in card games; where the table is rebuilt freely it is optional.
  const YamlNode* owner_node = n.find("owner");
  if (!owner_node && !in.rules().table.free_rearrangement) in.fail(n, "missing required key 'owner'");
  const int owner = owner_node ? in.player(*owner_node) : kNoPlayer;
  const YamlNode& cards = in.require(n, "cards");
  in.expect_seq(cards, "cards");
  if (cards.items.size() > kMaxMeldCards) in.fail(cards, "too many cards for one meld");
  std::vector<WrittenCard> written;
  std::vector<Token> tokens;
  for (const YamlNode& c : cards.items) {
    written.push_back(in.written_card(c));
    tokens.push_back(written.back().token);
  }
  // Valid as laid, or as built on since (building may allow more, like round the corner).
  // A run is written in order: where both read it (a thirteen-card run, ace low or bent
  // round the corner), the reading that keeps the written order wins, and of two as near
  // the later (the building reading's, which weighs every window laying may take and the
  // corner's too: spec/femhundra-rummy.yaml, build.corner).
  Formed f, built;
  RefusalMask as_laid = form_meld(in.rules().meld, tokens, MeldContext::kMelding, f);
  const bool as_built = form_meld(in.rules().meld, tokens, MeldContext::kBuilding, built).empty();
  if (!as_laid.empty() && !as_built) {
    Refusal why = in.rules().first_failure(as_laid);
    in.fail(cards, "not a valid meld in " + in.rules().id + " (" + in.rules().rule_id(why) + ")", in.rules().rule_id(why));
  }
  const int count = int(tokens.size());
  if (!as_laid.empty() || (as_built && disorder(built, count) <= disorder(f, count))) f = built;
  if (table.size() == kMaxMelds) in.fail(n, "too many melds on the table");
  Meld& m = table.emplace_back();
  m.id = uint8_t(id);
  m.owner = uint8_t(owner);
  m.shape = f.shape;
  for (size_t t = 0; t < written.size(); ++t) {
    const int slot = f.slot_of_token[t];
    m.cards[slot] = pool.take(written[t].token.face, cards.items[t]);
    m.builders[slot] = written[t].builder == kNoPlayer ? uint8_t(owner) : written[t].builder;
  }
}

// `hand`: the hand of the player to move.
void read_turn(const Reader& in, const YamlNode& n, TurnFacts& t, const CardSet& hand) {
  in.keys_of(n, "turn");
  auto held = [&](const YamlNode& c) {
    Card card = hand.find(in.face(c));
    if (card == kNoCard) in.fail(c, "the player to move holds no " + c.scalar);
    return card;
  };
  for (const auto& [k, v] : n.entries) {
    if (k.scalar == "must_use") t.must_use = held(v);
    if (k.scalar == "no_discard") t.no_discard = held(v);
    if (k.scalar == "pile_meld_due") {
      in.expect_seq(v, k.scalar);
      CardSet left = hand;
      for (const YamlNode& c : v.items) {
        Card card = left.find(in.face(c));
        if (card == kNoCard) in.fail(c, "the player to move holds no more " + c.scalar);
        left.erase(card);
        t.pile_meld_due.insert(card);
      }
    }
    if (k.scalar == "freed_jokers") {
      int count = int(in.integer(v, 0, kMaxJokers, k.scalar));
      if (count > 0 && !in.rules().swap.joker_used_same_turn)
        in.fail(v, "freed jokers are owed only where a freed joker must go down the same turn (" + in.rules().id + ")");
      CardSet jokers;
      for (Card c : hand)
        if (is_joker(c) && jokers.size() < count) jokers.insert(c);
      if (jokers.size() < count) in.fail(v, "the player to move holds fewer jokers");
      t.freed_jokers = jokers;
    }
    if (k.scalar == "melded") t.melded = in.boolean(v, k.scalar);
    if (k.scalar == "built_on_others") t.built_on_others = in.boolean(v, k.scalar);
    if (k.scalar == "built") t.built = in.boolean(v, k.scalar);
    if (k.scalar == "opened_now") t.opened_now = in.boolean(v, k.scalar);
    if (k.scalar == "discarded") t.discarded = in.boolean(v, k.scalar);
    if (k.scalar == "actions") t.actions = uint8_t(in.integer(v, 0, 255, k.scalar));
  }
}

// A setup's players, named A, B, ... without gaps: each one's node, by seat.
std::vector<const YamlNode*> read_players(Reader& in, const YamlNode& players) {
  const RuleSet& r = in.rules();
  in.expect_map(players, "players");
  const int count = int(players.entries.size());
  if (count < r.players.min || count > r.players.max)
    in.fail(players, r.id + " is played by " + std::to_string(r.players.min) + " to " + std::to_string(r.players.max) +
                         " players, not " + std::to_string(count));
  in.name_players(players);
  in.set_players(count);
  std::vector<const YamlNode*> seat(count, nullptr);
  for (const auto& [k, v] : players.entries) {
    int p = in.player(k);
    seat[p] = &v;
  }
  for (int p = 0; p < count; ++p)
    if (!seat[p]) in.fail(players, "players must be A, B, C, ... without gaps; " + player_name(p) + " is missing");
  return seat;
}

// Each player's hand, taken from the pool, and books.
void read_seats(Reader& in, const YamlNode& players, bool next_hand, CardPool& pool, StatedPosition& s) {
  for (const auto& [k, v] : players.entries) {
    const int p = in.player(k);
    StatedSeat& st = s.seats[p];
    in.keys_of(v, next_hand ? "next_hand_player" : "player");
    const YamlNode& hand = in.require(v, "hand");
    in.expect_seq(hand, "hand");
    for (const YamlNode& c : hand.items) st.hand.insert(pool.take(in.face(c), c));
    if (const YamlNode* t = v.find("total")) st.total = int32_t(in.integer(*t, -1000000, 1000000, "total"));
    if (const YamlNode* t = v.find("penalty")) st.penalty = int32_t(in.integer(*t, -100000, 100000, "penalty"));
    if (const YamlNode* o = v.find("opened")) st.opened = in.boolean(*o, "opened");
    if (const YamlNode* b = v.find("built_on_others")) st.built_on_others = in.boolean(*b, "built_on_others");
  }
}

// A game whose turn is one step (Rummikub: draw, arrange, timeout or pass, the contract's
// "Steps") has no discard pile, no discard on offer, no phase but draw, and no turn in
// progress.
bool one_step_turns(const RuleSet& r) { return r.table.free_rearrangement; }
std::string no_pile(const RuleSet& r) { return r.id + " has no discard pile (a turn is one step)"; }

// The stock, the discard pile and the table, their cards taken from the pool; the ids of
// the table's melds kept in `ids`.
void read_piles_and_table(Reader& in, const YamlNode& n, CardPool& pool, StatedPosition& s, std::set<int>& ids) {
  if (const YamlNode* st = n.find("stock")) {
    in.expect_seq(*st, "stock");
    for (const YamlNode& c : st->items) s.stock.push_back(pool.take(in.face(c), c));
  }
  if (const YamlNode* d = n.find("discard")) {
    in.expect_seq(*d, "discard");
    if (one_step_turns(in.rules()) && !d->items.empty()) in.fail(d->items[0], no_pile(in.rules()));
    for (const YamlNode& c : d->items) s.discard.push_back(pool.take(in.face(c), c));
  }
  if (const YamlNode* t = n.find("table")) {
    in.expect_seq(*t, "table");
    for (const YamlNode& m : t->items) read_meld(in, m, pool, s.table, ids);
  }
}

// Who has opened follows from the table, unless said; said, it must agree.
void check_opened(const Reader& in, const std::vector<const YamlNode*>& seat, const StatedPosition& s) {
  for (int p = 0; p < int(seat.size()); ++p) {
    const bool owns = std::any_of(s.table.begin(), s.table.end(), [&](const Meld& m) { return m.owner == p; });
    if (s.seats[p].opened == false && owns)
      in.fail(in.require(*seat[p], "opened"), player_name(p) + " owns a meld on the table, so has opened");
  }
}

// The cards not named: shuffled with the seed, below the named stock or out of play.
void read_rest(const Reader& in, const YamlNode& n, StatedPosition& s) {
  if (const YamlNode* sd = n.find("seed")) s.seed = in.uint64(*sd, "seed");
  if (const YamlNode* rest = n.find("rest")) {
    const std::string& v = in.scalar(*rest, "rest");
    if (v != "stock" && v != "out") in.fail(*rest, "rest must be stock or out");
    s.rest_out = v == "out";
  }
}

// The facts of engine/position_facts.h the setup states, each read by its codec; the rules
// on them (which rulesets have them, ranges) follow. `ids`: the table's meld ids.
void read_stated_facts(Reader& in, const YamlNode& n, const std::set<int>& ids, StatedFacts& f) {
  const RuleSet& r = in.rules();
#define MELDCHECK_SETUP_FACT(type, member, initial, key, expect_key, codec, told) \
  if (const YamlNode* v = n.find(key)) f.member = read_value(in, *v, key, facts::codec{}, type{});
  MELDCHECK_POSITION_FACTS(MELDCHECK_SETUP_FACT)
#undef MELDCHECK_SETUP_FACT
  if (const YamlNode* ph = n.find("phase"); ph && one_step_turns(r) && f.phase != Phase::kDraw)
    in.fail(*ph, r.id + " has only the phase draw (a turn is one step)");
  if (const YamlNode* rd = n.find("round")) {
    if (r.opening.form != OpeningForm::kContract) in.fail(*rd, "'round' belongs to rulesets with contracts (liverpool)");
    f.round = uint8_t(in.integer(*rd, 1, int(r.opening.contracts.size()), "round"));
  }
  if (const YamlNode* hn = n.find("hand_number")) {
    if (r.opening.form == OpeningForm::kContract) in.fail(*hn, "with contracts the hand's number is its 'round'");
    f.round = uint16_t(in.integer(*hn, 1, 65535, "hand_number"));
  }
  if (const YamlNode* fl = n.find("first_lap"); fl && !r.opening.first_lap_no_meld)
    in.fail(*fl, "'first_lap' belongs to rulesets with a first lap (femhundra-rummy)");
  if (const YamlNode* v = n.find("turns")) in.integer(*v, 0, 60000, "turns");
  if (const YamlNode* v = n.find("passes")) in.integer(*v, 0, kMaxPlayers, "passes");
  if (const YamlNode* v = n.find("next_meld")) {
    int in_use = 0;  // named melds are not numbers in use
    for (int id : ids)
      if (id < kFirstNamedMeld) in_use = std::max(in_use, id);
    in.integer(*v, in_use + 1, kFirstNamedMeld - 1, "next_meld");
  }
}

// The discard on offer (the previous player's, unless said), the turn in progress, and a
// finished hand's scores (for states written back out).
void read_offer_turn_and_scores(Reader& in, const YamlNode& n, StatedPosition& s) {
  const RuleSet& r = in.rules();
  if (const YamlNode* o = n.find("offer")) {
    if (o->is_scalar() && o->scalar == "none") {
      s.offer = Offer{};
    } else {
      if (one_step_turns(r)) in.fail(*o, no_pile(r) + ", so no discard on offer");
      in.keys_of(*o, "offer");
      s.offer = Offer{uint8_t(in.player(in.require(*o, "from"))), false};
      if (const YamlNode* d = o->find("declined")) s.offer->declined = in.boolean(*d, "declined");
    }
  }
  if (const YamlNode* t = n.find("turn")) {
    read_turn(in, *t, s.turn, s.seats[s.facts.to_move.value_or(0)].hand);
    if (one_step_turns(r) && !(s.turn == TurnFacts{})) in.fail(*t, r.id + " has no turn in progress (a turn is one step)");
  }
  if (const YamlNode* v = n.find("round_scores")) {
    in.expect_map(*v, "round_scores");
    for (const auto& [k, x] : v->entries) s.seats[in.player(k)].round_score = int32_t(in.integer(x, -1000000, 1000000, "a score"));
  }
}

// What a `setup` (or a `next_hand` setup, without totals) states, checked with places; the
// engine makes the position (engine/position.h).
StatedPosition read_setup(Reader& in, const YamlNode& n, const std::string& object) {
  in.keys_of(n, object);
  const YamlNode& players = in.require(n, "players");
  const std::vector<const YamlNode*> seat = read_players(in, players);
  StatedPosition s;
  s.players = int(seat.size());
  CardPool pool(in, s.players);
  read_seats(in, players, object == "next_hand", pool, s);
  std::set<int> ids;
  read_piles_and_table(in, n, pool, s, ids);
  check_opened(in, seat, s);
  read_rest(in, n, s);
  read_stated_facts(in, n, ids, s.facts);
  read_offer_turn_and_scores(in, n, s);
  return s;
}

// A setup the rules cannot reach asks about no game (the contract's "Players and setup"):
// refused at the node it is about, unless the file says `reachable: false`.
void refuse_unreachable(Reader& in, const YamlNode& setup, const GameState& s) {
  const Reachability u = unreachable(s, in.rules());
  if (!u) return;
  const std::string why = std::string("a position no game reaches: ") + reachability_text(u.broken) +
                          " (say 'reachable: false' beside the setup to ask about it all the same)";
  const YamlNode* at = &setup;
  if (u.broken == Unreachable::kEmptyHand) {
    if (const YamlNode* players = setup.find("players"))
      for (const auto& [k, v] : players->entries)
        if (in.player(k) == u.player) at = v.find("hand") ? v.find("hand") : &v;
    in.fail(*at, player_name(u.player) + " holds no card: " + why);
  }
  if (u.broken == Unreachable::kTurnFactsAtRest) {
    if (const YamlNode* t = setup.find("turn")) at = t;
    in.fail(*at, "facts of a turn in progress at phase " + std::string(s.phase == Phase::kRow ? "row" : "draw") + ": " + why);
  }
  if (const YamlNode* lap = setup.find("first_lap")) at = lap;
  in.fail(*at, "the first lap with a meld on the table or a player opened: " + why);
}

// ---- steps -----------------------------------------------------------------------------

// A node in flow style, appended to `out` (a step's text, kept for reports: made for every
// step read, so without a string for each part).
void append_flow(std::string& out, const YamlNode& n) {
  switch (n.kind) {
    case YamlNode::Kind::kNull: return;
    case YamlNode::Kind::kScalar: out += n.scalar; return;
    case YamlNode::Kind::kSequence:
      out += '[';
      for (size_t i = 0; i < n.items.size(); ++i) {
        if (i) out += ", ";
        append_flow(out, n.items[i]);
      }
      out += ']';
      return;
    case YamlNode::Kind::kMap:
      out += '{';
      for (size_t i = 0; i < n.entries.size(); ++i) {
        if (i) out += ", ";
        out += n.entries[i].first.scalar;
        out += ": ";
        append_flow(out, n.entries[i].second);
      }
      out += '}';
      return;
  }
}

TakeSpec read_take(const Reader& in, const YamlNode& n) {
  const std::string& s = in.scalar(n, "take");
  TakeSpec t;
  if (s == "top") {
    t.kind = TakeSpec::Kind::kCount;
    t.count = 1;
  } else if (s == "all") {
    t.kind = TakeSpec::Kind::kAll;
  } else if (!s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    t.kind = TakeSpec::Kind::kCount;
    t.count = uint8_t(std::min<long long>(in.integer(n, 0, 100000, "take"), 255));
  } else {
    auto f = in.read_card<Face>(s, n, parse_face);
    if (!f) in.fail(n, "take must be top, all, a number of cards, or a card");
    t.kind = TakeSpec::Kind::kDownTo;
    t.face = *f;
  }
  return t;
}

void add_tokens(const Reader& in, const YamlNode& list, Action& a) {
  in.expect_seq(list, "a meld");
  if (!a.cards.open_group()) in.fail(list, "too many melds in one step");
  for (const YamlNode& c : list.items)
    if (!a.cards.add(in.token(c))) in.fail(c, "too many cards in one step");
}

// `meld: [7S, 7H, JK]` (one meld) or `meld: [[...], [...]]` (several).
void read_melds(const Reader& in, const YamlNode& n, Action& a) {
  in.expect_seq(n, "meld");
  if (n.items.empty()) in.fail(n, "meld needs at least one card");
  if (n.items[0].is_seq()) {
    for (const YamlNode& m : n.items) add_tokens(in, m, a);
  } else {
    add_tokens(in, n, a);
  }
}

void read_layoff(const Reader& in, const YamlNode& n, Action& a) {
  in.keys_of(n, "layoff");
  a.meld_id = uint8_t(in.meld_id(in.require(n, "to")));
  add_tokens(in, in.require(n, "cards"), a);
}

Outcome read_outcome(const Reader& in, const YamlNode& n, const RulesetLibrary& library) {
  Outcome o;
  if (n.is_scalar() && n.scalar == "ok") return o;
  o.kind = Outcome::Kind::kReject;
  if (n.is_scalar() && n.scalar == "reject") return o;
  if (!n.is_map()) in.fail(n, "expect must be ok, reject, or { reject: <rule id> }");
  in.keys_of(n, "step_expect");
  const YamlNode& id = in.require(n, "reject");
  o.rule = in.scalar(id, "a rule id");
  if (!library.knows_rule(o.rule)) in.fail(id, "no catalog has the rule id '" + o.rule + "'");
  return o;
}

Expectations read_expect(Reader& in, const YamlNode& n);

// A claim: what it takes, and the meld it makes or the layoff, not both.
void read_claim(Reader& in, const YamlNode& v, Action& a) {
  a.kind = ActionKind::kClaim;
  in.keys_of(v, "claim");
  a.take = read_take(in, in.require(v, "take"));
  const YamlNode* meld = v.find("meld");
  const YamlNode* layoff = v.find("layoff");
  if (meld && layoff) in.fail(*layoff, "a claim melds or lays off, not both");
  if (meld) read_melds(in, *meld, a);
  if (layoff) {
    a.claim_layoff = true;
    read_layoff(in, *layoff, a);
  }
}

// The next hand: dealt from a seed, or set up by hand (a setup with its players).
void read_next_hand(Reader& in, const YamlNode& v, Step& step) {
  step.action.kind = ActionKind::kNextHand;
  in.expect_map(v, "next_hand");
  if (v.find("players")) {
    Reader nested = in;
    step.next_hand_setup = read_setup(nested, v, "next_hand");
    return;
  }
  in.keys_of(v, "next_hand");
  for (const auto& [k, value] : v.entries)
    if (k.scalar != "seed") in.fail(k, "a next_hand without players takes only seed");
  step.action.seed = in.uint64(in.require(v, "seed"), "seed");
}

Step read_step(Reader& in, const YamlNode& n, const RulesetLibrary& library, int index) {
  Step step;
  step.mark = n.mark;
  if (n.is_scalar() && (n.scalar == "pass" || n.scalar == "timeout")) {
    step.text = n.scalar;
    step.action.kind = n.scalar == "pass" ? ActionKind::kPass : ActionKind::kTimeout;
    step.action.player = kNoPlayer;
    return step;
  }
  in.keys_of(n, "step");
  const YamlNode* action = nullptr;
  std::string kind;
  for (const auto& [k, v] : n.entries)
    if (std::find(kActionKeys.begin(), kActionKeys.end(), k.scalar) != kActionKeys.end()) {
      if (action) in.fail(k, "a step is one action; this one also has '" + kind + "'");
      action = &v;
      kind = k.scalar;
    }
  if (!action) in.fail(n, "step " + std::to_string(index + 1) + " names no action (draw, take, meld, layoff, ...)");
  step.text = kind;
  if (!action->is_null()) step.text += ": ", append_flow(step.text, *action);
  Action& a = step.action;
  a.player = kNoPlayer;  // the player to move, filled in at replay
  if (const YamlNode* p = n.find("player")) a.player = uint8_t(in.player(*p));
  if (kind == "draw") {
    a.kind = ActionKind::kDraw;
    if (in.scalar(*action, "draw") != "stock") in.fail(*action, "draw takes the value stock");
  } else if (kind == "take") {
    a.kind = ActionKind::kTake;
    a.take = read_take(in, *action);
  } else if (kind == "meld") {
    a.kind = ActionKind::kMeld;
    read_melds(in, *action, a);
  } else if (kind == "layoff") {
    a.kind = ActionKind::kLayoff;
    read_layoff(in, *action, a);
  } else if (kind == "swap") {
    a.kind = ActionKind::kSwap;
    in.keys_of(*action, "swap");
    a.meld_id = uint8_t(in.meld_id(in.require(*action, "meld")));
    a.card = in.face(in.require(*action, "card"));
  } else if (kind == "discard") {
    a.kind = ActionKind::kDiscard;
    a.card = in.face(*action);
  } else if (kind == "arrange") {
    a.kind = ActionKind::kArrange;
    in.expect_seq(*action, "arrange");
    for (const YamlNode& m : action->items) add_tokens(in, m, a);
  } else if (kind == "pass" || kind == "timeout") {
    a.kind = kind == "pass" ? ActionKind::kPass : ActionKind::kTimeout;
    if (!action->is_null() && !(action->is_scalar() && action->scalar == "true") && !(action->is_map() && action->entries.empty()))
      in.fail(*action, kind + " takes no value");
  } else if (kind == "claim") {
    read_claim(in, *action, a);
  } else if (kind == "next_hand") {
    read_next_hand(in, *action, step);
  }
  if (const YamlNode* e = n.find("expect")) step.outcome = read_outcome(in, *e, library);
  if (const YamlNode* l = n.find("listed")) step.listed = in.boolean(*l, "listed");
  if (const YamlNode* t = n.find("then")) step.then = read_expect(in, *t);
  return step;
}

// ---- expectations ------------------------------------------------------------------------

std::map<int, int> read_player_numbers(const Reader& in, const YamlNode& n, std::string_view what) {
  in.expect_map(n, what);
  std::map<int, int> out;
  for (const auto& [k, v] : n.entries) out[in.player(k)] = int(in.integer(v, -10000000, 10000000, what));
  return out;
}

// An expected fact under its key: false when the key names none.
bool read_fact(const Reader& in, const std::string& key, const YamlNode& v, Expectations::Facts& f) {
#define MELDCHECK_READ_FACT(type, member, initial, setup_key, expect_key, codec, told) \
  if (key == expect_key) return f.member = read_value(in, v, key, facts::codec{}, type{}), true;
  MELDCHECK_POSITION_FACTS(MELDCHECK_READ_FACT)
#undef MELDCHECK_READ_FACT
  return false;
}

std::map<int, bool> read_player_flags(const Reader& in, const YamlNode& n, std::string_view what) {
  in.expect_map(n, what);
  std::map<int, bool> out;
  for (const auto& [k, v] : n.entries) out[in.player(k)] = in.boolean(v, what);
  return out;
}

// An expected table: each meld's id, owner where said, and cards as written.
std::vector<WrittenMeld> read_expected_table(Reader& in, const YamlNode& v) {
  in.expect_seq(v, "table");
  std::vector<WrittenMeld> melds;
  for (const YamlNode& m : v.items) {
    in.keys_of(m, "meld");
    WrittenMeld w;
    w.mark = m.mark;
    w.id = in.meld_id(in.require(m, "id"));
    if (const YamlNode* o = m.find("owner")) w.owner = in.player(*o);
    const YamlNode& cards = in.require(m, "cards");
    in.expect_seq(cards, "cards");
    for (const YamlNode& c : cards.items) w.cards.push_back(in.written_card(c));
    melds.push_back(std::move(w));
  }
  return melds;
}

// `owed:`, what the player to move owes: a card, or none (which `turn:` cannot say), for each.
Owed read_owed(Reader& in, const YamlNode& v) {
  in.keys_of(v, "owed");
  Owed o;
  auto card_or_none = [&](const YamlNode& n) -> std::optional<Face> {
    if (n.is_scalar() && n.scalar == "none") return std::nullopt;
    return in.face(n);
  };
  if (const YamlNode* t = v.find("must_use")) o.must_use = card_or_none(*t);
  if (const YamlNode* t = v.find("no_discard")) o.no_discard = card_or_none(*t);
  if (const YamlNode* t = v.find("pile_meld")) o.pile_meld = in.boolean(*t, "pile_meld");
  if (const YamlNode* t = v.find("freed_jokers")) o.freed_jokers = int(in.integer(*t, 0, kMaxJokers, "freed_jokers"));
  o.names_must_use = v.find("must_use") != nullptr;
  o.names_no_discard = v.find("no_discard") != nullptr;
  return o;
}

// The discard on offer: none, or from whom and whether declined.
Offer read_expected_offer(Reader& in, const YamlNode& v) {
  if (v.is_scalar() && v.scalar == "none") return Offer{};
  in.keys_of(v, "offer");
  Offer offer{uint8_t(in.player(in.require(v, "from"))), false};
  if (const YamlNode* d = v.find("declined")) offer.declined = in.boolean(*d, "declined");
  return offer;
}

// The turn's books (`turn:`), each as said.
TurnBooks read_turn_books(Reader& in, const YamlNode& v) {
  in.keys_of(v, "turn");
  TurnBooks t;
  for (const auto& [tk, tv] : v.entries) {
    const std::string& name = tk.scalar;
    if (name == "must_use") t.must_use = in.face(tv);
    if (name == "no_discard") t.no_discard = in.face(tv);
    if (name == "pile_meld_due") t.pile_meld_due = in.faces(tv);
    if (name == "freed_jokers") t.freed_jokers = int(in.integer(tv, 0, kMaxJokers, name));
    if (name == "actions") t.actions = int(in.integer(tv, 0, 255, name));
    if (name == "melded") t.melded = in.boolean(tv, name);
    if (name == "built") t.built = in.boolean(tv, name);
    if (name == "built_on_others") t.built_on_others = in.boolean(tv, name);
    if (name == "opened_now") t.opened_now = in.boolean(tv, name);
    if (name == "discarded") t.discarded = in.boolean(tv, name);
  }
  return t;
}

Expectations read_expect(Reader& in, const YamlNode& n) {
  in.keys_of(n, "expect");
  Expectations e;
  e.mark = n.mark;
  for (const auto& [k, v] : n.entries) {
    const std::string& key = k.scalar;
    if (read_fact(in, key, v, e.facts)) continue;
    if (key == "hand") {
      in.expect_map(v, "hand");
      for (const auto& [p, cards] : v.entries) e.hand[in.player(p)] = in.faces(cards);
    } else if (key == "hand_size") {
      e.hand_size = read_player_numbers(in, v, key);
    } else if (key == "table") {
      e.table = read_expected_table(in, v);
    } else if (key == "stock_size") {
      e.stock_size = int(in.integer(v, 0, kMaxCards, key));
    } else if (key == "discard") {
      e.discard = in.faces(v);
    } else if (key == "round_scores") {
      e.round_scores = read_player_numbers(in, v, key);
    } else if (key == "totals") {
      e.totals = read_player_numbers(in, v, key);
    } else if (key == "opened") {
      e.opened = read_player_flags(in, v, key);
    } else if (key == "owed") {
      e.owed = read_owed(in, v);
    } else if (key == "can_move") {
      e.can_move = in.boolean(v, key);
    } else if (key == "stock") {
      e.stock = in.faces(v);
    } else if (key == "penalties") {
      e.penalties = read_player_numbers(in, v, key);
    } else if (key == "built_on_others") {
      e.built_on_others = read_player_flags(in, v, key);
    } else if (key == "offer") {
      e.offer = read_expected_offer(in, v);
    } else if (key == "turn") {
      e.turn = read_turn_books(in, v);
    } else if (key == "best_move") {
      if (!in.rules().table.free_rearrangement) in.fail(v, "'best_move' belongs to rulesets with a freely rearranged table (rummikub)");
      in.keys_of(v, "best_move");
      if (const YamlNode* t = v.find("tiles")) e.best_move_tiles = int(in.integer(*t, 0, kMaxCards, "tiles"));
      if (const YamlNode* t = v.find("value")) e.best_move_value = int(in.integer(*t, 0, 100000, "value"));
    }
  }
  return e;
}

// ---- scenarios -------------------------------------------------------------------------

Scenario read_scenario(const YamlNode& doc, const std::string& file, const RulesetLibrary& library, int index,
                       FileCardNames& card_names, const ReadAs* as = nullptr) {
  YamlReader base(file);
  if (!doc.is_map()) base.fail(doc, "a scenario must be a mapping");
  Scenario sc;
  sc.file = file;
  sc.mark = doc.mark;
  const YamlNode& rs = base.require(doc, "ruleset");
  sc.ruleset = base.scalar(rs, "ruleset");
  if (as) {
    sc.ruleset = as->ruleset;
    sc.variants = as->variants;
    sc.options = as->options;
  }
  const RulesetSpec* spec = library.find(sc.ruleset);
  if (!spec) {
    std::string known;
    for (const auto& s : library.all()) known += (known.empty() ? "" : ", ") + s->id();
    base.fail(rs, "unknown ruleset '" + sc.ruleset + "' (known: " + known + ")");
  }
  if (const YamlNode* v = as ? nullptr : doc.find("variants")) {
    base.expect_seq(*v, "variants");
    for (const YamlNode& id : v->items) {
      sc.variants.push_back(base.scalar(id, "a variant id"));
      const auto& known = spec->variants();
      if (std::none_of(known.begin(), known.end(), [&](const VariantInfo& x) { return x.id == id.scalar; }))
        base.fail(id, "unknown variant '" + id.scalar + "' of " + sc.ruleset);
    }
  }
  if (const YamlNode* o = as ? nullptr : doc.find("options")) {
    base.expect_map(*o, "options");
    for (const auto& [k, v] : o->entries) {
      sc.options[k.scalar] = base.scalar(v, "an option's choice");
      try {
        spec->resolve({}, {{k.scalar, v.scalar}});
      } catch (const std::invalid_argument& e) {
        base.fail(k, e.what());
      }
    }
  }
  sc.rules = spec->resolve(sc.variants, sc.options);
  Reader in(file, sc.rules, 0, card_names);
  in.keys_of(doc, "scenario");
  sc.name = doc.find("name") ? in.scalar(*doc.find("name"), "name") : file + " #" + std::to_string(index + 1);
  if (const YamlNode* s = doc.find("source")) sc.source = in.scalar(*s, "source");
  if (const YamlNode* rules = doc.find("rules")) {
    in.expect_seq(*rules, "rules");
    for (const YamlNode& id : rules->items) {
      if (!library.knows_rule(in.scalar(id, "a rule id"))) in.fail(id, "no catalog has the rule id '" + id.scalar + "'");
      sc.cites.push_back(id.scalar);
    }
  }
  const YamlNode* setup = doc.find("setup");
  const YamlNode* deal = doc.find("deal");
  if (setup && deal) in.fail(*deal, "a scenario has a setup or a deal, not both");
  if (!setup && !deal) in.fail(doc, "a scenario needs a setup or a deal");
  if (const YamlNode* r = doc.find("reachable"); r && !setup) in.fail(*r, "'reachable' speaks of a setup; a deal is always reachable");
  if (setup) {
    sc.start = make_position(in.rules(), read_setup(in, *setup, "setup"));
    const YamlNode* reachable = doc.find("reachable");
    if (!reachable || in.boolean(*reachable, "reachable")) refuse_unreachable(in, *setup, sc.start);
  } else {
    in.keys_of(*deal, "deal");
    const int players = int(in.integer(in.require(*deal, "players"), sc.rules.players.min, sc.rules.players.max, "players"));
    in.set_players(players);
    const uint64_t seed = deal->find("seed") ? in.uint64(*deal->find("seed"), "seed") : 0;
    const int dealer = deal->find("dealer") ? in.player(*deal->find("dealer")) : players - 1;
    sc.start = new_match(sc.rules, players, seed, dealer);
    sc.dealt = true;
  }
  in.set_players(sc.start.num_players);
  sc.names = in.names();
  if (const YamlNode* steps = doc.find("steps")) {
    in.expect_seq(*steps, "steps");
    sc.steps.reserve(steps->items.size());
    for (size_t i = 0; i < steps->items.size(); ++i) sc.steps.push_back(read_step(in, steps->items[i], library, int(i)));
  }
  if (const YamlNode* e = doc.find("expect")) sc.expect = read_expect(in, *e);
  return sc;
}

}  // namespace

const std::map<std::string, std::vector<std::string>>& scenario_keys() { return keys(); }

const char* step_kind_name(ActionKind kind) { return kActionKeys.at(size_t(kind)).c_str(); }

std::optional<ActionKind> step_kind_from_name(std::string_view name) {
  for (size_t k = 0; k < kActionKeys.size(); ++k)
    if (kActionKeys[k] == name) return ActionKind(k);
  return std::nullopt;
}

std::string player_name(int p) { return std::string(1, char('A' + p)); }

std::string WrittenNames::player(int seat) const {
  return seat >= 0 && size_t(seat) < players.size() ? players[size_t(seat)] : player_name(seat);
}

std::string WrittenNames::meld(int id) const {
  for (const auto& [name, named] : melds)
    if (named == id) return name;
  return "m" + std::to_string(id);
}

std::vector<Scenario> parse_scenarios(std::string_view text, const std::string& file, const RulesetLibrary& library) {
  return ScenarioFile(text, file, library).scenarios();
}

ScenarioFile::ScenarioFile(std::string_view text, std::string file, const RulesetLibrary& library)
    : ScenarioFile(parse_yaml(text, file), file, library) {}

ScenarioFile::ScenarioFile(std::vector<YamlNode> docs, std::string file, const RulesetLibrary& library)
    : ScenarioFile(std::make_shared<const std::vector<YamlNode>>(std::move(docs)), std::move(file), library) {}

ScenarioFile::ScenarioFile(std::shared_ptr<const std::vector<YamlNode>> docs, std::string file, const RulesetLibrary& library)
    : file_(std::move(file)), library_(&library), docs_(std::move(docs)) {
  const std::vector<YamlNode>& all = *docs_;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].is_null()) continue;  // an empty document between separators
    scenarios_.push_back(read_scenario(all[i], file_, library, int(i), card_names_));
    doc_of_.push_back(int(i));
  }
  if (scenarios_.empty()) throw InputError(file_, {1, 1}, "the file holds no scenario");
}

ScenarioAs ScenarioFile::read_as(size_t index, const ReadAs& as) const {
  FileCardNames names = card_names_;
  const int doc = doc_of_.at(index);
  try {
    return {read_scenario((*docs_)[size_t(doc)], file_, *library_, doc, names, &as), ""};
  } catch (const InputError& e) {
    return {std::nullopt, e.what()};
  } catch (const std::invalid_argument& e) {  // a variant or option the house's ruleset lacks
    return {std::nullopt, e.what()};
  }
}

Step parse_step(std::string_view text, const std::string& file, const RuleSet& rules, int players,
                const RulesetLibrary& library, const WrittenNames& names) {
  std::vector<YamlNode> docs = parse_yaml(text, file);
  if (docs.size() != 1 || docs[0].is_null()) throw InputError(file, {1, 1}, "a step must be one document");
  FileCardNames card_names;
  Reader in(file, rules, players, card_names);
  in.use_names(names);
  return read_step(in, docs[0], library, 0);
}

std::vector<Scenario> load_scenarios(const std::string& path, const RulesetLibrary& library) {
  return parse_scenarios(read_text_file(path, YamlLimits{}.max_bytes), path, library);
}

}  // namespace meldcheck
