#include "harness/replay.h"

#include <algorithm>
#include <filesystem>
#include <functional>

#include "engine/invariants.h"
#include "engine/solver.h"
#include "files/scenario_writer.h"

namespace meldcheck {
namespace {

std::string faces_text(std::vector<Face> faces, Notation n, bool sort) {
  if (sort) std::sort(faces.begin(), faces.end());
  std::string s = "[";
  for (size_t i = 0; i < faces.size(); ++i) s += (i ? ", " : "") + format_face(faces[i], n);
  return s + "]";
}

std::vector<Face> faces_of(CardSet cards) {
  std::vector<Face> out;
  for (Card c : cards) out.push_back(face_of(c));
  return out;
}

std::vector<Face> faces_of(const Pile& pile) {
  std::vector<Face> out;
  for (Card c : pile.cards()) out.push_back(face_of(c));
  return out;
}

std::string meld_text(const Meld& m, Notation n) {
  std::string s = "m" + std::to_string(m.id) + (m.owner == kNoPlayer ? "" : " " + player_name(m.owner)) + " [";
  for (int i = 0; i < m.shape.size; ++i) {
    Token t = m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]};
    s += (i ? ", " : "") + format_token(t, n);
    if (m.builders[i] != m.owner) s += "@" + player_name(m.builders[i]);
  }
  return s + "]";
}

std::string written_meld_text(const WrittenMeld& w, Notation n) {
  std::string s = "m" + std::to_string(w.id) + (w.owner >= 0 ? " " + player_name(w.owner) : "") + " [";
  for (size_t i = 0; i < w.cards.size(); ++i) {
    s += (i ? ", " : "") + format_token(w.cards[i].token, n);
    if (w.cards[i].builder != kNoPlayer) s += "@" + player_name(w.cards[i].builder);
  }
  return s + "]";
}

// Expectations compare canonical forms (scenario-format.md, "A joker's stand-in"): a
// stand-in written more specifically than the rules name it (a whole card where the engine
// holds the rank alone) is read down to the rank; a rank alone where the engine holds a whole
// card is another form, and a mismatch. A bare JK on the table asks nothing of its stand-in.
bool standin_matches(Face written, Face actual) {
  if (written.is_none()) return true;
  if (actual.is_rank_only()) return written.rank() == actual.rank();
  return written == actual;
}

bool card_matches(const WrittenCard& w, const Meld& m, int slot) {
  const uint8_t builder = w.builder == kNoPlayer ? m.owner : w.builder;
  if (m.builders[slot] != builder) return false;
  if (!w.token.face.is_joker()) return !m.shape.joker(slot) && m.shape.faces[slot] == w.token.face;
  return m.shape.joker(slot) && standin_matches(w.token.standin, m.shape.faces[slot]);
}

bool meld_matches(const WrittenMeld& w, const Meld& m) {
  if (w.owner >= 0 && w.owner != m.owner) return false;
  const int n = m.shape.size;
  if (int(w.cards.size()) != n) return false;
  if (m.shape.kind == MeldKind::kRun) {  // in order, either way round
    bool forward = true, backward = true;
    for (int i = 0; i < n; ++i) {
      forward &= card_matches(w.cards[i], m, i);
      backward &= card_matches(w.cards[i], m, n - 1 - i);
    }
    return forward || backward;
  }
  // A set as a multiset: a matching of written cards to slots.
  std::array<int, kMaxMeldCards> slot_of{};
  slot_of.fill(-1);
  std::array<int, kMaxMeldCards> card_of{};
  card_of.fill(-1);
  std::function<bool(int, std::array<bool, kMaxMeldCards>&)> augment = [&](int c, std::array<bool, kMaxMeldCards>& seen) {
    for (int s = 0; s < n; ++s) {
      if (seen[s] || !card_matches(w.cards[c], m, s)) continue;
      seen[s] = true;
      if (card_of[s] < 0 || augment(card_of[s], seen)) {
        card_of[s] = c;
        slot_of[c] = s;
        return true;
      }
    }
    return false;
  };
  for (int c = 0; c < n; ++c) {
    std::array<bool, kMaxMeldCards> seen{};
    if (!augment(c, seen)) return false;
  }
  return true;
}

