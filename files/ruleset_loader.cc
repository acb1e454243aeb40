#include "files/ruleset_loader.h"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <set>
#include <stdexcept>

#include "files/play_events.h"
#include "files/spec_files.h"

namespace meldcheck {
namespace {

template <typename E>
struct EnumName {
  std::string_view name;
  E value;
};

template <typename E, size_t N>
E parse_enum(const YamlReader& in, const YamlNode& n, const EnumName<E> (&names)[N], std::string_view what) {
  const std::string& s = in.scalar(n, what);
  std::string list;
  for (const auto& e : names) {
    if (e.name == s) return e.value;
    list += (list.empty() ? "" : ", ") + std::string(e.name);
  }
  in.fail(n, std::string(what) + ": unknown value '" + s + "' (expected one of: " + list + ")");
}

constexpr EnumName<Notation> kNotations[] = {{"cards", Notation::kCards}, {"tiles", Notation::kTiles}};
constexpr EnumName<PileStart> kPileStarts[] = {
    {"none", PileStart::kNone}, {"upcard", PileStart::kUpcard}, {"row", PileStart::kRow}};
constexpr EnumName<TakeSizes> kTakeSizes[] = {
    {"none", TakeSizes::kNone}, {"top", TakeSizes::kTop}, {"top-or-all", TakeSizes::kTopOrAll}, {"any", TakeSizes::kAny}};
constexpr EnumName<TakenCardUse> kTakenCardUses[] = {{"never", TakenCardUse::kNever},
                                                     {"deepest-if-several", TakenCardUse::kDeepestIfSeveral},
                                                     {"deepest-always", TakenCardUse::kDeepestAlways}};
constexpr EnumName<TakenUseWhen> kTakenUseWhens[] = {{"this-turn", TakenUseWhen::kThisTurn},
                                                     {"first-play", TakenUseWhen::kFirstPlay}};
constexpr EnumName<EmptyStock> kEmptyStocks[] = {{"pass-ends", EmptyStock::kPassEnds},
                                                 {"reshuffle-pile", EmptyStock::kReshufflePile},
                                                 {"reshuffle-below-top", EmptyStock::kReshuffleBelowTop},
                                                 {"must-play", EmptyStock::kMustPlay}};
constexpr EnumName<StuckEnds> kStuckEnds[] = {{"first-stuck", StuckEnds::kFirstStuck}, {"all-stuck", StuckEnds::kAllStuck}};
constexpr EnumName<SolverGoal> kSolverGoals[] = {{"most-tiles", SolverGoal::kMostTiles}, {"most-value", SolverGoal::kMostValue}};
constexpr EnumName<LowestTie> kLowestTies[] = {{"split", LowestTie::kSplit}, {"fewest-tiles", LowestTie::kFewestTiles}};
constexpr EnumName<SetStandin> kSetStandins[] = {
    {"card", SetStandin::kCard}, {"rank", SetStandin::kRank}, {"determined", SetStandin::kDetermined}};
constexpr EnumName<OpeningForm> kOpeningForms[] = {
    {"free", OpeningForm::kFree}, {"contract", OpeningForm::kContract}, {"points", OpeningForm::kPoints}};
constexpr EnumName<SwapScorer> kSwapScorers[] = {{"joker-owner", SwapScorer::kJokerOwner}, {"swapper", SwapScorer::kSwapper}};
constexpr EnumName<ClaimRule> kClaimRules[] = {
    {"none", ClaimRule::kNone}, {"rummy", ClaimRule::kRummy}, {"snap", ClaimRule::kSnap}, {"buy", ClaimRule::kBuy}};
constexpr EnumName<ScoringMethod> kScoringMethods[] = {{"table-minus-hand", ScoringMethod::kTableMinusHand},
                                                       {"hands-to-winner", ScoringMethod::kHandsToWinner},
                                                       {"penalty-points", ScoringMethod::kPenaltyPoints},
                                                       {"zero-sum", ScoringMethod::kZeroSum}};
constexpr EnumName<OutBonusWhen> kOutBonusWhens[] = {{"always", OutBonusWhen::kAlways},
                                                     {"melds-only-turn", OutBonusWhen::kMeldsOnlyTurn},
                                                     {"melds-only-hand", OutBonusWhen::kMeldsOnlyHand}};
constexpr EnumName<OneGo> kOneGos[] = {{"same-turn", OneGo::kSameTurn}, {"one-action", OneGo::kOneAction}};
constexpr EnumName<MatchGoal> kMatchGoals[] = {{"target", MatchGoal::kTarget}, {"rounds", MatchGoal::kRounds}};
constexpr EnumName<TieRule> kTieRules[] = {
    {"shared", TieRule::kShared}, {"last-hand-winner", TieRule::kLastHandWinner}, {"play-on", TieRule::kPlayOn}};

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

void parse_draw(const YamlReader& in, const YamlNode& n, DrawRules& d) {
  each_entry(in, n,
             {"take_sizes", "taken_card_use", "taken_use_layoff_counts", "taken_use_when", "lone_taken_card_no_discard",
              "whole_pile", "empty_stock", "stuck_ends", "timeout_penalty", "timeout_short_pool_draws"},
             "draw", [&](const std::string& k, const YamlNode& v) {
               if (k == "stuck_ends") d.stuck_ends = parse_enum(in, v, kStuckEnds, k);
               if (k == "timeout_penalty") d.timeout_penalty = uint8_t(in.integer(v, 0, 10, k));
               if (k == "timeout_short_pool_draws") d.timeout_short_pool_draws = in.boolean(v, k);
               if (k == "take_sizes") d.take_sizes = parse_enum(in, v, kTakeSizes, k);
               if (k == "taken_card_use") d.taken_card_use = parse_enum(in, v, kTakenCardUses, k);
               if (k == "taken_use_layoff_counts") d.taken_use_layoff_counts = in.boolean(v, k);
               if (k == "taken_use_when") d.taken_use_when = parse_enum(in, v, kTakenUseWhens, k);
               if (k == "lone_taken_card_no_discard") d.lone_taken_card_no_discard = in.boolean(v, k);
               if (k == "empty_stock") d.empty_stock = parse_enum(in, v, kEmptyStocks, k);
               if (k == "whole_pile")
                 each_entry(in, v, {"needs_opened", "meld_due", "layoff_counts", "unmeldable_penalty"}, k,
                            [&](const std::string& k2, const YamlNode& v2) {
                              WholePileRule& w = d.whole_pile;
                              if (k2 == "needs_opened") w.needs_opened = in.boolean(v2, k2);
                              if (k2 == "meld_due") w.meld_due = in.boolean(v2, k2);
                              if (k2 == "layoff_counts") w.layoff_counts = in.boolean(v2, k2);
                              if (k2 == "unmeldable_penalty") w.unmeldable_penalty = int16_t(in.integer(v2, -1000, 0, k2));
                            });
             });
}

void parse_meld(const YamlReader& in, const YamlNode& n, MeldRules& m) {
  each_entry(in, n,
             {"min_size", "set_max", "set_distinct_suits", "set_standin", "ace_melding", "ace_building", "min_naturals",
              "joker_not_on_table"},
             "meld", [&](const std::string& k, const YamlNode& v) {
               if (k == "min_size") m.min_size = uint8_t(in.integer(v, 2, 5, k));
               if (k == "set_max") m.set_max = uint8_t(in.integer(v, 0, 16, k));
               if (k == "set_distinct_suits") m.set_distinct_suits = in.boolean(v, k);
               if (k == "set_standin") m.set_standin = parse_enum(in, v, kSetStandins, k);
               if (k == "ace_melding") m.ace_melding = parse_ace(in, v);
               if (k == "ace_building") m.ace_building = parse_ace(in, v);
               if (k == "min_naturals") m.min_naturals = uint8_t(in.integer(v, 0, 3, k));
               if (k == "joker_not_on_table") m.joker_not_on_table = in.boolean(v, k);
             });
}

void parse_opening(const YamlReader& in, const YamlNode& n, OpeningRules& o) {
  each_entry(in, n, {"form", "points", "melds_after_opening", "first_lap_no_meld", "contracts", "contract_distinct"},
             "opening", [&](const std::string& k, const YamlNode& v) {
               if (k == "points") o.points = uint16_t(in.integer(v, 0, 1000, k));
               if (k == "form") o.form = parse_enum(in, v, kOpeningForms, k);
               if (k == "melds_after_opening") o.melds_after_opening = in.boolean(v, k);
               if (k == "first_lap_no_meld") o.first_lap_no_meld = in.boolean(v, k);
               if (k == "contract_distinct") o.contract_distinct = in.boolean(v, k);
               if (k == "contracts") {
                 in.expect_seq(v, k);
                 o.contracts.clear();
                 for (const YamlNode& c : v.items) {
                   in.expect_map(c, {"sets", "runs"}, "a contract");
                   ContractRound round;
                   if (const YamlNode* s = c.find("sets")) round.sets = uint8_t(in.integer(*s, 0, 4, "sets"));
                   if (const YamlNode* r = c.find("runs")) round.runs = uint8_t(in.integer(*r, 0, 4, "runs"));
                   o.contracts.push_back(round);
                 }
               }
             });
}

void parse_going_out(const YamlReader& in, const YamlNode& n, GoingOutRules& g) {
  each_entry(in, n,
             {"build_only_needs_discard", "empty_hand_floats", "dead_last_discard", "last_round_all_cards",
              "last_round_others_discard"},
             "going_out", [&](const std::string& k, const YamlNode& v) {
               bool b = in.boolean(v, k);
               if (k == "build_only_needs_discard") g.build_only_needs_discard = b;
               if (k == "empty_hand_floats") g.empty_hand_floats = b;
               if (k == "dead_last_discard") g.dead_last_discard = b;
               if (k == "last_round_all_cards") g.last_round_all_cards = b;
               if (k == "last_round_others_discard") g.last_round_others_discard = b;
             });
}

void parse_scoring(const YamlReader& in, const YamlNode& n, Scoring& s) {
  each_entry(in, n,
             {"method", "hand", "table", "ace_table", "table_joker_as_standin", "out_bonus", "out_bonus_when", "out_score",
              "one_go_score", "one_go", "last_round_out_is_one_go", "lowest_tie"},
             "scoring", [&](const std::string& k, const YamlNode& v) {
               if (k == "lowest_tie") s.lowest_tie = parse_enum(in, v, kLowestTies, k);
               if (k == "method") s.method = parse_enum(in, v, kScoringMethods, k);
               if (k == "hand") s.hand = parse_values(in, v, k);
               if (k == "table") s.table = parse_values(in, v, k);
               if (k == "ace_table") {
                 s.table_ace_by_place = true;
                 each_entry(in, v, {"in_set", "low", "high", "corner", "corner_to_three"}, k, [&](const std::string& k2, const YamlNode& v2) {
                   int16_t x = int16_t(in.integer(v2, -1000, 1000, k2));
                   if (k2 == "in_set") s.ace_table.in_set = x;
                   if (k2 == "low") s.ace_table.low = x;
                   if (k2 == "high") s.ace_table.high = x;
                   if (k2 == "corner") s.ace_table.corner = x;
                   if (k2 == "corner_to_three") s.ace_table.corner_to_three = x;
                 });
               }
               if (k == "table_joker_as_standin") s.table_joker_as_standin = in.boolean(v, k);
               if (k == "out_bonus") s.out_bonus = int16_t(in.integer(v, -1000, 1000, k));
               if (k == "out_bonus_when") s.out_bonus_when = parse_enum(in, v, kOutBonusWhens, k);
               if (k == "out_score") s.out_score = int16_t(in.integer(v, -1000, 1000, k));
               if (k == "one_go_score") s.one_go_score = int16_t(in.integer(v, -1000, 1000, k));
               if (k == "one_go") s.one_go = parse_enum(in, v, kOneGos, k);
               if (k == "last_round_out_is_one_go") s.last_round_out_is_one_go = in.boolean(v, k);
             });
}

void parse_match(const YamlReader& in, const YamlNode& n, MatchRules& m) {
  each_entry(in, n, {"goal", "target", "rounds", "lowest_wins", "tie"}, "match",
             [&](const std::string& k, const YamlNode& v) {
               if (k == "goal") m.goal = parse_enum(in, v, kMatchGoals, k);
               if (k == "target") m.target = int32_t(in.integer(v, 1, 1000000, k));
               if (k == "rounds") m.rounds = uint8_t(in.integer(v, 1, 100, k));
               if (k == "lowest_wins") m.lowest_wins = in.boolean(v, k);
               if (k == "tie") m.tie = parse_enum(in, v, kTieRules, k);
             });
}

// Where a dotted path ("swap.allowed") points in a ruleset tree; nullptr if nowhere.
YamlNode* find_path(YamlNode& root, const std::string& path) {
  YamlNode* n = &root;
  size_t pos = 0;
  while (pos <= path.size()) {
    size_t dot = path.find('.', pos);
    std::string part = path.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
    if (!n->is_map()) return nullptr;
    YamlNode* next = nullptr;
    for (auto& [k, v] : n->entries)
      if (k.scalar == part) next = &v;
    if (!next) return nullptr;
    n = next;
    if (dot == std::string::npos) break;
    pos = dot + 1;
  }
  return n;
}

}  // namespace

struct RulesetSpec::Resolved {
  static constexpr size_t kMostHouses = 1024;  // variants may be asked in any order and repeated
  std::mutex mutex;
  std::mutex patching;  // build_patched sets patches in the tree itself
  std::map<std::pair<std::vector<std::string>, std::map<std::string, std::string>>, RuleSet> houses;
};

RulesetSpec::RulesetSpec(YamlNode root, const std::string& file)
    : file_(file), root_(std::move(root)), resolved_(std::make_shared<Resolved>()) {
  YamlReader in(file_);
  in.expect_map(root_,
                {"id", "name", "source", "notation", "players", "deck", "deal", "pile_start", "draw", "meld", "opening",
                 "layoff", "swap", "claim", "going_out", "table", "scoring", "match", "max_turns", "variants", "options",
                 "catalog"},
                "a ruleset");
  id_ = in.scalar(in.require(root_, "id"), "id");
  source_ = in.scalar(in.require(root_, "source"), "source");
  if (const YamlNode* v = root_.find("variants")) {
    in.expect_seq(*v, "variants");
    for (const YamlNode& item : v->items) {
      in.expect_map(item, {"id", "text", "text_sv", "source", "set"}, "a variant");
      VariantInfo info{in.scalar(in.require(item, "id"), "id"), in.scalar(in.require(item, "text"), "text"),
                       in.scalar(in.require(item, "text_sv"), "text_sv"),
                       item.find("source") ? in.scalar(*item.find("source"), "source") : ""};
      if (variant_patch_.count(info.id)) in.fail(item, "variant '" + info.id + "' is defined twice");
      variant_patch_[info.id] = &in.require(item, "set");
      variants_.push_back(info);
    }
  }
  if (const YamlNode* o = root_.find("options")) {
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
      options_.push_back(info);
    }
  }
  base_ = resolve_now({}, {});
  // Every check a variant or an option can make reachable must name a clause.
  auto verify = [&](const RuleSet& r, const std::string& context) {
    RefusalMask reach = r.reachable_checks();
    for (int c = 1; c < kNumRefusals; ++c)
      if (reach.has(Refusal(c)) && !is_core_refusal(Refusal(c)) && r.clause_of[c] < 0)
        in.fail(root_, "no catalog clause lists check '" + std::string(refusal_name(Refusal(c))) + "'" + context);
  };
  verify(base_, "");
  for (const VariantInfo& v : variants_) verify(resolve_now({v.id}, {}), " (variant " + v.id + ")");
  for (const OptionInfo& o : options_)
    for (const std::string& c : o.choices) verify(resolve_now({}, {{o.id, c}}), " (option " + o.id + ": " + c + ")");
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
          YamlNode root = root_;
          set_patches(root, patches, nullptr);
          return build(root);
        }
  std::vector<std::pair<YamlNode*, YamlNode>> undo;  // each node patched, with what it held
  struct Restore {
    std::vector<std::pair<YamlNode*, YamlNode>>& undo;
    ~Restore() {
      for (auto it = undo.rbegin(); it != undo.rend(); ++it) *it->first = std::move(it->second);
    }
  } restore{undo};
  set_patches(root_, patches, &undo);
  return build(root_);
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
  return build_patched(patches);
}

