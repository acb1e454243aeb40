#include "hunt/engine_lockstep.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <thread>

#include "files/json_text.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "hunt/play.h"
#include "hunt/shrink.h"
#include "hunt/protocol.h"
#include "hunt/replay.h"
#include "files/scenario_writer.h"

namespace meldcheck {

using nlohmann::json;

namespace {

// A hand that goes on this many steps a turn of its bound is left (as simulate leaves it).
constexpr int kStepsPerTurnAtMost = 50;
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
// key the contract compares (to_move and phase only while the hand goes on).
json position_expect(const GameState& s, const json& setup, const RuleSet& r) {
  json e = json::object();
  for (int p = 0; p < s.num_players; ++p) {
    const std::string name = player_name(p);
    const json& seat = setup["players"][name];
    e["hand"][name] = seat.value("hand", json::array());
    e["totals"][name] = s.players[p].total;
    if (seat.contains("opened")) e["opened"][name] = seat["opened"];
    if (s.hand_over) e["round_scores"][name] = s.round_scores[p];
  }
  e["table"] = setup.value("table", json::array());
  // A table rearranged freely (Rummikub) has no owners: the contract's `owner` there only
  // decides the `opened` default, so engines may keep or drop it after an arrange.
  if (r.table.free_rearrangement)
    for (json& meld : e["table"]) meld.erase("owner");
  e["discard"] = setup.value("discard", json::array());
  e["stock_size"] = s.stock.size();
  if (!s.hand_over) {
    e["to_move"] = player_name(s.to_move);
    e["phase"] = phase_name(s.phase);
  }
  if (setup.contains("round")) e["round"] = setup["round"];
  if (setup.contains("first_lap")) e["first_lap"] = setup["first_lap"];
  e["round_over"] = s.hand_over;
  e["game_over"] = s.game_over;
  if (s.game_over) {
    json winner = json::array();
    for (int p = 0; p < s.num_players; ++p)
      if ((s.winners >> p) & 1) winner.push_back(player_name(p));
    e["winner"] = winner;
  }
  return e;
}

// Whether the engine's `state` is meldcheck's position as written, hands in any order:
// then the positions are the same and the reader need not be asked. False says nothing
// (a set written in another order, another form of a stand-in, an owner in Rummikub).
bool plainly_same(const json& ours, const json& theirs, const RuleSet& r) {
  if (!theirs.is_object() || theirs.value("round_over", false) || theirs.value("game_over", false)) return false;
  for (const char* key : {"to_move", "phase", "discard", "stock", "round", "first_lap"})
    if (ours.contains(key) != theirs.contains(key) || (ours.contains(key) && ours[key] != theirs[key])) return false;
  const json& seats = theirs.value("players", json::object());
  for (const auto& [name, seat] : ours["players"].items()) {
    if (!seats.contains(name)) return false;
    const json& their_seat = seats[name];
    for (const char* key : {"total", "opened"})  // written by both, as the protocol asks
      if (!seat.contains(key) || !their_seat.contains(key) || seat[key] != their_seat[key]) return false;
    std::vector<std::string> a = seat.value("hand", std::vector<std::string>{}), b;
    if (!their_seat.contains("hand") || !their_seat["hand"].is_array()) return false;
    for (const json& c : their_seat["hand"]) {
      if (!c.is_string()) return false;
      b.push_back(c.get<std::string>());
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) return false;
  }
  const json& table = theirs.value("table", json::array());
  const json& mine = ours.value("table", json::array());
  if (!table.is_array() || table.size() != mine.size()) return false;
  for (size_t i = 0; i < mine.size(); ++i) {
    if (!table[i].is_object() || table[i].value("id", json()) != mine[i]["id"] || table[i].value("cards", json()) != mine[i]["cards"])
      return false;
    if (!r.table.free_rearrangement && table[i].value("owner", json()) != mine[i].value("owner", json())) return false;
  }
  return true;
}

// One game played on both engines.
struct Game {
  std::shared_ptr<const hunt::Config> config;
  Scenario house;  // the house as the scenario reader has it, for reading the engine's positions
  GameState ours;
  EngineProcess* theirs = nullptr;
};

// How a request or a comparison came out.
struct StepOutcome {
  enum class Kind { kSame, kDiverged, kTrouble, kUnsupported } kind = Kind::kSame;
  hunt::Finding finding;  // kDiverged
  std::string why;        // kTrouble, kUnsupported
  static StepOutcome trouble(std::string why) { return {Kind::kTrouble, {}, std::move(why)}; }
};

class Lockstep {
 public:
  Lockstep(EngineSession& session, const RulesetLibrary& library, const LockstepSettings& settings, LockstepReport& report)
      : session_(session), library_(library), settings_(settings), report_(report) {}