template <typename T>
void compare(std::vector<std::string>& out, const std::string& what, const T& expected, const T& actual,
             const std::function<std::string(const T&)>& show) {
  if (!(expected == actual)) out.push_back(what + ": expected " + show(expected) + ", got " + show(actual));
}

}  // namespace

namespace {

std::string num(const int& v) { return std::to_string(v); }
std::string yes_no(const bool& b) { return b ? "true" : "false"; }

// The hands, the table and the stock's size.
void unmet_cards(const Expectations& e, const GameState& s, const RuleSet& r, std::vector<std::string>& out) {
  const Notation n = r.notation;
  for (const auto& [p, faces] : e.hand) {
    std::vector<Face> want = faces, got = faces_of(s.hand(p));
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    if (want != got) out.push_back("hand of " + player_name(p) + ": expected " + faces_text(want, n, true) + ", got " + faces_text(got, n, true));
  }
  for (const auto& [p, size] : e.hand_size) compare<int>(out, "hand_size of " + player_name(p), size, s.hand(p).size(), num);
  if (e.table) {
    std::string actual;
    for (const Meld& m : s.table.all()) actual += (actual.empty() ? "" : "; ") + meld_text(m, n);
    bool ok = int(e.table->size()) == s.table.count;
    for (const WrittenMeld& w : *e.table) {
      int idx = s.table.index_of(w.id);
      ok &= idx >= 0 && meld_matches(w, s.table.melds[idx]);
    }
    if (!ok) {
      std::string want;
      for (const WrittenMeld& w : *e.table) want += (want.empty() ? "" : "; ") + written_meld_text(w, n);
      out.push_back("table: expected " + (want.empty() ? "empty" : want) + ", got " + (actual.empty() ? "empty" : actual));
    }
  }
  if (e.stock_size) compare<int>(out, "stock_size", *e.stock_size, s.stock.size(), num);
}

// The position's one-value facts, the pile, the hand's scores, the totals and who has opened.
void unmet_facts(const Expectations& e, const GameState& s, const RuleSet& r, std::vector<std::string>& out) {
  const Notation n = r.notation;
#define MELDCHECK_COMPARE_FACT(type, member, initial, key, expect_key, codec, told)                                        \
  if (e.facts.member && *e.facts.member != s.member)                                                              \
    out.push_back(std::string(expect_key) + ": expected " + fact_text(facts::codec{}, *e.facts.member) + ", got " + \
                  fact_text(facts::codec{}, s.member));
  MELDCHECK_POSITION_FACTS(MELDCHECK_COMPARE_FACT)
#undef MELDCHECK_COMPARE_FACT
  if (e.discard) {
    auto show = [&](const std::vector<Face>& f) { return faces_text(f, n, false); };
    compare<std::vector<Face>>(out, "discard", *e.discard, faces_of(s.discard), show);
  }
  for (const auto& [p, v] : e.round_scores) {
    if (!s.hand_over) {
      out.push_back("round_scores of " + player_name(p) + ": the hand is not over");
      continue;
    }
    compare<int>(out, "round_scores of " + player_name(p), v, s.round_scores[p], num);
  }
  for (const auto& [p, v] : e.totals) compare<int>(out, "totals of " + player_name(p), v, s.players[p].total, num);
  for (const auto& [p, v] : e.opened) compare<bool>(out, "opened of " + player_name(p), v, s.players[p].opened, yes_no);
}

// What is owed, the stock's order, penalties, building on others' melds, the offer.
void unmet_owed(const Expectations& e, const GameState& s, const RuleSet& r, std::vector<std::string>& out) {
  const Notation n = r.notation;
  if (e.owed) {
    const TurnFacts& t = s.turn;
    auto face_text = [&](const std::optional<Face>& f) { return f ? format_face(*f, n) : std::string("none"); };
    auto held = [](Card c) { return c == kNoCard ? std::optional<Face>() : std::optional<Face>(face_of(c)); };
    if (e.owed->names_must_use && e.owed->must_use != held(t.must_use))
      out.push_back("owed must_use: expected " + face_text(e.owed->must_use) + ", got " + face_text(held(t.must_use)));
    if (e.owed->names_no_discard && e.owed->no_discard != held(t.no_discard))
      out.push_back("owed no_discard: expected " + face_text(e.owed->no_discard) + ", got " + face_text(held(t.no_discard)));
    if (e.owed->pile_meld) compare<bool>(out, "owed pile_meld", *e.owed->pile_meld, !t.pile_meld_due.empty(), yes_no);
    if (e.owed->freed_jokers) compare<int>(out, "owed freed_jokers", *e.owed->freed_jokers, t.freed_jokers.size(), num);
  }
  auto faces_shown = [&](const std::vector<Face>& f) { return faces_text(f, n, false); };
  if (e.stock) {
    std::vector<Face> top_first;
    for (int i = s.stock.size(); i-- > 0;) top_first.push_back(face_of(s.stock.at(i)));
    compare<std::vector<Face>>(out, "stock", *e.stock, top_first, faces_shown);
  }
  for (const auto& [p, v] : e.penalties) compare<int>(out, "penalties of " + player_name(p), v, s.players[p].penalty, num);
  for (const auto& [p, v] : e.built_on_others)
    compare<bool>(out, "built_on_others of " + player_name(p), v, s.players[p].built_on_others, yes_no);
  if (e.offer) {
    auto show = [&](const Offer& o) {
      return o.from == kNoPlayer ? std::string("none")
                                 : "{ from: " + player_name(o.from) + ", declined: " + (o.declined ? "true" : "false") + " }";
    };
    const Offer got = s.offer.from == kNoPlayer ? Offer{} : s.offer;
    compare<Offer>(out, "offer", *e.offer, got, show);
  }
}

// The turn's books (`turn:`).
void unmet_turn(const Expectations& e, const GameState& s, const RuleSet& r, std::vector<std::string>& out) {
  const Notation n = r.notation;
  auto faces_shown = [&](const std::vector<Face>& f) { return faces_text(f, n, false); };
  if (e.turn) {
    const TurnFacts& t = s.turn;
    const TurnBooks& w = *e.turn;
    auto card = [&](Card c) { return c == kNoCard ? Face::none() : face_of(c); };
    auto face_shown = [&](const Face& f) { return f.is_none() ? std::string("none") : format_face(f, n); };
    if (w.must_use) compare<Face>(out, "turn must_use", *w.must_use, card(t.must_use), face_shown);
    if (w.no_discard) compare<Face>(out, "turn no_discard", *w.no_discard, card(t.no_discard), face_shown);
    if (w.pile_meld_due) {
      std::vector<Face> want = *w.pile_meld_due, got = faces_of(t.pile_meld_due);
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      compare<std::vector<Face>>(out, "turn pile_meld_due", want, got, faces_shown);
    }
    if (w.freed_jokers) compare<int>(out, "turn freed_jokers", *w.freed_jokers, t.freed_jokers.size(), num);
    if (w.actions) compare<int>(out, "turn actions", *w.actions, t.actions, num);
    if (w.melded) compare<bool>(out, "turn melded", *w.melded, t.melded, yes_no);
    if (w.built) compare<bool>(out, "turn built", *w.built, t.built, yes_no);
    if (w.built_on_others) compare<bool>(out, "turn built_on_others", *w.built_on_others, t.built_on_others, yes_no);
    if (w.opened_now) compare<bool>(out, "turn opened_now", *w.opened_now, t.opened_now, yes_no);
    if (w.discarded) compare<bool>(out, "turn discarded", *w.discarded, t.discarded, yes_no);
  }
}

// The best move is an arrange step the engine accepts: a right count laid out in a set the
// rules refuse is no answer.
void unmet_legal_move(const std::string& what, const Placement& p, const GameState& s, const RuleSet& r,
                      std::vector<std::string>& out) {
  if (!p.found) return;
  Action a;
  a.kind = ActionKind::kArrange;
  a.player = s.to_move;
  a.cards = p.sets;
  const Refusal c = check_action(s, r, a);
  if (c != Refusal::kNone) out.push_back(what + ": the solver's move is refused by " + r.rule_id(c));
}

// What the solver answers: whether a move is left, the best move.
void unmet_answers(const Expectations& e, const GameState& s, const RuleSet& r, std::vector<std::string>& out) {
  if (e.can_move) {
    std::vector<Action> legal;
    if (!s.hand_over) legal_actions(s, r, legal);
    compare<bool>(out, "can_move", *e.can_move, !legal.empty(), yes_no);
  }
  if (e.best_move_tiles) {
    const Placement p = best_arrangement(s, r, SolverGoal::kMostTiles);
    compare<int>(out, "best_move tiles", *e.best_move_tiles, p.found ? p.rack_tiles : 0, num);
    unmet_legal_move("best_move tiles", p, s, r, out);
  }
  if (e.best_move_value) {
    const Placement p = best_arrangement(s, r, SolverGoal::kMostValue);
    compare<int>(out, "best_move value", *e.best_move_value, p.found ? p.rack_value : 0, num);
    unmet_legal_move("best_move value", p, s, r, out);
  }
}

}  // namespace

