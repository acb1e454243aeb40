// Changes in meaning to scenario and ruleset files (files/yaml_mutation.h): a document's
// tree (files/yaml_doc.h) is changed in place, a node at a time, in the files' own
// vocabulary. yaml-cpp only writes the text for a person (yaml_text): the fuzz targets
// mutate thousands of trees a second, and a round trip through yaml-cpp's nodes was most of
// what a mutation cost.
#include "files/yaml_mutation.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
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

// ---- trees ---------------------------------------------------------------------------------

using Kind = YamlNode::Kind;

// `n` made the scalar `v`, quoted if it was: a plain one that YAML reads as null is a null,
// as the text written from it would read.
void assign(YamlNode& n, std::string v) {
  const bool quoted = n.is_scalar() && n.quoted;
  n = YamlNode{};
  if (!quoted && reads_as_null(v)) return;
  n.kind = Kind::kScalar;
  n.quoted = quoted;
  n.scalar = std::move(v);
}

YamlNode scalar(std::string v) {
  YamlNode n;
  assign(n, std::move(v));
  return n;
}

YamlNode empty(Kind kind) {
  YamlNode n;
  n.kind = kind;
  return n;
}

// The value under `key` when `n` is a map that has it.
YamlNode* entry(YamlNode& n, std::string_view key) { return n.is_map() ? const_cast<YamlNode*>(n.find(key)) : nullptr; }
const YamlNode* under(const YamlNode* n, std::string_view key) { return n && n->is_map() ? n->find(key) : nullptr; }

// The items of a sequence (none for anything else).
const std::vector<YamlNode>& items(const YamlNode* n) {
  static const std::vector<YamlNode> none;
  return n && n->is_seq() ? n->items : none;
}

// A map's value under `key` set to `value` (a new entry goes last, as in a written file).
YamlNode& put(YamlNode& map, std::string_view key, YamlNode value) {
  if (YamlNode* v = entry(map, key)) return *v = std::move(value);
  YamlEntry& e = map.entries.emplace_back();
  e.first.kind = Kind::kScalar;
  e.first.scalar = std::string(key);
  return e.second = std::move(value);
}

void remove(YamlNode& map, std::string_view key) {
  std::erase_if(map.entries, [&](const YamlEntry& e) { return e.first.scalar == key; });
}

// A map's value under `key`, made an empty one of `kind` unless of that kind already.
YamlNode& ensure(YamlNode& map, std::string_view key, Kind kind) {
  YamlNode* v = entry(map, key);
  return v && v->kind == kind ? *v : put(map, key, empty(kind));
}

// A node of a document with the key of the nearest map entry above it ("hand", "seed", ...)
// and the top-level key it is under ("setup", "steps", ...). A site points into the tree: a
// mutation collects them, then makes one change.
struct Site {
  YamlNode* node;
  std::string_view key;
  std::string_view section;
};

void collect(YamlNode& n, std::string_view key, const std::string_view* section, std::vector<Site>& out) {
  out.push_back({&n, key, section ? *section : ""});
  for (YamlNode& item : n.items) collect(item, key, section, out);
  for (YamlEntry& e : n.entries) {
    const std::string_view k = e.first.scalar;
    collect(e.second, k, section ? section : &k, out);
  }
}

std::vector<Site> sites_of(YamlNode& doc) {
  std::vector<Site> out;
  out.reserve(512);  // a scenario's nodes, or most of a ruleset's: grown once or twice, not ten times
  collect(doc, "", nullptr, out);
  return out;
}

template <typename Keep>
std::vector<Site> where(const std::vector<Site>& sites, Keep keep) {
  std::vector<Site> out;
  for (const Site& s : sites)
    if (keep(s)) out.push_back(s);
  return out;
}

