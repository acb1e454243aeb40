#include "hunt/check_report.h"

#include <algorithm>
#include <ostream>

#include "hunt/replay.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"
#include "files/yaml_doc.h"

namespace meldcheck {
namespace {

using nlohmann::json;

// ---- words -------------------------------------------------------------------------------

// The fixed words of the report in English and Swedish.
struct Words {
  const char *legal, *refused_by, *draws, *takes_from_pile, *lays, *lays_off, *swaps, *discards, *lays_in_row,
      *table_now, *to_move, *stock, *hand_over, *went_out, *nobody_out, *total, *penalty, *next_hand, *in_hand,
      *on_table, *ace_in_set, *ace_low, *ace_high, *ace_corner, *ace_corner_to_three, *joker_on_table, *joker_as_card,
      *others_hand, *out_bonus, *out, *out_one_go, *winnings, *lowest_deducted, *penalty_taken, *gets_back,
      *no_change, *game_over, *winner, *with_option, *this_house, *resolution, *not_adding_up;
};

constexpr Words kEnglish{
    "legal", "refused by", "draws", "takes from the pile", "lays", "lays off on", "swaps for the joker in", "discards",
    "lays in the row", "the table now", "to move", "stock", "the hand is over", "went out", "nobody went out",
    "total", "penalty", "the next hand is dealt", "left in hand", "on the table", "ace in a set", "ace low",
    "ace high", "ace round the corner", "ace round the corner to 3", "joker on the table", "joker as the card it stands for",
    "in the hand of", "bonus for going out", "went out", "went out in one go", "share of what the others paid",
    "the lowest rack taken off", "penalties during the hand", "gets back", "nothing changes", "the match is over",
    "winner", "with option", "this house", "the project's reading", "the lines do not add up to the score"};

constexpr Words kSwedish{
    "tillåtet", "otillåtet enligt", "drar", "tar från högen", "lägger ut", "bygger på", "byter mot jokern i", "slänger",
    "lägger i raden", "bordet nu", "i tur", "talongen", "given är slut", "gick ut", "ingen gick ut", "summa",
    "straff", "nästa giv delas ut", "kvar på handen", "på bordet", "ess i en grupp", "ess lågt", "ess högt",
    "ess runt hörnet", "ess runt hörnet till 3", "joker på bordet", "joker som kortet den ersätter", "på handen hos",
    "bonus för att gå ut", "gick ut", "gick ut i ett svep", "andel av vad de andra betalade", "lägsta brickstället avdraget",
    "straff under given", "får tillbaka", "inget ändras", "partiet är slut", "vinnare", "med valet", "detta hus",
    "projektets tolkning", "raderna summerar inte till poängen"};

const Words& words(const CheckSettings& s) { return s.swedish ? kSwedish : kEnglish; }

CardNames names(const CheckSettings& s) { return s.swedish ? CardNames::kSwedish : CardNames::kEnglish; }

// ---- positions ---------------------------------------------------------------------------

// Cards in the model are the contract's tokens whatever the language: renderers draw them.
std::string token_text(Face f, const RuleSet& r) { return format_face(f, r.notation); }

std::vector<std::string> meld_tokens(const Meld& m, const RuleSet& r, CardNames n = CardNames::kEnglish) {
  std::vector<std::string> out;
  for (int i = 0; i < m.shape.size; ++i) {
    const Token t = m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]};
    std::string s = format_token(t, r.notation, n);
    if (m.builders[i] != m.owner) s += "@" + player_name(m.builders[i]);
    out.push_back(s);
  }
  return out;
}

json position_json(const GameState& s, const RuleSet& r) {
  json players = json::array();
  for (int p = 0; p < s.num_players; ++p) {
    json hand = json::array();
    for (Card c : s.hand(p)) hand.push_back(token_text(face_of(c), r));
    players.push_back({{"name", player_name(p)},
                       {"hand", hand},
                       {"total", s.players[p].total},
                       {"opened", s.players[p].opened},
                       {"round_score", s.hand_over ? json(s.round_scores[p]) : json()}});
  }
  json table = json::array();
  for (const Meld& m : s.table.all())
    table.push_back({{"id", "m" + std::to_string(m.id)}, {"owner", player_name(m.owner)}, {"cards", meld_tokens(m, r)}});
  json discard = json::array();
  for (Card c : s.discard.cards()) discard.push_back(token_text(face_of(c), r));
  return {{"players", players},     {"table", table},       {"stock_size", s.stock.size()},
          {"discard", discard},     {"to_move", player_name(s.to_move)},
          {"phase", phase_name(s.phase)}, {"round", s.round}, {"hand_over", s.hand_over},
          {"game_over", s.game_over}};
}