  // "the engine (name)": meldcheck's own engine can be the other one too.
  std::string engine_name() const {
    const json& e = session_.hello().value("engine", json::object());
    return "the engine (" + e.value("name", std::string("unnamed")) + ")";
  }

  // Both engines at the start of the case: its deal or its setup. Compares the positions.
  StepOutcome begin(Game& g, const hunt::Case& c) {
    g.config = c.config;
    json doc = house_doc(*c.config, library_);
    json start = {{"cmd", "new"}, {"ruleset", doc["ruleset"]}, {"variants", doc["variants"]}, {"options", doc["options"]}};
    if (c.deal) {
      doc["deal"] = start["deal"] = {{"players", c.start.num_players}, {"seed", c.deal->seed}, {"dealer", player_name(c.deal->dealer)}};
    } else {
      json setup = state_json(c.start, c.config->rules);
      setup.erase("round_over");
      setup.erase("game_over");
      start["setup"] = setup;
      doc["deal"] = {{"players", c.start.num_players}, {"seed", 0}};
    }
    g.house = parse_scenarios(json_text(doc), "lockstep", library_).front();
    g.ours = c.start;
    std::string why;
    g.theirs = session_.engine(why);
    if (!g.theirs) return StepOutcome::trouble("no engine: " + why);
    if (std::string no = unsupported(session_.hello(), g.house); !no.empty()) return {StepOutcome::Kind::kUnsupported, {}, no};
    const EngineProcess::Reply r = g.theirs->request(start);
    if (!r.answer) return StepOutcome::trouble("new " + json_text(start) + ": " + r.failure);
    if (!r.answer->value("ok", false)) {
      const json err = r.answer->value("error", json::object());
      if (err.value("code", "") == "unsupported") return {StepOutcome::Kind::kUnsupported, {}, "new: " + err.value("message", "")};
      if (c.deal) return StepOutcome::trouble("the engine refused the deal " + json_text(start["deal"]) + ": " + json_text(*r.answer));
      return {StepOutcome::Kind::kUnsupported, {}, "the engine refused the setup"};
    }
    StepOutcome o = compare_positions(g);
    if (o.kind == StepOutcome::Kind::kDiverged) {
      o.finding.check = c.deal ? "engine-deal" : "engine-position";
      o.finding.about_state = true;
    }
    return o;
  }

  // The steps the engine lists, each tried on meldcheck's engine: the first it refuses.
  StepOutcome compare_legal(Game& g, std::optional<Action>& refused) {
    if (!legal_compared_) return {};
    const EngineProcess::Reply r = g.theirs->request({{"cmd", "legal"}});
    if (!r.answer) return StepOutcome::trouble("legal: " + r.failure);
    if (!r.answer->value("ok", false)) return {};
    const json steps = r.answer->value("steps", json::array());
    const RuleSet& rules = g.config->rules;
    for (const json& step : steps) {
      ++report_.legal_steps;
      Step parsed;
      try {
        parsed = parse_step(json_text(step), "legal", rules, g.ours.num_players, library_);
      } catch (const InputError& e) {
        return StepOutcome::trouble("legal: a listed step does not read: " + json_text(step) + ": " + e.message());
      }
      GameState copy = g.ours;
      const Check v = apply_step(copy, rules, parsed);
      if (v == Check::kNone) continue;
      refused = parsed.action;
      if (parsed.action.player == kNoPlayer) refused->player = g.ours.to_move;
      StepOutcome o{StepOutcome::Kind::kDiverged, {}, ""};
      o.finding.check = "engine-legal";
      o.finding.message = engine_name() + " lists " + json_text(step) + " as legal; meldcheck refuses it (" + rules.rule_id(v) + ")";
      o.finding.note = engine_name() + " lists this step among the legal ones";
      o.finding.listed = false;
      return o;
    }
    return {};
  }

