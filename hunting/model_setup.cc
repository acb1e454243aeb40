#include "hunting/model_setup.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "files/scenario_writer.h"
#include "hunting/oracle_views.h"
#include "oracles/catalog_melds.h"
#include "oracles/deal_oracle.h"
#include "oracles/generator.h"

namespace meldcheck::hunt {
namespace {

using oracle::Position;

struct Unreadable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The setup's words, read plainly: the contract's keys and their defaults.
class SetupWords {
 public:
  SetupWords(const YamlNode& setup, const Config& config) : setup_(setup), config_(config) {
    const YamlNode* players = setup.find("players");
    if (!players || players->entries.empty()) throw Unreadable("a setup without players");
    // Players are A, B, C... or named in seating order.
    const bool letters = std::all_of(players->entries.begin(), players->entries.end(), [](const auto& e) {
      return e.first.scalar.size() == 1 && e.first.scalar[0] >= 'A' && e.first.scalar[0] <= 'H';
    });
    for (size_t i = 0; i < players->entries.size(); ++i) {
      const std::string& name = players->entries[i].first.scalar;
      seat_of_[name] = letters ? name[0] - 'A' : int(i);
    }
  }

  int players() const { return int(seat_of_.size()); }
  const YamlNode* key(const char* k) const { return setup_.find(k); }

  int seat(const YamlNode& n) const {
    const auto it = seat_of_.find(n.scalar);
    if (it == seat_of_.end()) throw Unreadable("'" + n.scalar + "' is no player of the setup");
    return it->second;
  }
  static long long number(const YamlNode& n) {
    try {
      return std::stoll(n.scalar);
    } catch (const std::exception&) {
      throw Unreadable("'" + n.scalar + "' is not a number");
    }
  }
  static bool flag(const YamlNode& n) { return n.scalar == "true"; }

  // A card as written, with the player marked after @ (-1 when none).
  std::pair<Token, int> card(const std::string& written) const {
    std::string text = written;
    int builder = -1;
    if (const size_t at = text.rfind('@'); at != std::string::npos && at > 0) {
      YamlNode who;
      who.scalar = text.substr(at + 1);
      builder = seat(who);
      text = text.substr(0, at);
    }
    const Notation n = config_.rules.notation;
    std::optional<Token> t = parse_token(text, n, CardNames::kEnglish);
    if (!t) t = parse_token(text, n, CardNames::kSwedish);
    if (!t) throw Unreadable("'" + written + "' is no card");
    return {*t, builder};
  }
  Face face(const YamlNode& n) const { return card(n.scalar).first.face; }
  std::vector<Face> faces(const YamlNode* list) const {
    std::vector<Face> out;
    if (!list) return out;
    out.reserve(list->items.size());
    for (const YamlNode& c : list->items) out.push_back(face(c));
    return out;
  }