// ---- what a step changed -----------------------------------------------------------------

std::string faces_text(const std::vector<Face>& faces, const RuleSet& r, CardNames n) {
  std::string s;
  for (Face f : faces) s += (s.empty() ? "" : " ") + format_face(f, r.notation, n);
  return s;
}

// The cards of `a` not in `b`, as a multiset.
std::vector<Face> minus(const CardSet& a, const CardSet& b) {
  std::vector<Face> out;
  std::vector<Face> rest;
  for (Card c : b) rest.push_back(face_of(c));
  for (Card c : a) {
    auto it = std::find(rest.begin(), rest.end(), face_of(c));
    if (it != rest.end()) rest.erase(it);
    else out.push_back(face_of(c));
  }
  return out;
}

std::string meld_text(const Meld& m, const RuleSet& r, CardNames n) {
  std::string s;
  for (const std::string& t : meld_tokens(m, r, n)) s += (s.empty() ? "" : " ") + t;
  return s;
}

const Meld* meld_by_id(const GameState& s, int id) {
  const int i = s.table.index_of(uint8_t(id));
  return i >= 0 ? &s.table.melds[i] : nullptr;
}

std::vector<std::string> changes(const GameState& before, const GameState& after, const Action& a, const RuleSet& r,
                                 const CheckSettings& settings) {
  const Words& w = words(settings);
  const CardNames n = names(settings);
  std::vector<std::string> out;
  for (int p = 0; p < after.num_players; ++p) {
    const std::vector<Face> gained = minus(after.hand(p), before.hand(p));
    const std::vector<Face> lost = minus(before.hand(p), after.hand(p));
    if (gained.empty() && lost.empty()) continue;
    std::string line = player_name(p) + ":";
    if (!gained.empty()) line += " +" + faces_text(gained, r, n);
    if (!lost.empty()) line += " -" + faces_text(lost, r, n);
    out.push_back(line);
  }
  if (a.kind == ActionKind::kArrange) {
    std::string line = std::string(w.table_now) + ":";
    for (const Meld& m : after.table.all()) line += " [" + meld_text(m, r, n) + "]";
    out.push_back(line);
  } else {
    for (const Meld& m : after.table.all()) {
      const Meld* was = meld_by_id(before, m.id);
      if (!was) {
        out.push_back(player_name(m.owner) + " " + w.lays + " m" + std::to_string(m.id) + ": " + meld_text(m, r, n));
      } else if (meld_text(*was, r, n) != meld_text(m, r, n)) {
        out.push_back("m" + std::to_string(m.id) + ": " + meld_text(*was, r, n) + " -> " + meld_text(m, r, n));
      }
    }
  }
  if (before.discard.size() != after.discard.size() || (after.discard.size() && before.discard.top() != after.discard.top())) {
    std::vector<Face> pile;
    for (Card c : after.discard.cards()) pile.push_back(face_of(c));
    out.push_back(std::string(settings.swedish ? "högen" : "pile") + ": " + (pile.empty() ? "-" : faces_text(pile, r, n)));
  }
  if (before.stock.size() != after.stock.size())
    out.push_back(std::string(w.stock) + ": " + std::to_string(before.stock.size()) + " -> " + std::to_string(after.stock.size()));
  for (int p = 0; p < after.num_players; ++p) {
    if (after.players[p].penalty != before.players[p].penalty && !after.hand_over)
      out.push_back(player_name(p) + " " + w.penalty + " " + std::to_string(after.players[p].penalty - before.players[p].penalty) +
                    " (" + w.total + " " + std::to_string(after.players[p].total) + ")");
  }
  if (after.hand_over && !before.hand_over) {
    out.push_back(std::string(w.hand_over) + "; " +
                  (after.last_out != kNoPlayer ? player_name(after.last_out) + " " + w.went_out : w.nobody_out));
  } else if (!after.hand_over && (after.to_move != before.to_move || after.phase != before.phase || before.hand_over)) {
    out.push_back(player_name(after.to_move) + " " + w.to_move + " (" + phase_name(after.phase) + ")");
  }
  if (after.game_over && !before.game_over) out.push_back(w.game_over);
  if (out.empty()) out.push_back(w.no_change);
  return out;
}

// ---- scores ------------------------------------------------------------------------------

