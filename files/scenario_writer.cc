#include "files/scenario_writer.h"

#include <cstdint>
#include <string_view>

#include <algorithm>
#include <bit>
#include <array>
#include <sstream>

#include "engine/position.h"
#include "files/scenario.h"

namespace meldcheck {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// A whole number as the YAML reader reads it back: signed where it fits.
template <typename Json>
Json integer(uint64_t n) {
  return n <= uint64_t(INT64_MAX) ? Json(int64_t(n)) : Json(n);
}

std::string card(Card c, const RuleSet& r) { return format_face(face_of(c), r.notation); }

std::string meld_name(int id) { return "m" + std::to_string(id); }

template <typename Json, typename Cards>
Json card_list(const Cards& cards, const RuleSet& r) {
  Json list = Json::array();
  if constexpr (requires { list.reserve(cards.size()); }) list.reserve(cards.size());
  for (Card c : cards) list.push_back(card(c, r));
  return list;
}

template <typename Json>
Json token_list(std::span<const Token> tokens, const RuleSet& r) {
  Json list = Json::array();
  for (const Token& t : tokens) list.push_back(format_token(t, r.notation));
  return list;
}

template <typename Json>
Json meld_cards(const Meld& m, const RuleSet& r) {
  Json list = Json::array();
  for (int i = 0; i < m.shape.size; ++i) {
    const Token t = m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]};
    std::string text = format_token(t, r.notation);
    if (m.builders[i] != m.owner) text += "@" + player_name(m.builders[i]);
    list.push_back(std::move(text));
  }
  return list;
}

template <typename Json>
Json take_value(const TakeSpec& t, const RuleSet& r) {
  switch (t.kind) {
    case TakeSpec::Kind::kCount: return t.count == 1 ? Json("top") : integer<Json>(t.count);
    case TakeSpec::Kind::kAll: return "all";
    case TakeSpec::Kind::kDownTo: return format_face(t.face, r.notation);
    case TakeSpec::Kind::kNone: break;
  }
  return "top";
}

template <typename Json>
Json groups(const TokenGroups& g, const RuleSet& r) {
  Json list = Json::array();
  for (int i = 0; i < g.groups(); ++i) list.push_back(token_list<Json>(g.group(i), r));
  return list;
}

template <typename Json>
Json layoff(const Action& a, const RuleSet& r) {
  Json l = Json::object();
  l["to"] = meld_name(a.meld_id);
  l["cards"] = a.cards.groups() ? token_list<Json>(a.cards.group(0), r) : Json::array();
  return l;
}

template <typename Json>
void write_flow(std::string& out, const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: out += "null"; return;
    case Json::value_t::string: out += v.template get_ref<const std::string&>(); return;
    case Json::value_t::array: {
      out += '[';
      for (auto i = v.begin(); i != v.end(); ++i) {
        if (i != v.begin()) out += ", ";
        write_flow(out, *i);
      }
      out += ']';
      return;
    }
    case Json::value_t::object: {
      out += v.empty() ? "{" : "{ ";
      for (auto i = v.begin(); i != v.end(); ++i) {
        out += (i != v.begin() ? ", " : "") + i.key() + ": ";
        write_flow(out, i.value());
      }
      out += v.empty() ? "}" : " }";
      return;
    }
    default: out += v.dump();  // numbers and booleans
  }
}

}  // namespace

template <typename Json>
std::string flow_text(const Json& value) {
  std::string out;
  write_flow(out, value);
  return out;
}
template std::string flow_text(const json&);
template std::string flow_text(const ordered_json&);

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kDraw: return "draw";
    case Phase::kPlay: return "play";
    case Phase::kRow: return "row";
  }
  return "draw";
}