 private:
  const YamlNode& setup_;
  const Config& config_;
  std::map<std::string, int> seat_of_;
};

// A meld as written: the text's own reading of its cards (as laid, or as built on since),
// each card laid by the player its @ names, else by the meld's owner.
oracle::TableMeld read_meld(const SetupWords& words, const YamlNode& cards, int owner, const oracle::MeldText& text) {
  std::vector<Token> tokens;
  std::vector<int> builders;
  for (const YamlNode& c : cards.items) {
    const auto [token, builder] = words.card(c.scalar);
    tokens.push_back(token);
    builders.push_back(builder >= 0 ? builder : owner);
  }
  // As built on since (which allows all that laying allows, and round the corner where only
  // building may go there), else as laid.
  oracle::Reading reading;
  if (oracle::meld_faults(text, tokens, true, &reading).any() && oracle::meld_faults(text, tokens, false, &reading).any())
    throw Unreadable("a meld of the table that is no meld by the text");
  // Each card of the reading is one written card: its builder goes with it. A joker goes
  // with a joker written for what it stands for, else with any joker left (the reading
  // says more than the writing did).
  std::vector<bool> used(tokens.size(), false);
  auto take = [&](oracle::TableCard& card, bool loosely) {
    for (size_t i = 0; i < tokens.size(); ++i) {
      if (used[i] || tokens[i].face.is_joker() != card.joker) continue;
      const Face said = tokens[i].standin;
      const bool fits = !card.joker ? tokens[i].face == card.face
                                    : loosely || said.is_none() || said == card.face || (said.rank() == card.face.rank() && !said.is_natural());
      if (!fits) continue;
      used[i] = true;
      card.laid_by = builders[i];
      return true;
    }
    return false;
  };
  std::vector<bool> placed(reading.cards.size(), false);
  for (size_t k = 0; k < reading.cards.size(); ++k) placed[k] = take(reading.cards[k], false);
  for (size_t k = 0; k < reading.cards.size(); ++k)
    if (!placed[k] && !take(reading.cards[k], true)) throw Unreadable("a meld of the table whose cards the text reads otherwise");
  return reading.cards;
}

// The turn's facts a setup may state (`turn:`).
void read_turn(const SetupWords& words, const YamlNode& turn, Position& p) {
  for (const auto& [k, v] : turn.entries) {
    const std::string& key = k.scalar;
    if (key == "must_use" && v.scalar != "none" && !v.scalar.empty()) p.must_use = words.face(v);
    else if (key == "no_discard" && v.scalar != "none" && !v.scalar.empty()) p.no_discard = words.face(v);
    else if (key == "pile_meld_due") p.pile_meld_due = words.faces(&v);
    else if (key == "freed_jokers") p.freed_jokers = int(SetupWords::number(v));
    else if (key == "melded") p.melded = SetupWords::flag(v);
    else if (key == "built_on_others") p.built_on_others = SetupWords::flag(v);
    else if (key == "built") p.built = SetupWords::flag(v);
    else if (key == "opened_now") p.opened_now = SetupWords::flag(v);
    else if (key == "discarded") p.discarded = SetupWords::flag(v);
    else if (key == "actions") p.actions = int(SetupWords::number(v));
  }
}

// The facts of the hand and the match, each its default where the setup is silent.
void read_facts(const SetupWords& words, Position& p) {
  auto seat_or = [&](const char* key, int dflt) { const YamlNode* n = words.key(key); return n ? words.seat(*n) : dflt; };
  auto number_or = [&](const char* key, int dflt) { const YamlNode* n = words.key(key); return n ? int(SetupWords::number(*n)) : dflt; };
  auto flag_or = [&](const char* key, bool dflt) { const YamlNode* n = words.key(key); return n ? SetupWords::flag(*n) : dflt; };
  const int n = p.players;
  p.to_move = seat_or("to_move", 0);
  p.first_player = seat_or("first_player", 0);
  p.dealer = seat_or("dealer", (p.first_player + n - 1) % n);
  if (const YamlNode* ph = words.key("phase"))
    p.phase = ph->scalar == "play" ? oracle::Phase::kPlay : ph->scalar == "row" ? oracle::Phase::kRow : oracle::Phase::kDraw;
  p.round = number_or("round", number_or("hand_number", 1));
  p.first_lap = flag_or("first_lap", false);
  p.hand_over = flag_or("hand_over", false);
  p.game_over = flag_or("game_over", false);
  if (const YamlNode* w = words.key("winner")) {
    if (w->items.empty() && !w->scalar.empty()) p.winners.push_back(words.seat(*w));
    for (const YamlNode& x : w->items) p.winners.push_back(words.seat(x));
    std::sort(p.winners.begin(), p.winners.end());
  }
  if (const YamlNode* l = words.key("last_out")) p.last_out = l->scalar.empty() || l->scalar == "none" || l->scalar == "null" ? -1 : words.seat(*l);
  p.passes = number_or("passes", 0);
  p.turns = number_or("turns", 0);
  int next = 1;
  for (const oracle::PlacedMeld& m : p.table)
    if (m.id < 200) next = std::max(next, m.id + 1);  // a named meld's id is no number play counts from
  p.next_meld = number_or("next_meld", next);
  p.round_scores.assign(size_t(n), 0);
  if (const YamlNode* rs = words.key("round_scores"))
    for (const auto& [k, v] : rs->entries) p.round_scores[size_t(words.seat(k))] = int(SetupWords::number(v));
  // A discard on the pile is on offer from the player before the one to move, declined once
  // that player has drawn (the play phase), unless said.
  p.offer_from = p.pile.empty() ? -1 : (p.to_move + n - 1) % n;
  p.offer_declined = !p.pile.empty() && p.phase == oracle::Phase::kPlay;
  if (const YamlNode* o = words.key("offer")) {
    if (o->scalar == "none") {
      p.offer_from = -1, p.offer_declined = false;
    } else {
      p.offer_from = words.seat(*o->find("from"));
      p.offer_declined = o->find("declined") && SetupWords::flag(*o->find("declined"));
    }
  }
  if (const YamlNode* t = words.key("turn")) read_turn(words, *t, p);
}

ModelSetup read(const YamlNode& setup, const Config& config, const oracle::MeldText& text) {
  const SetupWords words(setup, config);
  Position p;
  p.players = words.players();
  p.seats.resize(size_t(p.players));
  std::vector<Face> named;  // every card the setup places, to find the rest of the deck
  const YamlNode& players = *words.key("players");
  for (const auto& [name, seat] : players.entries) {
    oracle::Seat& s = p.seats[size_t(words.seat(name))];
    s.hand = words.faces(seat.find("hand"));
    if (const YamlNode* t = seat.find("total")) s.total = int(SetupWords::number(*t));
    if (const YamlNode* t = seat.find("penalty")) s.penalty = int(SetupWords::number(*t));
    named.insert(named.end(), s.hand.begin(), s.hand.end());
  }
  p.pile = words.faces(words.key("discard"));
  named.insert(named.end(), p.pile.begin(), p.pile.end());
  int named_melds = 0;
  if (const YamlNode* table = words.key("table"))
    for (const YamlNode& m : table->items) {
      oracle::PlacedMeld placed;
      const std::string& id = m.find("id") ? m.find("id")->scalar : "";
      const bool numbered = id.size() >= 2 && id[0] == 'm' && std::all_of(id.begin() + 1, id.end(), ::isdigit);
      placed.id = numbered ? std::stoi(id.substr(1)) : 200 + named_melds++;
      placed.owner = m.find("owner") ? words.seat(*m.find("owner")) : -1;
      const YamlNode* cards = m.find("cards");
      if (!cards) throw Unreadable("a meld without cards");
      placed.cards = read_meld(words, *cards, placed.owner, text);
      for (const oracle::TableCard& c : placed.cards) named.push_back(c.joker ? Face::joker() : c.face);
      p.table.push_back(std::move(placed));
    }
  // Who has opened and built on another's meld: as the table shows, unless said.
  for (const auto& [name, seat] : players.entries) {
    const int q = words.seat(name);
    bool owns = false, built = false;
    for (const oracle::PlacedMeld& m : p.table) {
      owns |= m.owner == q;
      for (const oracle::TableCard& c : m.cards) built |= m.owner != q && c.laid_by == q;
    }
    oracle::Seat& s = p.seats[size_t(q)];
    s.opened = seat.find("opened") ? SetupWords::flag(*seat.find("opened")) : owns;
    s.built_on_others = seat.find("built_on_others") ? SetupWords::flag(*seat.find("built_on_others")) : built;
  }
  // The stock: the cards named, top first, then the rest of the deck in its canonical order
  // shuffled by the seed (or out of play).
  p.stock = words.faces(words.key("stock"));
  named.insert(named.end(), p.stock.begin(), p.stock.end());
  std::vector<Face> rest = oracle::deck(config.ruleset, config.variants, config.options, p.players);
  for (const Face& f : named) {
    const auto it = std::find(rest.begin(), rest.end(), f);
    if (it == rest.end()) throw Unreadable("more " + format_face(f, config.rules.notation) + " than the deck has");
    rest.erase(it);
  }
  const YamlNode* seed = words.key("seed");
  oracle::Generator g(seed ? uint64_t(std::stoull(seed->scalar)) : 0);
  oracle::shuffle(rest, g);
  const YamlNode* rest_node = words.key("rest");
  if (!rest_node || rest_node->scalar != "out") p.stock.insert(p.stock.end(), rest.begin(), rest.end());
  p.rng = g.state;
  read_facts(words, p);
  if (const YamlNode* r = words.key("rng")) p.rng = uint64_t(std::stoull(r->scalar));
  return {std::move(p), ""};
}

}  // namespace

ModelSetup model_setup(const YamlNode& setup, const Config& config) {
  return model_setup(setup, config, oracle::MeldText::of(game_of(config)));
}

ModelSetup model_setup(const YamlNode& setup, const Config& config, const oracle::MeldText& text) {
  try {
    return read(setup, config, text);
  } catch (const std::exception& e) {  // Unreadable, and a number no integer holds
    return {std::nullopt, e.what()};
  }
}

ModelSetup model_setup_of(const GameState& s, const Config& config) {
  std::vector<YamlNode> docs;
  try {
    docs = parse_yaml(write_setup(s, config.rules, 0), "setup");
  } catch (const InputError& e) {
    return {std::nullopt, std::string("the position does not write as a setup: ") + e.what()};
  }
  if (docs.empty()) return {std::nullopt, "the position writes as an empty setup"};
  return model_setup(docs[0], config);
}

ModelSetup model_next_hand(const Position& finished, const YamlNode& next_hand, const Config& config) {
  ModelSetup next = model_setup(next_hand, config);
  if (!next.position) return next;
  Position& p = *next.position;
  const int n = p.players;
  const SetupWords words(next_hand, config);
  // What the next hand carries over, as the model's books have it.
  for (int q = 0; q < n && q < finished.players; ++q) p.seats[size_t(q)].total = finished.seats[size_t(q)].total + p.seats[size_t(q)].penalty;
  p.last_out = finished.last_out;
  if (!words.key("round") && !words.key("hand_number")) p.round = finished.round + 1;
  if (!words.key("dealer")) p.dealer = (finished.dealer + 1) % n;
  if (!words.key("first_player")) p.first_player = (p.dealer + 1) % n;
  if (!words.key("to_move")) p.to_move = p.first_player;
  if (!words.key("offer") && !p.pile.empty()) {
    p.offer_from = (p.to_move + n - 1) % n;
    p.offer_declined = p.phase == oracle::Phase::kPlay;
  }
  return next;
}

}  // namespace meldcheck::hunt
