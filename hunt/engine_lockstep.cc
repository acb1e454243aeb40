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
// key the contract compares.
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
  // The facts another engine tells (engine/position_facts.h).
#define MELDCHECK_EXPECT_FACT(type, member, initial, key, expect_key, codec, told) \
  if (engine_tells(facts::told{}, key, s, r)) e[expect_key] = fact_json(facts::codec{}, s.member);
  MELDCHECK_POSITION_FACTS(MELDCHECK_EXPECT_FACT)
#undef MELDCHECK_EXPECT_FACT
  return e;
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
  EngineJudge(EngineSession& session, const RulesetLibrary& library, const LockstepSettings& settings, LockstepReport& report,
              std::shared_ptr<const hunt::Config> config, int players)
      : session_(session), library_(library), settings_(settings), report_(report), config_(std::move(config)),
        house_(read_house(*config_, players, library_)) {}

  // Why the engine does not play the house (from its hello); empty when it does.
  std::string unsupported_house() const { return unsupported(session_.hello(), house_); }
  // Why the engine stopped answering (a crash, a hang, garbage), when it did.
  const std::string& trouble() const { return trouble_; }
  // Why the engine would not play the game (a house, a setup), when it would not.
  const std::string& unplayed() const { return unplayed_; }
  bool halted() const override { return !trouble_.empty() || !unplayed_.empty(); }

  std::optional<hunt::Finding> starts(const GameState& s, const hunt::DealInfo* dealt) override {
    json doc = house_doc(*config_, library_);
    if (dealt) {
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
      case EngineAnswer::Kind::kRefused:
        if (dealt) trouble_ = "the engine refused the deal " + json_text(doc["deal"]) + ": " + a.detail;
        else unplayed_ = "the engine refused the setup";
        return std::nullopt;
    }
    legal_compared_ = settings_.legal != LegalCompare::kNone && supports(session_.hello(), "legal");
    std::optional<hunt::Finding> f = compare_positions(s);
    if (f) {
      f->check = dealt ? "engine-deal" : "engine-position";
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
      const Check v = apply(copy, r, a);
      if (v == Check::kNone) continue;
      return hunt::Checker::Probe{a, listed_finding(a, s, v)};
    }
    return std::nullopt;
  }

  // The step on the other engine too: the verdicts, then the positions.
  std::optional<hunt::Finding> after(const GameState& before, const Action& a, bool, Check ours, const GameState& after) override {
    const RuleSet& r = config_->rules;
    const std::string step = json_text(step_json(a, r, before.to_move));
    report_.refused += ours != Check::kNone;
    const EngineAnswer theirs = engine_->apply(a);
    if (theirs.kind == EngineAnswer::Kind::kTrouble) return trouble_ = "apply " + step + ": " + theirs.detail, std::nullopt;
    const bool refused = theirs.kind == EngineAnswer::Kind::kRefused;
    const std::string we_said = ours == Check::kNone ? "ok" : "reject (" + r.rule_id(ours) + ")";
    const std::string written = "meldcheck: " + we_said + "; " + engine_name() + ": " + theirs.said;
    std::optional<hunt::Finding> f;
    if (refused != (ours != Check::kNone)) {
      f = diverged("engine-verdict", step + ": " + written, engine_name() + " answered " + theirs.said);
    } else if (refused && session_.options().strict_rule_ids && theirs.rule != r.rule_id(ours)) {
      f = diverged("engine-rule", step + ": " + written, engine_name() + " answered " + theirs.said);
    } else if (refused && !theirs.broke.empty()) {
      f = diverged("engine-refusal", step + ": " + engine_name() + " " + theirs.broke, engine_name() + " " + theirs.broke);
    } else if ((f = compare_positions(after))) {
      f->message = step + " (" + we_said + "), then " + f->message;
    }
    if (f) f->verdict = ours == Check::kNone ? "ok" : "{ reject: " + r.rule_id(ours) + " }";
    return f;
  }

  std::optional<hunt::Finding> stuck(const GameState&) override { return std::nullopt; }

  // The last step of an `engine-legal` case: the engine lists it, meldcheck refuses it.
  std::optional<hunt::Finding> probe_again(const GameState& s, const Action& a) override {
    if (!legal_compared_) return std::nullopt;
    const RuleSet& r = config_->rules;
    GameState copy = s;
    const Check v = apply(copy, r, a);
    std::string why;
    const std::optional<std::vector<Action>> listed = engine_->legal(why);
    if (v == Check::kNone || !listed) return std::nullopt;
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

  static hunt::Finding diverged(const std::string& check, const std::string& message, const std::string& note) {
    hunt::Finding f;
    f.check = check;
    f.message = message;
    f.note = note;
    return f;
  }

  hunt::Finding listed_finding(const Action& a, const GameState& s, Check v) const {
    const RuleSet& r = config_->rules;
    hunt::Finding f = diverged("engine-legal",
                               engine_name() + " lists " + json_text(step_json(a, r, s.to_move)) + " as legal; meldcheck refuses it (" +
                                   r.rule_id(v) + ")",
                               engine_name() + " lists this step among the legal ones");
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
    const json want = position_expect(ours, state_json(ours, r), r);
    if (unmet(want, *theirs).empty()) return std::nullopt;
    // The keys that differ, each with meldcheck's value: the `then:` the scenario expects.
    std::string expect, differences;
    for (const auto& [key, value] : want.items()) {
      const std::vector<std::string> u = unmet({{key, value}}, *theirs);
      if (u.empty()) continue;
      expect += key + ": " + json_text(value) + "\n";
      for (const std::string& d : u) differences += (differences.empty() ? "" : "; ") + d;
    }
    hunt::Finding f = diverged("engine-position",
                               "the positions differ (expected: meldcheck's; got: " + engine_name() + "'s): " + differences,
                               "the position of " + engine_name() + " after this step differs: " + differences);
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
  std::unique_ptr<GameEngine> engine_;
  bool legal_compared_ = false;
  std::string trouble_, unplayed_;
};

// Whole seconds, but tenths under ten.
std::string seconds_text(double seconds) {
  if (seconds >= 10) return std::to_string(int(seconds + 0.5)) + " s";
  const int tenths = int(seconds * 10 + 0.5);
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
}

// What an engine does not answer, said once a run.
void note_not_compared(const EngineSession& session, const LockstepSettings& settings, LockstepReport& report) {
  if (!supports(session.hello(), "state")) report.not_compared.push_back("positions (the engine does not answer state)");
  if (settings.legal != LegalCompare::kNone && !supports(session.hello(), "legal"))
    report.not_compared.push_back("legal steps (the engine does not answer legal)");
}

std::string written_path(const std::string& dir, const std::string& check, uint64_t game) {
  std::filesystem::create_directories(dir);
  return (std::filesystem::path(dir) / (check + "-game-" + std::to_string(game) + ".yaml")).string();
}

// Shrinks the divergence and writes its scenario: the smallest case that still shows it,
// whose text passes on meldcheck and fails on the engine (else the game whole).
Divergence write_divergence(EngineSession& session, LockstepReport& report, const hunt::Failure& failure,
                            const LockstepSettings& settings, const RulesetLibrary& library) {
  const std::string kind = failure.finding.check;
  const LockstepReport counted = report;  // the shrinker's replays are not the run's
  struct Restore {
    LockstepReport& to;
    const LockstepReport& from;
    ~Restore() { to.positions = from.positions, to.legal_steps = from.legal_steps, to.refused = from.refused; }
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

// One job: its own engine process, games taken in turn until the budget is spent, each
// played by simulate's loop with the engine as its judge.
void play_games(Shared& run, LockstepReport& report) {
  const LockstepSettings& settings = run.settings;
  EngineSession session(settings.engine);
  const auto began = std::chrono::steady_clock::now();
  std::string why;
  if (!session.engine(why)) throw std::runtime_error("the engine cannot be started: " + why);
  const json& e = session.hello().value("engine", json::object());
  report.engine = e.value("name", std::string("?")) + (e.contains("version") ? " " + e.value("version", std::string()) : "");
  note_not_compared(session, settings, report);
  hunt::PlaySettings play;
  play.policy = Policy::kRandom;
  play.arbitrary = settings.arbitrary;
  play.whole_match = settings.whole_match;
  play.from_positions = settings.from_positions;
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
    EngineJudge judge(session, run.library, settings, report, spec.config, spec.players);
    if (const std::string no = judge.unsupported_house(); !no.empty()) {
      ++report.skipped[no];
      continue;
    }
    if (!settings.seconds && run.played++ >= settings.games) break;  // another job took the last game
    ++report.games;
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
    if (failure) {
      run.diverged = true;
      report.divergence = write_divergence(session, report, *failure, settings, run.library);
      break;
    }
  }
  report.job_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  report.engine_seconds = session.waited().count();
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
  all.job_seconds = all.engine_seconds = 0;
  all.jobs = jobs;
  for (const LockstepReport& r : reports) {
    all.games += r.games, all.hands += r.hands, all.steps += r.steps, all.refused += r.refused;
    all.positions += r.positions, all.legal_steps += r.legal_steps;
    all.job_seconds += r.job_seconds, all.engine_seconds += r.engine_seconds;
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
              {"engine_failures", r.engine_failures}, {"interrupted", r.interrupted}, {"seconds", r.seconds},
              {"jobs", r.jobs}, {"engine_seconds", r.engine_seconds},
              {"meldcheck_seconds", r.job_seconds - r.engine_seconds}};
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
  const double share = r.job_seconds > 0 ? r.engine_seconds / r.job_seconds : 0;
  out << "engine replies: " << seconds_text(r.engine_seconds) << " (" << int(100 * share + 0.5) << "%), meldcheck: "
      << seconds_text(r.job_seconds - r.engine_seconds) << (r.jobs > 1 ? ", summed over the jobs" : "") << "\n";
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