namespace {

template <typename Json>
Json fact_value(facts::Seat, uint8_t seat) {
  return player_name(seat);
}
template <typename Json>
Json fact_value(facts::SeatOrNone, uint8_t seat) {
  return seat == kNoPlayer ? Json() : Json(player_name(seat));
}
template <typename Json>
Json fact_value(facts::Seats, uint8_t seats) {
  if (std::popcount(seats) == 1) return player_name(std::countr_zero(seats));
  Json list = Json::array();
  for (int p = 0; p < 8; ++p)
    if ((seats >> p) & 1) list.push_back(player_name(p));
  return list;
}
template <typename Json>
Json fact_value(facts::Number, uint64_t n) {
  return integer<Json>(n);
}
template <typename Json>
Json fact_value(facts::Word64, uint64_t n) {
  return integer<Json>(n);
}
template <typename Json>
Json fact_value(facts::Flag, bool b) {
  return b;
}
template <typename Json>
Json fact_value(facts::PhaseName, Phase p) {
  return phase_name(p);
}

}  // namespace

json fact_json(facts::Seat c, uint8_t seat) { return fact_value<json>(c, seat); }
json fact_json(facts::SeatOrNone c, uint8_t seat) { return fact_value<json>(c, seat); }
json fact_json(facts::Seats c, uint8_t seats) { return fact_value<json>(c, seats); }
json fact_json(facts::Number c, uint64_t n) { return fact_value<json>(c, n); }
json fact_json(facts::Word64 c, uint64_t n) { return fact_value<json>(c, n); }
json fact_json(facts::Flag c, bool b) { return fact_value<json>(c, b); }
json fact_json(facts::PhaseName c, Phase p) { return fact_value<json>(c, p); }

const char* setup_key(const char* key, const RuleSet& r) {
  const std::string_view k = key;
  if (k == "first_lap") return r.opening.first_lap_no_meld ? key : nullptr;
  if (k == "round") return r.opening.form == OpeningForm::kContract ? key : "hand_number";
  return key;
}

namespace {

bool compact(SetupForm form) { return form == SetupForm::kCompact; }

// The players: each one's hand, and books (compact: those the reader would not take anyway).
template <typename Json>
Json players_tree(const GameState& s, const RuleSet& r, SetupForm form) {
  std::array<bool, kMaxPlayers> owns_meld{};
  for (const Meld& m : s.table.all())
    if (m.owner < kMaxPlayers) owns_meld[m.owner] = true;
  Json players = Json::object();
  for (int p = 0; p < s.num_players; ++p) {
    const PlayerState& ps = s.players[p];
    Json seat = Json::object();
    seat["hand"] = card_list<Json>(ps.hand, r);
    if (!compact(form) || ps.total != 0) seat["total"] = ps.total;
    if (!compact(form) || ps.opened != owns_meld[p]) seat["opened"] = ps.opened;
    if (!compact(form) || ps.penalty != 0) seat["penalty"] = ps.penalty;
    if (!compact(form) || ps.built_on_others) seat["built_on_others"] = ps.built_on_others;
    players[player_name(p)] = std::move(seat);
  }
  return players;
}

template <typename Json>
Json table_tree(std::span<const Meld> melds, const RuleSet& r) {
  Json table = Json::array();
  for (const Meld& m : melds) {
    Json meld = Json::object();
    meld["id"] = meld_name(m.id);
    if (m.owner != kNoPlayer) meld["owner"] = player_name(m.owner);
    meld["cards"] = meld_cards<Json>(m, r);
    table.push_back(std::move(meld));
  }
  return table;
}

// What the reader takes for each fact left out: its initial value, but those the engine
// works out from the rest of the setup (engine/position.h); worked out only for a compact
// setup, since the full one (the protocol's state, made at every step of lockstep play) has
// them all.
GameState facts_left_out(const GameState& s, const RuleSet& r, SetupForm form) {
  GameState usual;
  usual.rng = s.rng;
  if (compact(form)) {
    StatedPosition unstated = state_position(s);
    unstated.facts.dealer.reset();
    unstated.facts.next_meld.reset();
    unstated.offer.reset();
    const GameState derived = make_position(r, unstated);
    usual.dealer = derived.dealer;
    usual.next_meld = derived.next_meld;
    usual.offer = derived.offer;
  }
  return usual;
}

template <typename Json>
Json offer_tree(const Offer& offer) {
  if (offer.from == kNoPlayer) return "none";
  Json tree = Json::object();
  tree["from"] = player_name(offer.from);
  tree["declined"] = offer.declined;
  return tree;
}

template <typename Json>
Json turn_tree(const TurnFacts& t, const RuleSet& r) {
  Json turn = Json::object();
  if (t.must_use != kNoCard) turn["must_use"] = card(t.must_use, r);
  if (t.no_discard != kNoCard) turn["no_discard"] = card(t.no_discard, r);
  if (!t.pile_meld_due.empty()) turn["pile_meld_due"] = card_list<Json>(t.pile_meld_due, r);
  turn["freed_jokers"] = integer<Json>(t.freed_jokers.size());
  turn["melded"] = t.melded;
  turn["built_on_others"] = t.built_on_others;
  turn["built"] = t.built;
  turn["opened_now"] = t.opened_now;
  turn["discarded"] = t.discarded;
  turn["actions"] = integer<Json>(t.actions);
  return turn;
}

}  // namespace

