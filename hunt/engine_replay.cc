#include "hunt/engine_replay.h"

#include <algorithm>
#include <ostream>

#include "files/json_text.h"
#include "hunt/protocol.h"
#include "hunt/replay.h"
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
  if (!r.answer->value("ok", false) || r.answer->value("protocol", 0) != kProtocolVersion) {
    why = "hello: the engine does not speak protocol " + std::to_string(kProtocolVersion) + ": " + json_text(*r.answer);
    process_.reset();
    return nullptr;
  }
  hello_ = *r.answer;
  return process_.get();
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

std::string unsupported(const json& hello, const Scenario& sc) {
  const json* rs = nullptr;
  if (field(hello, "rulesets").is_array())
    for (const json& r : field(hello, "rulesets"))
      if (field(r, "id") == sc.ruleset) rs = &r;
  if (!rs) return "the engine does not play " + sc.ruleset;
  for (const std::string& v : sc.variants)
    if (!lists(field(*rs, "variants"), v)) return "the engine does not play variant " + v;
  for (const auto& [o, choice] : sc.options)
    if (!lists(field(field(*rs, "options"), o), choice)) return "the engine does not play option " + o + "=" + choice;
  return "";
}

bool supports(const json& hello, const std::string& request) { return lists(field(hello, "requests"), request); }

std::optional<GameState> engine_position(EngineProcess& e, const Scenario& sc, const RulesetLibrary& library,
                                         std::string& why, json* state) {
  EngineProcess::Reply st = e.request({{"cmd", "state"}});
  if (!st.answer || !st.answer->value("ok", false)) {
    why = "state: " + (st.answer ? json_text(*st.answer) : st.failure);
    return std::nullopt;
  }
  json setup = (*st.answer)["state"];
  if (state) *state = setup;
  const bool round_over = setup.value("round_over", false), game_over = setup.value("game_over", false);
  setup.erase("round_over");
  setup.erase("game_over");
  json doc = {{"name", "state"}, {"ruleset", sc.ruleset}, {"setup", setup}};
  if (!sc.variants.empty()) doc["variants"] = sc.variants;
  if (!sc.options.empty()) doc["options"] = sc.options;
  GameState s;
  try {
    s = parse_scenarios(json_text(doc), "state", library).front().start;
  } catch (const InputError& err) {
    why = "the engine's state does not read as a setup: " + err.message();
    return std::nullopt;
  }
  s.hand_over = round_over;
  s.game_over = game_over;
  EngineProcess::Reply sr = e.request({{"cmd", "score"}});
  if (sr.answer && sr.answer->value("ok", false)) {
    const json& a = *sr.answer;
    s.hand_over = a.value("round_over", round_over);
    s.game_over = a.value("game_over", game_over);
    for (int p = 0; p < s.num_players; ++p) {
      if (a.contains("round_scores")) s.round_scores[p] = a["round_scores"].value(player_name(p), 0);
      if (a.contains("totals")) s.players[p].total = a["totals"].value(player_name(p), s.players[p].total);
    }
    s.winners = 0;
    for (const json& w : a.value("winner", json::array()))
      if (w.is_string() && !w.get<std::string>().empty()) s.winners |= uint8_t(1u << (w.get<std::string>()[0] - 'A'));
  }
  return s;
}