const char* why_text(ScoreWhy why, const Words& w) {
  switch (why) {
    case ScoreWhy::kOnTable: return w.on_table;
    case ScoreWhy::kAceInSet: return w.ace_in_set;
    case ScoreWhy::kAceLow: return w.ace_low;
    case ScoreWhy::kAceHigh: return w.ace_high;
    case ScoreWhy::kAceCorner: return w.ace_corner;
    case ScoreWhy::kAceCornerToThree: return w.ace_corner_to_three;
    case ScoreWhy::kJokerOnTable: return w.joker_on_table;
    case ScoreWhy::kJokerAsCard: return w.joker_as_card;
    case ScoreWhy::kInHand: return w.in_hand;
    case ScoreWhy::kOthersHand: return w.others_hand;
    case ScoreWhy::kOutBonus: return w.out_bonus;
    case ScoreWhy::kOut: return w.out;
    case ScoreWhy::kOutInOneGo: return w.out_one_go;
    case ScoreWhy::kWinnings: return w.winnings;
    case ScoreWhy::kLowestRackDeducted: return w.lowest_deducted;
    case ScoreWhy::kPenalty: return w.penalty_taken;
  }
  return "";
}

json hand_end_json(const GameState& s, const RuleSet& r, const CheckSettings& settings) {
  const Words& w = words(settings);
  const std::vector<ScoreLine> lines = explain_hand_scores(s, r);
  json scores = json::array();
  for (int p = 0; p < s.num_players; ++p) {
    json rows = json::array();
    int sum = 0;
    for (const ScoreLine& l : lines) {
      if (l.player != p) continue;
      sum += l.points;
      std::string why = why_text(l.why, w);
      if (l.why == ScoreWhy::kOthersHand) why += " " + player_name(l.from);
      if (l.meld_id) why += " (m" + std::to_string(l.meld_id) + ")";
      rows.push_back({{"card", l.card.is_none() ? json() : json(token_text(l.card, r))}, {"points", l.points}, {"why", why}});
    }
    json entry = {{"player", player_name(p)}, {"score", s.round_scores[p]}, {"total", s.players[p].total}, {"lines", rows}};
    // The breakdown is drawn beside the engine's scoring, not from it: a difference is said.
    if (sum != s.round_scores[p]) entry["mismatch"] = std::string(w.not_adding_up) + " (" + std::to_string(sum) + ")";
    scores.push_back(entry);
  }
  json winners = json::array();
  for (int p = 0; p < s.num_players; ++p)
    if ((s.winners >> p) & 1) winners.push_back(player_name(p));
  return {{"went_out", s.last_out != kNoPlayer ? json(player_name(s.last_out)) : json()},
          {"scores", scores},
          {"game_over", s.game_over},
          {"winner", winners}};
}

// ---- verdicts ----------------------------------------------------------------------------

// A step's verdict as the across table and the readings compare it: "legal" or the rule id.
using Cells = std::vector<std::string>;

Cells replay_cells(const Scenario& sc) {
  Cells cells;
  GameState s = sc.start;
  for (const Step& st : sc.steps) {
    const GameState before = s;
    const Check c = apply_step(s, sc.rules, st);
    if (c != Check::kNone) {
      s = before;
      cells.push_back(sc.rules.rule_id(c));
    } else {
      cells.push_back("legal");
    }
  }
  return cells;
}

std::string cell_text(const std::string& cell, const Words& w) {
  return cell == "legal" ? w.legal : std::string(w.refused_by) + " " + cell;
}

json rule_json(const RuleSet& r, Check c, const CheckSettings& settings) {
  json rule = {{"id", r.rule_id(c)}};
  const int idx = r.clause_of[int(c)];
  if (idx < 0) return rule;
  const Clause& clause = r.catalog[size_t(idx)];
  rule["text"] = settings.swedish && !clause.text_sv.empty() ? clause.text_sv : clause.text;
  rule["source"] = clause.source;
  if (!clause.resolution.empty()) rule["resolution"] = clause.resolution;
  return rule;
}

ReadAs read_as(const House& h) { return ReadAs{h.ruleset, h.variants, h.options}; }

House house_of(const Scenario& sc, const RulesetLibrary& library) {
  std::string text = sc.ruleset;
  for (const std::string& v : sc.variants) text += "+" + v;
  for (const auto& [k, v] : sc.options) text += "," + k + "=" + v;
  return parse_house(text, library);
}

