#include "protocol/engine_lockstep.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <mutex>
#include <ostream>
#include <thread>

#include "files/json_text.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "harness/coverage.h"
#include "hunting/findings.h"
#include "hunting/play.h"
#include "hunting/shrink.h"
#include "protocol/protocol.h"
#include "harness/replay.h"
#include "files/scenario_writer.h"

namespace meldcheck {

using nlohmann::json;

namespace {

// An engine that fails this many games in a row is given up.
constexpr int kTroubledGamesAtMost = 3;

// The head of a scenario document for a configuration: options away from their default.
json house_doc(const hunt::Config& c, const RulesetLibrary& library) {
  json doc = {{"name", "lockstep"}, {"ruleset", c.ruleset}, {"variants", c.variants}, {"options", json::object()}};
  if (const RulesetSpec* spec = library.find(c.ruleset))
    for (const OptionInfo& o : spec->options())
      if (auto it = c.options.find(o.id); it != c.options.end() && it->second != o.default_choice) doc["options"][o.id] = it->second;
  return doc;
}

// A position as a scenario's `expect` states it whole (`setup` is its state_json): every
// key the contract compares that the engine tells (no scores or totals from one that
// reports none).
json position_expect(const GameState& s, const json& setup, const RuleSet& r, const EngineFeatures& features) {
  json e = json::object();
  for (int p = 0; p < s.num_players; ++p) {
    const std::string name = player_name(p);
    const json& seat = setup["players"][name];
    e["hand"][name] = seat.value("hand", json::array());
    if (features.totals) e["totals"][name] = s.players[p].total;
    if (seat.contains("opened")) e["opened"][name] = seat["opened"];
    if (s.hand_over && features.scores) e["round_scores"][name] = s.round_scores[p];
  }
  e["table"] = setup.value("table", json::array());
  // A table rearranged freely (Rummikub) has no owners: the contract's `owner` there only
  // decides the `opened` default, so engines may keep or drop it after an arrange.
  if (r.table.free_rearrangement)
    for (json& meld : e["table"]) meld.erase("owner");
  e["discard"] = setup.value("discard", json::array());
  e["stock_size"] = s.stock.size();
  // The facts another engine tells (engine/position_facts.h).
#define MELDCHECK_EXPECT_FACT(type, member, initial, key, expect_key, codec, told) \
  if (engine_tells(facts::told{}, key, s, r)) e[expect_key] = fact_json(facts::codec{}, s.member);
  MELDCHECK_POSITION_FACTS(MELDCHECK_EXPECT_FACT)
#undef MELDCHECK_EXPECT_FACT
  if (!features.totals) e.erase("game_over"), e.erase("winner");
  return e;
}

// The clause of meldcheck's bound of turns in a hand, "" for a ruleset without one.
std::string bound_clause(const RuleSet& r) {
  for (const Clause& c : r.catalog)
    if (c.kind == ClauseKind::kBound) return c.id;
  return "";
}

// An engine's words without this game's cards, numbers and ids ("ignored PLAY_MELD 7h 7d 7c"
// and "ignored PLAY_MELD Kh Kd Kc" are one reason): every word with a digit, every word that
// reads as a card in any case and the hex groups of ids become #, and #s in a row one.
std::string generic_words(const std::string& words) {
  auto card_like = [](const std::string& w) {
    if (w.empty()) return false;
    if (std::any_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) return true;
    if (w.rfind("JK", 0) == 0) return true;
    // An id's hex groups (a UUID's "badf"), which a word with a digit would be too.
    if ((w.size() == 4 || w.size() >= 8) && std::all_of(w.begin(), w.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) && !std::isupper(static_cast<unsigned char>(c)); }))
      return true;
    const std::string ranks = "AKQJTakqjt", suits = "SHDCshdc";
    return w.size() == 2 && ranks.find(w[0]) != std::string::npos && suits.find(w[1]) != std::string::npos;
  };
  std::string out, word;
  auto flush = [&] {
    if (card_like(word)) {
      if (out.empty() || out.back() != '#') out += '#';
    } else {
      out += word;
    }
    word.clear();
  };
  for (char c : words.substr(0, 200)) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '=' || c == '@' || c == '_') {
      word += c;
      continue;
    }
    flush();
    // A space or dash between two #s goes with them.
    if ((c == ' ' || c == '-' || c == ',') && !out.empty() && out.back() == '#') continue;
    if (!out.empty() && out.back() == '#' && c != ' ') out += ' ';
    out += c;
  }
  flush();
  return out;
}