namespace {

// Whether the engine's `legal` lists the action (played by `mover` where it names no
// player): what it said when it does, else empty.
std::string lists_step(EngineProcess& e, const Scenario& sc, const RulesetLibrary& library, Action action, int mover) {
  const EngineProcess::Reply r = e.request({{"cmd", "legal"}});
  if (!r.answer || !r.answer->value("ok", false)) return "";
  if (action.player == kNoPlayer) action.player = uint8_t(mover);
  const std::string wanted = write_step(action, sc.rules, mover);
  for (const json& listed : field(*r.answer, "steps")) {
    try {
      Action a = parse_step(json_text(listed), "legal", sc.rules, sc.start.num_players, library).action;
      if (a.player == kNoPlayer) a.player = uint8_t(mover);
      if (write_step(a, sc.rules, mover) == wanted) return "the engine lists it among the legal steps (listed: false)";
    } catch (const InputError&) {
    }
  }
  return "";
}

EngineResult run_scenario(const Scenario& sc, const YamlNode& doc, const RulesetLibrary& library, EngineSession& session) {
  EngineResult res{EngineResult::Status::kPass, sc.file, sc.name, 0, ""};
  auto result = [&](EngineResult::Status status, int step, std::string detail) {
    res.status = status;
    res.step = step;
    res.detail = std::move(detail);
    return res;
  };
  std::string why;
  EngineProcess* e = session.engine(why);
  if (!e) return result(EngineResult::Status::kError, 0, "no engine: " + why);
  if (const std::string no = unsupported(session.hello(), sc); !no.empty()) return result(EngineResult::Status::kSkip, 0, no);

  json start = {{"cmd", "new"}, {"ruleset", sc.ruleset}, {"variants", sc.variants}, {"options", sc.options}};
  if (const YamlNode* setup = doc.find("setup")) start["setup"] = yaml_to_json(*setup);
  if (const YamlNode* deal = doc.find("deal")) start["deal"] = yaml_to_json(*deal);
  EngineProcess::Reply r = e->request(start);
  if (!r.answer) return result(EngineResult::Status::kFail, 0, "new: " + r.failure);
  if (!r.answer->value("ok", false)) {
    const json err = r.answer->value("error", json::object());
    if (err.value("code", "") == "unsupported") return result(EngineResult::Status::kSkip, 0, "new: " + err.value("message", ""));
    return result(EngineResult::Status::kFail, 0, "the engine refused the setup: " + err.value("message", json_text(*r.answer)));
  }
  const bool positions = supports(session.hello(), "state");
  auto check_expectations = [&](const Expectations& want, int step) -> std::optional<EngineResult> {
    if (!positions) return std::nullopt;  // said in the summary: expectations skipped
    std::string why_not;
    const std::optional<GameState> s = engine_position(*e, sc, library, why_not);
    if (!s) return result(EngineResult::Status::kFail, step, why_not);
    const std::vector<std::string> unmet = unmet_expectations(want, *s, sc.rules);
    if (unmet.empty()) return std::nullopt;
    std::string text;
    for (const std::string& u : unmet) text += (text.empty() ? "" : "; ") + u;
    return result(EngineResult::Status::kFail, step, (step ? "then: " : "expect: ") + text);
  };
  const YamlNode* steps = doc.find("steps");
  for (size_t i = 0; i < sc.steps.size(); ++i) {
    const Step& st = sc.steps[i];
    const int k = int(i + 1);
    json step = yaml_to_json(steps->items[i]);
    if (step.is_object()) {
      step.erase("expect");
      step.erase("then");
    }
    json before;
    if (positions) {
      EngineProcess::Reply now = e->request({{"cmd", "state"}});
      if (!now.answer) return result(EngineResult::Status::kFail, k, "state: " + now.failure);
      before = field(*now.answer, "state");
    }
    if (st.listed == false && supports(session.hello(), "legal")) {  // an engine need not list every legal step
      const int mover = field(before, "to_move").is_string() ? field(before, "to_move").get<std::string>()[0] - 'A' : 0;
      if (std::string listed = lists_step(*e, sc, library, st.action, mover); !listed.empty())
        return result(EngineResult::Status::kFail, k, st.text + ": " + listed);
    }
    r = e->request({{"cmd", "apply"}, {"step", step}});
    if (!r.answer) return result(EngineResult::Status::kFail, k, st.text + ": " + r.failure);
    const json& a = *r.answer;
    if (!a.value("ok", false)) return result(EngineResult::Status::kFail, k, st.text + ": the engine answered " + json_text(a));
    const bool refused = a.value("verdict", "") == "reject";
    if (refused && positions) {  // a refusal leaves the position exactly as it was
      EngineProcess::Reply after = e->request({{"cmd", "state"}});
      if (!after.answer) return result(EngineResult::Status::kFail, k, st.text + ": state: " + after.failure);
      if (field(*after.answer, "state") != before)
        return result(EngineResult::Status::kFail, k, st.text + ": refused, but the position changed");
    }
    const std::string said = refused ? "reject (" + a.value("reason", "") + (a.contains("rule") ? ", " + a.value("rule", "") : "") + ")" : "ok";
    const bool want_ok = st.outcome.kind == Outcome::Kind::kOk;
    if (want_ok == refused)
      return result(EngineResult::Status::kFail, k, st.text + ": expected " + (want_ok ? "ok" : "reject") + ", the engine said " + said);
    if (refused && session.options().strict_rule_ids && !st.outcome.rule.empty()) {
      std::string rule = a.value("rule", "");
      if (const auto m = session.options().rule_map.find(a.value("reason", "")); m != session.options().rule_map.end()) rule = m->second;
      if (rule != st.outcome.rule)
        return result(EngineResult::Status::kFail, k, st.text + ": expected reject " + st.outcome.rule + ", the engine said " + said);
    }
    if (st.then)
      if (auto f = check_expectations(*st.then, k)) return *f;
  }
  if (sc.expect)
    if (auto f = check_expectations(*sc.expect, 0)) return *f;
  if (!positions && (sc.expect || std::any_of(sc.steps.begin(), sc.steps.end(), [](const Step& st) { return st.then.has_value(); })))
    res.detail = "verdicts only: the engine does not answer state";
  return res;
}

}  // namespace