template <typename Json>
Json setup_tree(const GameState& s, const RuleSet& r, SetupForm form) {
  Json setup = Json::object();
  setup["players"] = players_tree<Json>(s, r, form);
  const std::vector<Card> stock(s.stock.cards().rbegin(), s.stock.cards().rend());  // top first
  setup["stock"] = card_list<Json>(stock, r);
  setup["discard"] = card_list<Json>(s.discard.cards(), r);
  setup["table"] = table_tree<Json>(s.table.all(), r);
  setup["rest"] = "out";
  // The facts, each where it differs from what the reader takes when it is left out (all
  // of them, unless compact; a compact setup leaves the generator to its seed).
  const GameState usual = facts_left_out(s, r, form);
#define MELDCHECK_FACT_VALUE(type, member, initial, key, expect_key, codec, told)                 \
  if (const char* name = setup_key(key, r); name && (!compact(form) || s.member != usual.member)) \
    setup[name] = fact_value<Json>(facts::codec{}, s.member);
  MELDCHECK_POSITION_FACTS(MELDCHECK_FACT_VALUE)
#undef MELDCHECK_FACT_VALUE
  if (!compact(form) || !(s.offer == usual.offer)) setup["offer"] = offer_tree<Json>(s.offer);
  if (!compact(form) || !(s.turn == TurnFacts{})) setup["turn"] = turn_tree<Json>(s.turn, r);
  if (compact(form) && !s.hand_over) return setup;
  Json scores = Json::object();
  for (int p = 0; p < s.num_players; ++p) scores[player_name(p)] = s.round_scores[p];
  setup["round_scores"] = std::move(scores);
  return setup;
}
template json setup_tree(const GameState&, const RuleSet&, SetupForm);
template ordered_json setup_tree(const GameState&, const RuleSet&, SetupForm);

namespace {

// What a stated position says, and nothing more: each fact, seat fact and offer where it is
// stated, the turn where it owes something, the round's scores where one is not 0.
template <typename Json>
Json stated_tree(const StatedPosition& s, const RuleSet& r) {
  Json setup = Json::object();
  Json players = Json::object();
  for (int p = 0; p < s.players; ++p) {
    const StatedSeat& stated = s.seats[size_t(p)];
    Json seat = Json::object();
    seat["hand"] = card_list<Json>(stated.hand, r);
    if (stated.total != 0) seat["total"] = stated.total;
    if (stated.penalty != 0) seat["penalty"] = stated.penalty;
    if (stated.opened) seat["opened"] = *stated.opened;
    if (stated.built_on_others) seat["built_on_others"] = *stated.built_on_others;
    players[player_name(p)] = std::move(seat);
  }
  setup["players"] = std::move(players);
  setup["stock"] = card_list<Json>(s.stock, r);
  setup["discard"] = card_list<Json>(s.discard, r);
  setup["table"] = table_tree<Json>(s.table, r);
  if (s.rest_out) setup["rest"] = "out";
  else setup["seed"] = integer<Json>(s.seed);
#define MELDCHECK_FACT_VALUE(type, member, initial, key, expect_key, codec, told) \
  if (const char* name = setup_key(key, r); name && s.facts.member) setup[name] = fact_value<Json>(facts::codec{}, *s.facts.member);
  MELDCHECK_POSITION_FACTS(MELDCHECK_FACT_VALUE)
#undef MELDCHECK_FACT_VALUE
  if (s.offer) setup["offer"] = offer_tree<Json>(*s.offer);
  if (!(s.turn == TurnFacts{})) setup["turn"] = turn_tree<Json>(s.turn, r);
  if (std::any_of(s.seats.begin(), s.seats.begin() + s.players, [](const StatedSeat& x) { return x.round_score != 0; })) {
    Json scores = Json::object();
    for (int p = 0; p < s.players; ++p) scores[player_name(p)] = s.seats[size_t(p)].round_score;
    setup["round_scores"] = std::move(scores);
  }
  return setup;
}

// setup_tree's values made as the nodes the written setup reads back to: strings as plain
// scalars, numbers and booleans as the text written, keys in the order written.
class NodeJson {
  static constexpr size_t kEntries = 8;