  // One step on both engines: the verdicts, then the positions.
  StepOutcome step(Game& g, const Action& a, Check& ours) {
    const RuleSet& r = g.config->rules;
    const json step = step_json(a, r, g.ours.to_move);
    ours = apply(g.ours, r, a);
    const EngineProcess::Reply reply = g.theirs->request({{"cmd", "apply"}, {"step", step}});
    if (!reply.answer) return StepOutcome::trouble("apply " + json_text(step) + ": " + reply.failure);
    const json& ans = *reply.answer;
    if (!ans.value("ok", false)) return StepOutcome::trouble("apply " + json_text(step) + ": the engine answered " + json_text(ans));
    const bool refused = ans.value("verdict", "") == "reject";
    std::string rule = ans.value("rule", "");
    if (auto m = session_.options().rule_map.find(ans.value("reason", "")); m != session_.options().rule_map.end()) rule = m->second;
    const std::string said = refused ? "reject (" + ans.value("reason", "") + (rule.empty() ? "" : ", " + rule) + ")" : "ok";
    const std::string we_said = ours == Check::kNone ? "ok" : "reject (" + r.rule_id(ours) + ")";
    const std::string written = "meldcheck: " + we_said + "; " + engine_name() + ": " + said;
    if (refused != (ours != Check::kNone)) return diverged("engine-verdict", json_text(step) + ": " + written, engine_name() + " answered " + said);
    if (refused && session_.options().strict_rule_ids && rule != r.rule_id(ours))
      return diverged("engine-rule", json_text(step) + ": " + written, engine_name() + " answered " + said);
    const json before = last_state_;
    StepOutcome o = compare_positions(g);
    if (o.kind == StepOutcome::Kind::kSame && refused && last_state_ != before) {
      // Every key the engine writes, those the contract does not compare too (turns, rng...).
      std::string keys;
      for (const auto& [key, value] : last_state_.items())
        if (!before.contains(key) || before[key] != value) keys += (keys.empty() ? "" : ", ") + key;
      return diverged("engine-refusal", json_text(step) + ": " + engine_name() + " refused it and its state changed (" + keys + ")",
                      engine_name() + " refused this step, and its state changed: " + keys);
    }
    if (o.kind == StepOutcome::Kind::kDiverged) o.finding.message = json_text(step) + " (" + we_said + "), then " + o.finding.message;
    return o;
  }

  // The engine's position against meldcheck's: the keys that differ.
  StepOutcome compare_positions(Game& g) {
    if (!positions_compared_) return {};
    const RuleSet& r = g.config->rules;
    const json ours = state_json(g.ours, r);
    ++report_.positions;
    if (!g.ours.hand_over) {  // while the hand goes on, `state` alone says it all
      const EngineProcess::Reply st = g.theirs->request({{"cmd", "state"}});
      if (!st.answer || !st.answer->value("ok", false))
        return StepOutcome::trouble("state: " + (st.answer ? json_text(*st.answer) : st.failure));
      last_state_ = st.answer->value("state", json::object());
      if (plainly_same(ours, last_state_, r)) return {};
    }
    std::string why;
    const std::optional<GameState> theirs = engine_position(*g.theirs, g.house, library_, why, &last_state_);
    if (!theirs) return StepOutcome::trouble(why);
    const json want = position_expect(g.ours, ours, r);
    if (unmet(want, *theirs, g).empty()) return {};
    // The keys that differ, each with meldcheck's value: the `then:` the scenario expects.
    std::string expect, differences;
    for (const auto& [key, value] : want.items()) {
      const std::vector<std::string> u = unmet({{key, value}}, *theirs, g);
      if (u.empty()) continue;
      expect += key + ": " + json_text(value) + "\n";
      for (const std::string& d : u) differences += (differences.empty() ? "" : "; ") + d;
    }
    StepOutcome o{StepOutcome::Kind::kDiverged, {}, ""};
    o.finding.check = "engine-position";
    o.finding.message = "the positions differ (expected: meldcheck's; got: " + engine_name() + "'s): " + differences;
    o.finding.expect = expect;
    o.finding.note = "the position of " + engine_name() + " after this step differs: " + differences;
    return o;
  }