std::vector<std::string> unmet_expectations(const Expectations& e, const GameState& s, const RuleSet& r) {
  std::vector<std::string> out;
  for (auto unmet : {unmet_cards, unmet_facts, unmet_owed, unmet_turn, unmet_answers}) unmet(e, s, r, out);
  return out;
}

std::string rule_text(const RuleSet& r, Refusal c) {
  std::string id = r.rule_id(c);
  int idx = r.clause_of[int(c)];
  return idx >= 0 ? id + " (" + r.catalog[idx].text + ")" : id;
}

namespace {

std::string join(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += (s.empty() ? "" : "; ") + l;
  return s;
}

}  // namespace

Refusal apply_step(GameState& s, const RuleSet& r, const Step& st) {
  Action a = st.action;
  if (a.player == kNoPlayer) a.player = s.to_move;
  if (!st.next_hand_setup) return apply(s, r, a);
  const Refusal verdict = check_action(s, r, a);
  if (verdict == Refusal::kNone) s = next_hand_position(s, r, *st.next_hand_setup);
  return verdict;
}

EngineAnswer InProcessEngine::start(const Scenario& sc, const YamlNode&) {
  sc_ = &sc;
  state_ = sc.start;
  return {};
}

std::optional<bool> InProcessEngine::lists(size_t index) {
  Action a = sc_->steps[index].action;
  if (a.player == kNoPlayer) a.player = state_.to_move;
  return is_listed(state_, sc_->rules, a);
}