// An answer as a bucket names it: "ok", "refuses rummy500/meld.run", "refuses (not a run)".
std::string answer_words(bool refused, const std::string& rule, const std::string& reason = "") {
  if (!refused) return "ok";
  if (!rule.empty()) return "refuses " + rule;
  return reason.empty() ? "refuses" : "refuses (" + generic_words(reason) + ")";
}

// The facts of two positions that differ, as a bucket names them: those that follow from
// another left out (the totals from the hand's scores, the match's end from the totals), so
// that one wrong score is one divergence however far it carries.
std::string differing_facts(const std::vector<std::string>& keys) {
  auto has = [&](const char* k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  std::string out;
  for (const std::string& k : keys) {
    if (k == "totals" && has("round_scores")) continue;
    if ((k == "game_over" || k == "winner") && (has("totals") || has("round_scores"))) continue;
    out += (out.empty() ? "" : ", ") + k;
  }
  return out;
}

// The house as the scenario reader has it, for the engine's steps and positions.
Scenario read_house(const hunt::Config& c, int players, const RulesetLibrary& library) {
  json doc = house_doc(c, library);
  doc["deal"] = {{"players", players}, {"seed", 0}};
  return parse_scenarios(json_text(doc), "lockstep", library).front();
}

// Another engine as the judge of a random game: each step given to it too, its verdict and
// position held to meldcheck's, and the steps it lists tried on meldcheck's engine.
class EngineJudge : public hunt::Judge {
 public:
  // `known`: whether a divergence of that bucket has been found already (a listed step that
  // meldcheck refuses changes neither position, so the game goes on past one already known).
  EngineJudge(EngineSession& session, const RulesetLibrary& library, const LockstepSettings& settings, LockstepReport& report,
              std::shared_ptr<const hunt::Config> config, int players,
              std::function<bool(const std::string&)> known = nullptr)
      : session_(session), library_(library), settings_(settings), report_(report), config_(std::move(config)),
        house_(read_house(*config_, players, library_)), features_(engine_features(session_.hello(), config_->ruleset)),
        known_(std::move(known)) {}

  // The known divergences the game met again, past which it went on.
  const std::set<std::string>& known_hits() const { return known_hits_; }

  // Why the engine does not play the house (from its hello); empty when it does.
  std::string unsupported_house() const { return unsupported(session_.hello(), house_, library_); }
  // Why the engine stopped answering (a crash, a hang, garbage), when it did.
  const std::string& trouble() const { return trouble_; }
  // Why the engine would not play the game (a house, a setup), when it would not.
  const std::string& unplayed() const { return unplayed_; }
  bool halted() const override { return !trouble_.empty() || !unplayed_.empty() || left_to_own_rule_; }
  // The game was left where meldcheck's own rule decided (not held against the engine).
  bool left_to_own_rule() const { return left_to_own_rule_; }
  // What the engine plays of this house: the kinds of step random play may take.
  const EngineFeatures& features() const { return features_; }

  std::optional<hunt::Finding> starts(const GameState& s, const hunt::DealInfo* dealt) override {
    json doc = house_doc(*config_, library_);
    if (!dealt && !features_.setup_start) {
      unplayed_ = "the engine starts only from a deal, and this game starts from a position";
      return std::nullopt;
    }
    // A deal as the contract deals it, or as a setup to an engine that starts only from one.
    if (dealt && features_.deal_start) {
      doc["deal"] = {{"players", s.num_players}, {"seed", dealt->seed}, {"dealer", player_name(dealt->dealer)}};
    } else {
      json setup = state_json(s, config_->rules);
      setup.erase("round_over");
      setup.erase("game_over");
      doc["setup"] = setup;
    }
    start_doc_ = parse_yaml(json_text(doc), "lockstep").front();
    engine_ = protocol_engine(session_, library_);
    const EngineAnswer a = engine_->start(house_, start_doc_);
    switch (a.kind) {
      case EngineAnswer::Kind::kOk: break;
      case EngineAnswer::Kind::kUnsupported: unplayed_ = a.detail; return std::nullopt;
      case EngineAnswer::Kind::kNoEngine: trouble_ = "no engine: " + a.detail; return std::nullopt;
      case EngineAnswer::Kind::kTrouble: trouble_ = a.detail; return std::nullopt;
      case EngineAnswer::Kind::kRefused: {
        // A deal, or a setup the contract reads (a position the rules reach), refused by an
        // engine that starts so: a divergence like any other (`unsupported` is not played).
        hunt::Finding f = diverged(hunt::CheckId::kEngineStart, "the engine refused the " + std::string(dealt ? "deal" : "setup") + ": " + a.detail,
                                   engine_name() + " refused this start: " + a.detail);
        f.about = std::string("refuses the ") + (dealt ? "deal" : "setup") + (a.rule.empty() ? "" : " by " + a.rule);
        f.about_state = true;
        return f;
      }
    }
    legal_compared_ = settings_.legal != LegalCompare::kNone && supports(session_.hello(), "legal");
    std::optional<hunt::Finding> f = compare_positions(s);
    if (f) {
      f->check = dealt ? hunt::CheckId::kEngineDeal : hunt::CheckId::kEnginePosition;
      f->about_state = true;
    }
    return f;
  }

  // The steps the engine lists, each tried on meldcheck's engine: the first it refuses.
  std::optional<hunt::Checker::Probe> probe(const GameState& s, const Action&, const std::vector<Action>*, int64_t step) override {
    if (!legal_compared_ || (settings_.legal == LegalCompare::kSampled && step % hunt::kSampleEvery != 1)) return std::nullopt;
    std::string why;
    const std::optional<std::vector<Action>> listed = engine_->legal(why);
    if (!listed) return trouble_ = why, std::nullopt;
    const RuleSet& r = config_->rules;
    for (Action a : *listed) {
      ++report_.legal_steps;
      if (a.player == kNoPlayer) a.player = s.to_move;
      GameState copy = s;
      const Refusal v = apply(copy, r, a);
      if (v == Refusal::kNone) continue;
      hunt::Finding f = listed_finding(a, s, v);
      if (const std::string key = hunt::bucket_key(f, &a); known_ && known_(key)) {
        known_hits_.insert(key);
        continue;
      }
      return hunt::Checker::Probe{a, std::move(f)};
    }
    return std::nullopt;
  }

  // The step on the other engine too: the verdicts, then the positions.
  std::optional<hunt::Finding> after(const GameState& before, const Action& a, bool, Refusal ours, const GameState& after) override {
    const RuleSet& r = config_->rules;
    const std::string step = json_text(step_json(a, r, before.to_move));
    report_.refused += ours != Refusal::kNone;
    const EngineAnswer theirs = engine_->apply(a);
    if (theirs.kind == EngineAnswer::Kind::kTrouble) return trouble_ = "apply " + step + ": " + theirs.detail, std::nullopt;
    const bool refused = theirs.kind == EngineAnswer::Kind::kRefused;
    const std::string we_said = ours == Refusal::kNone ? "ok" : "reject (" + r.rule_id(ours) + ")";
    const std::string written = "meldcheck: " + we_said + "; " + engine_name() + ": " + theirs.said;
    const bool hold_own = session_.options().hold_own_rules;
    const std::string our_rule = ours == Refusal::kNone ? "" : r.rule_id(ours);
    std::optional<hunt::Finding> f;
    if (refused != (ours != Refusal::kNone)) {
      // meldcheck refused by its own rule (its notation): the engine need not; the game is left there.
      if (!hold_own && own_rule(r, our_rule)) return leave_to_own_rule(our_rule);
      f = diverged(hunt::CheckId::kEngineVerdict, step + ": " + written, engine_name() + " answered " + theirs.said);
      f->about = "meldcheck " + (ours != Refusal::kNone ? answer_words(true, our_rule) : "allows" + allowed_by(before, a, after)) +
                 ", engine " + answer_words(refused, theirs.rule, theirs.reason);
    } else if (refused && session_.options().strict_rule_ids && features_.rule_ids && theirs.rule != our_rule) {
      f = diverged(hunt::CheckId::kEngineRule, step + ": " + written, engine_name() + " answered " + theirs.said);
      f->about = "meldcheck refuses " + our_rule + ", engine names " + (theirs.rule.empty() ? "none" : theirs.rule);
    } else if (refused && !theirs.broke.empty()) {
      f = diverged(hunt::CheckId::kEngineRefusal, step + ": " + engine_name() + " " + theirs.broke, engine_name() + " " + theirs.broke);
      f->about = "refused and changed the position";
    } else if (!hold_own && after.hand_over && !before.hand_over && after.last_out == kNoPlayer && after.turns >= r.max_turns) {
      // meldcheck's bound of turns ended the hand: an engine needs no such bound.
      return leave_to_own_rule(bound_clause(r));
    } else if ((f = compare_positions(after))) {
      f->message = step + " (" + we_said + "), then " + f->message;
    }
    if (f) f->verdict = ours == Refusal::kNone ? "ok" : "{ reject: " + our_rule + " }";
    return f;
  }

  std::optional<hunt::Finding> stuck(const GameState&) override { return std::nullopt; }

  // The last step of an `engine-legal` case: the engine lists it, meldcheck refuses it.
  std::optional<hunt::Finding> probe_again(const GameState& s, const Action& a) override {
    if (!legal_compared_) return std::nullopt;
    const RuleSet& r = config_->rules;
    GameState copy = s;
    const Refusal v = apply(copy, r, a);
    std::string why;
    const std::optional<std::vector<Action>> listed = engine_->legal(why);
    if (v == Refusal::kNone || !listed) return std::nullopt;
    const std::string mine = write_step(a, r, s.to_move);
    const bool lists = std::any_of(listed->begin(), listed->end(), [&](Action b) {
      if (b.player == kNoPlayer) b.player = s.to_move;
      return write_step(b, r, s.to_move) == mine;
    });
    if (!lists) return std::nullopt;
    hunt::Finding f = listed_finding(a, s, v);
    f.verdict = "{ reject: " + r.rule_id(v) + " }";
    return f;
  }

 private:
  // "the engine (name)": meldcheck's own engine can be the other one too.
  std::string engine_name() const {
    const json& e = session_.hello().value("engine", json::object());
    return "the engine (" + e.value("name", std::string("unnamed")) + ")";
  }

  // The clauses whose checks examined a step meldcheck allows, the most telling part of a
  // divergence where the engine refuses it without naming a rule: " by meld.run, meld.ace".
  std::string allowed_by(const GameState& before, const Action& a, const GameState& after) const {
    const RuleSet& r = config_->rules;
    std::string ids;
    for (size_t i : hunt::clauses_passed(before, a, after, r))
      if (!r.catalog[i].checks.empty()) ids += (ids.empty() ? " by " : ", ") + r.catalog[i].id.substr(r.id.size() + 1);
    return ids;
  }

  std::optional<hunt::Finding> leave_to_own_rule(const std::string& rule) {
    ++report_.own_rules[rule];
    left_to_own_rule_ = true;
    return std::nullopt;
  }

  static hunt::Finding diverged(hunt::CheckId check, const std::string& message, const std::string& note) {
    hunt::Finding f;
    f.check = check;
    f.message = message;
    f.note = note;
    return f;
  }

  hunt::Finding listed_finding(const Action& a, const GameState& s, Refusal v) const {
    const RuleSet& r = config_->rules;
    hunt::Finding f = diverged(hunt::CheckId::kEngineLegal,
                               engine_name() + " lists " + json_text(step_json(a, r, s.to_move)) + " as legal; meldcheck refuses it (" +
                                   r.rule_id(v) + ")",
                               engine_name() + " lists this step among the legal ones");
    f.about = "listed, meldcheck refuses " + r.rule_id(v);
    f.listed = false;
    return f;
  }

  // The engine's position against meldcheck's `ours`: the keys that differ.
  std::optional<hunt::Finding> compare_positions(const GameState& ours) {
    if (!engine_->tells_positions()) return std::nullopt;
    ++report_.positions;
    std::string why;
    const std::optional<GameState> theirs = engine_->position(why, &ours);
    if (!theirs) return trouble_ = why, std::nullopt;
    const RuleSet& r = config_->rules;
    const json want = position_expect(ours, state_json(ours, r), r, features_);
    if (unmet(want, *theirs).empty()) return std::nullopt;
    // The keys that differ, each with meldcheck's value: the `then:` the scenario expects.
    std::string expect, differences;
    std::vector<std::string> keys;
    for (const auto& [key, value] : want.items()) {
      const std::vector<std::string> u = unmet({{key, value}}, *theirs);
      if (u.empty()) continue;
      expect += key + ": " + json_text(value) + "\n";
      keys.push_back(key);
      for (const std::string& d : u) differences += (differences.empty() ? "" : "; ") + d;
    }
    hunt::Finding f = diverged(hunt::CheckId::kEnginePosition,
                               "the positions differ (expected: meldcheck's; got: " + engine_name() + "'s): " + differences,
                               "the position of " + engine_name() + " after this step differs: " + differences);
    f.about = "differ: " + differing_facts(keys);
    f.expect = expect;
    return f;
  }

  std::vector<std::string> unmet(const json& expect, const GameState& theirs) {
    json doc = house_doc(*config_, library_);
    doc["deal"] = {{"players", theirs.num_players}, {"seed", 1}};
    doc["expect"] = expect;
    const Scenario sc = parse_scenarios(json_text(doc), "position", library_).front();
    return unmet_expectations(*sc.expect, theirs, config_->rules);
  }

  EngineSession& session_;
  const RulesetLibrary& library_;
  const LockstepSettings& settings_;
  LockstepReport& report_;
  std::shared_ptr<const hunt::Config> config_;
  Scenario house_;       // the house as the scenario reader has it, for reading the engine's positions
  YamlNode start_doc_;   // the game's start as a scenario states it
  EngineFeatures features_;  // what the engine plays of this house
  std::function<bool(const std::string&)> known_;
  std::set<std::string> known_hits_;
  std::unique_ptr<GameEngine> engine_;
  bool legal_compared_ = false;
  bool left_to_own_rule_ = false;
  std::string trouble_, unplayed_;
};

// Whole seconds, but tenths under ten.
std::string seconds_text(double seconds) {
  if (seconds >= 10) return std::to_string(int(seconds + 0.5)) + " s";
  const int tenths = int(seconds * 10 + 0.5);
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
}

// What an engine does not answer or implement, said once a run.
void note_not_compared(const EngineSession& session, const LockstepSettings& settings, const hunt::ConfigSpace& space,
                       LockstepReport& report) {
  if (!supports(session.hello(), "state")) report.not_compared.push_back("positions (the engine does not answer state)");
  if (settings.legal != LegalCompare::kNone && !supports(session.hello(), "legal"))
    report.not_compared.push_back("legal steps (the engine does not answer legal)");
  for (const RulesetSpec* spec : space.rulesets()) {
    const EngineFeatures f = engine_features(session.hello(), spec->id());
    std::string unplayed;
    for (int k = 0; k <= int(ActionKind::kNextHand); ++k)
      if (!f.steps.has(ActionKind(k))) unplayed += std::string(unplayed.empty() ? "" : ", ") + step_kind_name(ActionKind(k));
    if (!unplayed.empty()) report.not_compared.push_back(spec->id() + ": steps the engine does not play (" + unplayed + ")");
    if (!f.scores) report.not_compared.push_back(spec->id() + ": the hand's scores (the engine reports none)");
    if (!f.totals) report.not_compared.push_back(spec->id() + ": the totals and the match's end (the engine reports none)");
  }
}

std::string written_path(const std::string& dir, const std::string& check, uint64_t game) {
  std::filesystem::create_directories(dir);
  return (std::filesystem::path(dir) / (check + "-game-" + std::to_string(game) + ".yaml")).string();
}

// Shrinks the divergence and writes its scenario: the smallest case that still shows it,
// whose text passes on meldcheck and fails on the engine (else the game whole).
Divergence write_divergence(EngineSession& session, LockstepReport& report, const hunt::Failure& failure,
                            const LockstepSettings& settings, const RulesetLibrary& library) {
  const hunt::CheckId kind = failure.finding.check;
  const LockstepReport counted = report;  // the shrinker's replays are not the run's
  struct Restore {
    LockstepReport& to;
    const LockstepReport& from;
    ~Restore() { to.positions = from.positions, to.legal_steps = from.legal_steps, to.refused = from.refused, to.own_rules = from.own_rules; }
  } restore{report, counted};
  const hunt::Recheck still = [&](const hunt::Case& c) {
    EngineJudge judge(session, library, settings, report, c.config, c.start.num_players);
    return hunt::recheck(c, judge, kind);
  };
  hunt::Case shrunk = hunt::shrink(failure, still);
  std::optional<hunt::Finding> finding = still(shrunk);
  auto shows = [&](const std::string& text) {
    try {
      for (const Scenario& sc : parse_scenarios(text, "divergence.yaml", library))
        if (replay(sc).status != ScenarioResult::Status::kPass) return false;
    } catch (const InputError&) {
      return false;
    }
    const std::vector<ScenarioResult> on_engine = replay_text_on_engine(text, "divergence.yaml", library, session, NameFilter{});
    return std::any_of(on_engine.begin(), on_engine.end(), [](const ScenarioResult& r) { return r.status == ScenarioResult::Status::kFail; });
  };
  const hunt::Origin origin{settings.how + ", game " + std::to_string(failure.game.index), failure.trace.actions.size()};
  std::string text;
  if (finding) text = hunt::scenario_text(shrunk, *finding, origin, shows);
  if (!finding || !shows(text)) {
    // The whole game from its deal, the divergence at its last step.
    shrunk = hunt::Case{.config = failure.game.config,
                        .deal = hunt::DealInfo{.seed = failure.game.deal_seed, .dealer = failure.game.players - 1},
                        .start = failure.trace.start,
                        .actions = failure.trace.actions};
    finding = still(shrunk);
    text = hunt::scenario_text(shrunk, finding.value_or(failure.finding), {origin.how, 0}, shows);
  }
  Divergence d;
  d.kind = hunt::to_string(kind).substr(std::string("engine-").size());
  d.bucket = hunt::bucket_of(failure);
  d.message = finding.value_or(failure.finding).message;
  d.game = failure.game.index;
  d.steps_before = failure.trace.actions.size();
  d.steps_after = shrunk.actions.size();
  d.path = written_path(settings.out, hunt::to_string(kind), failure.game.index);
  std::ofstream(d.path) << text;
  return d;
}

}  // namespace