  void start_run() {
    positions_compared_ = supports(session_.hello(), "state");
    legal_compared_ = settings_.legal != LegalCompare::kNone && supports(session_.hello(), "legal");
    if (!positions_compared_) report_.not_compared.push_back("positions (the engine does not answer state)");
    if (settings_.legal != LegalCompare::kNone && !legal_compared_) report_.not_compared.push_back("legal steps (the engine does not answer legal)");
  }

  // Replays a case on both engines: the same divergence at its last step (or, without
  // steps, at its start), else nullopt. What `shrink` keeps.
  std::optional<hunt::Finding> recheck(const hunt::Case& c, const std::string& kind) {
    Game g;
    StepOutcome o = begin(g, c);
    if (c.actions.empty()) return o.kind == StepOutcome::Kind::kDiverged && o.finding.check == kind ? std::optional(o.finding) : std::nullopt;
    if (o.kind != StepOutcome::Kind::kSame) return std::nullopt;
    for (size_t i = 0; i < c.actions.size(); ++i) {
      const bool last = i + 1 == c.actions.size();
      if (last && kind == "engine-legal") return listed_and_refused(g, c.actions[i]);
      Check verdict;
      o = step(g, c.actions[i], verdict);
      if (o.kind == StepOutcome::Kind::kDiverged && last && o.finding.check == kind) return finish(o.finding, g, verdict);
      if (o.kind != StepOutcome::Kind::kSame) return std::nullopt;
    }
    return std::nullopt;
  }

  // The finding as the scenario states it: meldcheck's verdict at the step, so that the
  // scenario passes on meldcheck and fails on the engine.
  hunt::Finding finish(hunt::Finding f, const Game& g, Check verdict) const {
    const RuleSet& r = g.config->rules;
    f.verdict = verdict == Check::kNone ? "ok" : "{ reject: " + r.rule_id(verdict) + " }";
    return f;
  }

 private:
  StepOutcome diverged(const std::string& check, const std::string& message, const std::string& note) {
    StepOutcome o{StepOutcome::Kind::kDiverged, {}, ""};
    o.finding.check = check;
    o.finding.message = message;
    o.finding.note = note;
    return o;
  }

  std::vector<std::string> unmet(const json& expect, const GameState& theirs, const Game& g) {
    json doc = house_doc(*g.config, library_);
    doc["deal"] = {{"players", theirs.num_players}, {"seed", 1}};
    doc["expect"] = expect;
    const Scenario sc = parse_scenarios(json_text(doc), "position", library_).front();
    return unmet_expectations(*sc.expect, theirs, g.config->rules);
  }

