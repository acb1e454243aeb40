#include "files/ruleset_loader.h"

#include <algorithm>
#include <bitset>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "files/play_events.h"
#include "files/ruleset_parameters.h"
#include "files/spec_files.h"

namespace meldcheck {
namespace {

using namespace params;
using Parameters = std::vector<std::pair<std::string, std::string>>;

template <typename E>
E parse_enum(const YamlReader& in, const YamlNode& n, std::span<const EnumName<E>> names, std::string_view what) {
  const std::string& s = in.scalar(n, what);
  std::string list;
  for (const auto& e : names) {
    if (e.name == s) return e.value;
    list += (list.empty() ? "" : ", ") + std::string(e.name);
  }
  in.fail(n, std::string(what) + ": unknown value '" + s + "' (expected one of: " + list + ")");
}

// "2-4", "3" or 3, within lo..hi.
PlayerRange parse_range(const YamlReader& in, const YamlNode& n, int lo, int hi, const std::string& what) {
  const std::string& s = in.scalar(n, what);
  size_t dash = s.find('-');
  auto num = [&](std::string_view t) {
    int v = 0;
    for (char c : t) v = c >= '0' && c <= '9' && v < 1000 ? v * 10 + (c - '0') : -1;
    if (t.empty() || v < lo || v > hi)
      in.fail(n, what + " must be a number or a range from " + std::to_string(lo) + " to " + std::to_string(hi) + " (\"2-4\")");
    return uint8_t(v);
  };
  PlayerRange r;
  r.min = num(std::string_view(s).substr(0, dash));
  r.max = dash == std::string::npos ? r.min : num(std::string_view(s).substr(dash + 1));
  if (r.max < r.min) in.fail(n, what + ": the range is empty");
  return r;
}

PlayerRange parse_players(const YamlReader& in, const YamlNode& n) { return parse_range(in, n, 1, kMaxPlayers, "players"); }

int rank_key(std::string_view k) {
  static constexpr std::string_view kNames[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
  for (int r = 0; r < kRanks; ++r)
    if (k == kNames[r]) return r + 1;
  if (k == "1") return 1;
  if (k == "11") return 11;
  if (k == "12") return 12;
  if (k == "13") return 13;
  return 0;
}

// A value for every rank and the joker: keys A, 2..10, J, Q, K (or 1..13), ranges "2-9",
// and JK; a value is a number or `face` (the rank's own number).
CardValues parse_values(const YamlReader& in, const YamlNode& n, std::string_view what) {
  in.expect_map(n, what);
  CardValues v;
  std::array<bool, kRanks + 1> seen{};
  bool joker = false;
  for (const auto& [k, val] : n.entries) {
    if (k.scalar == "JK") {
      v.joker = int16_t(in.integer(val, -1000, 1000, "the joker's value"));
      joker = true;
      continue;
    }
    size_t dash = k.scalar.find('-');
    int lo = rank_key(std::string_view(k.scalar).substr(0, dash));
    int hi = dash == std::string::npos ? lo : rank_key(std::string_view(k.scalar).substr(dash + 1));
    if (lo == 0 || hi == 0 || hi < lo) in.fail(k, "'" + k.scalar + "' is not a rank or a range of ranks");
    for (int r = lo; r <= hi; ++r) {
      if (seen[r]) in.fail(k, "rank " + std::to_string(r) + " is given a value twice");
      seen[r] = true;
      v.rank[r] = val.is_scalar() && val.scalar == "face" ? int16_t(r) : int16_t(in.integer(val, -1000, 1000, "a card value"));
    }
  }
  for (int r = 1; r <= kRanks; ++r)
    if (!seen[r]) in.fail(n, std::string(what) + ": no value for rank " + std::to_string(r));
  (void)joker;
  return v;
}

AceRules parse_ace(const YamlReader& in, const YamlNode& n) {
  in.expect_map(n, {"high", "wrap"}, "ace rules");
  AceRules a;
  a.high = in.boolean(in.require(n, "high"), "high");
  a.wrap = in.boolean(in.require(n, "wrap"), "wrap");
  return a;
}

template <typename F>
void each_entry(const YamlReader& in, const YamlNode& n, std::initializer_list<std::string_view> keys, std::string_view what,
                F&& f) {
  in.expect_map(n, keys, what);
  for (const auto& [k, v] : n.entries) f(k.scalar, v);
}

template <typename E>
std::string name_of(std::span<const EnumName<E>> names, E value) {
  for (const auto& e : names)
    if (e.value == value) return std::string(e.name);
  return "?";
}

std::string range_text(PlayerRange r) {
  return r.min == r.max ? std::to_string(r.min) : std::to_string(r.min) + "-" + std::to_string(r.max);
}

// As a spec writes it: "A: 15, 2-10: face, J-K: 10, JK: 15" (runs of equal values, or of
// ranks scoring their own number, grouped).
std::string values_text(const CardValues& v) {
  static constexpr const char* kNames[] = {"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
  std::string s;
  for (int lo = 1, hi; lo <= kRanks; lo = hi + 1) {
    const bool face = v.rank[lo] == lo && lo < kRanks && v.rank[lo + 1] == lo + 1;
    for (hi = lo; hi < kRanks && (face ? v.rank[hi + 1] == hi + 1 : v.rank[hi + 1] == v.rank[lo]);) ++hi;
    s += std::string(kNames[lo]) + (hi > lo ? std::string("-") + kNames[hi] : "") + ": " +
         (face ? "face" : std::to_string(v.rank[lo])) + ", ";
  }
  return s + "JK: " + std::to_string(v.joker);
}

// ---- each codec of the parameters' list, read from a spec and written as one ---------

// What messages call a parameter: its key's last part ("meld_due").
constexpr std::string_view last_part(std::string_view key) { return key.substr(key.rfind('.') + 1); }

void put(Parameters& out, std::string_view key, std::string value) { out.emplace_back(std::string(key), std::move(value)); }

void read_value(const YamlReader& in, const YamlNode& n, Flag, std::string_view what, bool& v) { v = in.boolean(n, what); }
void write_value(Flag, std::string_view key, bool v, Parameters& out) { put(out, key, v ? "true" : "false"); }

template <typename T>
void read_value(const YamlReader& in, const YamlNode& n, Int c, std::string_view what, T& v) {
  v = T(in.integer(n, c.lo, c.hi, what));
}
template <typename T>
void write_value(Int, std::string_view key, T v, Parameters& out) { put(out, key, std::to_string(int(v))); }

template <typename E>
void read_value(const YamlReader& in, const YamlNode& n, Enum<E> c, std::string_view what, E& v) {
  v = parse_enum(in, n, c.names, what);
}
template <typename E>
void write_value(Enum<E> c, std::string_view key, E v, Parameters& out) { put(out, key, name_of(c.names, v)); }

void read_value(const YamlReader& in, const YamlNode& n, Text, std::string_view what, std::string& v) { v = in.scalar(n, what); }
void write_value(Text, std::string_view key, const std::string& v, Parameters& out) { put(out, key, v); }

void read_value(const YamlReader& in, const YamlNode& n, Players, std::string_view, PlayerRange& v) { v = parse_players(in, n); }
void write_value(Players, std::string_view key, PlayerRange v, Parameters& out) { put(out, key, range_text(v)); }

void read_value(const YamlReader& in, const YamlNode& deck, Decks, std::string_view, std::vector<DeckRule>& rules) {
  in.expect_map(deck, {"jokers_per_deck", "decks"}, "deck");
  const int jokers_per_deck = int(in.integer(in.require(deck, "jokers_per_deck"), 0, 4, "jokers_per_deck"));
  const YamlNode& decks = in.require(deck, "decks");
  in.expect_seq(decks, "decks");
  rules.clear();
  for (const YamlNode& d : decks.items) {
    in.expect_map(d, {"players", "decks"}, "a deck rule");
    DeckRule rule;
    rule.players = parse_players(in, in.require(d, "players"));
    rule.decks = uint8_t(in.integer(in.require(d, "decks"), 1, kMaxCopies, "decks"));
    rule.jokers = uint8_t(rule.decks * jokers_per_deck);
    rules.push_back(rule);
  }
}
void write_value(Decks, std::string_view key, const std::vector<DeckRule>& rules, Parameters& out) {
  std::string decks;
  for (const DeckRule& d : rules) decks += (decks.empty() ? "" : ", ") + range_text(d.players) + ": " + std::to_string(d.decks);
  if (!rules.empty()) put(out, std::string(key) + ".jokers_per_deck", std::to_string(rules[0].jokers / rules[0].decks));
  put(out, std::string(key) + ".decks", decks);
}

void read_value(const YamlReader& in, const YamlNode& deals, Deals, std::string_view, std::vector<DealRule>& rules) {
  in.expect_seq(deals, "deal");
  rules.clear();
  for (const YamlNode& d : deals.items) {
    in.expect_map(d, {"players", "rounds", "cards"}, "a deal rule");
    DealRule rule;
    rule.players = parse_players(in, in.require(d, "players"));
    if (const YamlNode* rounds = d.find("rounds")) rule.rounds = parse_range(in, *rounds, 1, 99, "rounds");
    rule.cards = uint8_t(in.integer(in.require(d, "cards"), 1, 30, "cards"));
    rules.push_back(rule);
  }
}
void write_value(Deals, std::string_view key, const std::vector<DealRule>& rules, Parameters& out) {
  std::string deals;
  for (const DealRule& d : rules)
    deals += (deals.empty() ? "" : ", ") + range_text(d.players) +
             (d.rounds.max < 255 ? " (rounds " + range_text(d.rounds) + ")" : "") + ": " + std::to_string(d.cards);
  put(out, key, deals);
}

void read_value(const YamlReader& in, const YamlNode& n, Ace, std::string_view, AceRules& v) { v = parse_ace(in, n); }
void write_value(Ace, std::string_view key, AceRules v, Parameters& out) {
  write_value(Flag(), std::string(key) + ".high", v.high, out);
  write_value(Flag(), std::string(key) + ".wrap", v.wrap, out);
}

void read_value(const YamlReader& in, const YamlNode& n, Values, std::string_view what, CardValues& v) {
  v = parse_values(in, n, what);
}
void write_value(Values, std::string_view key, const CardValues& v, Parameters& out) { put(out, key, values_text(v)); }

void read_value(const YamlReader& in, const YamlNode& n, Contracts, std::string_view what, std::vector<ContractRound>& v) {
  in.expect_seq(n, what);
  v.clear();
  for (const YamlNode& c : n.items) {
    in.expect_map(c, {"sets", "runs"}, "a contract");
    ContractRound round;
    if (const YamlNode* s = c.find("sets")) round.sets = uint8_t(in.integer(*s, 0, 4, "sets"));
    if (const YamlNode* r = c.find("runs")) round.runs = uint8_t(in.integer(*r, 0, 4, "runs"));
    v.push_back(round);
  }
}
void write_value(Contracts, std::string_view key, const std::vector<ContractRound>& v, Parameters& out) {
  std::string contracts;
  for (const ContractRound& c : v)
    contracts += (contracts.empty() ? "" : ", ") + std::string("{ sets: ") + std::to_string(c.sets) + ", runs: " + std::to_string(c.runs) + " }";
  put(out, key, "[" + contracts + "]");
}

void read_value(const YamlReader& in, const YamlNode& n, AceTable, std::string_view what, Scoring& s) {
  s.table_ace_by_place = true;
  s.ace_table = {};
  each_entry(in, n, {"in_set", "low", "high", "corner", "corner_to_three"}, what, [&](const std::string& k, const YamlNode& v) {
    int16_t x = int16_t(in.integer(v, -1000, 1000, k));
    if (k == "in_set") s.ace_table.in_set = x;
    if (k == "low") s.ace_table.low = x;
    if (k == "high") s.ace_table.high = x;
    if (k == "corner") s.ace_table.corner = x;
    if (k == "corner_to_three") s.ace_table.corner_to_three = x;
  });
}
void write_value(AceTable, std::string_view key, const Scoring& s, Parameters& out) {
  const AceTableValues& a = s.ace_table;
  put(out, key, !s.table_ace_by_place ? "none"
                : "{ in_set: " + std::to_string(a.in_set) + ", low: " + std::to_string(a.low) + ", high: " +
                      std::to_string(a.high) + ", corner: " + std::to_string(a.corner) +
                      ", corner_to_three: " + std::to_string(a.corner_to_three) + " }");
}

// ---- the list, and the sections of a spec file it makes ------------------------------

struct Parameter {
  std::string_view key;
  Presence presence;
  void (*read)(const YamlReader& in, const YamlNode& n, RuleSet& r);
  void (*write)(const RuleSet& r, Parameters& out);
};

#define MELDCHECK_PARAMETER(key, member, codec, presence)                                                                   \
  Parameter{key, Presence::presence,                                                                                          \
            [](const YamlReader& in, const YamlNode& n, RuleSet& r) { read_value(in, n, codec, last_part(key), r.member); }, \
            [](const RuleSet& r, Parameters& out) { write_value(codec, key, r.member, out); }},
constexpr Parameter kParameters[] = {MELDCHECK_RULESET_PARAMETERS(MELDCHECK_PARAMETER)};
#undef MELDCHECK_PARAMETER

// A key of a section: a parameter, or a section within it.
struct SectionKey {
  std::string_view name;
  const Parameter* parameter;  // nullptr for a section
  size_t section;              // the section's index in sections()
  bool required;
};

// A mapping of a spec file that holds parameters, the top level first.
struct Section {
  std::string_view name;               // what messages call it
  std::vector<SectionKey> keys;        // in the list's order
  std::vector<std::string_view> names;  // the keys' names, in the same order

  const SectionKey* key(std::string_view k) const {
    for (const SectionKey& s : keys)
      if (s.name == k) return &s;
    return nullptr;
  }
};

// The sections the list's keys pass through, each with its keys.
const std::vector<Section>& sections() {
  static const std::vector<Section> all = [] {
    std::vector<Section> s(1);
    for (const Parameter& p : kParameters) {
      size_t at = 0;  // the section the key has reached
      size_t from = 0;
      for (size_t dot; (dot = p.key.find('.', from)) != std::string_view::npos; from = dot + 1) {
        const std::string_view name = p.key.substr(from, dot - from);
        if (!s[at].key(name)) {
          const std::string_view path = p.key.substr(0, dot);
          const bool required = std::find(std::begin(kRequiredSections), std::end(kRequiredSections), path) != std::end(kRequiredSections);
          s[at].keys.push_back({name, nullptr, s.size(), required});
          s.push_back(Section{.name = name});
        }
        at = s[at].key(name)->section;
      }
      s[at].keys.push_back({p.key.substr(from), &p, 0, p.presence == Presence::kRequired});
    }
    for (Section& section : s)
      for (const SectionKey& k : section.keys) section.names.push_back(k.name);
    return s;
  }();
  return all;
}

void read_key(const YamlReader& in, const YamlNode& n, const SectionKey& k, RuleSet& r);

// A section's keys, in the file's order.
void read_section(const YamlReader& in, const YamlNode& n, const Section& s, RuleSet& r) {
  in.expect_map(n, s.names, s.name);
  for (const SectionKey& k : s.keys)
    if (k.required) in.require(n, k.name);
  for (const auto& [k, v] : n.entries) read_key(in, v, *s.key(k.scalar), r);
}

void read_key(const YamlReader& in, const YamlNode& n, const SectionKey& k, RuleSet& r) {
  if (k.parameter) k.parameter->read(in, n, r);
  else read_section(in, n, sections()[k.section], r);
}

// Every parameter a spec gives: the top level in the list's order (which of several errors
// a file is told first), a section in the file's.
void read_parameters(const YamlReader& in, const YamlNode& root, RuleSet& r) {
  for (const SectionKey& k : sections()[0].keys)
    if (const YamlNode* n = k.required ? &in.require(root, k.name) : root.find(k.name)) read_key(in, *n, k, r);
}

// A house can be dealt and played: a contract opening plays a hand for each contract; every
// seat count has a deck, and a deal that fits it in every round of the match; an opening row
// has discards to make it; a player always has a way to go out.
void check_playable(const YamlReader& in, const YamlNode& root, RuleSet& r) {
  // An opening row is dealt by each player's discard; a freely rearranged table has none.
  if (r.pile_start == PileStart::kRow && r.table.free_rearrangement)
    in.fail(*root.find("pile_start"), "an opening row is played by discarding, and a freely rearranged table (table.free_rearrangement) has no discard");
  if (r.opening.form == OpeningForm::kContract) {
    if (r.opening.contracts.empty()) in.fail(root, "a contract opening needs `opening.contracts`");
    r.match.rounds = uint8_t(r.opening.contracts.size());
  }
  // A player down to one card a table meld can take could neither discard it (a discard
  // going out must fit no meld) nor build it on (a turn that builds ends with a discard):
  // no step left to take. The texts join the two in no game (spec_fuzz: a changed Rummy 500).
  if (r.going_out.dead_last_discard && r.going_out.build_only_needs_discard) {
    const YamlNode* going_out = root.find("going_out");
    in.fail(going_out ? *going_out : root,
            "a going-out discard that must be dead (going_out.dead_last_discard) and a turn that builds ending with a "
            "discard (going_out.build_only_needs_discard) leave a player whose last card fits a meld no step");
  }
  const YamlNode& decks = *root.find("deck")->find("decks");
  const YamlNode& deals = *root.find("deal");
  const int rounds = r.match.goal == MatchGoal::kRounds ? r.match.rounds : 1;
  for (int p = r.players.min; p <= r.players.max; ++p) {
    const DeckRule* d = r.deck_for(p);
    if (!d) in.fail(decks, "no deck for " + std::to_string(p) + " players");
    for (int round = 1; round <= rounds; ++round) {
      const int cards = r.deal_size(p, round);
      if (cards == 0) in.fail(deals, "no deal for " + std::to_string(p) + " players in round " + std::to_string(round));
      if (p * cards + 1 > d->cards())
        in.fail(deals, "the deal for " + std::to_string(p) + " players needs more cards than the deck has");
    }
  }
}

// ---- the catalog: clause ids, paraphrases, sources, and the checks each clause enforces --

// Whose rule a clause is, and its source to match.
void read_clause_kind(const YamlReader& in, const YamlNode& item, Clause& c) {
  c.source = in.scalar(in.require(item, "source"), "source");
  if (const YamlNode* kind = item.find("kind")) {
    const std::string& k = in.scalar(*kind, "kind");
    if (k == "bound") c.kind = ClauseKind::kBound;
    else if (k == "notation") c.kind = ClauseKind::kNotation;
    else if (k != "rule") in.fail(*kind, "kind is rule (the text's, the default), bound or notation (meldcheck's own)");
  }
  // A rule of the game cites its text (000 to 004); meldcheck's own says it is meldcheck's.
  const bool cites_text = c.source.size() >= 3 && c.source.compare(0, 2, "00") == 0 && c.source[2] >= '0' && c.source[2] <= '9';
  if (c.kind == ClauseKind::kRule && !cites_text)
    in.fail(in.require(item, "source"), "a rule of the game cites its text (a source beginning 000 to 004); meldcheck's own rules say kind: bound or notation");
  if (c.kind != ClauseKind::kRule && c.source.rfind("meldcheck", 0) != 0)
    in.fail(in.require(item, "source"), "meldcheck's own rule (kind " + in.scalar(*item.find("kind"), "kind") + ") has a source beginning 'meldcheck'");
}

// The checks a clause enforces, each mapped to it (the clause about to be catalog[index]).
void read_clause_checks(const YamlReader& in, const YamlNode& item, size_t index, Clause& c, RuleSet& r) {
  const YamlNode* checks = item.find("checks");
  if (!checks) return;
  in.expect_seq(*checks, "checks");
  c.checks.reserve(checks->items.size());
  for (const YamlNode& ch : checks->items) {
    auto check = refusal_named(in.scalar(ch, "a check"));
    if (!check) in.fail(ch, "unknown check '" + ch.scalar + "'");
    if (r.clause_of[int(*check)] >= 0)
      in.fail(ch, "check '" + ch.scalar + "' is listed by two clauses");
    r.clause_of[int(*check)] = int16_t(index);
    c.checks.push_back(*check);
  }
}

// What in play passes through a clause: play events, or the variants of the ruleset.
void read_clause_events(const YamlReader& in, const YamlNode& item, const VariantPatches& variants,
                        const std::string& ruleset, Clause& c) {
  const YamlNode* events = item.find("events");
  if (!events) return;
  in.expect_seq(*events, "events");
  c.events.reserve(events->items.size());
  for (const YamlNode& e : events->items) {
    const std::string& name = in.scalar(e, "an event");
    const bool variant = name.starts_with("variant:");
    if (variant ? !variants.contains(std::string_view(name).substr(8)) : !play_event_from_name(name))
      in.fail(e, variant ? "no variant '" + name.substr(8) + "' in " + ruleset : "unknown event '" + name + "'");
    c.events.push_back(name);
  }
}

void read_one_way(const YamlReader& in, const YamlNode& item, Clause& c) {
  const YamlNode* one_way = item.find("one_way");
  if (!one_way) return;
  in.expect_map(*one_way, {"only", "why"}, "one_way");
  const YamlNode& only = in.require(*one_way, "only");
  c.one_way = in.scalar(only, "only");
  if (c.one_way != "passed" && c.one_way != "refused") in.fail(only, "one_way.only is 'passed' or 'refused'");
  if (c.one_way == "passed" && c.checks.empty()) in.fail(only, "a clause without checks refuses nothing: one_way says nothing");
  c.one_way_why = in.scalar(in.require(*one_way, "why"), "why");
}

void read_catalog(const YamlReader& in, const YamlNode& root, const VariantPatches& variants,
                  RuleSet& r) {
  r.clause_of.fill(-1);
  const YamlNode& catalog = in.require(root, "catalog");
  in.expect_seq(catalog, "catalog");
  std::vector<std::string_view> ids;  // a catalog's few dozen, looked through rather than kept in a tree
  ids.reserve(catalog.items.size());
  std::vector<Clause> clauses;
  clauses.reserve(catalog.items.size());
  for (const YamlNode& item : catalog.items) {
    in.expect_map(item, {"id", "kind", "text", "text_sv", "source", "checks", "resolution", "resolution_sv", "events", "one_way"},
                  "a catalog clause");
    Clause c;
    const YamlNode& id = in.require(item, "id");
    const std::string& own = in.scalar(id, "id");
    c.id.reserve(r.id.size() + 1 + own.size());
    c.id.append(r.id).append(1, '/').append(own);
    if (std::find(ids.begin(), ids.end(), own) != ids.end()) in.fail(id, "clause '" + c.id + "' is defined twice");
    ids.push_back(own);
    c.text = in.scalar(in.require(item, "text"), "text");
    c.text_sv = in.scalar(in.require(item, "text_sv"), "text_sv");
    read_clause_kind(in, item, c);
    if (const YamlNode* res = item.find("resolution")) {
      c.resolution = in.scalar(*res, "resolution");
      c.resolution_sv = in.scalar(in.require(item, "resolution_sv"), "resolution_sv");  // readers of either language
    } else if (const YamlNode* sv = item.find("resolution_sv")) {
      in.fail(*sv, "resolution_sv without a resolution");
    }
    read_clause_checks(in, item, clauses.size(), c, r);
    read_clause_events(in, item, variants, r.id, c);
    read_one_way(in, item, c);
    clauses.push_back(std::move(c));
  }
  r.catalog = Catalog(std::move(clauses));
}

// ---- catalogs read ahead ----------------------------------------------------------

// The catalogs read ahead (read_catalog_ahead), found by a 64-bit hash of what a catalog's
// reading depends on: its tree, the ruleset's id (each clause's prefix) and the variant ids
// its events may name (two of a fuzzer's thousands share one with odds of some in 10^12).
// Marks are left out: a catalog kept read without an error. Filled only ahead, so that a
// load never keeps memory it did not give back, and only with a catalog a load has read
// before (a load that reads one notes it, in a table of fixed size): a mutated ruleset is
// often refused before its catalog is read, and one read ahead for it would be read for nothing.
class CatalogsReadAhead {
 public:
  static CatalogsReadAhead& shared() {
    static CatalogsReadAhead all;
    return all;
  }

  // The catalog read ahead for this tree, id and variants, into `r`; false if none was.
  // A load that does not find it notes its key, for read_ahead to read it the next time.
  bool take(const YamlNode& catalog, const std::string& id, const VariantPatches& variants, RuleSet& r) {
    const std::lock_guard lock(mutex_);
    if (!asked_) return false;  // no hash where nothing is read ahead (every load but a fuzzer's)
    const uint64_t k = key(catalog, id, variants);
    const auto it = read_.find(k);
    if (it == read_.end()) {
      read_by_load_[k % read_by_load_.size()] = k;
      return false;
    }
    r.catalog = it->second.catalog;
    r.clause_of = it->second.clause_of;
    return true;
  }

  // Reads the catalog and keeps it, if a load has read it before, it is not kept already and it reads.
  void read_ahead(const YamlReader& in, const YamlNode& root, const YamlNode& catalog, const std::string& id,
                  const VariantPatches& variants) {
    const uint64_t k = key(catalog, id, variants);
    {
      const std::lock_guard lock(mutex_);
      asked_ = true;
      if (read_.contains(k) || read_by_load_[k % read_by_load_.size()] != k) return;
    }
    RuleSet r;
    r.id = id;
    try {
      read_catalog(in, root, variants, r);
    } catch (const InputError&) {
      return;  // the load reads it again, to say where it is wrong
    }
    const std::lock_guard lock(mutex_);
    if (read_.size() >= kMostKept) read_.clear();  // a fuzzer mutates the inputs it ran last
    read_.emplace(k, Read{std::move(r.catalog), r.clause_of});
  }

 private:
  static constexpr size_t kMostKept = 2048;  // a few dozen short clauses each: some tens of megabytes
  struct Read {
    Catalog catalog;
    std::array<int16_t, kNumRefusals> clause_of;
  };

  static uint64_t mixed(uint64_t h, uint64_t v) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
  }
  static uint64_t hash_text(std::string_view text, uint64_t h) { return mixed(mixed(h, text.size()), std::hash<std::string_view>{}(text)); }
  static uint64_t hash_tree(const YamlNode& n, uint64_t h) {
    h = mixed(h, uint64_t(n.kind) << 1 | uint64_t(n.quoted));
    if (n.is_scalar()) return hash_text(n.scalar, h);
    h = mixed(h, uint64_t(n.items.size()) << 32 | n.entries.size());  // size_t is 32 bits in the board's wasm
    for (const YamlNode& item : n.items) h = hash_tree(item, h);
    for (const auto& [k, v] : n.entries) h = hash_tree(v, hash_text(k.scalar, h));
    return h;
  }
  static uint64_t key(const YamlNode& catalog, const std::string& id, const VariantPatches& variants) {
    uint64_t h = hash_tree(catalog, hash_text(id, 0));
    for (const auto& [variant, patch] : variants) h = hash_text(variant, h);
    return h;
  }

  std::mutex mutex_;
  bool asked_ = false;  // read_ahead has been called
  std::unordered_map<uint64_t, Read> read_;
  std::array<uint64_t, 4096> read_by_load_{};  // the keys loads read last, each in its slot: no allocation within a run
};

// Where a dotted path ("swap.allowed") points in a ruleset tree; nullptr if nowhere.
YamlNode* find_path(YamlNode& root, std::string_view path) {
  YamlNode* n = &root;
  for (size_t pos = 0;;) {
    const size_t dot = path.find('.', pos);
    const std::string_view part = path.substr(pos, dot == std::string_view::npos ? std::string_view::npos : dot - pos);
    if (!n->is_map()) return nullptr;
    YamlNode* next = nullptr;
    for (auto& [k, v] : n->entries)
      if (k.scalar == part) next = &v;
    if (!next) return nullptr;
    n = next;
    if (dot == std::string_view::npos) return n;
    pos = dot + 1;
  }
}

// The parameter a patch's path sets: the one it names, or the one whose value holds what it
// names (deck.jokers_per_deck is the deck's); nullptr for a section or anything else.
const Parameter* parameter_of(std::string_view path) {
  for (const Parameter& p : kParameters)  // the first letter first: most differ there
    if (!path.empty() && path[0] == p.key[0] && path.starts_with(p.key) && (path.size() == p.key.size() || path[p.key.size()] == '.'))
      return &p;
  return nullptr;
}

// A house whose patches each set a parameter, or a part of one's value, read as the base
// with those parameters read again from the patched tree, and those the base's own patches
// (the options' defaults) set: the rest of the tree reads as it did for the base, and each
// codec sets its parameter whole, so this is what reading the whole tree gives, for a
// parameter's worth of reading. nullopt when a patch sets more (a section, the catalog):
// that house is read whole.
std::optional<RuleSet> read_patched_parameters(const YamlReader& in, const RuleSet& base,
                                               const std::vector<const YamlNode*>& base_patches, YamlNode& root,
                                               const std::vector<const YamlNode*>& patches) {
  std::bitset<std::size(kParameters)> changed;  // by the parameter's place in the list
  for (const auto* list : {&patches, &base_patches})
    for (const YamlNode* patch : *list)
      for (const YamlEntry& e : patch->entries) {
        const Parameter* p = parameter_of(e.first.scalar);
        if (!p) return std::nullopt;
        changed.set(size_t(p - kParameters));
      }
  RuleSet r = base;
  // A contract opening sets the rounds (check_playable): they start again from the
  // tree, as in a whole reading, for a house whose opening is none.
  r.match.rounds = MatchRules{}.rounds;
  static const Parameter& match_rounds = *parameter_of("match.rounds");
  if (const YamlNode* rounds = find_path(root, match_rounds.key)) match_rounds.read(in, *rounds, r);
  for (size_t i = 0; i < changed.size(); ++i)  // in the list's order, as read_parameters reads them
    if (changed.test(i)) {
      const YamlNode* n = find_path(root, kParameters[i].key);
      if (!n) return std::nullopt;
      kParameters[i].read(in, *n, r);
    }
  check_playable(in, root, r);
  return r;
}

}  // namespace

struct RulesetSpec::Resolved {
  static constexpr size_t kMostHouses = 1024;  // variants may be asked in any order and repeated
  std::mutex mutex;
  std::mutex patching;  // build_patched sets patches in the tree itself
  std::map<std::pair<std::vector<std::string>, std::map<std::string, std::string>>, RuleSet> houses;
};

RulesetSpec::RulesetSpec(YamlNode root, const std::string& file)
    : RulesetSpec(std::make_shared<YamlNode>(std::move(root)), file) {}

RulesetSpec::RulesetSpec(std::shared_ptr<YamlNode> root, const std::string& file)
    : file_(file), root_(std::move(root)), resolved_(std::make_shared<Resolved>()) {
  YamlReader in(file_);
  const YamlNode& tree = *root_;
  in.expect_map(tree,
                {"id", "name", "source", "notation", "players", "deck", "deal", "pile_start", "draw", "meld", "opening",
                 "layoff", "swap", "claim", "going_out", "table", "scoring", "match", "max_turns", "variants", "options",
                 "catalog"},
                "a ruleset");
  id_ = in.scalar(in.require(tree, "id"), "id");
  source_ = in.scalar(in.require(tree, "source"), "source");
  if (const YamlNode* v = tree.find("variants")) {
    in.expect_seq(*v, "variants");
    for (const YamlNode& item : v->items) {
      in.expect_map(item, {"id", "text", "text_sv", "source", "set"}, "a variant");
      VariantInfo info{in.scalar(in.require(item, "id"), "id"), in.scalar(in.require(item, "text"), "text"),
                       in.scalar(in.require(item, "text_sv"), "text_sv"),
                       item.find("source") ? in.scalar(*item.find("source"), "source") : ""};
      if (variant_patch_.count(info.id)) in.fail(item, "variant '" + info.id + "' is defined twice");
      variant_patch_[info.id] = &in.require(item, "set");
      variants_.push_back(std::move(info));
    }
  }
  if (const YamlNode* o = tree.find("options")) {
    in.expect_seq(*o, "options");
    for (const YamlNode& item : o->items) {
      in.expect_map(item, {"id", "text", "text_sv", "source", "default", "choices"}, "an option");
      OptionInfo info{in.scalar(in.require(item, "id"), "id"), in.scalar(in.require(item, "text"), "text"),
                      in.scalar(in.require(item, "text_sv"), "text_sv"),
                      item.find("source") ? in.scalar(*item.find("source"), "source") : "",
                      in.scalar(in.require(item, "default"), "default"), {}};
      if (option_patch_.count(info.id)) in.fail(item, "option '" + info.id + "' is defined twice");
      const YamlNode& choices = in.require(item, "choices");
      in.expect_map(choices, "choices");
      for (const auto& [k, v] : choices.entries) {
        info.choices.push_back(k.scalar);
        option_patch_[info.id][k.scalar] = &v;
      }
      if (!option_patch_[info.id].count(info.default_choice))
        in.fail(in.require(item, "default"), "the default is not one of the choices");
      options_.push_back(std::move(info));
    }
  }
  // Every house vouches for itself when resolved (resolve_now); the file is held to the
  // base, each variant alone and each option choice alone when it loads.
  base_ = resolve_now({}, {});
  for (const OptionInfo& o : options_) default_patches_.push_back(option_patch_.at(o.id).at(o.default_choice));
  base_read_ = true;
  std::vector<const YamlNode*> patches;  // as resolve_now puts them: the variants', then each option's choice
  for (const VariantInfo& v : variants_) {
    patches.assign(1, variant_patch_.at(v.id));
    patches.insert(patches.end(), default_patches_.begin(), default_patches_.end());
    house(patches, [&] { return "variant " + v.id; });
  }
  for (size_t i = 0; i < options_.size(); ++i)
    for (const std::string& choice : options_[i].choices) {  // in the file's order, as its errors are told
      patches = default_patches_;
      patches[i] = option_patch_.at(options_[i].id).at(choice);
      house(patches, [&] { return "option " + options_[i].id + ": " + choice; });
    }
}

void RulesetSpec::set_patches(YamlNode& root, const std::vector<const YamlNode*>& patches,
                              std::vector<std::pair<YamlNode*, YamlNode>>* undo) const {
  YamlReader in(file_);
  for (const YamlNode* patch : patches) {
    in.expect_map(*patch, "a variant's or option's `set`");
    for (const auto& [path, value] : patch->entries) {
      YamlNode* target = find_path(root, path.scalar);
      if (!target) in.fail(path, "'" + path.scalar + "' names no setting of the ruleset");
      if (undo) undo->emplace_back(target, std::move(*target));
      *target = value;
    }
  }
}

RuleSet RulesetSpec::build_patched(const std::vector<const YamlNode*>& patches) const {
  // The patches set in the tree itself and taken out again once it is read: a ruleset is
  // resolved for each of its variants and option choices when it loads, and a copy of the
  // whole tree for each cost more than reading it. A patch of the variants or options
  // themselves (where the patches are) is made on a copy.
  const std::lock_guard lock(resolved_->patching);
  for (const YamlNode* patch : patches)
    if (patch->is_map())
      for (const auto& [path, value] : patch->entries)
        if (const std::string_view head = std::string_view(path.scalar).substr(0, path.scalar.find('.'));
            head == "variants" || head == "options") {
          YamlNode root = *root_;
          set_patches(root, patches, nullptr);
          return build(root);
        }
  std::vector<std::pair<YamlNode*, YamlNode>> undo;  // each node patched, with what it held
  size_t entries = 0;
  for (const YamlNode* patch : patches) entries += patch->entries.size();
  undo.reserve(entries);
  struct Restore {
    std::vector<std::pair<YamlNode*, YamlNode>>& undo;
    ~Restore() {
      for (auto it = undo.rbegin(); it != undo.rend(); ++it) *it->first = std::move(it->second);
    }
  } restore{undo};
  set_patches(*root_, patches, &undo);
  if (base_read_)
    if (std::optional<RuleSet> r = read_patched_parameters(YamlReader(file_), base_, default_patches_, *root_, patches)) return std::move(*r);
  return build(*root_);
}

RuleSet RulesetSpec::resolve(const std::vector<std::string>& variants,
                             const std::map<std::string, std::string>& options) const {
  auto key = std::make_pair(variants, options);
  {
    const std::lock_guard lock(resolved_->mutex);
    if (const auto it = resolved_->houses.find(key); it != resolved_->houses.end()) return it->second;
  }
  RuleSet r = resolve_now(variants, options);  // what throws is not kept: it throws again
  const std::lock_guard lock(resolved_->mutex);
  if (resolved_->houses.size() >= Resolved::kMostHouses) resolved_->houses.clear();
  resolved_->houses.emplace(std::move(key), r);
  return r;
}

RuleSet RulesetSpec::resolve_now(const std::vector<std::string>& variants,
                                 const std::map<std::string, std::string>& options) const {
  std::vector<const YamlNode*> patches;
  for (const std::string& v : variants) {
    auto it = variant_patch_.find(v);
    if (it == variant_patch_.end()) throw std::invalid_argument("unknown variant '" + v + "' of " + base_.id);
    patches.push_back(it->second);
  }
  for (const OptionInfo& o : options_) {
    auto chosen = options.find(o.id);
    const std::string& choice = chosen == options.end() ? o.default_choice : chosen->second;
    auto it = option_patch_.at(o.id).find(choice);
    if (it == option_patch_.at(o.id).end())
      throw std::invalid_argument("option '" + o.id + "' has no choice '" + choice + "'");
    patches.push_back(it->second);
  }
  for (const auto& [id, choice] : options)
    if (!option_patch_.count(id)) throw std::invalid_argument("unknown option '" + id + "' of " + id_);
  return house(patches, [&] {
    std::string context;
    for (const std::string& v : variants) context += std::string(context.empty() ? "" : ", ") + "variant " + v;
    for (const auto& [id, choice] : options) context += std::string(context.empty() ? "" : ", ") + "option " + id + ": " + choice;
    return context;
  });
}

RuleSet RulesetSpec::house(const std::vector<const YamlNode*>& patches, const std::function<std::string()>& context) const {
  if (base_read_ && patches == default_patches_) return base_;  // no variant, every option's default: read and vouched for
  RuleSet r = build_patched(patches);
  // Every check the house can raise names a clause, in any mix of variants and choices: a
  // mix can make reachable what no variant or choice alone does (spec_fuzz: a deck with
  // jokers only when two options agree, its swap refusal named by no clause).
  const RefusalMask reach = r.reachable_checks();
  for (int c = 1; c < kNumRefusals; ++c)
    if (reach.has(Refusal(c)) && r.names_no_clause(Refusal(c))) {
      const std::string where = context();
      YamlReader(file_).fail(*root_, "no catalog clause lists check '" + std::string(refusal_name(Refusal(c))) + "'" +
                                        (where.empty() ? "" : " (" + where + ")"));
    }
  return r;
}

RuleSet RulesetSpec::build(const YamlNode& root) const {
  YamlReader in(file_);
  RuleSet r;
  r.id = id_;
  read_parameters(in, root, r);
  check_playable(in, root, r);
  const YamlNode* catalog = root.find("catalog");
  if (!catalog || !CatalogsReadAhead::shared().take(*catalog, id_, variant_patch_, r)) read_catalog(in, root, variant_patch_, r);
  return r;
}

void read_catalog_ahead(const YamlNode& root, const std::string& file) {
  const YamlNode* id = root.find("id");
  const YamlNode* catalog = root.find("catalog");
  if (!id || !id->is_scalar() || !catalog) return;
  VariantPatches variants;  // what the events may name: the ids alone
  if (const YamlNode* v = root.find("variants"))
    for (const YamlNode& item : v->items)
      if (const YamlNode* vid = item.find("id"); vid && vid->is_scalar()) variants.emplace(vid->scalar, nullptr);
  CatalogsReadAhead::shared().read_ahead(YamlReader(file), root, *catalog, id->scalar, variants);
}

std::string RulesetSpec::default_choice(const std::string& option) const {
  for (const OptionInfo& o : options_)
    if (o.id == option) return o.default_choice;
  return "";
}

const RulesetLibrary& RulesetLibrary::embedded() {
  static const RulesetLibrary library = [] {
    RulesetLibrary lib;
    for (const EmbeddedFile& f : spec_files())
      if (f.name.ends_with(".yaml")) {
        auto docs = parse_yaml(f.text, "spec/" + std::string(f.name));
        if (docs.size() != 1) throw InputError("spec/" + std::string(f.name), {1, 1}, "a ruleset file holds one document");
        lib.add(std::make_unique<RulesetSpec>(std::move(docs[0]), "spec/" + std::string(f.name)));
      }
    return lib;
  }();
  return library;
}

RulesetLibrary RulesetLibrary::from_dir(const std::string& dir) {
  RulesetLibrary lib;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".yaml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    auto docs = load_yaml_file(path.string());
    if (docs.size() != 1) throw InputError(path.string(), {1, 1}, "a ruleset file holds one document");
    lib.add(std::make_unique<RulesetSpec>(std::move(docs[0]), path.string()));
  }
  return lib;
}

void RulesetLibrary::add(std::unique_ptr<RulesetSpec> spec) {
  if (find(spec->id())) throw InputError(spec->file(), {1, 1}, "ruleset '" + spec->id() + "' is defined twice");
  specs_.push_back(std::move(spec));
}

const RulesetSpec* RulesetLibrary::find(const std::string& id) const {
  for (const auto& s : specs_)
    if (s->id() == id) return s.get();
  return nullptr;
}

bool RulesetLibrary::knows_rule(const std::string& rule_id) const {
  if (rule_id.starts_with("core/")) {
    auto c = refusal_named(rule_id.substr(5));
    return c && is_core_refusal(*c);
  }
  return std::any_of(specs_.begin(), specs_.end(), [&](const auto& s) { return s->base().clause(rule_id) != nullptr; });
}
std::vector<std::pair<std::string, std::string>> spec_parameters(const RuleSet& r) {
  Parameters p;
  for (const Parameter& parameter : kParameters) parameter.write(r, p);
  return p;
}

}  // namespace meldcheck