namespace {

// What the jobs of a run share: the budget, and the divergences found so far, by bucket.
struct Shared {
  const hunt::ConfigSpace& space;
  const LockstepSettings& settings;
  const RulesetLibrary& library;
  const std::atomic<bool>& stop;
  std::chrono::steady_clock::time_point began = std::chrono::steady_clock::now();
  std::atomic<uint64_t> next_index{0}, played{0};
  std::atomic<bool> enough{false};  // max_findings distinct divergences found, or an engine given up
  std::mutex mutex;
  std::map<std::string, Divergence> found;
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(); }

  // Counts the failure in its bucket; true when it is the bucket's first, to be shrunk.
  bool opens_bucket(const hunt::Failure& failure) {
    const std::lock_guard<std::mutex> lock(mutex);
    auto [it, fresh] = found.try_emplace(hunt::bucket_of(failure));
    Divergence& d = it->second;
    if (fresh) {
      d.game = failure.game.index;
      d.games = 0;
    }
    ++d.games;
    d.game = std::min(d.game, failure.game.index);
    if (settings.max_findings > 0 && found.size() >= settings.max_findings) enough = true;
    return fresh;
  }
  bool known(const std::string& bucket) {
    const std::lock_guard<std::mutex> lock(mutex);
    return found.count(bucket) > 0;
  }
  void met_again(const std::set<std::string>& buckets) {
    const std::lock_guard<std::mutex> lock(mutex);
    for (const std::string& b : buckets) ++found[b].games;
  }
  void written(Divergence d) {
    const std::lock_guard<std::mutex> lock(mutex);
    Divergence& kept = found[d.bucket];
    d.games = kept.games;
    d.game = std::min(d.game, kept.game);
    kept = std::move(d);
  }
};