  // The last step of an `engine-legal` case: the engine lists it, meldcheck refuses it.
  std::optional<hunt::Finding> listed_and_refused(Game& g, const Action& a) {
    std::optional<Action> refused;
    StepOutcome o = compare_legal(g, refused);
    const RuleSet& r = g.config->rules;
    if (o.kind != StepOutcome::Kind::kDiverged || write_step(*refused, r, g.ours.to_move) != write_step(a, r, g.ours.to_move)) {
      // Another listed step may come first: look for this one among the listed.
      const EngineProcess::Reply reply = g.theirs->request({{"cmd", "legal"}});
      if (!reply.answer || !reply.answer->value("ok", false)) return std::nullopt;
      const std::string mine = write_step(a, r, g.ours.to_move);
      bool listed = false;
      for (const json& step : reply.answer->value("steps", json::array())) {
        try {
          const Step s = parse_step(json_text(step), "legal", r, g.ours.num_players, library_);
          Action b = s.action;
          if (b.player == kNoPlayer) b.player = g.ours.to_move;
          listed = listed || write_step(b, r, g.ours.to_move) == mine;
        } catch (const InputError&) {
        }
      }
      GameState copy = g.ours;
      const Check v = apply(copy, r, a);
      if (!listed || v == Check::kNone) return std::nullopt;
      o = StepOutcome{StepOutcome::Kind::kDiverged, {}, ""};
      o.finding.check = "engine-legal";
      o.finding.message = engine_name() + " lists " + mine + " as legal; meldcheck refuses it (" + r.rule_id(v) + ")";
      o.finding.note = engine_name() + " lists this step among the legal ones";
      o.finding.listed = false;
    }
    GameState copy = g.ours;
    return finish(o.finding, g, apply(copy, r, a));
  }