// Drops, repeats, swaps or moves an item of a sequence, or inserts `fresh()` when given.
bool edit_list(Rng& rng, YamlNode& seq, const std::function<YamlNode()>& fresh = nullptr, bool repeat = true) {
  std::vector<YamlNode>& v = seq.items;
  const size_t op = pick(rng, fresh ? 5 : 4);
  if (op == 4 || (v.empty() && fresh)) {
    const size_t at = pick(rng, v.size() + 1);
    YamlNode added = fresh();
    v.insert(v.begin() + long(at), std::move(added));
  } else if (v.empty()) {
    return false;
  } else if (op == 0) {
    v.erase(v.begin() + long(pick(rng, v.size())));
  } else if (op == 1 && repeat) {
    const size_t i = pick(rng, v.size());
    YamlNode copy = v[i];
    v.insert(v.begin() + long(i) + 1, std::move(copy));
  } else if (op <= 2) {
    const size_t a = pick(rng, v.size());
    std::swap(v[a], v[pick(rng, v.size())]);
  } else {
    const size_t from = pick(rng, v.size());
    YamlNode moved = std::move(v[from]);
    v.erase(v.begin() + long(from));
    v.insert(v.begin() + long(pick(rng, v.size() + 1)), std::move(moved));
  }
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
YamlNode some_meld(Rng& rng, const Cards& c) {
  const std::optional<Face> base = parse_face(some_card(rng, c), c.notation);
  const Face f = base && base->is_natural() ? *base : Face::natural(0, 5);
  YamlNode meld = empty(Kind::kSequence);
  const bool run = one_in(rng, 2);
  for (int i = 0; i < 3; ++i) {
    const Face g = run ? Face::natural(f.suit(), (f.rank() - 1 + i) % kRanks + 1)
                       : Face::natural((f.suit() + i) % kSuits, f.rank());
    meld.items.push_back(scalar(one_in(rng, 10) ? std::string("JK") : format_face(g, c.notation)));
  }
  return meld;
}

YamlNode cards_node(Rng& rng, const Cards& c, int n) {
  YamlNode seq = empty(Kind::kSequence);
  for (int i = 0; i < n; ++i) seq.items.push_back(scalar(some_card(rng, c)));
  return seq;
}

// ---- scenarios ------------------------------------------------------------------------------

const std::vector<std::string_view> kPlayerKeys = {"to_move", "first_player", "dealer", "player", "owner", "from", "last_out", "winner"};

struct ScenarioMutator {
  Rng& rng;
  YamlNode& doc;
  const RulesetSpec* spec;
  Cards cards;
  std::vector<Site> sites;
  std::vector<Site> card_sites;  // the sites that are a card, read once
  int players = 2;

  // A sequence of cards (or an empty one where cards belong): a hand, a pile, a meld.
  bool is_card_list(const Site& s) const {
    static const std::vector<std::string_view> keys = {"hand", "stock", "discard", "cards", "meld", "arrange"};
    if (!s.node->is_seq() || std::find(keys.begin(), keys.end(), s.key) == keys.end()) return false;
    for (const YamlNode& i : s.node->items)
      if (!i.is_scalar() || !token_of(i.scalar, cards.notation)) return false;
    return true;
  }

  std::string some_player() { return std::string(1, char('A' + pick(rng, size_t(players) + (one_in(rng, 8) ? 1 : 0)))); }

  bool card() {
    const std::vector<Site>& found = card_sites;
    if (found.empty()) return false;
    const Site* chosen = &any_of(rng, found);
    // A table meld's card changed breaks the setup's meld more often than not: less often.
    for (int i = 0; i < 2 && chosen->section == "setup" && chosen->key == "cards"; ++i) chosen = &any_of(rng, found);
    const Site& s = *chosen;
    YamlNode& n = *s.node;
    const std::string text = n.scalar;
    auto plain = [](const std::string& c) { return c.substr(0, c.find('@')); };
    if (s.section == "setup" && text.find('=') == std::string::npos && one_in(rng, 2)) {
      // Two cards of the setup change places (their `@P` marks stay): the deck stays whole.
      const std::vector<Site> others = where(found, [&](const Site& o) {
        return o.section == "setup" && o.node->scalar.find('=') == std::string::npos && plain(o.node->scalar) != plain(text);
      });
      if (!others.empty()) {
        YamlNode& o = *any_of(rng, others).node;
        const std::string other = o.scalar;
        assign(n, plain(other) + text.substr(plain(text).size()));
        assign(o, plain(text) + other.substr(plain(other).size()));
        return true;
      }
    }
    const bool standin = s.key == "cards" || s.key == "meld" || s.key == "arrange";
    assign(n, changed_card(rng, text, cards, standin, s.section == "setup"));
    return true;
  }

  bool card_list() {
    const std::vector<Site> lists = where(sites, [&](const Site& s) { return is_card_list(s); });
    if (lists.empty()) return false;
    // Hands first: a player's hand decides what can be played.
    const std::vector<Site> hands = where(lists, [](const Site& s) { return s.key == "hand"; });
    const Site& s = any_of(rng, !hands.empty() && one_in(rng, 2) ? hands : lists);
    std::vector<YamlNode>& from = s.node->items;
    if (one_in(rng, 4)) {
      // A card moved from one list to another keeps the deck whole. (Lists of cards hold
      // scalars only: neither list is inside the other.)
      YamlNode& to = *any_of(rng, lists).node;
      if (from.empty() || &to == s.node) return false;
      const size_t gone = pick(rng, from.size());
      to.items.push_back(from[gone]);
      from.erase(from.begin() + long(gone));
      return true;
    }
    return edit_list(rng, *s.node, [&] {
      if (s.section != "setup") return scalar(some_card(rng, cards));
      const std::optional<Face> f = parse_face(some_card(rng, cards), cards.notation);
      return scalar(unnamed_card(rng, f ? *f : Face::none(), cards));
    }, s.section != "setup");  // a setup's card repeated may be one more than the deck has
  }

  YamlNode some_step() {
    YamlNode st = empty(Kind::kMap);
    const bool tiles = cards.notation == Notation::kTiles;
    switch (tiles ? std::array<int, 5>{0, 6, 8, 8, 9}[pick(rng, 5)] : int(pick(rng, 10))) {
      case 0: put(st, "draw", scalar("stock")); break;
      case 1: {
        const std::vector<std::string> takes = {"top", "all", std::to_string(1 + pick(rng, 5)), some_card(rng, cards)};
        put(st, "take", scalar(any_of(rng, takes)));
        break;
      }
      case 2: put(st, "discard", scalar(some_card(rng, cards))); break;
      case 3: {
        if (one_in(rng, 3)) {
          YamlNode melds = empty(Kind::kSequence);
          melds.items.push_back(some_meld(rng, cards));
          melds.items.push_back(some_meld(rng, cards));
          put(st, "meld", std::move(melds));
        } else {
          put(st, "meld", some_meld(rng, cards));
        }
        break;
      }
      case 4: {
        YamlNode l = empty(Kind::kMap);
        put(l, "to", scalar("m" + std::to_string(1 + pick(rng, 4))));
        put(l, "cards", cards_node(rng, cards, 1 + int(pick(rng, 2))));
        put(st, "layoff", std::move(l));
        break;
      }
      case 5: {
        YamlNode s = empty(Kind::kMap);
        put(s, "meld", scalar("m" + std::to_string(1 + pick(rng, 4))));
        put(s, "card", scalar(some_card(rng, cards)));
        put(st, "swap", std::move(s));
        break;
      }
      case 6: return scalar(one_in(rng, 2) ? "pass" : "timeout");
      case 7: {
        YamlNode c = empty(Kind::kMap);
        put(c, "take", scalar(one_in(rng, 2) ? "top" : "2"));
        if (one_in(rng, 2)) put(c, "meld", some_meld(rng, cards));
        put(st, "claim", std::move(c));
        put(st, "player", scalar(some_player()));
        break;
      }
      case 8: {
        // The table as it stands in the setup, with a new set beside it.
        YamlNode sets = empty(Kind::kSequence);
        for (const YamlNode& m : items(under(under(&doc, "setup"), "table")))
          if (const YamlNode* cs = under(&m, "cards"); cs && cs->is_seq()) sets.items.push_back(*cs);
        sets.items.push_back(some_meld(rng, cards));
        put(st, "arrange", std::move(sets));
        break;
      }
      default: {
        YamlNode n = empty(Kind::kMap);
        put(n, "seed", scalar(std::to_string(rng())));
        put(st, "next_hand", std::move(n));
      }
    }
    return st;
  }

  // A step changed rather than the list: its player, its expectations, its take, its meld.
  bool change_step(YamlNode& st) {
    if (!st.is_map()) return false;
    switch (pick(rng, 4)) {
      case 0:
        if (entry(st, "player") && one_in(rng, 2)) remove(st, "player");
        else put(st, "player", scalar(some_player()));
        return true;
      case 1:
        if (!entry(st, "expect") && !entry(st, "then")) return false;
        remove(st, "expect");
        remove(st, "then");
        return true;
      case 2: {
        YamlNode* take = entry(st, "take");
        if (YamlNode* claim = entry(st, "claim"); !take && claim) take = entry(*claim, "take");
        if (!take || !take->is_scalar()) return false;
        const std::vector<std::string> takes = {"top", "all", "0", std::to_string(1 + pick(rng, 6)), some_card(rng, cards)};
        assign(*take, any_of(rng, takes));
        return true;
      }
      default:
        for (const char* key : {"to", "meld"}) {
          YamlNode* layoff = entry(st, "layoff");
          YamlNode* swap = entry(st, "swap");
          YamlNode* id = layoff && entry(*layoff, key) ? entry(*layoff, key) : swap ? entry(*swap, key) : nullptr;
          if (id && id->is_scalar()) {
            assign(*id, "m" + std::to_string(1 + pick(rng, 5)));
            return true;
          }
        }
        return false;
    }
  }

  bool steps() {
    YamlNode& steps = ensure(doc, "steps", Kind::kSequence);
    if (!steps.items.empty() && one_in(rng, 3)) return change_step(steps.items[pick(rng, steps.items.size())]);
    return edit_list(rng, steps, [&] { return some_step(); });
  }

  bool config() {
    if (!spec) return false;
    if (one_in(rng, 16)) {
      // Another ruleset of the same notation, without the variants and options of this one.
      std::vector<std::string> ids;
      for (const auto& other : RulesetLibrary::embedded().all())
        if (other->base().notation == cards.notation) ids.push_back(other->id());
      put(doc, "ruleset", scalar(any_of(rng, ids)));
      remove(doc, "variants");
      remove(doc, "options");
      return true;
    }
    if (one_in(rng, 2)) {
      if (spec->variants().empty()) return false;
      return edit_list(rng, ensure(doc, "variants", Kind::kSequence), [&] {
        return scalar(one_in(rng, 32) ? std::string("no-such-variant") : any_of(rng, spec->variants()).id);
      });
    }
    if (spec->options().empty()) return false;
    YamlNode& options = ensure(doc, "options", Kind::kMap);
    const OptionInfo& o = any_of(rng, spec->options());
    if (entry(options, o.id) && one_in(rng, 3)) remove(options, o.id);
    else put(options, o.id, scalar(one_in(rng, 32) ? std::string("no-such-choice") : any_of(rng, o.choices)));
    return true;
  }

  bool scalar_value() {
    const std::vector<Site> found = where(sites, [&](const Site& s) {
      if (!s.node->is_scalar()) return false;
      const std::string& v = s.node->scalar;
      return is_integer(v) || is_bool(v) || s.key == "phase" || s.key == "rest" ||
             std::find(kPlayerKeys.begin(), kPlayerKeys.end(), s.key) != kPlayerKeys.end();
    });
    if (found.empty()) return false;
    const Site& s = any_of(rng, found);
    YamlNode& n = *s.node;
    const std::string v = n.scalar;
    if (is_bool(v)) {
      assign(n, v == "true" ? "false" : "true");
    } else if (s.key == "phase") {
      assign(n, std::vector<std::string>{"draw", "play", "row"}[pick(rng, 3)]);
    } else if (s.key == "rest") {
      assign(n, v == "out" ? "stock" : "out");
    } else if (!is_integer(v)) {
      assign(n, some_player());
    } else if (s.key == "players" && spec && !one_in(rng, 8)) {
      assign(n, std::to_string(spec->base().players.min + pick(rng, spec->base().players.max - spec->base().players.min + 1u)));
    } else if (s.key == "seed" && one_in(rng, 2)) {
      assign(n, std::to_string((uint64_t(rng()) << 32) | rng()));
    } else {
      assign(n, changed_number(rng, v, {0, 1, 2, 3, 7, 8, 9, 13, 255, 256, 500, -1, 1000000, 2147483648LL}));
    }
    return true;
  }

  // A player more or fewer, within the ruleset's player counts mostly.
  bool setup_players(YamlNode& setup) {
    YamlNode* ps = entry(setup, "players");
    if (!ps || !ps->is_map() || ps->entries.empty()) return false;
    const size_t count = ps->entries.size();
    const bool beyond = !spec || one_in(rng, 8);
    const bool fewer = one_in(rng, 2);
    if (fewer && count > 1 && (beyond || int(count) > spec->base().players.min)) {
      remove(*ps, std::string(1, char('A' + count - 1)));
    } else if (!fewer && count < kMaxPlayers && (beyond || int(count) < spec->base().players.max)) {
      YamlNode hand = empty(Kind::kSequence);
      for (size_t i = pick(rng, 6); i > 0; --i) hand.items.push_back(scalar(unnamed_card(rng, Face::none(), cards)));
      YamlNode p = empty(Kind::kMap);
      put(p, "hand", std::move(hand));
      put(*ps, std::string(1, char('A' + count)), std::move(p));
    } else {
      return false;
    }
    return true;
  }

  // The setup's shape: a player more or fewer, a meld of the table more or fewer.
  bool setup() {
    YamlNode* setup = entry(doc, "setup");
    if (!setup || !setup->is_map()) return false;
    if (one_in(rng, 2)) return setup_players(*setup);
    YamlNode& table = ensure(*setup, "table", Kind::kSequence);
    if (!edit_list(rng, table, [&] {
          YamlNode m = empty(Kind::kMap);
          put(m, "owner", scalar(some_player()));
          put(m, "cards", some_meld(rng, cards));
          return m;
        }))
      return false;
    // A meld repeated, or a new one: an id of its own.
    std::vector<std::string> ids;
    for (YamlNode& m : table.items) {
      if (!m.is_map()) continue;
      const YamlNode* id = m.find("id");
      if (!id || !id->is_scalar() || std::find(ids.begin(), ids.end(), id->scalar) != ids.end())
        put(m, "id", scalar("m" + std::to_string(table.items.size() + ids.size() + 1)));
      ids.push_back(m.find("id")->scalar);
    }
    return true;
  }

  bool mutate() {
    switch (pick(rng, 20)) {
      case 0: case 1: case 2: case 3: case 4: return card();
      case 5: case 6: case 7: case 8: return card_list();
      case 9: case 10: case 11: case 12: case 13: return steps();
      case 14: case 15: return config();
      case 16: case 17: return scalar_value();
      default: return setup();
    }
  }
};

// One change to one of the maps (or one of several left out).
void mutate_maps(std::vector<YamlNode>& maps, unsigned seed, bool (*one)(Rng&, YamlNode&)) {
  Rng rng(seed);
  if (maps.size() > 1 && one_in(rng, 8)) {
    maps.erase(maps.begin() + long(pick(rng, maps.size())));
    return;
  }
  for (int tries = 0; tries < 8; ++tries)
    if (one(rng, maps[pick(rng, maps.size())])) break;
}

// The maps among `docs`, one of them changed: the documents of another kind are left out.
bool mutate_tree_docs(std::vector<YamlNode>& docs, unsigned seed, bool (*one)(Rng&, YamlNode&)) {
  std::vector<YamlNode> maps;
  for (YamlNode& d : docs)
    if (d.is_map()) maps.push_back(std::move(d));
  if (maps.empty()) return false;
  mutate_maps(maps, seed, one);
  docs = std::move(maps);
  return true;
}

std::optional<std::string> mutate_text(std::string_view text, unsigned seed, bool (*one)(Rng&, YamlNode&)) {
  std::vector<YamlNode> docs;
  try {
    docs = parse_yaml(text, "mutated.yaml");
  } catch (const InputError&) {
    return std::nullopt;
  }
  if (!mutate_tree_docs(docs, seed, one)) return std::nullopt;
  return yaml_text(docs);
}

// ---- rulesets -------------------------------------------------------------------------------

// What the rulesets of spec/ write, for mutations that stay in their vocabulary.
struct SpecWords {
  // A key's scalar values (enum names, check and event names) and numbers, as written.
  std::map<std::string, std::vector<std::string>, std::less<>> values, numbers;
  std::vector<std::pair<std::string, YamlNode>> patches;  // every `set:` entry of a variant or option choice
};

// Keys whose values are prose or names of their own (an option's default is among its choices).
bool own_words(std::string_view key) {
  return key == "name" || key == "text" || key == "text_sv" || key == "source" || key == "resolution" ||
         key == "resolution_sv" || key == "default" || key == "id";
}

void learn_value(SpecWords& w, std::string_view key, const YamlNode& v) {
  if (!v.is_scalar() || own_words(key) || is_bool(v.scalar)) return;
  std::vector<std::string>& list = (is_integer(v.scalar) ? w.numbers : w.values)[std::string(key)];
  if (std::find(list.begin(), list.end(), v.scalar) == list.end()) list.push_back(v.scalar);
}

void learn_patch(SpecWords& w, const YamlNode* set) {
  if (!set || !set->is_map()) return;
  for (const YamlEntry& e : set->entries) {
    const std::string& path = e.first.scalar;
    w.patches.emplace_back(path, e.second);
    learn_value(w, std::string_view(path).substr(path.rfind('.') + 1), e.second);
  }
}

const SpecWords& spec_words() {
  static const SpecWords words = [] {
    SpecWords w;
    for (const EmbeddedFile& f : spec_files()) {
      if (!f.name.ends_with(".yaml")) continue;
      YamlNode root = parse_yaml(f.text, std::string(f.name)).at(0);
      for (const Site& s : sites_of(root)) learn_value(w, s.key, *s.node);
      for (const YamlNode& v : items(root.find("variants"))) learn_patch(w, under(&v, "set"));
      for (const YamlNode& o : items(root.find("options")))
        if (const YamlNode* choices = under(&o, "choices"))
          for (const YamlEntry& choice : choices->entries) learn_patch(w, &choice.second);
    }
    return w;
  }();
  return words;
}

bool is_range(const std::string& s) {
  const size_t dash = s.find('-', 1);
  return dash != std::string::npos && is_integer(s.substr(0, dash)) && is_integer(s.substr(dash + 1));
}

// Whether a dotted path of a patch ("draw.empty_stock") leads anywhere in the ruleset.
bool has_path(const YamlNode& n, std::string_view path) {
  const size_t dot = path.find('.');
  const YamlNode* next = under(&n, path.substr(0, dot));
  return next && (dot == std::string_view::npos || has_path(*next, path.substr(dot + 1)));
}

const std::vector<long long> kSpecEdges = {-1, 0, 1, 2, 3, 4, 5, 8, 10, 13, 14, 16, 30, 31, 100, 255, 1000, 60000, 1000000};

// A number of a ruleset: one its key has in spec/ (in range, mostly), one near, or an edge.
std::string spec_number(Rng& rng, const std::string& v, std::string_view key) {
  const auto seen = spec_words().numbers.find(key);
  if (seen != spec_words().numbers.end() && one_in(rng, 2)) return any_of(rng, seen->second);
  return changed_number(rng, v, kSpecEdges);
}

// A number, or a range "2-4" (a range's end: a seat count mostly, of players or rounds).
bool change_spec_number(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) {
    return s.node->is_scalar() && (is_integer(s.node->scalar) || is_range(s.node->scalar));
  });
  if (found.empty()) return false;
  const Site& s = any_of(rng, found);
  YamlNode& n = *s.node;
  const std::string v = n.scalar;
  const size_t dash = v.find('-', 1);
  auto end = [&](const std::string& e) { return one_in(rng, 4) ? changed_number(rng, e, kSpecEdges) : std::to_string(1 + pick(rng, 8)); };
  if (!is_range(v)) assign(n, spec_number(rng, v, s.key));
  else if (one_in(rng, 2)) assign(n, end(v.substr(0, dash)) + v.substr(dash));
  else assign(n, v.substr(0, dash + 1) + end(v.substr(dash + 1)));
  return true;
}