// One job: its own engine process, games taken in turn until the budget is spent, each
// played by simulate's loop with the engine as its judge, only steps the engine plays.
void play_games(Shared& run, LockstepReport& report) {
  const LockstepSettings& settings = run.settings;
  EngineSession session(settings.engine);
  const auto began = std::chrono::steady_clock::now();
  std::string why;
  if (!session.engine(why)) throw std::runtime_error("the engine cannot be started: " + why);
  const json& e = session.hello().value("engine", json::object());
  report.engine = e.value("name", std::string("?")) + (e.contains("version") ? " " + e.value("version", std::string()) : "");
  int troubled_in_a_row = 0;
  while (!run.enough.load()) {
    if (run.stop.load()) {
      report.interrupted = true;
      break;
    }
    if (settings.seconds ? run.elapsed() >= *settings.seconds : run.played.load() >= settings.games) break;
    if (troubled_in_a_row >= kTroubledGamesAtMost) {
      report.engine_failures.push_back("the engine failed " + std::to_string(kTroubledGamesAtMost) + " games in a row: given up");
      run.enough = true;
      break;
    }
    const uint64_t index = run.next_index++;
    const hunt::GameSpec spec = run.space.game(settings.seed, index);
    EngineJudge judge(session, run.library, settings, report, spec.config, spec.players,
                      [&run](const std::string& bucket) { return run.known(bucket); });
    if (const std::string no = judge.unsupported_house(); !no.empty()) {  // a player count, say: not in hello
      ++report.skipped[no];
      continue;
    }
    if (!settings.seconds && run.played++ >= settings.games) break;  // another job took the last game
    ++report.games;
    hunt::PlaySettings play;
    play.policy = Policy::kRandom;
    play.arbitrary = settings.arbitrary;
    play.whole_match = settings.whole_match;
    play.start = judge.features().setup_start ? settings.start : hunt::PlaySettings::Start::kDeal;
    play.steps = judge.features().steps;
    hunt::Stats stats;
    std::optional<hunt::Failure> failure = hunt::play_game(spec, play, &judge, stats, &run.stop);
    report.steps += uint64_t(stats.actions);
    report.hands += uint64_t(stats.hands);
    if (!judge.unplayed().empty()) {
      --report.games;
      ++report.skipped[judge.unplayed()];
      continue;
    }
    if (!judge.trouble().empty()) {
      report.engine_failures.push_back("game " + std::to_string(index) + ", step " + std::to_string(stats.actions) + ": " +
                                       judge.trouble());
      ++troubled_in_a_row;
      continue;
    }
    troubled_in_a_row = 0;
    run.met_again(judge.known_hits());
    if (failure && run.opens_bucket(*failure)) run.written(write_divergence(session, report, *failure, settings, run.library));
  }
  report.job_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  report.engine_seconds = session.waited().count();
}