// For each step, the options whose other choices answer it otherwise, with every choice's answer.
std::vector<json> readings(const Scenario& sc, size_t index, const ScenarioFile& file, const Cells& mine,
                           const RulesetLibrary& library, const CheckSettings& settings) {
  std::vector<json> by_step(sc.steps.size(), json::array());
  const RulesetSpec* spec = library.find(sc.ruleset);
  const House here = house_of(sc, library);
  for (const OptionInfo& o : spec->options()) {
    const auto current_it = here.options.find(o.id);
    const std::string current = current_it != here.options.end() ? current_it->second : o.default_choice;
    std::vector<std::pair<std::string, Cells>> answers;
    for (const std::string& choice : o.choices) {
      if (choice == current) {
        answers.push_back({choice, mine});
        continue;
      }
      ReadAs as = read_as(here);
      as.options[o.id] = choice;
      const ScenarioAs read = file.read_as(index, as);
      if (read.scenario) answers.push_back({choice, replay_cells(*read.scenario)});
    }
    for (size_t i = 0; i < sc.steps.size(); ++i) {
      const bool differs = std::any_of(answers.begin(), answers.end(), [&](const auto& a) {
        return i < a.second.size() && a.second[i] != mine[i];
      });
      if (!differs) continue;
      json list = json::array();
      for (const auto& [choice, cells] : answers)
        if (i < cells.size())
          list.push_back({{"choice", choice}, {"verdict", cell_text(cells[i], words(settings))}, {"current", choice == current}});
      by_step[i].push_back({{"option", o.id}, {"text", settings.swedish && !o.text_sv.empty() ? o.text_sv : o.text}, {"answers", list}});
    }
  }
  return by_step;
}

json across_json(const Scenario& sc, size_t index, const ScenarioFile& file,
                 const CheckSettings& settings) {
  json steps = json::array();
  for (const Step& st : sc.steps) steps.push_back(st.text);
  struct Row {
    std::vector<std::string> houses;
    Cells cells;
    std::string na;
  };
  std::vector<Row> rows;
  for (const House& h : settings.houses) {
    Row row;
    row.houses.push_back(format_house(h));
    const ScenarioAs read = file.read_as(index, read_as(h));
    if (!read.scenario) row.na = read.error;
    else row.cells = replay_cells(*read.scenario);
    // Identical verdicts fold into one row; n/a rows fold when their reasons match.
    auto same = std::find_if(rows.begin(), rows.end(), [&](const Row& r) { return r.cells == row.cells && r.na == row.na; });
    if (same != rows.end()) same->houses.push_back(row.houses.front());
    else rows.push_back(std::move(row));
  }
  json out_rows = json::array();
  for (const Row& r : rows)
    out_rows.push_back({{"houses", r.houses}, {"cells", r.cells}, {"na", r.na.empty() ? json() : json(r.na)}});
  return {{"steps", steps}, {"rows", out_rows}};
}

json check_scenario(const Scenario& sc, size_t index, const ScenarioFile& file, const RulesetLibrary& library,
                    const CheckSettings& settings) {
  const RuleSet& r = sc.rules;
  const Words& w = words(settings);
  json out = {{"file", sc.file},
              {"name", sc.name},
              {"house", format_house(house_of(sc, library))},
              {"ruleset", sc.ruleset},
              {"ruleset_name", r.name},
              {"notation", r.notation == Notation::kTiles ? "tiles" : "cards"},
              {"start", position_json(sc.start, r)}};
  const Cells mine = replay_cells(sc);
  const std::vector<json> read = readings(sc, index, file, mine, library, settings);
  json steps = json::array();
  GameState s = sc.start;
  for (size_t i = 0; i < sc.steps.size(); ++i) {
    const Step& st = sc.steps[i];
    const GameState before = s;
    Action a = st.action;
    if (a.player == kNoPlayer) a.player = s.to_move;
    const Check c = apply_step(s, r, st);
    json step = {{"index", i + 1}, {"text", st.text}, {"player", player_name(a.player)}, {"legal", c == Check::kNone}};
    step["verdict"] = c == Check::kNone ? "legal" : "refused";
    step["verdict_text"] = cell_text(c == Check::kNone ? "legal" : r.rule_id(c), w);
    if (c != Check::kNone) {
      s = before;  // a refusal changes nothing; the replay goes on from the same position
      step["rule"] = rule_json(r, c, settings);
      step["changes"] = json::array({w.no_change});
    } else {
      step["changes"] = changes(before, s, a, r, settings);
    }
    step["readings"] = read[i];
    step["position"] = position_json(s, r);
    if (c == Check::kNone && s.hand_over && !before.hand_over) step["hand_end"] = hand_end_json(s, r, settings);
    steps.push_back(step);
  }
  out["steps"] = steps;
  if (settings.across) out["across"] = across_json(sc, index, file, settings);
  return out;
}

}  // namespace