std::vector<EngineResult> replay_file_on_engine(const std::string& path, const RulesetLibrary& library,
                                                EngineSession& session, const NameFilter& filter) {
  try {
    return replay_text_on_engine(read_text_file(path, YamlLimits{}.max_bytes), path, library, session, filter);
  } catch (const InputError& e) {
    return {{EngineResult::Status::kError, path, "", 0, e.what()}};
  }
}

std::vector<EngineResult> replay_text_on_engine(const std::string& text, const std::string& path, const RulesetLibrary& library,
                                                EngineSession& session, const NameFilter& filter) {
  std::vector<EngineResult> out;
  try {
    const std::vector<Scenario> scenarios = parse_scenarios(text, path, library);
    std::vector<YamlNode> docs = parse_yaml(text, path);
    std::erase_if(docs, [](const YamlNode& d) { return d.is_null(); });
    for (size_t i = 0; i < scenarios.size() && i < docs.size(); ++i)
      if (filter.accepts({scenarios[i].name, path})) {
        try {
          out.push_back(run_scenario(scenarios[i], docs[i], library, session));
        } catch (const nlohmann::json::exception& e) {  // an answer of the wrong shape
          out.push_back({EngineResult::Status::kFail, path, scenarios[i].name, 0, std::string("the engine's answer is malformed: ") + e.what()});
        }
      }
  } catch (const InputError& e) {
    out.push_back({EngineResult::Status::kError, path, "", 0, e.what()});
  }
  return out;
}

void write_engine_report(std::ostream& out, const std::vector<EngineResult>& results, ReportFormat format) {
  int passed = 0, failed = 0, skipped = 0;
  json list = json::array();
  std::vector<JunitCase> cases;
  for (const EngineResult& r : results) {
    const char* status = r.status == EngineResult::Status::kPass   ? "PASS"
                         : r.status == EngineResult::Status::kSkip ? "SKIP"
                         : r.status == EngineResult::Status::kFail ? "FAIL"
                                                                   : "ERROR";
    passed += r.status == EngineResult::Status::kPass;
    skipped += r.status == EngineResult::Status::kSkip;
    failed += r.status == EngineResult::Status::kFail || r.status == EngineResult::Status::kError;
    const std::string where = r.step ? "step " + std::to_string(r.step) + (r.detail.empty() ? "" : ": ") : "";
    switch (format) {
      case ReportFormat::kJson:
        list.push_back({{"status", status}, {"file", r.file}, {"name", r.name}, {"step", r.step}, {"detail", r.detail}});
        break;
      case ReportFormat::kJunit:
        cases.push_back({r.file, r.name.empty() ? r.file : r.name,
                         r.status == EngineResult::Status::kPass   ? JunitCase::Outcome::kPass
                         : r.status == EngineResult::Status::kSkip ? JunitCase::Outcome::kSkipped
                         : r.status == EngineResult::Status::kFail ? JunitCase::Outcome::kFailure
                                                                   : JunitCase::Outcome::kError,
                         where + r.detail});
        break;
      case ReportFormat::kText:
        out << status << " " << r.file << ": " << r.name;
        if (r.step) out << ", step " << r.step;
        if (!r.detail.empty()) out << ": " << r.detail;
        out << "\n";
    }
  }
  if (format == ReportFormat::kJson)
    out << json_text(json{{"results", list}, {"passed", passed}, {"failed", failed}, {"skipped", skipped}}, 2) << "\n";
  else if (format == ReportFormat::kJunit) write_junit(out, "meldcheck replay --engine", cases);
  else out << passed << " passed, " << failed << " failed, " << skipped << " skipped\n";
}

}  // namespace meldcheck