// An enum name: another of its key's, or (rarely) another key's or nonsense.
bool change_spec_name(Rng& rng, const std::vector<Site>& sites) {
  const SpecWords& words = spec_words();
  const std::vector<Site> found = where(sites, [&](const Site& s) {
    return s.node->is_scalar() && words.values.contains(s.key) && !is_integer(s.node->scalar) && !is_bool(s.node->scalar);
  });
  if (found.empty()) return false;
  const Site& s = any_of(rng, found);
  YamlNode& n = *s.node;
  if (one_in(rng, 16)) {
    auto it = words.values.begin();
    std::advance(it, long(pick(rng, words.values.size())));
    assign(n, one_in(rng, 2) ? any_of(rng, it->second) : std::string("nonsense"));
  } else {
    assign(n, any_of(rng, words.values.find(s.key)->second));
  }
  return true;
}

bool flip_boolean(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) { return s.node->is_scalar() && is_bool(s.node->scalar); });
  if (found.empty()) return false;
  YamlNode& n = *any_of(rng, found).node;
  assign(n, n.scalar == "true" ? "false" : "true");
  return true;
}

// A list element dropped, repeated or moved.
bool edit_some_list(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) { return s.node->is_seq() && !s.node->items.empty(); });
  if (found.empty()) return false;
  return edit_list(rng, *any_of(rng, found).node);
}

