#include "oracles/catalog.h"

#include <algorithm>
#include <array>
#include <numeric>

#include "oracles/catalog_rules.h"
#include "oracles/configuration.h"

namespace meldcheck::oracle {
namespace rules {

// (By a look along the few variants and options, with no string made: predicates ask often.)
bool Context::has(std::string_view variant) const {
  return std::any_of(game.variants.begin(), game.variants.end(), [&](const std::string& v) { return v == variant; });
}

const std::string& Context::option(std::string_view id) const {
  static const std::string none;
  for (const auto& [key, choice] : game.options)
    if (key == id) return choice;
  return none;
}

const std::vector<Token>& Context::tokens() const {
  static const std::vector<Token> none;
  if (move.groups.empty()) return none;
  if (move.groups.size() == 1) return move.groups[0];  // the common case, without a copy
  if (!tokens_) tokens_ = move.tokens();
  return *tokens_;
}

const std::vector<Face>& Context::taken() const {
  if (!taken_) {
    const int n = move.take_size(at.pile);
    taken_.emplace(at.pile.end() - n, at.pile.end());
  }
  return *taken_;
}

std::vector<Face> Context::pool() const {
  std::vector<Face> p = seat().hand;
  if (is(MoveKind::kTake) || is(MoveKind::kClaim))
    for (const Face& f : taken()) p.push_back(f);
  return p;
}

std::vector<Face> Context::hand_left() const {
  std::vector<Face> hand = pool();
  switch (move.kind) {
    case MoveKind::kMeld:
    case MoveKind::kLayoff:
    case MoveKind::kClaim: return without(hand, faces_of(tokens()));
    case MoveKind::kDiscard: return without(hand, {move.card});
    case MoveKind::kSwap: {
      hand = without(hand, {move.card});
      hand.push_back(Face::joker());
      return hand;
    }
    default: return hand;
  }
}

MeldFaults Context::new_meld_faults() const {
  MeldFaults all;
  // A meld step must lay a meld; an arrangement with no sets leaves an empty table, which
  // breaks no set's rule (it places no rack tile: arrange.rack-tile says so).
  if (move.groups.empty() && move.kind != MoveKind::kArrange) all.size = true;
  for (const auto& g : move.groups) all |= meld_faults(text, g, false);
  return all;
}

MeldFaults Context::layoff_faults() const {
  const PlacedMeld* m = at.meld(move.meld_id);
  if (!m || move.groups.size() != 1) {
    MeldFaults f;
    f.fit = true;
    return f;
  }
  return oracle::layoff_faults(text, m->cards, move.groups[0]);
}

const MeldFaults& Context::laid_faults() const {
  if (!laid_faults_) {
    switch (move.kind) {
      case MoveKind::kMeld:
      case MoveKind::kArrange: laid_faults_ = new_meld_faults(); break;
      case MoveKind::kLayoff: laid_faults_ = layoff_faults(); break;
      case MoveKind::kClaim:
        laid_faults_ = move.claim_layoff ? layoff_faults() : move.groups.empty() ? MeldFaults{} : new_meld_faults();
        break;
      default: laid_faults_ = MeldFaults{};
    }
  }
  return *laid_faults_;
}

bool Context::before_next_draw() const { return at.offer_from >= 0 && !at.offer_declined && at.phase == Phase::kDraw; }

const std::vector<Reading>& Context::readings() const {
  if (!readings_) {
    readings_.emplace();
    for (const auto& g : move.groups) {
      Reading r;
      if (!meld_faults(text, g, false, &r).any()) readings_->push_back(r);
    }
  }
  return *readings_;
}

bool holds(const std::vector<Face>& hand, const std::vector<Face>& faces) {
  // Each face asked as often as it is held: counted face by face.
  std::array<int, 256> held{};
  for (const Face& f : hand) ++held[f.code()];
  for (const Face& f : faces)
    if (--held[f.code()] < 0) return false;
  return true;
}

bool holds(const std::vector<Face>& hand, const std::vector<Token>& tokens) {
  std::vector<Face> faces;
  for (const Token& t : tokens) faces.push_back(t.face);
  return holds(hand, faces);
}

std::vector<Face> without(std::vector<Face> hand, const std::vector<Face>& faces) {
  for (const Face& f : faces) {
    auto it = std::find(hand.begin(), hand.end(), f);
    if (it != hand.end()) hand.erase(it);
  }
  return hand;
}

std::vector<Face> faces_of(const std::vector<Token>& tokens) {
  std::vector<Face> out;
  for (const Token& t : tokens) out.push_back(t.face);
  return out;
}

bool can_meld_now(const Context& c) {
  if (c.at.first_lap) return false;                                         // 000 "Förhand"
  if (c.game.ruleset == "liverpool" && c.seat().opened) return false;       // 003: no melds after the contract
  return true;
}

namespace {

// The table once the move's melds are laid (its layoff built, its swap made), for what can
// still be used after it.
Position laid(const Context& c) {
  Position p = c.at;
  p.seats[size_t(c.move.player)].hand = c.hand_left();
  if (c.is(MoveKind::kMeld)) {
    for (const Reading& r : c.readings()) p.table.push_back({0, c.move.player, r.cards});
  } else if (c.is(MoveKind::kLayoff)) {
    for (PlacedMeld& m : p.table)
      if (m.id == c.move.meld_id && c.move.groups.size() == 1) {
        Reading r;
        if (!oracle::layoff_faults(c.text, m.cards, c.move.groups[0], &r).any()) m.cards = r.cards;
      }
  } else if (c.is(MoveKind::kSwap)) {  // the natural card takes the joker's place
    for (PlacedMeld& m : p.table)
      if (m.id == c.move.meld_id)
        for (TableCard& t : m.cards)
          if (t.joker && (t.face == c.move.card || t.face == Face::rank_only(c.move.card.rank()))) {
            t = TableCard{c.move.card, false, c.move.player};
            return p;
          }
  }
  return p;
}

bool lays_face(const Context& c, Face f) {
  for (const Token& t : c.tokens())
    if (t.face == f) return true;
  return false;
}

}  // namespace

Owed unmet_after(const Context& c, OwedTerms terms) {
  const Position& at = c.at;
  const bool meld = c.is(MoveKind::kMeld), layoff = c.is(MoveKind::kLayoff), swap = c.is(MoveKind::kSwap);
  if (!meld && !layoff && !swap) return Owed::kNone;
  const bool frees = swap && c.option("freed-joker") == "same-turn";
  if (!at.must_use && at.pile_meld_due.empty() && !at.no_discard && at.freed_jokers == 0 && !frees) return Owed::kNone;
  const Position after = laid(c);
  const std::vector<Face>& hand = after.seats[size_t(c.move.player)].hand;
  if (hand.empty()) return Owed::kNone;  // out, or floating
  const bool melds = can_meld_now(c) && c.game.ruleset != "liverpool";
  if (at.must_use && !((meld || (layoff && terms.taken_use_layoffs)) && lays_face(c, *at.must_use)) &&
      !(holds(hand, {*at.must_use}) &&
        can_use(c.text, hand, *at.must_use, {.new_meld = melds, .layoff = terms.taken_use_layoffs}, after)))
    return Owed::kTakenCard;
  if (!at.pile_meld_due.empty()) {
    bool met = false;
    for (const Face& f : at.pile_meld_due) met |= (meld || (layoff && terms.pile_meld_layoffs)) && lays_face(c, f);
    if (!met) {
      // Cards built on that empty the hand would go out, which a turn without a new meld may not.
      const CardUse use{.new_meld = true, .layoff = terms.pile_meld_layoffs,
                        .keep_a_card = terms.out_needs_meld && !at.melded && !meld};
      bool possible = false;
      for (const Face& f : at.pile_meld_due) possible |= holds(hand, {f}) && can_use(c.text, hand, f, use, after);
      if (!possible) return Owed::kPileMeld;
    }
  }
  if (at.no_discard && hand.size() == 1 && hand[0] == *at.no_discard && !lays_face(c, *at.no_discard) &&
      !can_use(c.text, hand, hand[0], {.layoff = true}, after))
    return Owed::kLoneCard;
  int jokers_laid = 0;
  for (const Token& t : c.tokens()) jokers_laid += t.face.is_joker();
  const int freed = at.freed_jokers - jokers_laid + (swap && c.option("freed-joker") == "same-turn");
  if (freed > 0 && !can_lay_jokers(c.text, hand, freed, {.new_meld = melds, .layoff = true}, after)) return Owed::kFreedJoker;
  return Owed::kNone;
}

}  // namespace rules

namespace {

using rules::Context;

const rules::RulesetRules* rules_of(const std::string& ruleset) {
  if (ruleset == "rummy500") return &rules::rummy500();
  if (ruleset == "femhundra-rummy") return &rules::femhundra_rummy();
  if (ruleset == "femhundra-familj") return &rules::femhundra_familj();
  if (ruleset == "liverpool") return &rules::liverpool();
  if (ruleset == "rummikub") return &rules::rummikub();
  return nullptr;
}

bool free_table(const Game& g) { return g.ruleset == "rummikub"; }  // 004: the table is rearranged whole
bool has_jokers(const Game& g) {
  return !(g.ruleset == "femhundra-familj" || (g.ruleset == "femhundra-rummy" && has(g.variants, "no-joker")) ||
           (g.ruleset == "rummy500" && has(g.variants, "no-jokers")));
}
bool has_claims(const Game& g) {
  return g.ruleset == "rummy500" || g.ruleset == "liverpool" || (g.ruleset == "femhundra-rummy" && has(g.variants, "taget"));
}

// A step of this game at all: Rummikub plays a turn in one step (draw, arrange, timeout,
// pass); the card games have no arrange or timeout; swaps need jokers, claims a claim rule.
bool step_of_this_game(const Game& g, MoveKind k) {
  const bool tiles = free_table(g);
  switch (k) {
    case MoveKind::kDraw:
    case MoveKind::kPass:
    case MoveKind::kNextHand: return true;
    case MoveKind::kMeld:
    case MoveKind::kLayoff:
    case MoveKind::kDiscard:
    case MoveKind::kTake: return !tiles;
    case MoveKind::kSwap: return !tiles && has_jokers(g);
    case MoveKind::kArrange:
    case MoveKind::kTimeout: return tiles;
    case MoveKind::kClaim: return !tiles && has_claims(g);
  }
  return false;
}

// Where in a turn a step belongs (the contract's phases).
bool right_phase(const Game& g, const Position& at, MoveKind k) {
  switch (k) {
    case MoveKind::kDraw:
    case MoveKind::kTake:
    case MoveKind::kArrange:
    case MoveKind::kTimeout: return at.phase == Phase::kDraw;
    case MoveKind::kMeld:
    case MoveKind::kLayoff:
    case MoveKind::kSwap: return at.phase == Phase::kPlay;
    case MoveKind::kDiscard: return at.phase == Phase::kPlay || at.phase == Phase::kRow;
    case MoveKind::kPass:
      // After the draw a pass ends the turn only where no discard does: Liverpool's last
      // round when nobody discards (option last-round-discards).
      return at.phase == Phase::kDraw ||
             (at.phase == Phase::kPlay && g.ruleset == "liverpool" && at.round >= 7 &&
              option(g.options, "last-round-discards", "") == "no-one-discards");
    case MoveKind::kClaim:
    case MoveKind::kNextHand: return true;
  }
  return false;
}

// Whether the stock has a card to draw, counting a refill from the pile where the text
// makes one (000 reshuffles the whole pile of two or more; 003, and 001 with option
// empty-stock, all but the top card).
bool stock_has_card(const Game& g, const Position& at) {
  if (!at.stock.empty()) return true;
  const size_t pile = at.pile.size();
  if (g.ruleset == "femhundra-rummy") return pile >= 2;
  if (g.ruleset == "femhundra-familj" && option(g.options, "empty-stock", "") == "reshuffle-row") return pile >= 2;
  if (g.ruleset == "liverpool" && option(g.options, "empty-stock", "") != "round-ends") return pile >= 2;
  return false;
}

const std::string kBadTake = "core/bad-take", kNoSuchMeld = "core/no-such-meld";

// The core rules of the contract, in its order; the first that forbids names the refusal.
std::string_view core_refusal(const Game& g, const Catalog::Steps& of_this_game, const Context& c) {
  const Position& at = c.at;
  const Move& m = c.move;
  if (m.kind == MoveKind::kNextHand) {
    if (!at.hand_over) return "hand-not-over";
    if (at.game_over) return "game-over";
    return "";
  }
  if (at.hand_over) return "hand-over";
  if (m.player < 0 || m.player >= at.players) return "not-your-turn";
  if (m.kind == MoveKind::kClaim)  // out of turn by nature: the claim's clauses decide
    return of_this_game[size_t(m.kind)] ? "" : "not-in-this-game";
  if (m.player != at.to_move) return "not-your-turn";
  if (!of_this_game[size_t(m.kind)]) return "not-in-this-game";
  if (!right_phase(g, at, m.kind)) return "wrong-phase";
  switch (m.kind) {
    case MoveKind::kDraw:
      if (!stock_has_card(g, at)) return "empty-stock";
      break;
    case MoveKind::kTake:
      if (m.take_size(at.pile) == 0) return "bad-take";
      break;
    case MoveKind::kMeld:
      if (!rules::holds(c.seat().hand, c.tokens())) return "card-not-held";
      break;
    case MoveKind::kLayoff:
      if (!rules::holds(c.seat().hand, c.tokens())) return "card-not-held";
      if (!at.meld(m.meld_id)) return "no-such-meld";
      break;
    case MoveKind::kSwap:
      if (m.card.is_natural() && !rules::holds(c.seat().hand, {m.card})) return "card-not-held";
      if (!at.meld(m.meld_id)) return "no-such-meld";
      break;
    case MoveKind::kDiscard:
      if (!rules::holds(c.seat().hand, {m.card})) return "card-not-held";
      break;
    case MoveKind::kArrange: {
      // Tile by tile, no more than the table and the rack hold.
      std::vector<Face> both = c.seat().hand;
      for (const PlacedMeld& pm : at.table)
        for (const TableCard& t : pm.cards) both.push_back(t.joker ? Face::joker() : t.face);
      if (!rules::holds(both, c.tokens())) return "card-not-held";
      break;
    }
    default: break;
  }
  return "";
}

}  // namespace

Catalog::Catalog(Game game) : game_(std::move(game)), text_(MeldText::of(game_)), rules_(rules_of(game_.ruleset)) {
  for (size_t k = 0; k < steps_.size(); ++k) steps_[k] = step_of_this_game(game_, MoveKind(k));
  if (!rules_) return;
  for (const std::string& id : game_.clauses) {
    const std::string_view clause = std::string_view(id).substr(game_.ruleset.size() + 1);
    for (const rules::ClauseRule& rule : rules_->clauses)
      if (rule.clause == clause) ordered_[size_t(rule.slot)].emplace_back(id, &rule);
  }
}

std::vector<std::string> Catalog::forbidding(const Position& before, const Move& move) const {
  std::vector<std::string> out;
  judge(before, move, [&](const std::string& id) {
    out.push_back(id);
    return true;
  });
  return out;
}

bool Catalog::allows(const Position& before, const Move& move) const {
  // judge() without a string made: lists ask this of every candidate.
  const Context c{game_, before, move, text_, rules_};
  if (!core_refusal(game_, steps_, c).empty()) return false;
  bool forbidden = false;
  judge_clauses(c, [&](const std::string&) {
    forbidden = true;
    return false;  // the first is enough
  });
  return !forbidden;
}

void Catalog::judge(const Position& before, const Move& move, const std::function<bool(const std::string&)>& forbids) const {
  const Context c{game_, before, move, text_, rules_};
  const std::string_view core = core_refusal(game_, steps_, c);
  if (!core.empty()) {
    // A ruleset may name a core rule with a clause of its own.
    if (rules_)
      for (const auto& [core_id, clause] : rules_->core)
        if (core_id == core) {
          forbids(game_.ruleset + "/" + std::string(clause));
          return;
        }
    forbids("core/" + std::string(core));
    return;
  }
  judge_clauses(c, forbids);
}

template <class Forbidden>
void Catalog::judge_clauses(const rules::Context& c, Forbidden&& forbids) const {
  bool any = false, more = true;
  // The clauses of one slot in catalog order; whether one forbids.
  auto ask = [&](rules::Slot slot, bool consequences) {
    for (const auto& [id, rule] : ordered_[size_t(slot)]) {
      if (!more) break;
      const rules::Forbids f = consequences ? rule->leaves_unmet : rule->forbids;
      if (f && f(c)) any = true, more = forbids(id);
    }
    return any;
  };
  if (c.move.kind == MoveKind::kClaim) {
    if (ask(rules::Slot::kClaimTurn, false)) return;
    if (c.move.take_size(c.at.pile) == 0) {
      forbids(kBadTake);
      return;
    }
    if (ask(rules::Slot::kClaimCards, false)) return;
    if (c.move.claim_layoff && !c.at.meld(c.move.meld_id)) {
      forbids(kNoSuchMeld);
      return;
    }
  }
  // The ruleset's clauses in catalog order; then, for a move none of them forbids, what it
  // would leave unmet.
  if (!ask(rules::Slot::kClause, false)) ask(rules::Slot::kClause, true);
}

bool Catalog::step_fits(const Position& at, MoveKind kind) const {
  return !at.hand_over && steps_[size_t(kind)] && (kind == MoveKind::kClaim || right_phase(game_, at, kind));
}

bool Catalog::may_claim(const Position& at, int player) const {
  Move m;
  m.kind = MoveKind::kClaim;
  m.player = player;
  m.take_count = 1;
  const Context c{game_, at, m, text_, rules_};
  if (!core_refusal(game_, steps_, c).empty()) return false;
  for (const auto& [id, rule] : ordered_[size_t(rules::Slot::kClaimTurn)])
    if (rule->forbids(c)) return false;
  return true;
}

std::vector<std::string> clauses_with_predicates(const std::string& ruleset) {
  std::vector<std::string> out;
  for (const char* core : {"not-your-turn", "wrong-phase", "card-not-held", "no-such-meld", "hand-over", "bad-take",
                           "empty-stock", "not-in-this-game", "hand-not-over", "game-over"})
    out.push_back(std::string("core/") + core);
  if (const rules::RulesetRules* rs = rules_of(ruleset)) {
    for (const rules::ClauseRule& r : rs->clauses) out.push_back(ruleset + "/" + std::string(r.clause));
    for (const auto& [core, clause] : rs->core) out.push_back(ruleset + "/" + std::string(clause));
  }
  return out;
}

}  // namespace meldcheck::oracle