// The houses the engine plays, from a greeting of its own: the run draws from those alone.
hunt::ConfigSpace playable(const hunt::ConfigSpace& space, const LockstepSettings& settings, LockstepReport& report) {
  EngineSession session(settings.engine);
  std::string why;
  if (!session.engine(why)) throw std::runtime_error("the engine cannot be started: " + why);
  hunt::ConfigSpace offered = space;
  try {
    offered.restrict_to(offered_by(session.hello()));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("the engine plays none of these games: ") + e.what());
  }
  note_not_compared(session, settings, offered, report);
  return offered;
}

}  // namespace

LockstepReport run_lockstep(const hunt::ConfigSpace& asked, const LockstepSettings& settings, const RulesetLibrary& library,
                            const std::atomic<bool>& stop) {
  LockstepReport notes;
  const hunt::ConfigSpace space = playable(asked, settings, notes);
  Shared run{space, settings, library, stop};
  const int jobs = std::max(1, settings.jobs);
  std::vector<LockstepReport> reports(static_cast<size_t>(jobs));
  std::vector<std::string> errors(static_cast<size_t>(jobs));
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j)
    threads.emplace_back([&, j] {
      try {
        play_games(run, reports[size_t(j)]);
      } catch (const std::runtime_error& e) {
        errors[size_t(j)] = e.what();
        run.enough = true;  // stops the others
      }
    });
  for (std::thread& t : threads) t.join();
  for (const std::string& e : errors)
    if (!e.empty()) throw std::runtime_error(e);
  LockstepReport all;
  all.engine = reports[0].engine;
  all.not_compared = notes.not_compared;
  all.jobs = jobs;
  for (const LockstepReport& r : reports) {
    all.games += r.games, all.hands += r.hands, all.steps += r.steps, all.refused += r.refused;
    all.positions += r.positions, all.legal_steps += r.legal_steps;
    all.job_seconds += r.job_seconds, all.engine_seconds += r.engine_seconds;
    for (const auto& [why, n] : r.skipped) all.skipped[why] += n;
    for (const auto& [rule, n] : r.own_rules) all.own_rules[rule] += n;
    all.engine_failures.insert(all.engine_failures.end(), r.engine_failures.begin(), r.engine_failures.end());
    all.interrupted |= r.interrupted;
  }
  for (const auto& [bucket, d] : run.found) all.divergences.push_back(d);
  std::sort(all.divergences.begin(), all.divergences.end(), [](const Divergence& a, const Divergence& b) { return a.game < b.game; });
  all.seconds = run.elapsed();
  return all;
}