EngineAnswer InProcessEngine::apply(size_t index) { return apply(sc_->steps[index]); }

EngineAnswer InProcessEngine::apply(const Step& step) {
  const GameState before = state_;
  last_ = apply_step(state_, sc_->rules, step);
  return judged(before);
}

EngineAnswer InProcessEngine::apply(const Action& action) {
  const GameState before = state_;
  last_ = meldcheck::apply(state_, sc_->rules, action);
  return judged(before);
}

std::optional<std::vector<Action>> InProcessEngine::legal(std::string&) {
  std::vector<Action> listed;
  legal_actions(state_, sc_->rules, listed);
  return listed;
}

EngineAnswer InProcessEngine::judged(const GameState& before) const {
  const RuleSet& r = sc_->rules;
  EngineAnswer a;
  if (last_ != Refusal::kNone) {
    a.kind = EngineAnswer::Kind::kRefused;
    a.rule = r.rule_id(last_);
    a.said = "reject " + a.rule;
  } else {
    a.said = "ok";
  }
  if (last_ != Refusal::kNone && !(state_ == before)) {
    a.promise = "a refused step to change nothing";
    a.broke = "the state changed";
  } else if (std::string broken = invariant_violation(state_, r); !broken.empty()) {
    a.promise = "the engine's invariants to hold";
    a.broke = std::move(broken);
  }
  return a;
}

std::string InProcessEngine::rule_text(const EngineAnswer& a) const {
  return a.kind == EngineAnswer::Kind::kRefused ? meldcheck::rule_text(sc_->rules, last_) : "";
}

bool of_rulesets(const std::vector<std::string>& rulesets, const std::string& ruleset) {
  return rulesets.empty() || std::find(rulesets.begin(), rulesets.end(), ruleset) != rulesets.end();
}

std::vector<CitedClause> cited_clauses(const Scenario& sc) {
  std::vector<CitedClause> out;
  auto cite = [&](const std::string& id) {
    if (id.empty() || std::any_of(out.begin(), out.end(), [&](const CitedClause& c) { return c.id == id; })) return;
    const Clause* clause = sc.rules.clause(id);
    out.push_back(clause ? CitedClause{id, clause->text, clause->source} : CitedClause{id, "", ""});
  };
  for (const std::string& id : sc.cites) cite(id);
  for (const Step& st : sc.steps) cite(st.outcome.rule);
  return out;
}

