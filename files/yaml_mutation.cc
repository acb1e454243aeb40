// Changes in meaning to scenario and ruleset files (files/yaml_mutation.h): the documents
// are read as YAML trees, a node is changed in the files' own vocabulary, and written back.
#include "files/yaml_mutation.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <vector>

#include "engine/card.h"
#include "engine/ruleset.h"
#include "files/ruleset_loader.h"
#include "files/spec_files.h"

namespace meldcheck {
namespace {
// std::mt19937 by the seed; draws by modulo, the same with every standard library.
using Rng = std::mt19937;

size_t pick(Rng& rng, size_t n) { return n <= 1 ? 0 : rng() % n; }
bool one_in(Rng& rng, unsigned n) { return rng() % n == 0; }
template <typename T>
const T& any_of(Rng& rng, const std::vector<T>& v) {
  return v[pick(rng, v.size())];
}

// ---- YAML trees ----------------------------------------------------------------------------

// A node of a document with the key of the nearest map entry above it ("hand", "seed", ...)
// and the top-level key it is under ("setup", "steps", ...). yaml-cpp nodes are handles:
// changing one changes the document.
struct Site {
  YAML::Node node;
  std::string key;
  std::string section;
};

void collect(const YAML::Node& n, const std::string& key, const std::string* section, std::vector<Site>& out) {
  out.push_back({n, key, section ? *section : ""});
  if (n.IsSequence()) {
    for (const YAML::Node& item : n) collect(item, key, section, out);
  } else if (n.IsMap()) {
    for (const auto& kv : n) {
      const std::string k = kv.first.IsScalar() ? kv.first.Scalar() : "";
      collect(kv.second, k, section ? section : &k, out);
    }
  }
}

std::vector<Site> sites_of(const YAML::Node& doc) {
  std::vector<Site> out;
  collect(doc, "", nullptr, out);
  return out;
}

std::vector<Site> where(const std::vector<Site>& sites, const std::function<bool(const Site&)>& keep) {
  std::vector<Site> out;
  for (const Site& s : sites)
    if (keep(s)) out.push_back(s);
  return out;
}

// The value under `key` when `n` is a map that has it, else an undefined node: yaml-cpp's
// own operator[] throws on a scalar, turns a sequence into a map, and adds the key.
YAML::Node at(const YAML::Node& n, const std::string& key) {
  if (n.IsMap())
    for (const auto& kv : n)
      if (kv.first.IsScalar() && kv.first.Scalar() == key) return kv.second;
  return YAML::Node(YAML::NodeType::Undefined);
}

// The value under `key` of a map, set to `empty` first unless it is of that kind already.
YAML::Node ensure(YAML::Node map, const std::string& key, const YAML::Node& empty) {
  if (at(map, key).Type() != empty.Type()) map[key] = empty;
  return at(map, key);
}

std::vector<YAML::Node> items(const YAML::Node& seq) {
  std::vector<YAML::Node> v;
  for (const YAML::Node& i : seq) v.push_back(i);
  return v;
}

// yaml-cpp neither inserts nor erases by index: the sequence is replaced whole.
void set_items(YAML::Node seq, const std::vector<YAML::Node>& v) {
  YAML::Node fresh(YAML::NodeType::Sequence);
  fresh.SetStyle(seq.Style());
  for (const YAML::Node& i : v) fresh.push_back(i);
  seq = fresh;
}

YAML::Node flow_seq() {
  YAML::Node n(YAML::NodeType::Sequence);
  n.SetStyle(YAML::EmitterStyle::Flow);
  return n;
}

YAML::Node flow_map() {
  YAML::Node n(YAML::NodeType::Map);
  n.SetStyle(YAML::EmitterStyle::Flow);
  return n;
}

// Drops, repeats, swaps or moves an item, or inserts `fresh()` when given. The edit is
// made on positions and the sequence rebuilt: assigning a yaml-cpp handle (as a vector's
// erase, insert or swap do) rebinds the node it names, not the handle. A repeated item is
// a deep copy: one node twice would be written as an anchor and an alias, which the readers
// refuse.
bool edit_list(Rng& rng, YAML::Node seq, const std::function<YAML::Node()>& fresh = nullptr, bool repeat = true) {
  const std::vector<YAML::Node> v = items(seq);
  struct Slot {
    long from;  // an item of `v`, or -1 for the fresh one
    bool copy;
  };
  std::vector<Slot> slots;
  for (size_t i = 0; i < v.size(); ++i) slots.push_back({long(i), false});
  const size_t op = pick(rng, fresh ? 5 : 4);
  if (op == 4 || (slots.empty() && fresh)) {
    slots.insert(slots.begin() + long(pick(rng, slots.size() + 1)), Slot{-1, false});
  } else if (slots.empty()) {
    return false;
  } else if (op == 0) {
    slots.erase(slots.begin() + long(pick(rng, slots.size())));
  } else if (op == 1 && repeat) {
    const size_t i = pick(rng, slots.size());
    slots.insert(slots.begin() + long(i) + 1, Slot{slots[i].from, true});
  } else if (op <= 2) {
    std::swap(slots[pick(rng, slots.size())], slots[pick(rng, slots.size())]);
  } else {
    const size_t from = pick(rng, slots.size());
    const Slot moved = slots[from];
    slots.erase(slots.begin() + long(from));
    slots.insert(slots.begin() + long(pick(rng, slots.size() + 1)), moved);
  }
  std::vector<YAML::Node> out;
  for (const Slot& sl : slots) {
    if (sl.from < 0) out.push_back(fresh());
    else out.push_back(sl.copy ? YAML::Clone(v[size_t(sl.from)]) : v[size_t(sl.from)]);
  }
  set_items(seq, out);
  return true;
}

bool is_integer(const std::string& s) {
  const size_t start = !s.empty() && s[0] == '-' ? 1 : 0;
  return s.size() > start && s.size() <= 20 &&
         std::all_of(s.begin() + long(start), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_bool(const std::string& s) { return s == "true" || s == "false"; }

// An integer's value, clamped to what a long long holds.
long long number(const std::string& s) {
  long long v = 0;
  for (char c : s)
    if (c >= '0' && c <= '9') v = v > 100000000000000000LL ? v : v * 10 + (c - '0');
  return !s.empty() && s[0] == '-' ? -v : v;
}

// A number near `s`, or one at the edge of what the readers accept.
std::string changed_number(Rng& rng, const std::string& s, const std::vector<long long>& edges) {
  const long long v = number(s);
  switch (pick(rng, 6)) {
    case 0: return std::to_string(v + 1);
    case 1: return std::to_string(v - 1);
    case 2: return std::to_string(v + 1 + long(pick(rng, 9)));
    case 3: return std::to_string(v / 2);
    case 4: return std::to_string(v * 2);
    default: return std::to_string(any_of(rng, edges));
  }
}

std::optional<std::string> emit(const std::vector<YAML::Node>& docs) {
  std::string out;
  for (const YAML::Node& d : docs) {
    if (d.IsNull()) continue;
    YAML::Emitter e;
    e << d;
    if (!e.good()) return std::nullopt;
    out += out.empty() ? "" : "---\n";
    out += e.c_str();
    out += "\n";
  }
  return out;
}

// Loads every document; nullopt when the text is no YAML or nests too deep for a
// recursive reader.
std::optional<std::vector<YAML::Node>> load(std::string_view text) {
  int depth = 0;
  for (char c : text) {
    depth += (c == '[' || c == '{') - (c == ']' || c == '}');
    if (depth > 64) return std::nullopt;
  }
  try {
    return YAML::LoadAll(std::string(text));
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
}

// ---- cards ----------------------------------------------------------------------------------

struct Cards {
  Notation notation = Notation::kCards;
  std::vector<std::string> named;     // the naturals the document names: mutations lean to them
  std::vector<std::string> in_setup;  // the naturals its setup names
};

std::optional<Token> token_of(const std::string& s, Notation n) {
  return parse_token(std::string_view(s).substr(0, s.find('@')), n);
}

std::string any_card(Rng& rng, Notation n) {
  return format_face(Face::natural(int(pick(rng, kSuits)), 1 + int(pick(rng, kRanks))), n);
}

// A card beside `f`: the next or the previous rank, or another suit, so that sets and runs
// form and break.
std::string near_card(Rng& rng, Face f, Notation n) {
  if (!f.is_natural()) return any_card(rng, n);
  int suit = f.suit(), rank = f.rank();
  switch (pick(rng, 3)) {
    case 0: rank = rank % kRanks + 1; break;
    case 1: rank = (rank + kRanks - 2) % kRanks + 1; break;
    default: suit = (suit + 1 + int(pick(rng, kSuits - 1))) % kSuits;
  }
  return format_face(Face::natural(suit, rank), n);
}

std::string some_card(Rng& rng, const Cards& c) {
  if (one_in(rng, 16)) return "JK";
  if (c.named.empty() || one_in(rng, 3)) return any_card(rng, c.notation);
  const std::string& base = any_of(rng, c.named);
  return one_in(rng, 2) ? base : near_card(rng, *parse_face(base, c.notation), c.notation);
}

// A card the setup names nowhere yet, so that the deck still holds it: beside `f` when one
// is free.
std::string unnamed_card(Rng& rng, Face f, const Cards& c) {
  for (int i = 0; i < 8; ++i) {
    const std::string card = i < 4 ? near_card(rng, f, c.notation) : any_card(rng, c.notation);
    if (std::find(c.in_setup.begin(), c.in_setup.end(), card) == c.in_setup.end()) return card;
  }
  return any_card(rng, c.notation);
}

// Another card in the place of `s`, keeping its `@P` mark mostly. A joker names a stand-in
// only where melds are written (`standin`); in a setup the new card is one it does not name.
std::string changed_card(Rng& rng, const std::string& s, const Cards& c, bool standin, bool in_setup) {
  const size_t at = s.find('@');
  const std::string mark = at == std::string::npos || one_in(rng, 8) ? "" : s.substr(at);
  const Token t = *token_of(s, c.notation);
  const Face f = t.face.is_joker() ? t.standin : t.face;
  std::string card = in_setup ? unnamed_card(rng, f, c) : one_in(rng, 2) ? near_card(rng, f, c.notation) : some_card(rng, c);
  if (standin && t.face.is_joker() && !t.standin.is_none() && card != "JK" && !one_in(rng, 4)) card = "JK=" + card;
  else if (one_in(rng, in_setup ? 48 : 12)) card = standin && one_in(rng, 2) ? "JK=" + any_card(rng, c.notation) : "JK";
  return card + mark;
}

// Three cards that make a set or a run with one the document names.
YAML::Node some_meld(Rng& rng, const Cards& c) {
  const std::optional<Face> base = parse_face(some_card(rng, c), c.notation);
  const Face f = base && base->is_natural() ? *base : Face::natural(0, 5);
  YAML::Node meld = flow_seq();
  const bool run = one_in(rng, 2);
  for (int i = 0; i < 3; ++i) {
    const Face g = run ? Face::natural(f.suit(), (f.rank() - 1 + i) % kRanks + 1)
                       : Face::natural((f.suit() + i) % kSuits, f.rank());
    meld.push_back(one_in(rng, 10) ? std::string("JK") : format_face(g, c.notation));
  }
  return meld;
}

YAML::Node cards_node(Rng& rng, const Cards& c, int n) {
  YAML::Node seq = flow_seq();
  for (int i = 0; i < n; ++i) seq.push_back(some_card(rng, c));
  return seq;
}

// ---- scenarios ------------------------------------------------------------------------------


const std::vector<std::string> kPlayerKeys = {"to_move", "first_player", "dealer", "player", "owner", "from", "last_out", "winner"};

struct ScenarioMutator {
  Rng& rng;
  YAML::Node doc;
  const RulesetSpec* spec;
  Cards cards;
  std::vector<Site> sites;
  int players = 2;

  bool is_card(const Site& s) const { return s.node.IsScalar() && token_of(s.node.Scalar(), cards.notation).has_value(); }

  // A sequence of cards (or an empty one where cards belong): a hand, a pile, a meld.
  bool is_card_list(const Site& s) const {
    static const std::vector<std::string> keys = {"hand", "stock", "discard", "cards", "meld", "arrange"};
    if (!s.node.IsSequence() || std::find(keys.begin(), keys.end(), s.key) == keys.end()) return false;
    for (const YAML::Node& i : s.node)
      if (!i.IsScalar() || !token_of(i.Scalar(), cards.notation)) return false;
    return true;
  }

  std::string some_player() { return std::string(1, char('A' + pick(rng, size_t(players) + (one_in(rng, 8) ? 1 : 0)))); }

  bool card() {
    const std::vector<Site> found = where(sites, [&](const Site& s) { return is_card(s); });
    if (found.empty()) return false;
    const Site* chosen = &any_of(rng, found);
    // A table meld's card changed breaks the setup's meld more often than not: less often.
    for (int i = 0; i < 2 && chosen->section == "setup" && chosen->key == "cards"; ++i) chosen = &any_of(rng, found);
    const Site& s = *chosen;
    YAML::Node n = s.node;
    const std::string text = n.Scalar();
    auto plain = [](const std::string& c) { return c.substr(0, c.find('@')); };
    if (s.section == "setup" && text.find('=') == std::string::npos && one_in(rng, 2)) {
      // Two cards of the setup change places (their `@P` marks stay): the deck stays whole.
      const std::vector<Site> others = where(found, [&](const Site& o) {
        return o.section == "setup" && o.node.Scalar().find('=') == std::string::npos && plain(o.node.Scalar()) != plain(text);
      });
      if (!others.empty()) {
        YAML::Node o = any_of(rng, others).node;
        const std::string other = o.Scalar();
        n = plain(other) + text.substr(plain(text).size());
        o = plain(text) + other.substr(plain(other).size());
        return true;
      }
    }
    const bool standin = s.key == "cards" || s.key == "meld" || s.key == "arrange";
    n = changed_card(rng, text, cards, standin, s.section == "setup");
    return true;
  }

  bool card_list() {
    const std::vector<Site> lists = where(sites, [&](const Site& s) { return is_card_list(s); });
    if (lists.empty()) return false;
    // Hands first: a player's hand decides what can be played.
    const std::vector<Site> hands = where(lists, [](const Site& s) { return s.key == "hand"; });
    const Site& s = any_of(rng, !hands.empty() && one_in(rng, 2) ? hands : lists);
    if (one_in(rng, 4)) {
      // A card moved from one list to another keeps the deck whole.
      const Site& to = any_of(rng, lists);
      const std::vector<YAML::Node> from = items(s.node);
      if (from.empty() || to.node.is(s.node)) return false;
      const size_t gone = pick(rng, from.size());
      std::vector<YAML::Node> kept;
      for (size_t i = 0; i < from.size(); ++i)
        if (i != gone) kept.push_back(from[i]);
      YAML::Node target = to.node;
      target.push_back(YAML::Clone(from[gone]));
      set_items(s.node, kept);
      return true;
    }
    return edit_list(rng, s.node, [&] {
      if (s.section != "setup") return YAML::Node(some_card(rng, cards));
      const std::optional<Face> f = parse_face(some_card(rng, cards), cards.notation);
      return YAML::Node(unnamed_card(rng, f ? *f : Face::none(), cards));
    }, s.section != "setup");  // a setup's card repeated may be one more than the deck has
  }

  YAML::Node some_step() {
    YAML::Node st = flow_map();
    const bool tiles = cards.notation == Notation::kTiles;
    switch (tiles ? std::array<int, 5>{0, 6, 8, 8, 9}[pick(rng, 5)] : int(pick(rng, 10))) {
      case 0: st["draw"] = "stock"; break;
      case 1: {
        const std::vector<std::string> takes = {"top", "all", std::to_string(1 + pick(rng, 5)), some_card(rng, cards)};
        st["take"] = any_of(rng, takes);
        break;
      }
      case 2: st["discard"] = some_card(rng, cards); break;
      case 3: {
        if (one_in(rng, 3)) {
          YAML::Node melds = flow_seq();
          melds.push_back(some_meld(rng, cards));
          melds.push_back(some_meld(rng, cards));
          st["meld"] = melds;
        } else {
          st["meld"] = some_meld(rng, cards);
        }
        break;
      }
      case 4: {
        YAML::Node l = flow_map();
        l["to"] = "m" + std::to_string(1 + pick(rng, 4));
        l["cards"] = cards_node(rng, cards, 1 + int(pick(rng, 2)));
        st["layoff"] = l;
        break;
      }
      case 5: {
        YAML::Node s = flow_map();
        s["meld"] = "m" + std::to_string(1 + pick(rng, 4));
        s["card"] = some_card(rng, cards);
        st["swap"] = s;
        break;
      }
      case 6: return YAML::Node(one_in(rng, 2) ? "pass" : "timeout");
      case 7: {
        YAML::Node c = flow_map();
        c["take"] = one_in(rng, 2) ? "top" : "2";
        if (one_in(rng, 2)) c["meld"] = some_meld(rng, cards);
        st["claim"] = c;
        st["player"] = some_player();
        break;
      }
      case 8: {
        // The table as it stands in the setup, with a new set beside it.
        YAML::Node sets = flow_seq();
        if (const YAML::Node table = at(at(doc, "setup"), "table"); table.IsSequence())
          for (const YAML::Node& m : table)
            if (at(m, "cards").IsSequence()) sets.push_back(YAML::Clone(at(m, "cards")));
        sets.push_back(some_meld(rng, cards));
        st["arrange"] = sets;
        break;
      }
      default: {
        YAML::Node n = flow_map();
        n["seed"] = std::to_string(rng());
        st["next_hand"] = n;
      }
    }
    return st;
  }

  bool steps() {
    const YAML::Node steps = ensure(doc, "steps", YAML::Node(YAML::NodeType::Sequence));
    std::vector<YAML::Node> v = items(steps);
    if (!v.empty() && one_in(rng, 3)) {
      // A step changed rather than the list: its player, its expectations, its take.
      YAML::Node st = any_of(rng, v);
      if (!st.IsMap()) return false;
      switch (pick(rng, 4)) {
        case 0:
          if (at(st, "player").IsDefined() && one_in(rng, 2)) st.remove("player");
          else st["player"] = some_player();
          return true;
        case 1:
          if (!at(st, "expect").IsDefined() && !at(st, "then").IsDefined()) return false;
          st.remove("expect");
          st.remove("then");
          return true;
        case 2:
          if (YAML::Node take = at(st, "take").IsDefined() ? at(st, "take") : at(at(st, "claim"), "take"); take.IsScalar()) {
            const std::vector<std::string> takes = {"top", "all", "0", std::to_string(1 + pick(rng, 6)), some_card(rng, cards)};
            take = any_of(rng, takes);
            return true;
          }
          return false;
        default:
          for (const char* key : {"to", "meld"})
            if (YAML::Node id = at(at(st, "layoff"), key).IsDefined() ? at(at(st, "layoff"), key) : at(at(st, "swap"), key); id.IsScalar()) {
              id = "m" + std::to_string(1 + pick(rng, 5));
              return true;
            }
          return false;
      }
    }
    return edit_list(rng, steps, [&] { return some_step(); });
  }

  bool config() {
    if (!spec) return false;
    if (one_in(rng, 16)) {
      // Another ruleset of the same notation, without the variants and options of this one.
      std::vector<std::string> ids;
      for (const auto& other : RulesetLibrary::embedded().all())
        if (other->base().notation == cards.notation) ids.push_back(other->id());
      doc["ruleset"] = any_of(rng, ids);
      doc.remove("variants");
      doc.remove("options");
      return true;
    }
    if (one_in(rng, 2)) {
      if (spec->variants().empty()) return false;
      return edit_list(rng, ensure(doc, "variants", flow_seq()), [&] {
        return YAML::Node(one_in(rng, 32) ? std::string("no-such-variant") : any_of(rng, spec->variants()).id);
      });
    }
    if (spec->options().empty()) return false;
    YAML::Node options = ensure(doc, "options", flow_map());
    const OptionInfo& o = any_of(rng, spec->options());
    if (at(options, o.id).IsDefined() && one_in(rng, 3)) options.remove(o.id);
    else options[o.id] = one_in(rng, 32) ? std::string("no-such-choice") : any_of(rng, o.choices);
    return true;
  }

  bool scalar() {
    const std::vector<Site> found = where(sites, [&](const Site& s) {
      if (!s.node.IsScalar()) return false;
      const std::string& v = s.node.Scalar();
      return is_integer(v) || is_bool(v) || s.key == "phase" || s.key == "rest" ||
             std::find(kPlayerKeys.begin(), kPlayerKeys.end(), s.key) != kPlayerKeys.end();
    });
    if (found.empty()) return false;
    const Site& s = any_of(rng, found);
    YAML::Node n = s.node;
    const std::string v = n.Scalar();
    if (is_bool(v)) {
      n = v == "true" ? "false" : "true";
    } else if (s.key == "phase") {
      n = std::vector<std::string>{"draw", "play", "row"}[pick(rng, 3)];
    } else if (s.key == "rest") {
      n = v == "out" ? "stock" : "out";
    } else if (!is_integer(v)) {
      n = some_player();
    } else if (s.key == "players" && spec && !one_in(rng, 8)) {
      n = std::to_string(spec->base().players.min + pick(rng, spec->base().players.max - spec->base().players.min + 1u));
    } else if (s.key == "seed" && one_in(rng, 2)) {
      n = std::to_string((uint64_t(rng()) << 32) | rng());
    } else {
      n = changed_number(rng, v, {0, 1, 2, 3, 7, 8, 9, 13, 255, 256, 500, -1, 1000000, 2147483648LL});
    }
    return true;
  }

  // The setup's shape: a player more or fewer, a meld of the table more or fewer.
  bool setup() {
    YAML::Node setup = at(doc, "setup");
    if (!setup.IsMap()) return false;
    if (one_in(rng, 2)) {
      YAML::Node ps = at(setup, "players");
      if (!ps.IsMap() || ps.size() == 0) return false;
      // Within the ruleset's player counts, mostly.
      const bool beyond = !spec || one_in(rng, 8);
      const bool fewer = one_in(rng, 2);
      if (fewer && ps.size() > 1 && (beyond || int(ps.size()) > spec->base().players.min)) {
        ps.remove(std::string(1, char('A' + ps.size() - 1)));
      } else if (!fewer && ps.size() < kMaxPlayers && (beyond || int(ps.size()) < spec->base().players.max)) {
        YAML::Node hand = flow_seq();
        for (size_t i = pick(rng, 6); i > 0; --i) hand.push_back(unnamed_card(rng, Face::none(), cards));
        YAML::Node p = flow_map();
        p["hand"] = hand;
        ps[std::string(1, char('A' + ps.size()))] = p;
      } else {
        return false;
      }
      return true;
    }
    const YAML::Node table = ensure(setup, "table", YAML::Node(YAML::NodeType::Sequence));
    if (!edit_list(rng, table, [&] {
          YAML::Node m = flow_map();
          m["owner"] = some_player();
          m["cards"] = some_meld(rng, cards);
          return m;
        }))
      return false;
    // A meld repeated, or a new one: an id of its own.
    std::vector<std::string> ids;
    for (YAML::Node m : table) {
      if (!m.IsMap()) continue;
      const YAML::Node id = at(m, "id");
      if (!id.IsScalar() || std::find(ids.begin(), ids.end(), id.Scalar()) != ids.end())
        m["id"] = "m" + std::to_string(table.size() + ids.size() + 1);
      ids.push_back(at(m, "id").Scalar());
    }
    return true;
  }

  bool mutate() {
    switch (pick(rng, 20)) {
      case 0: case 1: case 2: case 3: case 4: return card();
      case 5: case 6: case 7: case 8: return card_list();
      case 9: case 10: case 11: case 12: case 13: return steps();
      case 14: case 15: return config();
      case 16: case 17: return scalar();
      default: return setup();
    }
  }
};

// One change to one of the maps (or one of several left out), as mutate_docs and
// mutate_tree_docs make it.
void mutate_maps(std::vector<YAML::Node>& maps, unsigned seed, const std::function<bool(Rng&, YAML::Node)>& one) {
  Rng rng(seed);
  if (maps.size() > 1 && one_in(rng, 8)) {
    maps.erase(maps.begin() + long(pick(rng, maps.size())));
    return;
  }
  for (int tries = 0; tries < 8; ++tries) {
    try {
      if (one(rng, any_of(rng, maps))) break;
    } catch (const YAML::Exception&) {
      // A node of an unexpected kind on the way (a scalar indexed): another draw.
    }
  }
}

std::optional<std::string> mutate_docs(std::string_view text, unsigned seed, const std::function<bool(Rng&, YAML::Node)>& one) {
  std::optional<std::vector<YAML::Node>> docs = load(text);
  if (!docs) return std::nullopt;
  std::vector<YAML::Node> maps;
  for (const YAML::Node& d : *docs)
    if (d.IsMap()) maps.push_back(d);
  if (maps.empty()) return std::nullopt;
  mutate_maps(maps, seed, one);
  return emit(maps);
}

// ---- trees read already ----------------------------------------------------------------------

// A document tree as yaml-cpp's, for the mutations: a quoted scalar keeps the tag the
// parser gives one ("!").
YAML::Node to_yaml(const YamlNode& n) {
  switch (n.kind) {
    case YamlNode::Kind::kNull: return YAML::Node(YAML::NodeType::Null);
    case YamlNode::Kind::kScalar: {
      YAML::Node s(n.scalar);
      if (n.quoted) s.SetTag("!");
      return s;
    }
    case YamlNode::Kind::kSequence: {
      YAML::Node seq(YAML::NodeType::Sequence);
      for (const YamlNode& i : n.items) seq.push_back(to_yaml(i));
      return seq;
    }
    case YamlNode::Kind::kMap: {
      YAML::Node map(YAML::NodeType::Map);
      for (const YamlEntry& e : n.entries) map.force_insert(e.first.scalar, to_yaml(e.second));
      return map;
    }
  }
  return YAML::Node(YAML::NodeType::Null);
}

// And back, as the text written from it would read (a tag "!" for a quoted scalar): nullopt
// where it would not read (a key that is no plain value, a key twice), which the text
// version's reader refuses too.
std::optional<YamlNode> from_yaml(const YAML::Node& y, int depth = 0) {
  if (depth > 64) return std::nullopt;
  YamlNode n;
  switch (y.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null: return n;
    case YAML::NodeType::Scalar:
      n.quoted = y.Tag() == "!";
      if (!n.quoted && reads_as_null(y.Scalar())) return n;  // as the text reads back: a null
      n.kind = YamlNode::Kind::kScalar;
      n.scalar = y.Scalar();
      return n;
    case YAML::NodeType::Sequence:
      n.kind = YamlNode::Kind::kSequence;
      n.items.reserve(y.size());
      for (const YAML::Node& i : y) {
        std::optional<YamlNode> item = from_yaml(i, depth + 1);
        if (!item) return std::nullopt;
        n.items.push_back(std::move(*item));
      }
      return n;
    case YAML::NodeType::Map:
      n.kind = YamlNode::Kind::kMap;
      n.entries.reserve(y.size());
      for (const auto& kv : y) {
        if (!kv.first.IsScalar()) return std::nullopt;
        for (const YamlEntry& e : n.entries)
          if (e.first.scalar == kv.first.Scalar()) return std::nullopt;
        std::optional<YamlNode> value = from_yaml(kv.second, depth + 1);
        if (!value) return std::nullopt;
        YamlEntry& e = n.entries.emplace_back();
        e.first.kind = YamlNode::Kind::kScalar;
        e.first.scalar = kv.first.Scalar();
        e.second = std::move(*value);
      }
      return n;
  }
  return n;
}

bool mutate_tree_docs(std::vector<YamlNode>& docs, unsigned seed, const std::function<bool(Rng&, YAML::Node)>& one) {
  std::vector<YAML::Node> maps;
  for (const YamlNode& d : docs)
    if (d.is_map()) maps.push_back(to_yaml(d));
  if (maps.empty()) return false;
  mutate_maps(maps, seed, one);
  std::vector<YamlNode> out;
  for (const YAML::Node& m : maps) {
    std::optional<YamlNode> read = from_yaml(m);
    if (!read) return false;
    out.push_back(std::move(*read));
  }
  docs = std::move(out);
  return true;
}

// ---- rulesets -------------------------------------------------------------------------------

// What the rulesets of spec/ write, for mutations that stay in their vocabulary.
struct SpecWords {
  // A key's scalar values (enum names, check and event names) and numbers, as written.
  std::map<std::string, std::vector<std::string>> values, numbers;
  std::vector<std::pair<std::string, YAML::Node>> patches;  // every `set:` entry of a variant or option choice
};

// Keys whose values are prose or names of their own (an option's default is among its choices).
bool own_words(const std::string& key) {
  return key == "name" || key == "text" || key == "text_sv" || key == "source" || key == "resolution" ||
         key == "resolution_sv" || key == "default" || key == "id";
}

void learn_value(SpecWords& w, const std::string& key, const YAML::Node& v) {
  if (!v.IsScalar() || own_words(key) || is_bool(v.Scalar())) return;
  std::vector<std::string>& list = is_integer(v.Scalar()) ? w.numbers[key] : w.values[key];
  if (std::find(list.begin(), list.end(), v.Scalar()) == list.end()) list.push_back(v.Scalar());
}

void learn_patch(SpecWords& w, const YAML::Node& set) {
  if (!set.IsMap()) return;
  for (const auto& kv : set) {
    const std::string path = kv.first.Scalar();
    w.patches.emplace_back(path, YAML::Clone(kv.second));
    learn_value(w, path.substr(path.rfind('.') + 1), kv.second);
  }
}

const SpecWords& spec_words() {
  static const SpecWords words = [] {
    SpecWords w;
    for (const EmbeddedFile& f : spec_files()) {
      if (!f.name.ends_with(".yaml")) continue;
      const YAML::Node root = YAML::Load(std::string(f.text));
      for (const Site& s : sites_of(root)) learn_value(w, s.key, s.node);
      for (const YAML::Node& v : at(root, "variants")) learn_patch(w, at(v, "set"));
      for (const YAML::Node& o : at(root, "options"))
        for (const auto& choice : at(o, "choices")) learn_patch(w, choice.second);
    }
    return w;
  }();
  return words;
}

bool is_range(const std::string& s) {
  const size_t dash = s.find('-', 1);
  return dash != std::string::npos && is_integer(s.substr(0, dash)) && is_integer(s.substr(dash + 1));
}

// Whether a dotted path of a patch ("draw.empty_stock") leads anywhere in the ruleset. (By
// recursion: assigning a handle would rebind the node it names.)
bool has_path(const YAML::Node& n, std::string_view path) {
  const size_t dot = path.find('.');
  const YAML::Node next = at(n, std::string(path.substr(0, dot)));
  return next.IsDefined() && (dot == std::string_view::npos || has_path(next, path.substr(dot + 1)));
}

const std::vector<long long> kSpecEdges = {-1, 0, 1, 2, 3, 4, 5, 8, 10, 13, 14, 16, 30, 31, 100, 255, 1000, 60000, 1000000};

// A number of a ruleset: one its key has in spec/ (in range, mostly), one near, or an edge.
std::string spec_number(Rng& rng, const std::string& v, const std::string& key) {
  const auto seen = spec_words().numbers.find(key);
  if (seen != spec_words().numbers.end() && one_in(rng, 2)) return any_of(rng, seen->second);
  return changed_number(rng, v, kSpecEdges);
}

// A number, or a range "2-4" (a range's end: a seat count mostly, of players or rounds).
bool change_spec_number(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) {
    return s.node.IsScalar() && (is_integer(s.node.Scalar()) || is_range(s.node.Scalar()));
  });
  if (found.empty()) return false;
  const Site& s = any_of(rng, found);
  YAML::Node n = s.node;
  const std::string v = n.Scalar();
  const size_t dash = v.find('-', 1);
  auto end = [&](const std::string& e) { return one_in(rng, 4) ? changed_number(rng, e, kSpecEdges) : std::to_string(1 + pick(rng, 8)); };
  if (!is_range(v)) n = spec_number(rng, v, s.key);
  else if (one_in(rng, 2)) n = end(v.substr(0, dash)) + v.substr(dash);
  else n = v.substr(0, dash + 1) + end(v.substr(dash + 1));
  return true;
}

// An enum name: another of its key's, or (rarely) another key's or nonsense.
bool change_spec_name(Rng& rng, const std::vector<Site>& sites) {
  const SpecWords& words = spec_words();
  const std::vector<Site> found = where(sites, [&](const Site& s) {
    return s.node.IsScalar() && words.values.count(s.key) && !is_integer(s.node.Scalar()) && !is_bool(s.node.Scalar());
  });
  if (found.empty()) return false;
  const Site& s = any_of(rng, found);
  YAML::Node n = s.node;
  if (one_in(rng, 16)) {
    auto it = words.values.begin();
    std::advance(it, long(pick(rng, words.values.size())));
    n = one_in(rng, 2) ? any_of(rng, it->second) : std::string("nonsense");
  } else {
    n = any_of(rng, words.values.at(s.key));
  }
  return true;
}

bool flip_boolean(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) { return s.node.IsScalar() && is_bool(s.node.Scalar()); });
  if (found.empty()) return false;
  YAML::Node n = any_of(rng, found).node;
  n = n.Scalar() == "true" ? "false" : "true";
  return true;
}

// A list element dropped, repeated or moved.
bool edit_some_list(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) { return s.node.IsSequence() && s.node.size() > 0; });
  if (found.empty()) return false;
  return edit_list(rng, any_of(rng, found).node);
}