 public:
  NodeJson() = default;  // null
  NodeJson(std::string text) : node_{.kind = YamlNode::Kind::kScalar, .scalar = std::move(text)} {}
  NodeJson(const char* text) : NodeJson(std::string(text)) {}
  NodeJson(bool b) : NodeJson(b ? "true" : "false") {}
  NodeJson(int n) : NodeJson(std::to_string(n)) {}
  NodeJson(int64_t n) : NodeJson(std::to_string(n)) {}
  NodeJson(uint64_t n) : NodeJson(std::to_string(n)) {}
  static NodeJson object() { return NodeJson(YamlNode::Kind::kMap); }
  static NodeJson array() { return NodeJson(YamlNode::Kind::kSequence); }

  void push_back(NodeJson value) { node_.items.push_back(std::move(value.node_)); }
  void reserve(size_t items) { node_.items.reserve(items); }
  // A key set once (setup_tree sets each once): `tree[key] = value` appends the entry.
  struct Entry {
    YamlNode& map;
    std::string key;
    void operator=(NodeJson value) {
      if (map.entries.empty()) map.entries.reserve(kEntries);  // a setup's maps hold a few keys: one allocation, not four
      YamlEntry& e = map.entries.emplace_back();  // made in place: a setup has a few hundred nodes
      e.first.kind = YamlNode::Kind::kScalar;
      e.first.scalar = std::move(key);
      e.second = std::move(value.node_);
    }
  };
  Entry operator[](std::string key) { return {node_, std::move(key)}; }

  YamlNode take() && { return std::move(node_); }

 private:
  explicit NodeJson(YamlNode::Kind kind) { node_.kind = kind; }
  YamlNode node_;
};

}  // namespace

YamlNode setup_node(const GameState& s, const RuleSet& r) { return setup_tree<NodeJson>(s, r).take(); }
YamlNode stated_setup_node(const StatedPosition& s, const RuleSet& r) { return stated_tree<NodeJson>(s, r).take(); }

std::string write_setup(const GameState& s, const RuleSet& r, int indent, SetupForm form) {
  const std::string pad(size_t(indent), ' ');
  std::string out;
  // A key a line; what holds mappings (the players, the table's melds) an item a line below
  // its key, each item in flow style.
  const ordered_json setup = setup_tree<ordered_json>(s, r, form);
  for (const auto& [key, value] : setup.items()) {
    const auto is_map = [](const ordered_json& item) { return item.is_object(); };
    const bool block = value.is_structured() && !value.empty() && std::all_of(value.begin(), value.end(), is_map);
    if (!block) {
      out += pad + key + ": " + flow_text(value) + "\n";
      continue;
    }
    out += pad + key + ":\n";
    for (auto item = value.begin(); item != value.end(); ++item)
      out += pad + "  " + (value.is_object() ? item.key() + ": " : "- ") + flow_text(item.value()) + "\n";
  }
  return out;
}