  EngineSession& session_;
  const RulesetLibrary& library_;
  const LockstepSettings& settings_;
  LockstepReport& report_;
  bool positions_compared_ = true, legal_compared_ = true;
  json last_state_;  // the engine's state as it last wrote it
};

std::string written_path(const std::string& dir, const std::string& check, uint64_t game) {
  std::filesystem::create_directories(dir);
  return (std::filesystem::path(dir) / (check + "-game-" + std::to_string(game) + ".yaml")).string();
}

// Shrinks the divergence and writes its scenario: the smallest case that still shows it,
// whose text passes on meldcheck and fails on the engine (else the game whole).
Divergence write_divergence(Lockstep& lockstep, EngineSession& session, LockstepReport& report, const hunt::Failure& failure,
                            const LockstepSettings& settings, const RulesetLibrary& library) {
  const std::string kind = failure.finding.check;
  const LockstepReport counted = report;  // the shrinker's replays are not the run's
  struct Restore {
    LockstepReport& to;
    const LockstepReport& from;
    ~Restore() { to.positions = from.positions, to.legal_steps = from.legal_steps; }
  } restore{report, counted};
  const hunt::Recheck still = [&](const hunt::Case& c) { return lockstep.recheck(c, kind); };
  hunt::Case shrunk = hunt::shrink(failure, still);
  std::optional<hunt::Finding> finding = still(shrunk);
  auto shows = [&](const std::string& text) {
    try {
      for (const Scenario& sc : parse_scenarios(text, "divergence.yaml", library))
        if (replay(sc).status != ScenarioResult::Status::kPass) return false;
    } catch (const InputError&) {
      return false;
    }
    const std::vector<EngineResult> on_engine = replay_text_on_engine(text, "divergence.yaml", library, session, NameFilter{});
    return std::any_of(on_engine.begin(), on_engine.end(), [](const EngineResult& r) { return r.status == EngineResult::Status::kFail; });
  };
  const hunt::Origin origin{settings.how + ", game " + std::to_string(failure.game.index), failure.trace.actions.size()};
  std::string text;
  if (finding) text = hunt::scenario_text(shrunk, *finding, origin, shows);
  if (!finding || !shows(text)) {
    // The whole game from its deal, the divergence at its last step.
    shrunk = hunt::Case{failure.game.config, hunt::DealInfo{failure.game.deal_seed, failure.game.players - 1}, failure.trace.start,
                        failure.trace.actions};
    finding = still(shrunk);
    text = hunt::scenario_text(shrunk, finding.value_or(failure.finding), {origin.how, 0}, shows);
  }
  Divergence d;
  d.kind = kind.substr(std::string("engine-").size());
  d.message = finding.value_or(failure.finding).message;
  d.game = failure.game.index;
  d.steps_before = failure.trace.actions.size();
  d.steps_after = shrunk.actions.size();
  d.path = written_path(settings.out, kind, failure.game.index);
  std::ofstream(d.path) << text;
  return d;
}

}  // namespace

namespace {

// What the jobs of a run share.
struct Shared {
  const hunt::ConfigSpace& space;
  const LockstepSettings& settings;
  const RulesetLibrary& library;
  const std::atomic<bool>& stop;
  std::chrono::steady_clock::time_point began = std::chrono::steady_clock::now();
  std::atomic<uint64_t> next_index{0}, played{0};
  std::atomic<bool> diverged{false};
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(); }
};

// One job: its own engine process, games taken in turn until the budget is spent.
void play_games(Shared& run, LockstepReport& report) {
  const LockstepSettings& settings = run.settings;
  EngineSession session(settings.engine);
  std::string why;
  if (!session.engine(why)) throw std::runtime_error("the engine cannot be started: " + why);
  const json& e = session.hello().value("engine", json::object());
  report.engine = e.value("name", std::string("?")) + (e.contains("version") ? " " + e.value("version", std::string()) : "");
  Lockstep lockstep(session, run.library, settings, report);
  lockstep.start_run();
  int troubled_in_a_row = 0;
  while (!run.diverged.load()) {
    if (run.stop.load()) {
      report.interrupted = true;
      break;
    }
    if (settings.seconds ? run.elapsed() >= *settings.seconds : run.played.load() >= settings.games) break;
    if (troubled_in_a_row >= kTroubledGamesAtMost) {
      report.engine_failures.push_back("the engine failed " + std::to_string(kTroubledGamesAtMost) + " games in a row: given up");
      break;
    }
    const uint64_t index = run.next_index++;
    const hunt::GameSpec spec = run.space.game(settings.seed, index);
    const RuleSet& r = spec.config->rules;
    hunt::Failure failure;
    failure.game = spec;
    hunt::Case start{spec.config, hunt::DealInfo{spec.deal_seed, spec.players - 1},
                     new_match(r, spec.players, spec.deal_seed, spec.players - 1), {}};
    failure.trace.start = start.start;
    Game g;
    StepOutcome o = lockstep.begin(g, start);
    if (o.kind == StepOutcome::Kind::kUnsupported) {
      ++report.skipped[o.why];
      continue;
    }
    if (!settings.seconds && run.played++ >= settings.games) break;  // another job took the last game
    ++report.games;
    RandomPlayer player(spec.play_seed);
    SplitMix64 coin{spec.play_seed ^ 0x5851F42D4C957F2Dull};
    int hands = 0;
    int64_t steps = 0;
    while (o.kind == StepOutcome::Kind::kSame && !g.ours.game_over && steps <= int64_t(r.max_turns) * kStepsPerTurnAtMost) {
      if (g.ours.hand_over && !settings.whole_match) break;
      const GameState before = g.ours;
      if (settings.legal == LegalCompare::kAll || (settings.legal == LegalCompare::kSampled && steps % hunt::kSampleEvery == 0)) {
        std::optional<Action> refused;
        o = lockstep.compare_legal(g, refused);
        if (o.kind == StepOutcome::Kind::kDiverged) {
          failure.trace.actions.push_back(*refused);
          failure.at = before;
          break;
        }
        if (o.kind != StepOutcome::Kind::kSame) break;
      }
      Action chosen;
      if (g.ours.hand_over) {
        chosen.kind = ActionKind::kNextHand;
        chosen.player = g.ours.to_move;
        chosen.seed = hunt::next_hand_seed(spec, hands);
      } else if (settings.arbitrary > 0 && double(coin.next() >> 11) * 0x1.0p-53 < settings.arbitrary) {
        chosen = player.arbitrary(g.ours, r);
      } else {
        const Action* a = player.choose(g.ours, r, Policy::kRandom);
        if (!a) break;
        chosen = *a;
      }
      Check verdict;
      failure.trace.actions.push_back(chosen);
      failure.at = before;
      o = lockstep.step(g, chosen, verdict);
      ++report.steps;
      ++steps;
      report.refused += verdict != Check::kNone;
      if (g.ours.hand_over && !before.hand_over) ++report.hands, ++hands;
      if (o.kind == StepOutcome::Kind::kDiverged) o.finding = lockstep.finish(o.finding, g, verdict);
    }
    if (o.kind == StepOutcome::Kind::kTrouble) {
      report.engine_failures.push_back("game " + std::to_string(index) + ", step " + std::to_string(failure.trace.actions.size()) +
                                       ": " + o.why);
      ++troubled_in_a_row;
      continue;
    }
    troubled_in_a_row = 0;
    if (o.kind == StepOutcome::Kind::kDiverged) {
      run.diverged = true;
      failure.finding = o.finding;
      if (o.finding.check == "engine-deal") failure.trace.actions.clear();
      report.divergence = write_divergence(lockstep, session, report, failure, settings, run.library);
      break;
    }
  }
}

}  // namespace

