#include "protocol/protocol.h"

#include <algorithm>
#include <charconv>
#include <istream>
#include <optional>
#include <ostream>

#include "files/json_text.h"
#include "harness/game_engine.h"
#include "harness/replay.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"

namespace meldcheck {

using nlohmann::json;

json yaml_to_json(const YamlNode& n) {
  switch (n.kind) {
    case YamlNode::Kind::kNull: return nullptr;
    case YamlNode::Kind::kScalar: {
      if (n.quoted) return n.scalar;
      if (n.scalar == "true" || n.scalar == "false") return n.scalar == "true";
      // A whole number, signed, or unsigned beyond (a generator state up to 2^64-1).
      const char* begin = n.scalar.data();
      const char* end = begin + n.scalar.size();
      long long v = 0;
      if (const auto r = std::from_chars(begin, end, v); r.ec == std::errc() && r.ptr == end) return v;
      unsigned long long u = 0;
      if (const auto r = std::from_chars(begin, end, u); r.ec == std::errc() && r.ptr == end) return u;
      return n.scalar;
    }
    case YamlNode::Kind::kSequence: {
      json a = json::array();
      for (const YamlNode& i : n.items) a.push_back(yaml_to_json(i));
      return a;
    }
    case YamlNode::Kind::kMap: {
      json o = json::object();
      for (const YamlEntry& e : n.entries) o[e.first.scalar] = yaml_to_json(e.second);
      return o;
    }
  }
  return nullptr;
}

json step_json(const Action& a, const RuleSet& r, int to_move) { return step_tree<json>(a, r, to_move); }

json state_json(const GameState& s, const RuleSet& r) {
  json state = setup_tree<json>(s, r);
  state["round_over"] = s.hand_over;
  state["game_over"] = s.game_over;
  return state;
}

bool engine_tells(facts::WhilePlaying, const char*, const GameState& s, const RuleSet&) { return !s.hand_over; }
bool engine_tells(facts::WhereRuled, const char* key, const GameState&, const RuleSet& r) {
  const char* named = setup_key(key, r);
  return named && std::string_view(named) == key;
}
bool engine_tells(facts::Always, const char*, const GameState&, const RuleSet&) { return true; }
bool engine_tells(facts::InScore, const char*, const GameState& s, const RuleSet&) { return s.game_over; }
bool engine_tells(facts::Own, const char*, const GameState&, const RuleSet&) { return false; }

namespace {

json error(const json& id, const std::string& code, const std::string& message) {
  return {{"id", id}, {"ok", false}, {"error", {{"code", code}, {"message", message}}}};
}

// A game served: the scenario its `new` reads as (its rules and start), played on meldcheck's
// engine through the interface the harness plays every engine by.
struct Game {
  Scenario scenario;
  InProcessEngine engine;
  GameState position() {
    std::string why;
    return *engine.position(why);
  }
};

json hello(const json& id, const RulesetLibrary& library) {
  json rulesets = json::array();
  for (const auto& spec : library.all()) {
    json variants = json::array(), options = json::object();
    for (const VariantInfo& v : spec->variants()) variants.push_back(v.id);
    for (const OptionInfo& o : spec->options()) options[o.id] = o.choices;
    rulesets.push_back({{"id", spec->id()}, {"variants", variants}, {"options", options}});
  }
  return {{"id", id},
          {"ok", true},
          {"protocol", kProtocolVersion},
          {"engine", {{"name", "meldcheck"}, {"version", MELDCHECK_VERSION}}},
          {"rulesets", rulesets},
          {"requests", {"hello", "new", "apply", "state", "legal", "score", "quit"}}};
}

// `new`: the request read as a scenario document (JSON is YAML), so that a setup means
// exactly what it means in a scenario file. A `state` answer reads back as a setup: its
// `round_over` is the schema's `hand_over` (game_over is a setup key already).
json new_game(const json& req, std::optional<Game>& game, const RulesetLibrary& library) {
  json doc = {{"name", "protocol"}, {"ruleset", req.value("ruleset", "")}};
  if (req.contains("variants")) doc["variants"] = req["variants"];
  if (req.contains("options")) doc["options"] = req["options"];
  if (req.contains("setup")) doc["setup"] = req["setup"];
  if (doc.contains("setup") && doc["setup"].is_object() && doc["setup"].contains("round_over")) {
    json& setup = doc["setup"];
    if (setup.contains("hand_over") && setup["hand_over"] != setup["round_over"])
      return error(req.value("id", json()), "bad-request", "round_over and hand_over disagree");
    setup["hand_over"] = setup["round_over"];
    setup.erase("round_over");
  }
  if (req.contains("deal")) doc["deal"] = req["deal"];
  std::vector<Scenario> read = parse_scenarios(json_text(doc), "new", library);
  game.emplace();
  game->scenario = std::move(read.front());
  game->engine.start(game->scenario, YamlNode{});
  return {{"id", req.value("id", json())}, {"ok", true}};
}

// A step read, played and answered: meldcheck's own doing, so any failure in it is internal.
json played(const json& id, Game& game, const Step& step) {
  try {
    const RuleSet& r = game.scenario.rules;
    const EngineAnswer a = game.engine.apply(step);
    if (a.kind != EngineAnswer::Kind::kRefused) return {{"id", id}, {"ok", true}, {"verdict", "ok"}};
    // The reason is the clause's paraphrase; a core check has none, only its id.
    const Clause* clause = r.clause(a.rule);
    return {{"id", id}, {"ok", true}, {"verdict", "reject"}, {"reason", clause ? clause->text : a.rule}, {"rule", a.rule}};
  } catch (const std::exception& e) {
    return error(id, "internal", std::string("meldcheck failed on this request: ") + e.what());
  }
}

json apply_request(const json& req, Game& game, const RulesetLibrary& library) {
  if (!req.contains("step")) return error(req.value("id", json()), "bad-request", "apply needs a step");
  const RuleSet& r = game.scenario.rules;
  const Step step = parse_step(json_text(req["step"]), "step", r, game.scenario.start.num_players, library, game.scenario.names);
  return played(req.value("id", json()), game, step);
}

json legal_request(const json& id, Game& game) {
  const RuleSet& r = game.scenario.rules;
  std::string why;
  const int to_move = game.position().to_move;
  json steps = json::array();
  const std::optional<std::vector<Action>> legal = game.engine.legal(why);
  for (const Action& a : *legal) steps.push_back(step_json(a, r, to_move));
  return {{"id", id}, {"ok", true}, {"steps", steps}};
}

json score_request(const json& id, Game& game) {
  const GameState s = game.position();
  json scores = json::object(), totals = json::object(), winner = json::array();
  for (int p = 0; p < s.num_players; ++p) {
    if (s.hand_over) scores[player_name(p)] = s.round_scores[p];
    totals[player_name(p)] = s.players[p].total;
    if ((s.winners >> p) & 1) winner.push_back(player_name(p));
  }
  json out = {{"id", id}, {"ok", true}, {"round_over", s.hand_over}, {"totals", totals}, {"game_over", s.game_over}};
  if (s.hand_over) out["round_scores"] = scores;
  if (s.game_over) out["winner"] = winner;
  return out;
}

json answer(const json& req, std::optional<Game>& game, const RulesetLibrary& library, bool& quit) {
  const json id = req.contains("id") ? req["id"] : json();
  const std::string cmd = req.value("cmd", "");
  if (cmd == "hello") return hello(id, library);
  if (cmd == "quit") {
    quit = true;
    return {{"id", id}, {"ok", true}};
  }
  if (cmd == "new") return new_game(req, game, library);
  if (cmd != "apply" && cmd != "state" && cmd != "legal" && cmd != "score")
    return error(id, "unsupported", "no request '" + cmd + "'");
  if (!game) return error(id, "no-game", cmd + " before new");
  if (cmd == "apply") return apply_request(req, *game, library);
  // What these answer is meldcheck's own doing from here: any failure in it is internal.
  try {
    if (cmd == "state") return {{"id", id}, {"ok", true}, {"state", state_json(game->position(), game->scenario.rules)}};
    if (cmd == "legal") return legal_request(id, *game);
    return score_request(id, *game);
  } catch (const std::exception& e) {
    return error(id, "internal", std::string("meldcheck failed on this request: ") + e.what());
  }
}

}  // namespace

// A request the loop itself refuses: too long, too deep, not an object.
struct BadRequest : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// No request of the protocol comes near these; a line past them is answered, not read.
constexpr size_t kMaxRequestBytes = size_t(1) << 20;
constexpr int kMaxRequestDepth = 64;

int serve(std::istream& in, std::ostream& out, const RulesetLibrary& library) {
  std::optional<Game> game;
  bool quit = false;
  for (std::string line; !quit && std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json reply;
    json id;
    try {
      if (line.size() > kMaxRequestBytes)
        throw BadRequest("a request line of " + std::to_string(line.size()) + " bytes, more than " +
                                    std::to_string(kMaxRequestBytes));
      const json req = json::parse(line, [](int depth, json::parse_event_t, json&) {
        if (depth > kMaxRequestDepth) throw BadRequest("a request nested deeper than " + std::to_string(kMaxRequestDepth));
        return true;
      });
      if (!req.is_object()) throw BadRequest("a request is a JSON object");
      id = req.contains("id") ? req["id"] : json();
      reply = answer(req, game, library, quit);
    } catch (const InputError& e) {
      reply = error(id, "bad-request", e.what());
      if (!e.rule().empty()) reply["error"]["rule"] = e.rule();  // a setup that breaks a rule of the game
    } catch (const nlohmann::json::exception& e) {  // not JSON, a field of the wrong type
      reply = error(id, "bad-request", e.what());
    } catch (const BadRequest& e) {  // too long, too deep, not an object
      reply = error(id, "bad-request", e.what());
    } catch (const std::exception& e) {  // meldcheck's own failure, never the request's: said as such
      reply = error(id, "internal", std::string("meldcheck failed on this request: ") + e.what());
    }
    out << json_text(reply) << "\n" << std::flush;
  }
  return 0;
}

}  // namespace meldcheck