template <typename Json>
Json step_tree(const Action& a, const RuleSet& r, int to_move) {
  Json step = Json::object();
  switch (a.kind) {
    case ActionKind::kDraw: step["draw"] = "stock"; break;
    case ActionKind::kTake: step["take"] = take_value<Json>(a.take, r); break;
    case ActionKind::kMeld: step["meld"] = groups<Json>(a.cards, r); break;
    case ActionKind::kLayoff: step["layoff"] = layoff<Json>(a, r); break;
    case ActionKind::kSwap: {
      Json swap = Json::object();
      swap["meld"] = meld_name(a.meld_id);
      swap["card"] = format_face(a.card, r.notation);
      step["swap"] = std::move(swap);
      break;
    }
    case ActionKind::kDiscard: step["discard"] = format_face(a.card, r.notation); break;
    case ActionKind::kArrange: step["arrange"] = groups<Json>(a.cards, r); break;
    case ActionKind::kPass: step["pass"] = nullptr; break;
    case ActionKind::kTimeout: step["timeout"] = nullptr; break;
    case ActionKind::kClaim: {
      Json claim = Json::object();
      claim["take"] = take_value<Json>(a.take, r);
      if (a.claim_layoff && a.cards.groups()) claim["layoff"] = layoff<Json>(a, r);
      else if (a.cards.groups()) claim["meld"] = groups<Json>(a.cards, r);
      step["claim"] = std::move(claim);
      break;
    }
    case ActionKind::kNextHand: {
      Json next = Json::object();
      next["seed"] = integer<Json>(a.seed);
      step["next_hand"] = std::move(next);
      break;
    }
  }
  if (a.player != to_move) step["player"] = player_name(a.player);
  return step;
}
template json step_tree(const Action&, const RuleSet&, int);
template ordered_json step_tree(const Action&, const RuleSet&, int);

std::string write_step(const Action& a, const RuleSet& r, int to_move) {
  std::string out;
  const ordered_json step = step_tree<ordered_json>(a, r, to_move);
  for (const auto& [key, value] : step.items()) {
    if (!out.empty()) out += "\n    ";  // the step's next key, in a scenario's `steps:` list
    out += key + ":";
    if (!value.is_null()) out += " " + flow_text(value);  // `pass:`, `timeout:`
  }
  return out;
}

std::string yaml_quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\n') out += "\\n";
    else out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  }
  return out + "\"";
}

std::string write_head(const ScenarioText& head) {
  std::ostringstream out;
  out << "# yaml-language-server: $schema=../../spec/scenario.schema.json\n";
  if (!head.comment.empty()) out << "# " << head.comment << "\n";
  out << "name: " << yaml_quoted(head.name) << "\n";
  out << "ruleset: " << head.ruleset << "\n";
  if (!head.variants.empty()) {
    out << "variants: [";
    for (size_t i = 0; i < head.variants.size(); ++i) out << (i ? ", " : "") << head.variants[i];
    out << "]\n";
  }
  if (!head.options.empty()) {
    out << "options: {";
    bool first = true;
    for (const auto& [k, v] : head.options) out << (first ? " " : ", ") << k << ": " << v, first = false;
    out << " }\n";
  }
  return out.str();
}

std::string write_scenario(const ScenarioText& head, const GameState& start, const RuleSet& r,
                           const std::vector<Action>& actions, const std::vector<std::string>& verdicts) {
  return write_head(head) + "setup:\n" + write_setup(start, r, 2) + write_steps(start, r, actions, verdicts);
}

std::string write_steps(const GameState& start, const RuleSet& r, const std::vector<Action>& actions,
                        const std::vector<std::string>& verdicts) {
  std::ostringstream out;
  if (!actions.empty()) out << "steps:\n";
  GameState s = start;
  for (size_t i = 0; i < actions.size(); ++i) {
    out << "  - " << write_step(actions[i], r, s.to_move) << "\n";
    if (i < verdicts.size() && !verdicts[i].empty()) out << "    expect: " << verdicts[i] << "\n";
    apply(s, r, actions[i]);
  }
  return out.str();
}

}  // namespace meldcheck