LockstepReport run_lockstep(const hunt::ConfigSpace& space, const LockstepSettings& settings, const RulesetLibrary& library,
                            const std::atomic<bool>& stop) {
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
        run.diverged = true;  // stops the others
      }
    });
  for (std::thread& t : threads) t.join();
  for (const std::string& e : errors)
    if (!e.empty()) throw std::runtime_error(e);
  LockstepReport all = reports[0];
  all.divergence.reset();
  all.engine_failures.clear();
  all.skipped.clear();
  all.games = all.hands = all.steps = all.refused = all.positions = all.legal_steps = 0;
  for (const LockstepReport& r : reports) {
    all.games += r.games, all.hands += r.hands, all.steps += r.steps, all.refused += r.refused;
    all.positions += r.positions, all.legal_steps += r.legal_steps;
    for (const auto& [why, n] : r.skipped) all.skipped[why] += n;
    all.engine_failures.insert(all.engine_failures.end(), r.engine_failures.begin(), r.engine_failures.end());
    all.interrupted |= r.interrupted;
    if (r.divergence && (!all.divergence || r.divergence->game < all.divergence->game)) all.divergence = r.divergence;
  }
  all.seconds = run.elapsed();
  return all;
}

void write_lockstep_report(std::ostream& out, const LockstepReport& r, bool as_json) {
  if (as_json) {
    json j = {{"engine", r.engine},           {"games", r.games},         {"hands", r.hands},
              {"steps", r.steps},             {"refused", r.refused},     {"positions_compared", r.positions},
              {"legal_steps_tried", r.legal_steps}, {"skipped", r.skipped}, {"not_compared", r.not_compared},
              {"engine_failures", r.engine_failures}, {"interrupted", r.interrupted}, {"seconds", r.seconds}};
    if (r.divergence) {
      const Divergence& d = *r.divergence;
      j["divergence"] = {{"kind", d.kind}, {"message", d.message}, {"scenario", d.path}, {"game", d.game},
                         {"steps_before", d.steps_before}, {"steps_after", d.steps_after}};
    }
    out << json_text(j, 2) << "\n";
    return;
  }
  out << "meldcheck against " << r.engine << ": " << r.games << " games, " << r.hands << " hands, " << r.steps << " steps ("
      << r.refused << " refused), " << r.positions << " positions compared, " << r.legal_steps
      << " listed steps tried, in " << int(r.seconds + 0.5) << " s\n";
  for (const auto& [why, n] : r.skipped) out << "skipped " << n << " games: " << why << "\n";
  for (const std::string& what : r.not_compared) out << "not compared: " << what << "\n";
  for (const std::string& f : r.engine_failures) out << "engine failure: " << f << "\n";
  if (r.divergence) {
    const Divergence& d = *r.divergence;
    out << "DIVERGENCE (" << d.kind << ") in game " << d.game << ": " << d.message << "\n";
    out << "  written to " << d.path << " (" << d.steps_after << " steps, shrunk from " << d.steps_before
        << "): it passes on meldcheck and fails on the engine (meldcheck replay --engine)\n";
  } else {
    out << (r.interrupted ? "interrupted: no divergence so far" : "no divergence");
    if (!r.engine_failures.empty()) out << ", but the engine failed (above)";
    out << "\n";
  }
}

}  // namespace meldcheck