namespace {

// One scenario replayed on an engine: its start, each step's verdict (and listing), the
// expectations after a step and at the end; the first that does not hold is the result's
// failure. Each stage returns false where the replay stops, the result saying why.
class Replay {
 public:
  Replay(GameEngine& engine, const Scenario& sc) : engine_(engine), sc_(sc) {
    res_.file = sc.file;
    res_.name = sc.name;
    res_.ruleset = sc.ruleset;
    res_.clauses = cited_clauses(sc);
  }

  ScenarioResult run(const YamlNode& doc) {
    if (!start(doc)) return res_;
    for (size_t i = 0; i < sc_.steps.size(); ++i)
      if (!step(i)) return res_;
    if (sc_.expect && unmet(*sc_.expect, 0, nullptr)) return res_;
    if (!unchecked_.empty()) not_checked();
    return res_;
  }

 private:
  void fail(int step, const Step* st, std::string expected, std::string happened, std::string rule) {
    res_.status = ScenarioResult::Status::kFail;
    res_.step = step;
    res_.step_text = st ? st->text : step == 0 && expected != "expect" ? "start" : "expect";
    res_.expected = std::move(expected);
    res_.happened = std::move(happened);
    res_.rule = std::move(rule);
    if (st && st->outcome.kind == Outcome::Kind::kReject) res_.failed_rule = st->outcome.rule;
  }
  // What went unread: a step's listing, expectations (each kind once).
  void unread(const std::string& what) {
    if (std::find(unchecked_.begin(), unchecked_.end(), what) == unchecked_.end()) unchecked_.push_back(what);
  }

  bool start(const YamlNode& doc) {
    const EngineAnswer started = engine_.start(sc_, doc);
    switch (started.kind) {
      case EngineAnswer::Kind::kOk: return true;
      case EngineAnswer::Kind::kUnsupported:
        res_.status = ScenarioResult::Status::kNotApplicable;
        res_.reason = started.detail;
        return false;
      case EngineAnswer::Kind::kNoEngine:
        res_.status = ScenarioResult::Status::kError;
        res_.error = "no engine: " + started.detail;
        return false;
      case EngineAnswer::Kind::kRefused:
        fail(0, nullptr, "the setup played", "the engine refused the setup: " + started.detail, "");
        if (sc_.rules.clause(started.rule)) res_.failed_rule = started.rule;  // what the engine holds the setup breaks
        return false;
      case EngineAnswer::Kind::kTrouble: return fail(0, nullptr, "the game started", started.detail, ""), false;
    }
    return true;
  }

  // Whether the expectations are unmet (the result then says how).
  bool unmet(const Expectations& stated, int step, const Step* st) {
    const char* what = st ? "then" : "expect";
    if (!engine_.tells_positions()) return unread(what), false;
    // What meldcheck works out with its own engine on the position (the solver's best move,
    // whether some step is legal) no other engine is asked: unread, never passed.
    Expectations want = stated;
    if (!engine_.answers_meldchecks_own_expectations()) {
      if (want.best_move_tiles || want.best_move_value) unread("best_move");
      if (want.can_move) unread("can_move");
      want.best_move_tiles.reset(), want.best_move_value.reset(), want.can_move.reset();
    }
    std::string why;
    const std::optional<GameState> now = engine_.position(why);
    if (!now) return fail(step, st, what, why, ""), true;
    const std::vector<std::string> missed = unmet_expectations(want, *now, sc_.rules);
    if (missed.empty()) return false;
    return fail(step, st, what, join(missed), ""), true;
  }

  // Whether the engine lists the step as the scenario says (an engine need not list every
  // legal step: one it leaves out is unread, not passed).
  bool listed_as_stated(size_t i, const Step& st) {
    if (!st.listed) return true;
    const std::optional<bool> listed = engine_.lists(i);
    if (!listed || (*st.listed && !*listed && !engine_.lists_every_step())) unread("listed");
    if (listed && *listed != *st.listed && (engine_.lists_every_step() || *listed))
      return fail(int(i + 1), &st, *st.listed ? "the action listed among the legal actions" : "the action not listed",
                  *listed ? "listed" : "not listed", ""),
             false;
    return true;
  }

