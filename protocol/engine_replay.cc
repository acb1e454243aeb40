#include "protocol/engine_replay.h"

#include <algorithm>
#include <ostream>

#include "files/json_text.h"
#include "protocol/engine_features.h"
#include "protocol/protocol.h"
#include "harness/replay.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"

namespace meldcheck {

using nlohmann::json;

namespace {
constexpr std::chrono::milliseconds kStartupTimeout{10000};
}  // namespace

std::map<std::string, std::string> read_rule_map(const std::string& file) {
  std::map<std::string, std::string> map;
  if (file.empty()) return map;
  try {
    const json object = json::parse(read_text_file(file, 1 << 20));
    if (!object.is_object()) throw std::invalid_argument(file + ": not a JSON object of strings");
    for (const auto& [reason, rule] : object.items()) map[reason] = rule.get<std::string>();
  } catch (const json::exception& e) {
    throw std::invalid_argument(file + ": not a JSON object of strings: " + e.what());
  } catch (const InputError& e) {
    throw std::invalid_argument(e.what());
  }
  return map;
}

EngineProcess* EngineSession::engine(std::string& why) {
  if (process_ && process_->alive()) return process_.get();
  ++restarts_;
  retire();
  try {
    process_ = options_.recorded ? EngineProcess::recorded(*options_.recorded, options_.timeout)
                                 : std::make_unique<EngineProcess>(options_.command, options_.timeout);
  } catch (const std::exception& e) {
    why = e.what();
    return nullptr;
  }
  // Starting up (an interpreter, a JIT, a shim) may take longer than an answer should.
  process_->set_timeout(std::max(options_.timeout, kStartupTimeout));
  EngineProcess::Reply r = process_->request({{"cmd", "hello"}, {"protocol", kProtocolVersion}});
  process_->set_timeout(options_.timeout);
  if (!r.answer) {
    why = "hello: " + r.failure;
    return nullptr;
  }
  // Read as the engine wrote it, whatever that is: `ok` a boolean, `protocol` an integer (a
  // number read as an int would be undefined past int's range: 1e70).
  const json& hello = *r.answer;
  const auto ok = hello.find("ok"), version = hello.find("protocol");
  const bool speaks = ok != hello.end() && *ok == true && version != hello.end() && version->is_number_integer() &&
                      *version == kProtocolVersion;
  if (!speaks) {
    why = "hello: the engine does not speak protocol " + std::to_string(kProtocolVersion) + ": " + json_text(*r.answer);
    retire();
    return nullptr;
  }
  if (const std::string problem = hello_problem(*r.answer); !problem.empty()) {
    why = "hello: the answer breaks the protocol (spec/engine-protocol.schema.json): " + problem;
    retire();
    return nullptr;
  }
  hello_ = *r.answer;
  return process_.get();
}

void EngineSession::retire() {
  if (process_) waited_ += process_->waited();
  process_.reset();
}

namespace {

// A field of an answer, or null: an engine's answer may have any shape.
const json& field(const json& o, const std::string& key) {
  static const json none;
  return o.is_object() && o.contains(key) ? o[key] : none;
}

bool lists(const json& list, const std::string& item) {
  return list.is_array() && std::find(list.begin(), list.end(), item) != list.end();
}

}  // namespace

std::string unsupported(const json& hello, const Scenario& sc, const RulesetLibrary& library) {
  const RulesetSpec* spec = library.find(sc.ruleset);
  return spec ? offered_by(hello).refuses(*spec, sc.variants, sc.options) : "no ruleset " + sc.ruleset;
}

bool supports(const json& hello, const std::string& request) { return lists(field(hello, "requests"), request); }

std::string not_applicable(const json& hello, const Scenario& sc, const RulesetLibrary& library, bool hold_own_rules) {
  if (std::string no = unsupported(hello, sc, library); !no.empty()) return no;
  return not_applicable(needs_of(sc), engine_features(hello, sc.ruleset), hold_own_rules);
}

namespace {

// The position the engine is in, read back through the scenario reader under the house of
// `sc`: its `state` (asked, unless given) as a setup, and from `score` what a setup does not
// hold (the hand's end and scores). nullopt with `why` set when the engine fails or its
// state does not read.
std::optional<GameState> engine_position(EngineProcess& e, const Scenario& sc, const RulesetLibrary& library,
                                         std::string& why, const json* state) {
  json setup;
  if (state) {
    setup = *state;
  } else {
    EngineProcess::Reply st = e.request({{"cmd", "state"}});
    if (!st.answer || !st.answer->value("ok", false)) {
      why = "state: " + (st.answer ? json_text(*st.answer) : st.failure);
      return std::nullopt;
    }
    setup = (*st.answer)["state"];
  }
  // The state as a setup: its round_over is the setup's hand_over, and what `score` says
  // of the hand's end, the totals and the winners is stated with it.
  const bool round_over = setup.value("round_over", false), game_over = setup.value("game_over", false);
  setup.erase("round_over");
  setup["hand_over"] = round_over;
  setup["game_over"] = game_over;
  EngineProcess::Reply sr = e.request({{"cmd", "score"}});
  if (sr.answer && sr.answer->value("ok", false) && setup.contains("players")) {
    const json& a = *sr.answer;
    setup["hand_over"] = a.value("round_over", round_over);
    setup["game_over"] = a.value("game_over", game_over);
    if (a.contains("round_scores")) setup["round_scores"] = a["round_scores"];
    const json totals = a.value("totals", json::object());
    for (const auto& [name, total] : totals.items())
      if (setup["players"].contains(name)) setup["players"][name]["total"] = total;
    setup["winner"] = a.value("winner", json::array());
  }
  json doc = {{"name", "state"}, {"ruleset", sc.ruleset}, {"setup", setup}};
  if (!sc.variants.empty()) doc["variants"] = sc.variants;
  if (!sc.options.empty()) doc["options"] = sc.options;
  try {
    return parse_scenarios(json_text(doc), "state", library).front().start;
  } catch (const InputError& err) {
    why = "the engine's state does not read as a setup: " + err.message();
    return std::nullopt;
  }
}


// Whether the engine's `state` is meldcheck's position as written, hands in any order:
// then the positions are the same and the reader need not be asked. False says nothing
// (a set written in another order, another form of a stand-in, an owner in Rummikub).
bool plainly_same(const json& ours, const json& theirs, const RuleSet& r) {
  if (!theirs.is_object() || theirs.value("round_over", false) || theirs.value("game_over", false)) return false;
  auto same = [&](const char* key) { return ours.contains(key) == theirs.contains(key) && (!ours.contains(key) || ours[key] == theirs[key]); };
  if (!same("discard") || !same("stock")) return false;
  // The facts the state tells while a hand goes on (engine/position_facts.h).
#define MELDCHECK_SAME_FACT(type, member, initial, key, expect_key, codec, told) \
  if (in_play_state(facts::told{}) && !same(key)) return false;
  MELDCHECK_POSITION_FACTS(MELDCHECK_SAME_FACT)
#undef MELDCHECK_SAME_FACT
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

// Another engine, behind the protocol: the scenario's setup or deal and its steps sent as
// written; a refusal's position compared with the one before it.
class ProtocolEngine : public GameEngine {
 public:
  ProtocolEngine(EngineSession& session, const RulesetLibrary& library) : session_(session), library_(library) {}

  EngineAnswer start(const Scenario& sc, const YamlNode& doc) override {
    sc_ = &sc;
    steps_ = doc.find("steps");
    std::string why;
    e_ = session_.engine(why);
    if (!e_) return EngineAnswer::of(EngineAnswer::Kind::kNoEngine, why);
    if (const std::string no = not_applicable(session_.hello(), sc, library_, session_.options().hold_own_rules); !no.empty())
      return EngineAnswer::of(EngineAnswer::Kind::kUnsupported, no);
    rule_ids_ = engine_features(session_.hello(), sc.ruleset).rule_ids;
    positions_ = supports(session_.hello(), "state");
    legal_ = supports(session_.hello(), "legal");
    seen_.reset();
    json start = {{"cmd", "new"}, {"ruleset", sc.ruleset}, {"variants", sc.variants}, {"options", sc.options}};
    if (const YamlNode* setup = doc.find("setup")) start["setup"] = yaml_to_json(*setup);
    if (const YamlNode* deal = doc.find("deal")) start["deal"] = yaml_to_json(*deal);
    const EngineProcess::Reply r = e_->request(start);
    if (!r.answer) return trouble("new: " + r.failure);
    if (r.answer->value("ok", false)) return {};
    const json err = r.answer->value("error", json::object());
    if (err.value("code", "") == "unsupported") return EngineAnswer::of(EngineAnswer::Kind::kUnsupported, "new: " + err.value("message", ""));
    if (err.value("code", "") == "internal") return trouble("new: the engine failed on its own: " + err.value("message", ""));
    EngineAnswer refused = EngineAnswer::of(EngineAnswer::Kind::kRefused, err.value("message", json_text(*r.answer)));
    refused.rule = err.contains("rule") && err["rule"].is_string() ? err["rule"].get<std::string>() : "";
    return refused;
  }

  std::optional<bool> lists(size_t index) override {
    if (!legal_) return std::nullopt;
    int mover = 0;
    if (positions_) {
      std::string why;
      if (const json* now = state(why)) {
        const json& to_move = field(*now, "to_move");
        if (to_move.is_string() && !to_move.get<std::string>().empty()) mover = to_move.get<std::string>()[0] - 'A';
      }
    }
    std::string why;
    const std::optional<std::vector<Action>> listed = legal(why);
    if (!listed) return std::nullopt;
    // The same move however it is written, where the engine tells its position: the engine
    // may list a joker by its canonical stand-in where the scenario writes it bare.
    Action wanted = sc_->steps[index].action;
    if (wanted.player == kNoPlayer) wanted.player = uint8_t(mover);
    if (const std::optional<GameState> at = positions_ ? position(why, nullptr) : std::nullopt)
      return std::any_of(listed->begin(), listed->end(), [&](Action a) {
        if (a.player == kNoPlayer) a.player = uint8_t(mover);
        return same_move(*at, sc_->rules, a, wanted);
      });
    const std::string text = step_text(wanted, mover);
    return std::any_of(listed->begin(), listed->end(), [&](const Action& a) { return step_text(a, mover) == text; });
  }
  bool lists_every_step() const override { return false; }  // an engine need not list every legal step

  std::optional<std::vector<Action>> legal(std::string& why) override {
    const EngineProcess::Reply r = e_->request({{"cmd", "legal"}});
    if (!r.answer) return why = "legal: " + r.failure, std::nullopt;
    if (!r.answer->value("ok", false)) return why = "legal: the engine answered " + json_text(*r.answer), std::nullopt;
    std::vector<Action> out;
    for (const json& listed : field(*r.answer, "steps")) {
      try {
        out.push_back(parse_step(json_text(listed), "legal", sc_->rules, sc_->start.num_players, library_).action);
      } catch (const InputError& e) {
        why = "legal: a listed step does not read: " + json_text(listed) + ": " + e.message();
        return std::nullopt;
      }
    }
    return out;
  }

  EngineAnswer apply(size_t index) override {
    json step = yaml_to_json(steps_->items[index]);
    if (step.is_object()) {
      step.erase("expect");
      step.erase("then");
    }
    return send(step);
  }

  // The player named on every step: the engine need not know whose turn meldcheck thinks it is.
  EngineAnswer apply(const Action& a) override { return send(step_json(a, sc_->rules, kNoPlayer)); }

  std::optional<GameState> position(std::string& why, const GameState* expected) override {
    const json* now = state(why);
    if (!now) return std::nullopt;
    // While a hand goes on, `state` alone says it all.
    if (expected && !expected->hand_over && plainly_same(state_json(*expected, sc_->rules), *now, sc_->rules)) return *expected;
    return engine_position(*e_, *sc_, library_, why, now);
  }
  bool tells_positions() const override { return positions_; }
  bool rule_ids_compared() const override { return session_.options().strict_rule_ids && rule_ids_; }

 private:
  static EngineAnswer trouble(std::string why) { return EngineAnswer::of(EngineAnswer::Kind::kTrouble, std::move(why)); }

  // The step sent; a refusal's position compared with the one before it.
  EngineAnswer send(const json& step) {
    std::string why;
    json before;
    if (positions_) {
      const json* now = state(why);
      if (!now) return trouble(why);
      before = *now;
    }
    seen_.reset();
    const EngineProcess::Reply r = e_->request({{"cmd", "apply"}, {"step", step}});
    if (!r.answer) return trouble(r.failure);
    const json& a = *r.answer;
    if (!a.value("ok", false)) return trouble("the engine answered " + json_text(a));
    EngineAnswer out;
    if (a.value("verdict", "") != "reject") {
      out.said = "ok";
      return out;
    }
    out.kind = EngineAnswer::Kind::kRefused;
    out.rule = a.value("rule", "");
    out.reason = a.value("reason", "");
    const auto& map = session_.options().rule_map;
    if (const auto m = map.find(a.value("reason", "")); m != map.end()) out.rule = m->second;
    out.said = "reject (" + a.value("reason", "") + (a.contains("rule") ? ", " + a.value("rule", "") : "") + ")";
    if (positions_) {  // a refusal leaves the position exactly as it was
      const json* after = state(why);
      if (!after) return trouble(why);
      if (*after != before) {
        // Every key the engine writes, those the contract does not compare too (turns, rng...).
        std::string keys;
        for (const auto& [key, value] : after->items())
          if (!before.contains(key) || before[key] != value) keys += (keys.empty() ? "" : ", ") + key;
        out.promise = "a refused step to change nothing";
        out.broke = "refused, but the position changed (" + keys + ")";
      }
    }
    return out;
  }

  // The engine's `state` now: asked once between steps.
  const json* state(std::string& why) {
    if (seen_) return &*seen_;
    const EngineProcess::Reply now = e_->request({{"cmd", "state"}});
    if (!now.answer || !now.answer->value("ok", false)) {
      why = "state: " + (now.answer ? json_text(*now.answer) : now.failure);
      return nullptr;
    }
    seen_ = field(*now.answer, "state");
    return &*seen_;
  }

  std::string step_text(Action a, int mover) const {
    if (a.player == kNoPlayer) a.player = uint8_t(mover);
    return write_step(a, sc_->rules, mover);
  }

  EngineSession& session_;
  const RulesetLibrary& library_;
  const Scenario* sc_ = nullptr;
  const YamlNode* steps_ = nullptr;
  std::optional<json> seen_;  // the engine's state since the last step
  EngineProcess* e_ = nullptr;
  bool positions_ = false, legal_ = false, rule_ids_ = true;
};

}  // namespace

std::unique_ptr<GameEngine> protocol_engine(EngineSession& session, const RulesetLibrary& library) {
  return std::make_unique<ProtocolEngine>(session, library);
}

namespace {

ScenarioResult unreadable(const std::string& path, const InputError& e) {
  ScenarioResult r;
  r.status = ScenarioResult::Status::kError;
  r.file = path;
  r.error = e.what();
  return r;
}

}  // namespace

std::vector<ScenarioResult> replay_file_on_engine(const std::string& path, const RulesetLibrary& library,
                                                  EngineSession& session, const NameFilter& filter) {
  try {
    return replay_text_on_engine(read_text_file(path, YamlLimits{}.max_bytes), path, library, session, filter);
  } catch (const InputError& e) {
    return {unreadable(path, e)};
  }
}

std::vector<ScenarioResult> replay_text_on_engine(const std::string& text, const std::string& path, const RulesetLibrary& library,
                                                  EngineSession& session, const NameFilter& filter) {
  std::vector<ScenarioResult> out;
  try {
    const std::vector<Scenario> scenarios = parse_scenarios(text, path, library);
    std::vector<YamlNode> docs = parse_yaml(text, path);
    std::erase_if(docs, [](const YamlNode& d) { return d.is_null(); });
    for (size_t i = 0; i < scenarios.size() && i < docs.size(); ++i)
      if (filter.accepts({scenarios[i].name, path}) && of_rulesets(session.options().rulesets, scenarios[i].ruleset))
        out.push_back(replay_scenario_on_engine(scenarios[i], docs[i], path, library, session));
  } catch (const InputError& e) {
    out.push_back(unreadable(path, e));
  }
  return out;
}

ScenarioResult replay_scenario_on_engine(const Scenario& scenario, const YamlNode& doc, const std::string& path,
                                         const RulesetLibrary& library, EngineSession& session) {
  try {
    ProtocolEngine engine(session, library);
    return replay_on(engine, scenario, doc);
  } catch (const nlohmann::json::exception& e) {  // an answer of the wrong shape
    ScenarioResult malformed;
    malformed.status = ScenarioResult::Status::kFail;
    malformed.file = path;
    malformed.name = scenario.name;
    malformed.ruleset = scenario.ruleset;
    malformed.clauses = cited_clauses(scenario);
    malformed.happened = std::string("the engine's answer is malformed: ") + e.what();
    return malformed;
  }
}

}  // namespace meldcheck