// An option's default: another of its choices.
bool change_option_default(Rng& rng, YamlNode& root) {
  std::vector<YamlNode*> options;
  if (YamlNode* all = entry(root, "options"); all && all->is_seq())
    for (YamlNode& o : all->items)
      if (const YamlNode* c = under(&o, "choices"); c && c->is_map() && !c->entries.empty())
        if (YamlNode* d = entry(o, "default"); d && d->is_scalar()) options.push_back(&o);
  if (options.empty()) return false;
  YamlNode& o = *any_of(rng, options);
  std::vector<std::string> choices;
  for (const YamlEntry& c : o.find("choices")->entries) choices.push_back(c.first.scalar);
  assign(*entry(o, "default"), any_of(rng, choices));
  return true;
}

// A variant's or option choice's patch: an entry more or fewer.
bool change_patch(Rng& rng, YamlNode& root) {
  const SpecWords& words = spec_words();
  std::vector<YamlNode*> sets;
  if (YamlNode* variants = entry(root, "variants"); variants && variants->is_seq())
    for (YamlNode& v : variants->items)
      if (YamlNode* set = entry(v, "set"); set && set->is_map()) sets.push_back(set);
  if (YamlNode* options = entry(root, "options"); options && options->is_seq())
    for (YamlNode& o : options->items)
      if (YamlNode* choices = entry(o, "choices"); choices && choices->is_map())
        for (YamlEntry& choice : choices->entries)
          if (choice.second.is_map()) sets.push_back(&choice.second);
  if (sets.empty() || words.patches.empty()) return false;
  YamlNode& set = *any_of(rng, sets);
  if (!set.entries.empty() && one_in(rng, 3)) {
    set.entries.erase(set.entries.begin() + long(pick(rng, set.entries.size())));
    return true;
  }
  // A setting this ruleset has, mostly: another one names nothing here.
  for (int tries = 0; tries < 16; ++tries) {
    const auto& [path, value] = any_of(rng, words.patches);
    if (!has_path(root, path) && !one_in(rng, 8)) continue;
    put(set, path, value);
    return true;
  }
  return false;
}