RuleSet RulesetSpec::build(const YamlNode& root) const {
  YamlReader in(file_);
  RuleSet r;
  r.id = id_;
  r.name = in.scalar(in.require(root, "name"), "name");
  if (const YamlNode* n = root.find("notation")) r.notation = parse_enum(in, *n, kNotations, "notation");
  r.players = parse_players(in, in.require(root, "players"));

  const YamlNode& deck = in.require(root, "deck");
  in.expect_map(deck, {"jokers_per_deck", "decks"}, "deck");
  const int jokers_per_deck = int(in.integer(in.require(deck, "jokers_per_deck"), 0, 4, "jokers_per_deck"));
  const YamlNode& decks = in.require(deck, "decks");
  in.expect_seq(decks, "decks");
  for (const YamlNode& d : decks.items) {
    in.expect_map(d, {"players", "decks"}, "a deck rule");
    DeckRule rule;
    rule.players = parse_players(in, in.require(d, "players"));
    rule.decks = uint8_t(in.integer(in.require(d, "decks"), 1, kMaxCopies, "decks"));
    rule.jokers = uint8_t(rule.decks * jokers_per_deck);
    r.decks.push_back(rule);
  }
  const YamlNode& deals = in.require(root, "deal");
  in.expect_seq(deals, "deal");
  for (const YamlNode& d : deals.items) {
    in.expect_map(d, {"players", "rounds", "cards"}, "a deal rule");
    DealRule rule;
    rule.players = parse_players(in, in.require(d, "players"));
    if (const YamlNode* rounds = d.find("rounds")) rule.rounds = parse_range(in, *rounds, 1, 99, "rounds");
    rule.cards = uint8_t(in.integer(in.require(d, "cards"), 1, 30, "cards"));
    r.deals.push_back(rule);
  }

  if (const YamlNode* n = root.find("pile_start")) r.pile_start = parse_enum(in, *n, kPileStarts, "pile_start");
  if (const YamlNode* n = root.find("draw")) parse_draw(in, *n, r.draw);
  if (const YamlNode* n = root.find("meld")) parse_meld(in, *n, r.meld);
  if (const YamlNode* n = root.find("opening")) parse_opening(in, *n, r.opening);
  if (const YamlNode* n = root.find("layoff")) {
    each_entry(in, *n, {"needs_opened"}, "layoff", [&](const std::string& k, const YamlNode& v) {
      if (k == "needs_opened") r.layoff.needs_opened = in.boolean(v, k);
    });
  }
  if (const YamlNode* n = root.find("swap")) {
    each_entry(in, *n, {"allowed", "needs_opened", "joker_used_same_turn", "natural_scores_for"}, "swap",
               [&](const std::string& k, const YamlNode& v) {
                 if (k == "allowed") r.swap.allowed = in.boolean(v, k);
                 if (k == "needs_opened") r.swap.needs_opened = in.boolean(v, k);
                 if (k == "joker_used_same_turn") r.swap.joker_used_same_turn = in.boolean(v, k);
                 if (k == "natural_scores_for") r.swap.natural_scores_for = parse_enum(in, v, kSwapScorers, k);
               });
  }
  if (const YamlNode* n = root.find("claim")) r.claim = parse_enum(in, *n, kClaimRules, "claim");
  if (const YamlNode* n = root.find("going_out")) parse_going_out(in, *n, r.going_out);
  if (const YamlNode* n = root.find("table")) {
    each_entry(in, *n, {"free_rearrangement", "best_move"}, "table", [&](const std::string& k, const YamlNode& v) {
      if (k == "free_rearrangement") r.table.free_rearrangement = in.boolean(v, k);
      if (k == "best_move") r.table.best_move = parse_enum(in, v, kSolverGoals, k);
    });
  }
  parse_scoring(in, in.require(root, "scoring"), r.scoring);
  parse_match(in, in.require(root, "match"), r.match);
  if (const YamlNode* n = root.find("max_turns")) r.max_turns = uint16_t(in.integer(*n, 10, 60000, "max_turns"));
  if (r.opening.form == OpeningForm::kContract) {
    if (r.opening.contracts.empty()) in.fail(root, "a contract opening needs `opening.contracts`");
    r.match.rounds = uint8_t(r.opening.contracts.size());
  }
  // Every seat count has a deck, and a deal that fits it in every round of the match.
  const int rounds = r.match.goal == MatchGoal::kRounds ? r.match.rounds : 1;
  for (int p = r.players.min; p <= r.players.max; ++p) {
    const DeckRule* d = r.deck_for(p);
    if (!d) in.fail(decks, "no deck for " + std::to_string(p) + " players");
    for (int round = 1; round <= rounds; ++round) {
      const int cards = r.deal_size(p, round);
      if (cards == 0) in.fail(deals, "no deal for " + std::to_string(p) + " players in round " + std::to_string(round));
      if (p * cards + 1 > d->decks * kFaces + d->jokers)
        in.fail(deals, "the deal for " + std::to_string(p) + " players needs more cards than the deck has");
    }
  }

  // The catalog: clause ids, paraphrases, sources, and the checks each clause enforces.
  r.clause_of.fill(-1);
  const YamlNode& catalog = in.require(root, "catalog");
  in.expect_seq(catalog, "catalog");
  std::set<std::string> ids;
  for (const YamlNode& item : catalog.items) {
    in.expect_map(item, {"id", "kind", "text", "text_sv", "source", "checks", "resolution", "resolution_sv", "events", "one_way"},
                  "a catalog clause");
    Clause c;
    const YamlNode& id = in.require(item, "id");
    c.id = r.id + "/" + in.scalar(id, "id");
    if (!ids.insert(c.id).second) in.fail(id, "clause '" + c.id + "' is defined twice");
    c.text = in.scalar(in.require(item, "text"), "text");
    c.text_sv = in.scalar(in.require(item, "text_sv"), "text_sv");
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
    if (const YamlNode* res = item.find("resolution")) {
      c.resolution = in.scalar(*res, "resolution");
      c.resolution_sv = in.scalar(in.require(item, "resolution_sv"), "resolution_sv");  // readers of either language
    } else if (const YamlNode* sv = item.find("resolution_sv")) {
      in.fail(*sv, "resolution_sv without a resolution");
    }
    if (const YamlNode* checks = item.find("checks")) {
      in.expect_seq(*checks, "checks");
      for (const YamlNode& ch : checks->items) {
        auto check = refusal_named(in.scalar(ch, "a check"));
        if (!check) in.fail(ch, "unknown check '" + ch.scalar + "'");
        if (r.clause_of[int(*check)] >= 0)
          in.fail(ch, "check '" + ch.scalar + "' is listed by two clauses");
        r.clause_of[int(*check)] = int16_t(r.catalog.size());
        c.checks.push_back(*check);
      }
    }
    if (const YamlNode* events = item.find("events")) {
      in.expect_seq(*events, "events");
      for (const YamlNode& e : events->items) {
        const std::string& name = in.scalar(e, "an event");
        const bool variant = name.rfind("variant:", 0) == 0;
        if (variant ? !variant_patch_.count(name.substr(8)) : !play_event_from_name(name))
          in.fail(e, variant ? "no variant '" + name.substr(8) + "' in " + r.id : "unknown event '" + name + "'");
        c.events.push_back(name);
      }
    }
    if (const YamlNode* one_way = item.find("one_way")) {
      in.expect_map(*one_way, {"only", "why"}, "one_way");
      const YamlNode& only = in.require(*one_way, "only");
      c.one_way = in.scalar(only, "only");
      if (c.one_way != "passed" && c.one_way != "refused") in.fail(only, "one_way.only is 'passed' or 'refused'");
      if (c.one_way == "passed" && c.checks.empty()) in.fail(only, "a clause without checks refuses nothing: one_way says nothing");
      c.one_way_why = in.scalar(in.require(*one_way, "why"), "why");
    }
    r.catalog.push_back(std::move(c));
  }
  return r;
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

namespace {

template <typename E, size_t N>
std::string name_of(const EnumName<E> (&names)[N], E value) {
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

}  // namespace

std::vector<std::pair<std::string, std::string>> spec_parameters(const RuleSet& r) {
  std::vector<std::pair<std::string, std::string>> p;
  auto add = [&](std::string name, std::string value) { p.emplace_back(std::move(name), std::move(value)); };
  auto flag = [&](std::string name, bool b) { add(std::move(name), b ? "true" : "false"); };
  auto num = [&](std::string name, int n) { add(std::move(name), std::to_string(n)); };
  add("name", r.name);
  add("notation", name_of(kNotations, r.notation));
  add("players", range_text(r.players));
  std::string decks, deals, contracts;
  for (const DeckRule& d : r.decks) decks += (decks.empty() ? "" : ", ") + range_text(d.players) + ": " + std::to_string(d.decks);
  if (!r.decks.empty()) num("deck.jokers_per_deck", r.decks[0].jokers / r.decks[0].decks);
  add("deck.decks", decks);
  for (const DealRule& d : r.deals)
    deals += (deals.empty() ? "" : ", ") + range_text(d.players) +
             (d.rounds.max < 255 ? " (rounds " + range_text(d.rounds) + ")" : "") + ": " + std::to_string(d.cards);
  add("deal", deals);
  add("pile_start", name_of(kPileStarts, r.pile_start));

  add("draw.take_sizes", name_of(kTakeSizes, r.draw.take_sizes));
  add("draw.taken_card_use", name_of(kTakenCardUses, r.draw.taken_card_use));
  flag("draw.taken_use_layoff_counts", r.draw.taken_use_layoff_counts);
  add("draw.taken_use_when", name_of(kTakenUseWhens, r.draw.taken_use_when));
  flag("draw.lone_taken_card_no_discard", r.draw.lone_taken_card_no_discard);
  flag("draw.whole_pile.needs_opened", r.draw.whole_pile.needs_opened);
  flag("draw.whole_pile.meld_due", r.draw.whole_pile.meld_due);
  flag("draw.whole_pile.layoff_counts", r.draw.whole_pile.layoff_counts);
  num("draw.whole_pile.unmeldable_penalty", r.draw.whole_pile.unmeldable_penalty);
  add("draw.empty_stock", name_of(kEmptyStocks, r.draw.empty_stock));
  add("draw.stuck_ends", name_of(kStuckEnds, r.draw.stuck_ends));
  num("draw.timeout_penalty", r.draw.timeout_penalty);
  flag("draw.timeout_short_pool_draws", r.draw.timeout_short_pool_draws);

  num("meld.min_size", r.meld.min_size);
  num("meld.set_max", r.meld.set_max);
  flag("meld.set_distinct_suits", r.meld.set_distinct_suits);
  add("meld.set_standin", name_of(kSetStandins, r.meld.set_standin));
  flag("meld.ace_melding.high", r.meld.ace_melding.high);
  flag("meld.ace_melding.wrap", r.meld.ace_melding.wrap);
  flag("meld.ace_building.high", r.meld.ace_building.high);
  flag("meld.ace_building.wrap", r.meld.ace_building.wrap);
  num("meld.min_naturals", r.meld.min_naturals);
  flag("meld.joker_not_on_table", r.meld.joker_not_on_table);

  add("opening.form", name_of(kOpeningForms, r.opening.form));
  num("opening.points", r.opening.points);
  flag("opening.melds_after_opening", r.opening.melds_after_opening);
  flag("opening.first_lap_no_meld", r.opening.first_lap_no_meld);
  for (const ContractRound& c : r.opening.contracts)
    contracts += (contracts.empty() ? "" : ", ") + std::string("{ sets: ") + std::to_string(c.sets) + ", runs: " + std::to_string(c.runs) + " }";
  add("opening.contracts", "[" + contracts + "]");
  flag("opening.contract_distinct", r.opening.contract_distinct);
  flag("layoff.needs_opened", r.layoff.needs_opened);
  flag("swap.allowed", r.swap.allowed);
  flag("swap.needs_opened", r.swap.needs_opened);
  flag("swap.joker_used_same_turn", r.swap.joker_used_same_turn);
  add("swap.natural_scores_for", name_of(kSwapScorers, r.swap.natural_scores_for));
  add("claim", name_of(kClaimRules, r.claim));

  flag("going_out.build_only_needs_discard", r.going_out.build_only_needs_discard);
  flag("going_out.empty_hand_floats", r.going_out.empty_hand_floats);
  flag("going_out.dead_last_discard", r.going_out.dead_last_discard);
  flag("going_out.last_round_all_cards", r.going_out.last_round_all_cards);
  flag("going_out.last_round_others_discard", r.going_out.last_round_others_discard);
  flag("table.free_rearrangement", r.table.free_rearrangement);
  add("table.best_move", name_of(kSolverGoals, r.table.best_move));

  const Scoring& s = r.scoring;
  add("scoring.method", name_of(kScoringMethods, s.method));
  add("scoring.hand", values_text(s.hand));
  add("scoring.table", values_text(s.table));
  const AceTableValues& a = s.ace_table;
  add("scoring.ace_table", !s.table_ace_by_place ? "none"
                           : "{ in_set: " + std::to_string(a.in_set) + ", low: " + std::to_string(a.low) + ", high: " +
                                 std::to_string(a.high) + ", corner: " + std::to_string(a.corner) +
                                 ", corner_to_three: " + std::to_string(a.corner_to_three) + " }");
  flag("scoring.table_joker_as_standin", s.table_joker_as_standin);
  num("scoring.out_bonus", s.out_bonus);
  add("scoring.out_bonus_when", name_of(kOutBonusWhens, s.out_bonus_when));
  num("scoring.out_score", s.out_score);
  num("scoring.one_go_score", s.one_go_score);
  add("scoring.one_go", name_of(kOneGos, s.one_go));
  flag("scoring.last_round_out_is_one_go", s.last_round_out_is_one_go);
  add("scoring.lowest_tie", name_of(kLowestTies, s.lowest_tie));

  add("match.goal", name_of(kMatchGoals, r.match.goal));
  num("match.target", r.match.target);
  num("match.rounds", r.match.rounds);
  flag("match.lowest_wins", r.match.lowest_wins);
  add("match.tie", name_of(kTieRules, r.match.tie));
  num("max_turns", r.max_turns);
  return p;
}

}  // namespace meldcheck