// An option's default: another of its choices.
bool change_option_default(Rng& rng, const YAML::Node& root) {
  std::vector<YAML::Node> options;
  for (const YAML::Node& o : at(root, "options"))
    if (at(o, "choices").IsMap() && at(o, "default").IsScalar()) options.push_back(o);
  if (options.empty()) return false;
  const YAML::Node o = any_of(rng, options);
  std::vector<std::string> choices;
  for (const auto& c : at(o, "choices")) choices.push_back(c.first.Scalar());
  if (choices.empty()) return false;
  YAML::Node d = at(o, "default");
  d = any_of(rng, choices);
  return true;
}

// A variant's or option choice's patch: an entry more or fewer.
bool change_patch(Rng& rng, const YAML::Node& root) {
  const SpecWords& words = spec_words();
  std::vector<YAML::Node> sets;
  for (const YAML::Node& v : at(root, "variants"))
    if (at(v, "set").IsMap()) sets.push_back(at(v, "set"));
  for (const YAML::Node& o : at(root, "options"))
    for (const auto& choice : at(o, "choices"))
      if (choice.second.IsMap()) sets.push_back(choice.second);
  if (sets.empty() || words.patches.empty()) return false;
  YAML::Node set = any_of(rng, sets);
  if (set.size() > 0 && one_in(rng, 3)) {
    auto it = set.begin();
    std::advance(it, long(pick(rng, set.size())));
    set.remove(it->first.Scalar());
    return true;
  }
  // A setting this ruleset has, mostly: another one names nothing here.
  for (int tries = 0; tries < 16; ++tries) {
    const auto& [path, value] = any_of(rng, words.patches);
    if (!has_path(root, path) && !one_in(rng, 8)) continue;
    set[path] = YAML::Clone(value);
    return true;
  }
  return false;
}