// An entry of a map left out.
bool drop_map_entry(Rng& rng, const std::vector<Site>& sites) {
  const std::vector<Site> found = where(sites, [](const Site& s) { return s.node->is_map() && !s.node->entries.empty(); });
  if (found.empty()) return false;
  std::vector<YamlEntry>& entries = any_of(rng, found).node->entries;
  entries.erase(entries.begin() + long(pick(rng, entries.size())));
  return true;
}

// One change of a ruleset, chosen by weight: a number, a name, a boolean, a list, an
// option's default, a patch, a map's entry.
bool mutate_spec_doc(Rng& rng, YamlNode& root) {
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

bool mutate_scenario_doc(Rng& rng, YamlNode& doc) {
  const YamlNode* id = doc.find("ruleset");
  const RulesetSpec* spec = id && id->is_scalar() ? RulesetLibrary::embedded().find(id->scalar) : nullptr;
  ScenarioMutator m{rng, doc, spec, {}, sites_of(doc), {}};
  if (spec) m.cards.notation = spec->base().notation;
  for (const Site& s : m.sites) {
    const std::optional<Token> t = s.node->is_scalar() ? token_of(s.node->scalar, m.cards.notation) : std::nullopt;
    if (!t) continue;
    m.card_sites.push_back(s);
    if (t->face.is_natural()) {
      m.cards.named.push_back(format_face(t->face, m.cards.notation));
      if (s.section == "setup") m.cards.in_setup.push_back(m.cards.named.back());
    }
  }
  const YamlNode* deal_players = under(under(&doc, "deal"), "players");
  if (const YamlNode* ps = under(under(&doc, "setup"), "players"); ps && ps->is_map()) m.players = int(ps->entries.size());
  else if (deal_players && deal_players->is_scalar() && is_integer(deal_players->scalar))
    m.players = int(std::clamp(number(deal_players->scalar), 1LL, 9LL));
  return m.mutate();
}

// ---- writing --------------------------------------------------------------------------------

// A document tree as yaml-cpp's, to write: a quoted scalar keeps the tag the parser gives
// one ("!"); a sequence of scalars (a hand, a meld) is written on one line.
YAML::Node to_yaml(const YamlNode& n) {
  switch (n.kind) {
    case Kind::kNull: return YAML::Node(YAML::NodeType::Null);
    case Kind::kScalar: {
      YAML::Node s(n.scalar);
      if (n.quoted) s.SetTag("!");
      return s;
    }
    case Kind::kSequence: {
      YAML::Node seq(YAML::NodeType::Sequence);
      for (const YamlNode& i : n.items) seq.push_back(to_yaml(i));
      if (std::all_of(n.items.begin(), n.items.end(), [](const YamlNode& i) { return i.is_scalar(); })) seq.SetStyle(YAML::EmitterStyle::Flow);
      return seq;
    }
    case Kind::kMap: {
      YAML::Node map(YAML::NodeType::Map);
      for (const YamlEntry& e : n.entries) map.force_insert(e.first.scalar, to_yaml(e.second));
      return map;
    }
  }
  return YAML::Node(YAML::NodeType::Null);
}

}  // namespace

std::optional<std::string> mutate_scenario_text(std::string_view text, unsigned seed) {
  return mutate_text(text, seed, mutate_scenario_doc);
}

std::optional<std::string> mutate_spec_text(std::string_view text, unsigned seed) {
  return mutate_text(text, seed, mutate_spec_doc);
}

bool mutate_scenario_docs(std::vector<YamlNode>& docs, unsigned seed) { return mutate_tree_docs(docs, seed, mutate_scenario_doc); }

bool mutate_spec_docs(std::vector<YamlNode>& docs, unsigned seed) { return mutate_tree_docs(docs, seed, mutate_spec_doc); }

std::string yaml_text(const std::vector<YamlNode>& docs) {
  std::string out;
  for (const YamlNode& d : docs) {
    if (d.is_null()) continue;
    YAML::Emitter e;
    e << to_yaml(d);
    if (!e.good()) return "";
    out += out.empty() ? "" : "---\n";
    out += e.c_str();
    out += "\n";
  }
  return out;
}

}  // namespace meldcheck