  bool step(size_t i) {
    const Step& st = sc_.steps[i];
    const int k = int(i + 1);
    if (!listed_as_stated(i, st)) return false;
    const EngineAnswer a = engine_.apply(i);
    if (a.kind == EngineAnswer::Kind::kTrouble) return fail(k, &st, "an answer", a.detail, ""), false;
    if (!a.broke.empty()) {
      res_.engine_broke = true;
      return fail(k, &st, a.promise, a.broke, engine_.rule_text(a)), false;
    }
    const bool refused = a.kind == EngineAnswer::Kind::kRefused;
    const std::string& want_rule = st.outcome.rule;
    if (st.outcome.kind == Outcome::Kind::kOk) {
      if (refused) {
        fail(k, &st, "ok", a.said, engine_.rule_text(a));
        // A legal step refused by a clause of the house: that clause is what the engine gets wrong.
        if (sc_.rules.clause(a.rule)) res_.failed_rule = a.rule;
        return false;
      }
    } else if (!refused) {
      return fail(k, &st, want_rule.empty() ? "reject" : "reject " + want_rule, a.said, ""), false;
    } else if (!want_rule.empty() && engine_.rule_ids_compared() && a.rule != want_rule) {
      return fail(k, &st, "reject " + want_rule, a.said, engine_.rule_text(a)), false;
    }
    std::vector<std::string>& checked = res_.refusals_checked;
    if (refused && !want_rule.empty() && std::find(checked.begin(), checked.end(), want_rule) == checked.end())
      checked.push_back(want_rule);
    return !(st.then && unmet(*st.then, k, &st));
  }

  // Every verdict held; what the scenario states beyond them went unread.
  void not_checked() {
    res_.status = ScenarioResult::Status::kNotChecked;
    std::string what;
    for (const std::string& u : unchecked_) what += (what.empty() ? "" : ", ") + u;
    auto has = [&](const char* w) { return std::find(unchecked_.begin(), unchecked_.end(), w) != unchecked_.end(); };
    std::vector<std::string> why;
    if (has("then") || has("expect")) why.push_back("the engine does not answer state");
    if (has("listed")) why.push_back("the engine does not list every legal step");
    if (has("best_move") || has("can_move")) why.push_back("no other engine is asked for meldcheck's solver's answers");
    res_.reason = what + " not checked: ";
    for (size_t k = 0; k < why.size(); ++k) res_.reason += (k ? "; " : "") + why[k];
  }

  GameEngine& engine_;
  const Scenario& sc_;
  ScenarioResult res_;
  std::vector<std::string> unchecked_;
};

}  // namespace

ScenarioResult replay_on(GameEngine& engine, const Scenario& sc, const YamlNode& doc) { return Replay(engine, sc).run(doc); }

std::string result_detail(const ScenarioResult& r) {
  using S = ScenarioResult::Status;
  switch (r.status) {
    case S::kPass: return "";
    case S::kNotApplicable:
    case S::kNotChecked: return r.reason;
    case S::kError: return r.error;
    case S::kFail: break;
  }
  if (r.expected == "then" || r.expected == "expect") return r.expected + ": " + r.happened;
  if (r.step == 0) return r.happened;
  if (r.expected == "an answer" || r.engine_broke) return r.step_text + ": " + r.happened;
  return r.step_text + ": expected " + r.expected + ", the engine said " + r.happened;
}

ScenarioResult replay(const Scenario& sc) {
  InProcessEngine engine;
  return replay_on(engine, sc, YamlNode{});
}

std::vector<ScenarioResult> replay_file(const std::string& path, const RulesetLibrary& library,
                                        const std::function<bool(const Scenario&)>& keep) {
  std::vector<ScenarioResult> out;
  std::vector<Scenario> scenarios;
  try {
    scenarios = load_scenarios(path, library);
  } catch (const InputError& e) {
    ScenarioResult res;
    res.status = ScenarioResult::Status::kError;
    res.file = path;
    res.error = e.what();
    out.push_back(res);
    return out;
  }
  for (const Scenario& sc : scenarios)
    if (!keep || keep(sc)) out.push_back(replay(sc));
  return out;
}

std::vector<std::string> scenario_files(const std::string& path) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file() && it->path().extension() == ".yaml") out.push_back(it->path().string());
    std::sort(out.begin(), out.end());
  } else {
    out.push_back(path);
  }
  return out;
}

}  // namespace meldcheck