// An entry of a map left out.
bool drop_map_entry(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) { return s.node.IsMap() && s.node.size() > 0; });
  if (found.empty()) return false;
  YAML::Node m = any_of(rng, found).node;
  auto it = m.begin();
  std::advance(it, long(pick(rng, m.size())));
  m.remove(it->first.Scalar());
  return true;
}

// One change of a ruleset, chosen by weight: a number, a name, a boolean, a list, an
// option's default, a patch, a map's entry.
bool mutate_spec_doc(Rng& rng, YAML::Node root) {
  const std::vector<Site> sites = sites_of(root);
  const size_t choice = pick(rng, 40);
  if (choice < 11) return change_spec_number(rng, sites);
  if (choice < 19) return change_spec_name(rng, sites);
  if (choice < 24) return flip_boolean(rng, sites);
  if (choice < 30) return edit_some_list(rng, sites);
  if (choice < 32) return change_option_default(rng, root);
  if (choice < 38) return change_patch(rng, root);
  return drop_map_entry(rng, sites);
}

bool mutate_scenario_doc(Rng& rng, YAML::Node doc) {
  const YAML::Node id = at(doc, "ruleset");
  const RulesetSpec* spec = id.IsScalar() ? RulesetLibrary::embedded().find(id.Scalar()) : nullptr;
  ScenarioMutator m{rng, doc, spec, {}, sites_of(doc)};
  if (spec) m.cards.notation = spec->base().notation;
  for (const Site& s : m.sites)
    if (m.is_card(s))
      if (const Token t = *token_of(s.node.Scalar(), m.cards.notation); t.face.is_natural()) {
        m.cards.named.push_back(format_face(t.face, m.cards.notation));
        if (s.section == "setup") m.cards.in_setup.push_back(m.cards.named.back());
      }
  if (const YAML::Node ps = at(at(doc, "setup"), "players"); ps.IsMap()) m.players = int(ps.size());
  else if (const YAML::Node n = at(at(doc, "deal"), "players"); n.IsScalar() && is_integer(n.Scalar())) m.players = int(std::clamp(number(n.Scalar()), 1LL, 9LL));
  return m.mutate();
}

}  // namespace

std::optional<std::string> mutate_scenario_text(std::string_view text, unsigned seed) {
  return mutate_docs(text, seed, mutate_scenario_doc);
}

std::optional<std::string> mutate_spec_text(std::string_view text, unsigned seed) {
  return mutate_docs(text, seed, mutate_spec_doc);
}

bool mutate_scenario_docs(std::vector<YamlNode>& docs, unsigned seed) { return mutate_tree_docs(docs, seed, mutate_scenario_doc); }

bool mutate_spec_docs(std::vector<YamlNode>& docs, unsigned seed) { return mutate_tree_docs(docs, seed, mutate_spec_doc); }

std::string yaml_text(const std::vector<YamlNode>& docs) {
  std::vector<YAML::Node> trees;
  for (const YamlNode& d : docs)
    if (!d.is_null()) trees.push_back(to_yaml(d));
  return emit(trees).value_or("");
}

}  // namespace meldcheck