FileToCheck read_file_to_check(const std::string& path, const RulesetLibrary& library, const NameFilter& filter) {
  FileToCheck out;
  try {
    out.file.emplace(read_text_file(path, YamlLimits{}.max_bytes), path, library);
    const std::vector<Scenario>& scenarios = out.file->scenarios();
    for (size_t i = 0; i < scenarios.size(); ++i)
      if (filter.accepts({scenarios[i].name, path})) out.selected.push_back(i);
  } catch (const InputError& e) {
    out.file.reset();
    out.error = {{"file", path}, {"name", ""}, {"error", e.what()}};
  }
  return out;
}

json check_scenario_of(const ScenarioFile& file, size_t index, const RulesetLibrary& library, const CheckSettings& settings) {
  return check_scenario(file.scenarios()[index], index, file, library, settings);
}

std::vector<json> check_file(const std::string& path, const RulesetLibrary& library, const CheckSettings& settings,
                             const NameFilter& filter) {
  const FileToCheck f = read_file_to_check(path, library, filter);
  if (!f.file) return {f.error};
  std::vector<json> out;
  for (size_t i : f.selected) out.push_back(check_scenario_of(*f.file, i, library, settings));
  return out;
}

json check_report(std::vector<json> scenarios, const CheckSettings& settings) {
  return {{"tool", "meldcheck check"},
          {"version", MELDCHECK_VERSION},
          {"lang", settings.swedish ? "sv" : "en"},
          {"scenarios", std::move(scenarios)}};
}

void write_check_text(std::ostream& out, const json& report, bool colour) {
  const bool sv = report.value("lang", "en") == "sv";
  for (const json& sc : report["scenarios"]) {
    if (sc.contains("error")) {
      out << sc["error"].get<std::string>() << "\n\n";
      continue;
    }
    out << sc["file"].get<std::string>() << ": " << sc["name"].get<std::string>() << " [" << sc["house"].get<std::string>()
        << "]\n";
    for (const json& st : sc["steps"]) {
      std::string verdict = st["verdict_text"];
      if (colour) verdict = coloured(verdict, st["legal"].get<bool>() ? Colour::kGreen : Colour::kRed);
      out << "  " << st["index"].get<int>() << ". " << st["player"].get<std::string>() << " " << st["text"].get<std::string>()
          << ": " << verdict << "\n";
      if (st.contains("rule") && st["rule"].contains("text")) {
        const json& rule = st["rule"];
        out << "       " << rule["text"].get<std::string>() << " (" << rule["source"].get<std::string>() << ")\n";
        if (rule.contains("resolution"))
          out << "       " << (sv ? kSwedish : kEnglish).resolution << ": " << rule["resolution"].get<std::string>() << "\n";
      }
      for (const json& reading : st["readings"]) {
        out << "       " << (sv ? kSwedish : kEnglish).with_option << " " << reading["option"].get<std::string>() << ":";
        for (const json& a : reading["answers"])
          out << " " << a["choice"].get<std::string>() << (a["current"].get<bool>() ? "*" : "") << " -> "
              << a["verdict"].get<std::string>() << ";";
        out << "\n";
      }
      if (st["legal"].get<bool>())
        for (const json& c : st["changes"]) out << "       " << c.get<std::string>() << "\n";
      if (st.contains("hand_end")) {
        for (const json& p : st["hand_end"]["scores"]) {
          out << "       " << p["player"].get<std::string>() << " " << p["score"].get<int>() << " ("
              << (sv ? kSwedish : kEnglish).total << " " << p["total"].get<int>() << ")";
          if (p.contains("mismatch")) out << " " << p["mismatch"].get<std::string>();
          out << "\n";
          for (const json& l : p["lines"])
            out << "         " << (l["card"].is_null() ? std::string("") : l["card"].get<std::string>() + " ")
                << (l["points"].get<int>() > 0 ? "+" : "") << l["points"].get<int>() << " " << l["why"].get<std::string>()
                << "\n";
        }
      }
    }
    if (sc.contains("across")) {
      const json& a = sc["across"];
      out << "  " << (sv ? "i andra hus" : "across houses") << ":\n";
      for (const json& row : a["rows"]) {
        std::string houses;
        for (const json& h : row["houses"]) houses += (houses.empty() ? "" : ", ") + h.get<std::string>();
        out << "    " << houses << ": ";
        if (!row["na"].is_null()) {
          out << "n/a (" << row["na"].get<std::string>() << ")\n";
          continue;
        }
        std::string cells;
        for (size_t i = 0; i < row["cells"].size(); ++i)
          cells += (i ? " | " : "") + std::to_string(i + 1) + " " + row["cells"][i].get<std::string>();
        out << cells << "\n";
      }
    }
    out << "\n";
  }
}

}  // namespace meldcheck