namespace {

json lockstep_json(const LockstepReport& r) {
  json divergences = json::array();
  for (const Divergence& d : r.divergences)
    divergences.push_back({{"kind", d.kind}, {"bucket", d.bucket}, {"message", d.message}, {"scenario", d.path}, {"game", d.game},
                           {"games", d.games}, {"steps_before", d.steps_before}, {"steps_after", d.steps_after}});
  return {{"engine", r.engine},
          {"games", r.games},
          {"hands", r.hands},
          {"steps", r.steps},
          {"refused", r.refused},
          {"positions_compared", r.positions},
          {"legal_steps_tried", r.legal_steps},
          {"skipped", r.skipped},
          {"not_compared", r.not_compared},
          {"own_rules", r.own_rules},
          {"engine_failures", r.engine_failures},
          {"divergences", divergences},
          {"interrupted", r.interrupted},
          {"seconds", r.seconds},
          {"jobs", r.jobs},
          {"engine_seconds", r.engine_seconds},
          {"meldcheck_seconds", r.job_seconds - r.engine_seconds}};
}

void write_lockstep_text(std::ostream& out, const LockstepReport& r) {
  out << "meldcheck against " << r.engine << ": " << r.games << " games, " << r.hands << " hands, " << r.steps << " steps ("
      << r.refused << " refused), " << r.positions << " positions compared, " << r.legal_steps
      << " listed steps tried, in " << int(r.seconds + 0.5) << " s\n";
  const double share = r.job_seconds > 0 ? r.engine_seconds / r.job_seconds : 0;
  out << "engine replies: " << seconds_text(r.engine_seconds) << " (" << int(100 * share + 0.5) << "%), meldcheck: "
      << seconds_text(r.job_seconds - r.engine_seconds) << (r.jobs > 1 ? ", summed over the jobs" : "") << "\n";
  for (const auto& [why, n] : r.skipped) out << "not played: " << n << " games: " << why << "\n";
  for (const std::string& what : r.not_compared) out << "not compared: " << what << "\n";
  for (const auto& [rule, n] : r.own_rules)
    out << "left to meldcheck's own rule " << rule << ": " << n << " games (held against the engine only with --own-rules)\n";
  for (const std::string& f : r.engine_failures) out << "engine failure: " << f << "\n";
  for (const Divergence& d : r.divergences) {
    out << "DIVERGENCE (" << d.kind << ") in game " << d.game << (d.games > 1 ? " and " + std::to_string(d.games - 1) + " more" : "")
        << ": " << d.message << "\n  " << d.bucket << "\n";
    if (!d.path.empty())
      out << "  written to " << d.path << " (" << d.steps_after << " steps, shrunk from " << d.steps_before
          << "): it passes on meldcheck and fails on the engine (meldcheck replay --engine)\n";
  }
  if (r.divergences.empty()) {
    out << (r.interrupted ? "interrupted: no divergence so far" : "no divergence");
    if (!r.engine_failures.empty()) out << ", but the engine failed (above)";
    out << "\n";
  } else {
    out << r.divergences.size() << (r.divergences.size() == 1 ? " distinct divergence" : " distinct divergences") << "\n";
  }
}

}  // namespace

void write_lockstep_report(std::ostream& out, const LockstepReport& r, LockstepFormat format) {
  switch (format) {
    case LockstepFormat::kJson: out << json_text(lockstep_json(r), 2) << "\n"; return;
    case LockstepFormat::kText: write_lockstep_text(out, r); return;
    case LockstepFormat::kHtml: write_lockstep_html(out, lockstep_json(r)); return;
  }
}

}  // namespace meldcheck
