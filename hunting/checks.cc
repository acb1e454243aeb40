#include "hunting/checks.h"

#include <algorithm>
#include <functional>
#include <bit>
#include <unordered_map>
#include <stdexcept>

#include "engine/position.h"
#include "engine/rng.h"
#include "engine/solver.h"
#include "hunting/model_setup.h"
#include "hunting/nearby.h"
#include "hunting/oracle_views.h"
#include "hunting/position_diff.h"
#include "oracles/deal_oracle.h"
#include "oracles/joker_oracle.h"
#include "oracles/meld_oracle.h"
#include "oracles/rummikub_oracle.h"
#include "files/scenario.h"

namespace meldcheck::hunt {

const std::vector<CheckInfo>& all_checks() {
  static const std::vector<CheckInfo> checks = {
      {CheckId::kConservation, "every physical card in exactly one place", true},
      {CheckId::kRefusal, "a refused action changes nothing and names a rule of the catalog", true},
      {CheckId::kListed, "a listed action is accepted; an accepted draw, take, discard or single meld is listed", true},
      {CheckId::kDeterminism, "the same action from the same state gives the same state", true},
      {CheckId::kDeal, "every deal is the contract's shuffle dealt by the text's rules (the deal oracle)", true},
      {CheckId::kTableMeld, "every meld laid or built on is a meld by the text (the meld oracle)", true},
      {CheckId::kJoker, "jokers move only as the texts allow (the joker oracle)", true},
      {CheckId::kRummikubTable, "every set of a Rummikub table is valid by the text (the Rummikub oracle)", true},
      {CheckId::kTermination, "a hand ends within the ruleset's bound of turns, and one that an empty stock ends (its text ends it "
                      "there) never reaches the bound: turns counted here, not by the engine", true},
      {CheckId::kStuck, "a hand still going has a legal step", true},
      {CheckId::kSolver, "the solver places as many tiles as the oracle's own search (oracles/rummikub_oracle.h), on the position when small and on a part of it", true},
      {CheckId::kCatalog, "the engine's verdict and first refusing clause on each step and on an action near it equal the executable "
                  "catalog's, and after every accepted step its whole position equals the reference model's, worked out from "
                  "the moves alone (hands, stock, pile, table and builders, totals, penalties, the turn's and match's books; "
                  "oracles/catalog.h)", true},
      {CheckId::kHandScore, "a finished hand scores as the reference model scores it from its own books (the score oracle)", false},
      {CheckId::kZeroSum, "a Rummikub round's scores sum to zero", false},
  };
  return checks;
}

namespace {

std::string faces_text(const std::vector<Face>& faces, Notation n) {
  std::string s = "[";
  for (size_t i = 0; i < faces.size(); ++i) s += (i ? ", " : "") + format_face(faces[i], n);
  return s + "]";
}

Finding finding(CheckId check, std::string message, std::string verdict = "", std::string expect = "") {
  Finding f;
  f.check = check;
  f.message = std::move(message);
  f.verdict = std::move(verdict);
  f.expect = std::move(expect);
  return f;
}

Finding unread_setup(const std::string& about, const std::string& what, const std::string& problem) {
  Finding f = finding(CheckId::kCatalog, "the reference model cannot read " + what + ": " + problem);
  f.about = about;
  f.about_state = true;
  return f;
}

}  // namespace

// A joker standing for a rank alone may be that rank in any suit: every choice is tried.
bool meld_oracle_accepts(const oracle::MeldDefinition& d, const Meld& m) {
  oracle::Faces cards;
  std::vector<size_t> loose;  // jokers standing for a rank alone
  int jokers = 0;
  for (int i = 0; i < m.shape.size; ++i) {
    jokers += m.shape.joker(i);
    if (!m.shape.faces[i].is_natural()) loose.push_back(cards.size());
    cards.push_back(m.shape.faces[i]);
  }
  auto any_suits = [&](auto&& self, size_t k) -> bool {
    if (k == loose.size()) return oracle::is_meld(d, cards, jokers, true);
    const int rank = m.shape.faces[loose[k]].rank();
    for (int suit = 0; suit < kSuits; ++suit) {
      cards[loose[k]] = Face::natural(suit, rank);
      if (self(self, k + 1)) return true;
    }
    return false;
  };
  return any_suits(any_suits, 0);
}

namespace {

bool same_meld(const Meld& a, const Meld& b) { return a.shape == b.shape && a.owner == b.owner; }

// The melds an action laid or changed: new ids, or another shape under an old id.
std::vector<const Meld*> changed_melds(const GameState& before, const GameState& after) {
  std::vector<const Meld*> out;
  for (const Meld& m : after.table.all()) {
    const int was = before.table.index_of(m.id);
    if (was < 0 || !same_meld(before.table.melds[was], m)) out.push_back(&m);
  }
  return out;
}

int jokers_on_table(const GameState& s) {
  int n = 0;
  for (const Meld& m : s.table.all()) n += std::popcount(unsigned(m.shape.joker_mask));
  return n;
}

// The deal the oracle makes, compared with the engine's: hands as multisets, the pile, the
// stock in order. Empty when they agree; else the expectations that say the oracle's deal.
std::string deal_difference(const Config& c, const GameState& s, uint64_t seed, int dealer, int round) {
  const oracle::Deal d = oracle::deal(c.ruleset, c.variants, c.options, s.num_players, seed, dealer, round);
  bool same = int(d.hands.size()) == s.num_players;
  for (int p = 0; same && p < s.num_players; ++p) {
    std::vector<Face> want = d.hands[size_t(p)], got;
    got.reserve(size_t(s.hand(p).size()));
    for (Card card : s.hand(p)) got.push_back(face_of(card));
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    same = want == got;
  }
  std::vector<Face> pile, stock;
  pile.reserve(s.discard.cards().size());
  stock.reserve(size_t(s.stock.size()));
  for (Card card : s.discard.cards()) pile.push_back(face_of(card));
  for (size_t i = s.stock.size(); i-- > 0;) stock.push_back(face_of(s.stock.at(int(i))));
  same = same && pile == d.upcard && stock == d.stock;
  if (same) return "";
  std::string e = "hand:\n";
  for (int p = 0; p < s.num_players; ++p) e += "  " + player_name(p) + ": " + faces_text(d.hands[size_t(p)], c.rules.notation) + "\n";
  e += "discard: " + faces_text(d.upcard, c.rules.notation) + "\n";
  e += "stock_size: " + std::to_string(d.stock.size()) + "\n";
  return e;
}

// Whether this step ended a turn of the kind the bound of turns counts: play passed on,
// or came back to its start, but not by laying a card into the opening row or by a claim
// out of turn.
bool turn_counts(const GameState& before, const Action& a, const GameState& after) {
  if (a.kind == ActionKind::kClaim || before.phase == Phase::kRow) return false;
  return after.to_move != before.to_move || (after.phase == Phase::kDraw && before.phase != Phase::kDraw);
}

// The kinds of step whose legal list is small enough to compare whole.
constexpr ActionKinds kSmallKinds = ActionKinds::only(ActionKind::kDraw) | ActionKinds::only(ActionKind::kTake) |
                                    ActionKinds::only(ActionKind::kDiscard) | ActionKinds::only(ActionKind::kLayoff) |
                                    ActionKinds::only(ActionKind::kSwap) | ActionKinds::only(ActionKind::kClaim) |
                                    ActionKinds::only(ActionKind::kPass);

bool small_kind(ActionKind k) { return kSmallKinds.has(k); }

// The largest position the Rummikub oracle is asked about at every step.
constexpr int kOracleTableTiles = 9, kOracleRackTiles = 6;

}  // namespace

CheckSet CheckSet::without(CheckId id) const {
  using enum CheckId;
  static constexpr CheckId kMayLeaveOut[] = {kCatalog, kSolver, kDeal, kDeterminism, kTableMeld, kJoker, kRummikubTable, kZeroSum};
  if (std::find(std::begin(kMayLeaveOut), std::end(kMayLeaveOut), id) == std::end(kMayLeaveOut))
    throw std::invalid_argument("the check " + to_string(id) + " cannot be left out");
  CheckSet c = *this;
  c.off_ |= 1u << int(id);
  return c;
}

Checker::Checker(std::shared_ptr<const Config> config, CheckLevel level, CheckSet checks,
                 std::shared_ptr<const oracle::Catalog> oracle)
    : config_(std::move(config)), level_(level), checks_(checks), catalog_(std::move(oracle)) {}

const oracle::Catalog& Checker::catalog() {
  if (!catalog_) catalog_ = std::make_shared<const oracle::Catalog>(game_of(*config_));
  return *catalog_;
}

bool Checker::sampled_now() const { return level_ == CheckLevel::kAll || steps_ % kSampleEvery == 0; }

std::optional<Finding> Checker::hand_starts(const GameState& s, const DealInfo* dealt, const YamlNode* written) {
  // The oracle side never reads the engine's books: a deal it makes itself, a setup it reads
  // itself (as written, or the position written out as one), and from there it keeps its
  // own dealer and round for the next hands' deals.
  if (!dealt && level_ != CheckLevel::kNone)
    return hand_starts(s, written ? model_setup(*written, *config_, catalog().meld_text()) : model_setup_of(s, *config_));
  turns_ = start_turns_ = s.turns;
  model_.reset();
  if (level_ == CheckLevel::kNone) return std::nullopt;
  deal_dealer_ = dealt->dealer, deal_round_ = 1;
  if (checks_.deal()) {
    const std::string diff = deal_difference(*config_, s, dealt->seed, deal_dealer_, deal_round_);
    if (!diff.empty()) {
      Finding f = finding(CheckId::kDeal, "the deal from seed " + std::to_string(dealt->seed) + " is not the contract's shuffle", "", diff);
      f.about_state = true;
      return f;
    }
  }
  if (!checks_.catalog()) return std::nullopt;
  model_ = catalog().dealt(s.num_players, dealt->seed, dealt->dealer);
  return books_at_start(s);
}

std::optional<Finding> Checker::hand_starts(const GameState& s, const ModelSetup& read) {
  turns_ = start_turns_ = s.turns;
  model_.reset();
  if (level_ == CheckLevel::kNone) return std::nullopt;
  if (!read.position) return unread_setup("the setup", "the setup the engine plays", read.problem);
  deal_dealer_ = read.position->dealer, deal_round_ = read.position->round;
  if (!checks_.catalog()) return std::nullopt;
  model_ = *read.position;
  return books_at_start(s);
}

std::optional<Finding> Checker::books_at_start(const GameState& s) {
  if (auto f = books(s)) {
    f->about_state = true;
    return f;
  }
  return std::nullopt;
}

std::optional<Finding> Checker::next_hand_starts(const GameState& s, const YamlNode& written) {
  turns_ = start_turns_ = s.turns;
  if (level_ == CheckLevel::kNone) return std::nullopt;
  if (!model_) return hand_starts(s, nullptr, nullptr);
  ModelSetup read = model_next_hand(*model_, written, *config_);
  if (!read.position) return unread_setup("the next hand's setup", "the next hand's setup", read.problem);
  deal_dealer_ = read.position->dealer, deal_round_ = read.position->round;
  model_ = std::move(*read.position);
  return books_at_start(s);
}

namespace {

// The empty stock comes before the bound of turns only where the bound leaves the turns to
// draw the whole deck and many more (a player facing an empty stock may take from the pile
// instead of passing, but not for hundreds of turns on end): a ruleset whose bound is
// shorter (spec_fuzz's, of 13 or 31 turns) ends hands by its bound, which is no finding.
bool bound_outlasts_the_deck(const RuleSet& r, int players) {
  constexpr int kTurnsPastTheDeck = 200;
  const DeckRule* deck = r.deck_for(players);
  return deck && r.max_turns >= deck->cards() + kTurnsPastTheDeck;
}

}  // namespace

std::optional<Finding> Checker::after_step(const GameState& before, const Action& a, bool listed, Refusal verdict,
                                           const GameState& after) {
  ++steps_;
  if (verdict == Refusal::kNone) {
    if (a.kind == ActionKind::kNextHand) {
      turns_ = start_turns_ = after.turns;
    } else if (turn_counts(before, a, after)) {
      ++turns_;
    }
  }
  if (level_ == CheckLevel::kNone) return std::nullopt;
  const bool ends_hand = !before.hand_over && after.hand_over;
  if (sampled_now() || ends_hand || verdict != Refusal::kNone) {
    if (auto f = step_invariants({before, a, listed, verdict, after})) return f;
  } else if (model_ && verdict == Refusal::kNone) {
    step_model(a);  // the books are kept on every step
  }
  if (verdict == Refusal::kNone && a.kind == ActionKind::kNextHand) {
    deal_dealer_ = (deal_dealer_ + 1) % after.num_players;  // the deal passes on (the contract's next_hand)
    ++deal_round_;
  }
  if (verdict == Refusal::kNone && a.kind == ActionKind::kNextHand && checks_.deal()) {
    const std::string diff = deal_difference(*config_, after, a.seed, deal_dealer_, deal_round_);
    if (!diff.empty()) return finding(CheckId::kDeal, "the next hand, dealt from seed " + std::to_string(a.seed) + ", is not the contract's shuffle", "", diff);
  }
  // Turns seen played from the hand's start, not those a setup says were taken before it.
  if (ends_hand && after.last_out == kNoPlayer && turns_ - start_turns_ >= config_->rules.max_turns &&
      config_->rules.draw.empty_stock == EmptyStock::kPassEnds && bound_outlasts_the_deck(config_->rules, after.num_players))
    return finding(CheckId::kTermination, "a hand that an empty stock ends reached the bound of " + std::to_string(turns_) + " turns");
  if (ends_hand && config_->rules.scoring.method == ScoringMethod::kZeroSum && checks_.has(CheckId::kZeroSum)) {
    int sum = 0;
    for (int p = 0; p < after.num_players; ++p) sum += after.round_scores[p];
    if (sum != 0) return finding(CheckId::kZeroSum, "the round's scores sum to " + std::to_string(sum));
  }
  if (sampled_now()) return state_checks(after);
  return std::nullopt;
}

namespace {

// Only these lay cards on the table (any other change to it shows in the books too).
bool lays_on_table(ActionKind k) {
  return k == ActionKind::kMeld || k == ActionKind::kLayoff || k == ActionKind::kSwap || k == ActionKind::kClaim ||
         k == ActionKind::kArrange;
}

}  // namespace

std::optional<Finding> Checker::step_invariants(const Step& step) {
  // In the order they are asked: what the rules say first, then the engine against itself
  // and its enumeration's completeness, then the bound of turns. Each knows whether it
  // applies (a refused step, an accepted one, a kind of step, a ruleset).
  struct NamedInvariant {
    const char* name;
    std::optional<Finding> (Checker::*check)(const Step&);
  };
  static constexpr NamedInvariant kStepInvariants[] = {
      {"every card in one place", &Checker::conserved},
      {"a refusal changes nothing and names a clause", &Checker::refusal_changes_nothing},
      {"a listed action is not refused", &Checker::refused_listed},
      {"a Rummikub table's sets are sets, its jokers stay", &Checker::rummikub_table_valid},
      {"a meld laid or built on is a meld", &Checker::table_melds_valid},
      {"a swap the text allows", &Checker::swap_allowed},
      {"no joker for a card on the table", &Checker::joker_not_for_a_table_card},
      {"the reference model's verdict and position", &Checker::model_agrees},
      {"the same action, the same state", &Checker::deterministic},
      {"an accepted action is listed", &Checker::accepted_listed},
      {"a hand ends within its bound of turns", &Checker::within_turn_bound},
  };
  for (const NamedInvariant& invariant : kStepInvariants)
    if (std::optional<Finding> f = (this->*invariant.check)(step)) return f;
  return std::nullopt;
}

std::optional<Finding> Checker::conserved(const Step& step) {
  const RuleSet& r = config_->rules;
  if (deck_players_ != step.after.num_players) deck_ = deck_set(r, deck_players_ = step.after.num_players);
  Card bad = 0;
  if (cards_conserved(step.after, deck_, &bad)) return std::nullopt;
  return finding(CheckId::kConservation, format_face(face_of(bad), r.notation) + " is missing or in two places");
}

std::optional<Finding> Checker::refusal_changes_nothing(const Step& step) {
  if (step.verdict == Refusal::kNone) return std::nullopt;
  const auto id = [&] { return config_->rules.rule_id(step.verdict); };  // written only in a finding
  if (const char* part = state_difference(step.after, step.before)) {
    Finding f = finding(CheckId::kRefusal, "refused with " + id() + " but changed the state (" + part + ")");
    f.about = std::string("changed ") + part;
    return f;
  }
  if (hash_state(step.after) != hash_state(step.before)) return finding(CheckId::kRefusal, "refused with " + id() + " but changed the hash");
  if (config_->rules.names_no_clause(step.verdict))
    return finding(CheckId::kRefusal, "refused with " + id() + ", which no clause of the catalog names", "reject");
  if (model_)
    if (auto f = catalog_verdict(step.a, step.verdict)) return f;
  return std::nullopt;
}

std::optional<Finding> Checker::refused_listed(const Step& step) {
  if (step.verdict == Refusal::kNone || !step.listed) return std::nullopt;
  const std::string id = config_->rules.rule_id(step.verdict);
  Finding f = finding(CheckId::kListed, "a listed action is refused with " + id);
  f.about = "listed, refused by " + id;
  f.listed = false;
  return f;
}

std::optional<Finding> Checker::rummikub_table_valid(const Step& step) {
  const Config& c = *config_;
  if (step.verdict != Refusal::kNone || !c.rules.table.free_rearrangement || step.a.kind != ActionKind::kArrange) return std::nullopt;
  for (const Meld& m : step.after.table.all()) {
    if (!checks_.has(CheckId::kRummikubTable)) break;  // the jokers' part below is the joker check's
    oracle::Tiles set;
    for (int i = 0; i < m.shape.size; ++i) set.push_back(m.shape.joker(i) ? Face::joker() : m.shape.faces[i]);
    if (!oracle::valid_rummikub_set(set))
      return finding(CheckId::kRummikubTable, "set m" + std::to_string(m.id) + " is no valid set by the text", "reject");
  }
  const int p = step.a.player;
  if (checks_.has(CheckId::kJoker) && oracle::jokers_stay_on_table(c.ruleset) && (jokers_on_table(step.after) < jokers_on_table(step.before) ||
                                                  step.after.hand(p).jokers() > step.before.hand(p).jokers()))
    return finding(CheckId::kJoker, "a joker left the table for a rack", "reject");
  return std::nullopt;
}

std::optional<Finding> Checker::table_melds_valid(const Step& step) {
  const Config& c = *config_;
  if (step.verdict != Refusal::kNone || c.rules.table.free_rearrangement || !lays_on_table(step.a.kind) ||
      !checks_.has(CheckId::kTableMeld))
    return std::nullopt;
  const oracle::MeldDefinition d = oracle::meld_definition(c.ruleset, c.variants, c.options);
  for (const Meld* m : changed_melds(step.before, step.after))
    if (!meld_oracle_accepts(d, *m)) return finding(CheckId::kTableMeld, "meld m" + std::to_string(m->id) + " is no meld by the text", "reject");
  return std::nullopt;
}

std::optional<Finding> Checker::swap_allowed(const Step& step) {
  const Action& a = step.a;
  if (step.verdict != Refusal::kNone || a.kind != ActionKind::kSwap || !checks_.has(CheckId::kJoker)) return std::nullopt;
  const int idx = step.before.table.index_of(a.meld_id);
  bool allowed = false;
  if (idx >= 0) {
    const Shape& sh = step.before.table.melds[idx].shape;
    for (int i = 0; i < sh.size; ++i) allowed |= sh.joker(i) && oracle::swap_allowed(config_->ruleset, sh.faces[i], a.card);
  }
  if (allowed) return std::nullopt;
  return finding(CheckId::kJoker, "a swap of " + format_face(a.card, config_->rules.notation) + " that the text does not allow", "reject");
}

std::optional<Finding> Checker::joker_not_for_a_table_card(const Step& step) {
  if (step.verdict != Refusal::kNone || !lays_on_table(step.a.kind) || !checks_.has(CheckId::kJoker) ||
      oracle::may_stand_for_card_on_table(config_->ruleset))
    return std::nullopt;
  std::vector<Face> naturals_before;
  for (const Meld& m : step.before.table.all())
    for (int i = 0; i < m.shape.size; ++i)
      if (!m.shape.joker(i)) naturals_before.push_back(m.shape.faces[i]);
  for (const Meld* m : changed_melds(step.before, step.after)) {
    const int was = step.before.table.index_of(m->id);
    for (int i = 0; i < m->shape.size; ++i) {
      if (!m->shape.joker(i)) continue;
      bool declared_before = false;
      if (was >= 0) {
        const Shape& o = step.before.table.melds[was].shape;
        for (int k = 0; k < o.size; ++k) declared_before |= o.joker(k) && o.faces[k] == m->shape.faces[i];
      }
      if (!declared_before && std::count(naturals_before.begin(), naturals_before.end(), m->shape.faces[i]))
        return finding(CheckId::kJoker, "a joker declared as " + format_face(m->shape.faces[i], config_->rules.notation) +
                                    ", a card already on the table",
                       "reject");
    }
  }
  return std::nullopt;
}

std::optional<Finding> Checker::model_agrees(const Step& step) {
  if (step.verdict != Refusal::kNone || !model_) return std::nullopt;
  return against_catalog(step.before, step.a, Refusal::kNone, step.after);
}

std::optional<Finding> Checker::deterministic(const Step& step) {
  if (step.verdict != Refusal::kNone || level_ != CheckLevel::kAll || !checks_.determinism()) return std::nullopt;
  GameState again = step.before;
  apply(again, config_->rules, step.a);
  const char* part = state_difference(again, step.after);
  if (!part) return std::nullopt;
  Finding f = finding(CheckId::kDeterminism, std::string("the same action from the same state gave another ") + part);
  f.about = part;
  return f;
}

std::optional<Finding> Checker::accepted_listed(const Step& step) {
  const Action& a = step.a;
  if (step.verdict != Refusal::kNone || step.listed) return std::nullopt;
  const bool listed_in_full = small_kind(a.kind) || (a.kind == ActionKind::kMeld && a.cards.groups() == 1);
  if (!listed_in_full || a.player != step.before.to_move || is_listed(step.before, config_->rules, a)) return std::nullopt;
  Finding f = finding(CheckId::kListed, "an accepted action is not listed among the legal actions");
  f.listed = true;
  return f;
}

bool listed_if_refused(const GameState& before, const RuleSet& r, const Action& a, Refusal verdict) {
  return verdict != Refusal::kNone && is_listed(before, r, a);
}

std::optional<Finding> Checker::within_turn_bound(const Step& step) {
  const RuleSet& r = config_->rules;
  if (step.verdict != Refusal::kNone || step.after.hand_over || turns_ < r.max_turns ||
      !turn_counts(step.before, step.a, step.after))
    return std::nullopt;
  return finding(CheckId::kTermination, "a hand still going after " + std::to_string(turns_) + " turns, its bound", "",
                 "round_over: true\n");
}

std::optional<Finding> Checker::catalog_verdict(const Action& a, Refusal verdict) {
  const RuleSet& r = config_->rules;
  const std::vector<std::string> forbid = catalog_forbids(a);
  const std::string engine = verdict == Refusal::kNone ? "" : r.rule_id(verdict);
  const std::string text = forbid.empty() ? "" : forbid.front();
  if (engine == text) return std::nullopt;
  std::string also;
  for (size_t i = 1; i < forbid.size(); ++i) also += (also.empty() ? " (then " : ", ") + forbid[i];
  Finding f = finding(CheckId::kCatalog, "the engine " + (engine.empty() ? std::string("accepts it") : "refuses it with " + engine) +
                                    ", the catalog " + (text.empty() ? std::string("allows it") : "forbids it by " + text + (also.empty() ? "" : also + ")")),
                      text.empty() ? "ok" : "{ reject: " + text + " }");
  f.about = "engine " + (engine.empty() ? std::string("allows") : "refuses " + engine) + ", catalog " +
            (text.empty() ? std::string("allows") : "refuses " + text);
  return f;
}

std::optional<Finding> Checker::books(const GameState& engine) {
  position_of(engine, engine_view_);
  const std::optional<FactDifference> d = first_difference(catalog().game(), engine_view_, *model_, config_->rules.notation);
  if (!d) return std::nullopt;
  // A finished hand's scores are the score oracle's, read from the model's books.
  const CheckId check = d->fact == "the hand's scores" ? CheckId::kHandScore : CheckId::kCatalog;
  Finding f = finding(check, "the engine's " + d->fact + " " + d->engine + ", the rules' (the reference model's) " + d->model, "",
                      d->expect);
  f.about = d->kind;  // the same slip shows in any hand or meld: one bucket
  return f;
}

std::optional<Finding> Checker::against_catalog(const GameState& before, const Action& a, Refusal verdict,
                                                const GameState& after) {
  (void)before;
  if (auto f = catalog_verdict(a, verdict)) return f;
  if (verdict != Refusal::kNone) return std::nullopt;
  step_model(a);
  return books(after);
}

void Checker::step_model(const Action& a) {
  catalog().next(*model_, move_of(a), scratch_);
  std::swap(*model_, scratch_);
}

std::optional<Checker::Probe> Checker::near(const GameState& s, const Action& chosen, Refusal* judged) {
  if (level_ == CheckLevel::kNone || s.hand_over || !checks_.catalog()) return std::nullopt;
  const Action a =
      nearby(s, chosen, steps_ * 0xA0761D6478BD642Full ^ uint64_t(s.turns) << 32 ^ uint64_t(s.hand(s.to_move).size()));
  const Refusal verdict = check_action(s, config_->rules, a);
  if (judged) *judged = verdict;
  std::optional<Finding> f = catalog_verdict(a, verdict);
  if (!f) return std::nullopt;
  return Probe{a, *f};
}

std::optional<Checker::Probe> Checker::dropped(const GameState& s, const std::vector<Action>& candidates) {
  if (level_ == CheckLevel::kNone || candidates.empty() || !checks_.catalog()) return std::nullopt;
  SplitMix64 pick{steps_ * 0x9E3779B97F4A7C15ull ^ uint64_t(s.turns)};
  const Action& a = candidates[pick.next() % candidates.size()];
  // With every check on, the lists of small kinds are compared whole (listing()).
  if (level_ == CheckLevel::kAll && small_kind(a.kind)) return std::nullopt;
  const Refusal verdict = check_action(s, config_->rules, a);
  std::optional<Finding> f = catalog_verdict(a, verdict);
  if (!f) return std::nullopt;
  return Probe{a, *f};
}

std::optional<Checker::Probe> Checker::listing(const GameState& s, const std::vector<Action>* listed) {
  if (level_ != CheckLevel::kAll || !model_ || s.hand_over) return std::nullopt;
  const RuleSet& r = config_->rules;
  const oracle::Catalog& cat = catalog();
  if (!listed) {
    quick_legal_actions(s, r, listed_, kSmallKinds);
    listed = &listed_;
  }
  // Both lists by key, sorted to be looked up; the engine's searched in its own order, so
  // that a report is the same run to run.
  std::vector<std::pair<uint64_t, const Action*>>& engine = engine_keys_;
  engine.clear();
  for (const Action& a : *listed)
    if (small_kind(a.kind) && !(a.kind == ActionKind::kClaim && a.cards.groups() > 1)) {
      move_of(a, scratch_move_);
      engine.push_back({cat.move_key(*model_, scratch_move_), &a});
    }
  std::vector<uint64_t>& engine_lists = engine_sorted_keys_;
  engine_lists.clear();
  for (const auto& e : engine) engine_lists.push_back(e.first);
  std::sort(engine_lists.begin(), engine_lists.end());
  const std::vector<oracle::Move> rules_allow = cat.small_moves(*model_);
  std::vector<uint64_t>& allowed = allowed_keys_;
  allowed.clear();
  for (const oracle::Move& m : rules_allow) {
    const uint64_t key = cat.move_key(*model_, m);
    allowed.push_back(key);
    if (std::binary_search(engine_lists.begin(), engine_lists.end(), key)) continue;
    Finding f = finding(CheckId::kListed, "the engine does not list an action the rules allow");
    f.about = "not listed, allowed";
    f.listed = true;
    return Probe{action_of(m), f};
  }
  std::sort(allowed.begin(), allowed.end());
  for (const auto& [key, a] : engine) {
    if (std::binary_search(allowed.begin(), allowed.end(), key)) continue;
    const std::vector<std::string> forbid = cat.forbidding(*model_, move_of(*a));
    if (forbid.empty())  // the rules allow it: their list is what misses it
      return Probe{*a, finding(CheckId::kCatalog, "the engine lists an action the rules allow but their list of small moves misses")};
    Finding f = finding(CheckId::kListed, "the engine lists an action the rules forbid by " + forbid.front());
    f.about = "listed, forbidden by " + forbid.front();
    f.listed = false;
    return Probe{*a, f};
  }
  return std::nullopt;
}

std::vector<std::string> Checker::catalog_forbids(const Action& a) {
  if (!model_) throw std::logic_error("the catalog is asked before the game's start (Checker::hand_starts)");
  return catalog().forbidding(*model_, move_of(a));
}

std::optional<Finding> Checker::stuck(const GameState& s) {
  if (level_ == CheckLevel::kNone || s.hand_over) return std::nullopt;
  legal_actions(s, config_->rules, listed_);
  if (!listed_.empty()) return std::nullopt;
  Finding f = finding(CheckId::kStuck, "no legal step for " + player_name(s.to_move) + " in a hand still going", "", "can_move: true\n");
  f.about_state = true;
  return f;
}

std::optional<Finding> Checker::state_checks(const GameState& s) {
  if (level_ == CheckLevel::kNone || !config_->rules.table.free_rearrangement || s.hand_over || !checks_.solver())
    return std::nullopt;
  if (auto f = solver(s)) return f;
  return solver_on_part(s);
}

std::optional<Checker::Probe> Checker::probe(const GameState& s) {
  const RuleSet& r = config_->rules;
  const Config& c = *config_;
  if (level_ == CheckLevel::kNone || s.hand_over || r.opening.form == OpeningForm::kContract) return std::nullopt;
  const bool tiles = r.table.free_rearrangement;
  if (s.phase != (tiles ? Phase::kDraw : Phase::kPlay)) return std::nullopt;
  const int p = s.to_move;
  if (s.hand(p).alike().twice == 0) return std::nullopt;  // no card held twice
  const FaceCounts held = face_counts(s.hand(p));
  for (int rank = 1; rank <= kRanks; ++rank) {
    int cards = 0, twice = 0;
    for (int suit = 0; suit < kSuits; ++suit) {
      cards += held[Face::natural(suit, rank)];
      twice += held[Face::natural(suit, rank)] > 1;
    }
    if (twice == 0 || cards < r.meld.min_size) continue;  // only sets with a suit twice
    Probe probe;
    Action& a = probe.action;
    a.kind = tiles ? ActionKind::kArrange : ActionKind::kMeld;
    a.player = uint8_t(p);
    if (tiles) add_table_groups(s, a.cards);
    a.cards.open_group();
    oracle::Faces set;
    for (int suit = 0; suit < kSuits; ++suit)
      for (int k = 0; k < held[Face::natural(suit, rank)]; ++k) a.cards.add({Face::natural(suit, rank)}), set.push_back(Face::natural(suit, rank));
    if (check_action(s, r, a) != Refusal::kNone) continue;
    const bool text = tiles ? oracle::valid_rummikub_set(set)
                            : oracle::is_meld(oracle::meld_definition(c.ruleset, c.variants, c.options), set, 0, false);
    if (text) continue;
    probe.finding = finding(tiles ? CheckId::kRummikubTable : CheckId::kTableMeld,
                            "a set with a suit twice, which the text refuses, is accepted", "reject");
    return probe;
  }
  return std::nullopt;
}

// A small position cut from a Rummikub state, for the oracle: a few of the
// table's sets (at most kOracleTableTiles tiles) and a few rack tiles that could go with
// them, everything else out of play; the solver's best move there against the oracle's.
std::optional<Finding> Checker::solver_on_part(const GameState& s) {
  const int p = s.to_move;
  if (!s.players[p].opened || s.phase != Phase::kDraw || s.table.count == 0) return std::nullopt;
  SplitMix64 rng{steps_ * 0x9E3779B97F4A7C15ull ^ hash_state(s)};
  StatedPosition cut = state_position(s);
  cut.table.clear();
  std::vector<int> order(size_t(s.table.count));
  for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  for (size_t i = order.size(); i-- > 1;) std::swap(order[i], order[rng.next() % (i + 1)]);
  int tiles = 0;
  for (int i : order) {
    const Meld& m = s.table.melds[i];
    if (tiles + m.shape.size > kOracleTableTiles) continue;
    tiles += m.shape.size;
    cut.table.push_back(m);
  }
  // Rack tiles that could join the chosen sets first: a group's number, a run's colour.
  auto touches = [&](Card card) {
    const Face f = face_of(card);
    for (const Meld& m : cut.table)
      if (f.is_joker() || (m.shape.kind == MeldKind::kSet ? f.rank() == m.shape.rank() : f.suit() == m.shape.suit())) return true;
    return false;
  };
  std::vector<Card> near, rest;
  for (Card card : s.hand(p)) (touches(card) ? near : rest).push_back(card);
  for (size_t i = near.size(); i-- > 1;) std::swap(near[i], near[rng.next() % (i + 1)]);
  for (size_t i = rest.size(); i-- > 1;) std::swap(rest[i], rest[rng.next() % (i + 1)]);
  near.insert(near.end(), rest.begin(), rest.end());
  // What is not kept goes out of play; the others keep a tile each, since a rack in play
  // is never empty (a position the rules reach, engine/invariants.h).
  for (int q = 0; q < s.num_players; ++q) {
    cut.seats[q].hand.clear();
    if (q != p && !s.hand(q).empty()) cut.seats[q].hand.insert(*s.hand(q).begin());
  }
  for (size_t i = 0; i < near.size(); ++i)
    if (int(i) < 1 + int(rng.next() % kOracleRackTiles)) cut.seats[p].hand.insert(near[i]);
  cut.stock.clear();
  const GameState part = make_position(config_->rules, cut);
  std::optional<Finding> f = solver(part);
  if (f) f->position = part;
  return f;
}

std::optional<Finding> Checker::solver(const GameState& s) {
  const int p = s.to_move;
  if (!s.players[p].opened || s.phase != Phase::kDraw) return std::nullopt;
  oracle::Tiles table, rack;
  for (const Meld& m : s.table.all())
    for (int i = 0; i < m.shape.size; ++i) table.push_back(m.shape.joker(i) ? Face::joker() : m.shape.faces[i]);
  for (Card card : s.hand(p)) rack.push_back(face_of(card));
  if (int(table.size()) > kOracleTableTiles || int(rack.size()) > kOracleRackTiles) return std::nullopt;
  const int want = std::max(0, oracle::most_rack_tiles(table, rack));
  const Placement got = best_arrangement(s, config_->rules, SolverGoal::kMostTiles);
  const int placed = got.found ? got.rack_tiles : 0;
  if (placed == want) return std::nullopt;
  Finding f = finding(CheckId::kSolver, "the solver places " + std::to_string(placed) + " rack tiles, the oracle " + std::to_string(want),
                      "", "best_move: { tiles: " + std::to_string(want) + " }\n");
  f.about_state = true;
  return f;
}

}  // namespace meldcheck::hunt
