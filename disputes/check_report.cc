#include "disputes/check_report.h"

#include <algorithm>
#include <ostream>

#include "harness/coverage.h"
#include "harness/replay.h"
#include "files/reader_messages_sv.h"
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
  // Phases, and the steps' verbs where the words above do not say them.
  const char *for_joker_in, *allowed_by, *phase_draw, *phase_play, *phase_row, *draws_tile, *takes_top, *takes_newest, *takes_all, *takes_down_to,
      *arranges, *passes, *times_out, *claims;
};

constexpr Words kEnglish{
    "legal", "refused by", "draws from the stock", "takes from the pile", "lays", "lays off on", "swaps", "discards",
    "lays in the row", "the table now", "to move", "stock", "the hand is over", "went out", "nobody went out",
    "total", "penalty", "the next hand is dealt", "left in hand", "on the table", "ace in a set", "ace low",
    "ace high", "ace round the corner", "ace round the corner to 3", "joker on the table", "joker as the card it stands for",
    "in the hand of", "bonus for going out", "went out", "went out in one go", "share of what the others paid",
    "the lowest rack taken off", "penalties during the hand", "gets back", "nothing changes", "the match is over",
    "winner", "with option", "this house", "the project's reading", "the lines do not add up to the score",
    "for the joker in", "allowed by", "draw", "play", "row", "draws a tile", "takes the top card of the pile", "takes the newest cards of the pile:",
    "takes the whole pile", "takes the pile down to", "arranges the table:", "passes", "runs out of time", "claims"};

constexpr Words kSwedish{
    "tillåtet", "otillåtet enligt", "drar från talongen", "tar från högen", "lägger ut", "bygger på", "byter", "slänger",
    "lägger i raden", "bordet nu", "i tur", "talongen", "given är slut", "gick ut", "ingen gick ut", "summa",
    "straff", "nästa giv delas ut", "kvar på handen", "på bordet", "ess i en grupp", "ess lågt", "ess högt",
    "ess runt hörnet", "ess runt hörnet till 3", "joker på bordet", "joker som kortet den ersätter", "på handen hos",
    "bonus för att gå ut", "gick ut", "gick ut i ett svep", "andel av vad de andra betalade", "lägsta brickstället avdraget",
    "straff under given", "får tillbaka", "inget ändras", "partiet är slut", "vinnare", "med valet", "detta hus",
    "projektets tolkning", "raderna summerar inte till poängen",
    "mot jokern i", "tillåtet enligt", "dra", "spela", "raden", "drar en bricka", "tar översta kortet i högen", "tar de nyaste korten i högen:",
    "tar hela högen", "tar högen ned till", "lägger om bordet:", "passar", "tiden tar slut", "ropar in"};

const Words& words(const CheckSettings& s) { return s.swedish ? kSwedish : kEnglish; }

const char* phase_text(Phase p, const Words& w) {
  switch (p) {
    case Phase::kDraw: return w.phase_draw;
    case Phase::kPlay: return w.phase_play;
    case Phase::kRow: return w.phase_row;
  }
  return w.phase_draw;
}

CardNames names_of(const CheckSettings& s) { return s.swedish ? CardNames::kSwedish : CardNames::kEnglish; }

// ---- positions ---------------------------------------------------------------------------

// Cards in the model are the contract's tokens whatever the language: renderers draw them.
std::string token_text(Face f, const RuleSet& r) { return format_face(f, r.notation); }

std::vector<std::string> meld_tokens(const Meld& m, const RuleSet& r, const WrittenNames& names,
                                     CardNames n = CardNames::kEnglish) {
  std::vector<std::string> out;
  for (int i = 0; i < m.shape.size; ++i) {
    const Token t = m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]};
    std::string s = format_token(t, r.notation, n);
    if (m.builders[i] != m.owner) s += "@" + names.player(m.builders[i]);
    out.push_back(s);
  }
  return out;
}

json position_json(const GameState& s, const RuleSet& r, const WrittenNames& names, const Words& w) {
  json players = json::array();
  for (int p = 0; p < s.num_players; ++p) {
    json hand = json::array();
    for (Card c : s.hand(p)) hand.push_back(token_text(face_of(c), r));
    players.push_back({{"name", names.player(p)},
                       {"hand", hand},
                       {"total", s.players[p].total},
                       {"opened", s.players[p].opened},
                       {"round_score", s.hand_over ? json(s.round_scores[p]) : json()}});
  }
  json table = json::array();
  for (const Meld& m : s.table.all())
    table.push_back({{"id", names.meld(m.id)}, {"owner", names.player(m.owner)}, {"cards", meld_tokens(m, r, names)}});
  json discard = json::array();
  for (Card c : s.discard.cards()) discard.push_back(token_text(face_of(c), r));
  return {{"players", players},     {"table", table},       {"stock_size", s.stock.size()},
          {"discard", discard},     {"to_move", names.player(s.to_move)},
          {"phase", phase_name(s.phase)}, {"phase_text", phase_text(s.phase, w)}, {"round", s.round},
          {"hand_over", s.hand_over}, {"game_over", s.game_over}};
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

std::string meld_text(const Meld& m, const RuleSet& r, const WrittenNames& names, CardNames n) {
  std::string s;
  for (const std::string& t : meld_tokens(m, r, names, n)) s += (s.empty() ? "" : " ") + t;
  return s;
}

const Meld* meld_by_id(const GameState& s, int id) {
  const int i = s.table.index_of(uint8_t(id));
  return i >= 0 ? &s.table.melds[i] : nullptr;
}

std::vector<std::string> changes(const GameState& before, const GameState& after, const Action& a, const RuleSet& r,
                                 const WrittenNames& names, const CheckSettings& settings) {
  const Words& w = words(settings);
  const CardNames n = names_of(settings);
  std::vector<std::string> out;
  for (int p = 0; p < after.num_players; ++p) {
    const std::vector<Face> gained = minus(after.hand(p), before.hand(p));
    const std::vector<Face> lost = minus(before.hand(p), after.hand(p));
    if (gained.empty() && lost.empty()) continue;
    std::string line = names.player(p) + ":";
    if (!gained.empty()) line += " +" + faces_text(gained, r, n);
    if (!lost.empty()) line += " -" + faces_text(lost, r, n);
    out.push_back(line);
  }
  if (a.kind == ActionKind::kArrange) {
    std::string line = std::string(w.table_now) + ":";
    for (const Meld& m : after.table.all()) line += " [" + meld_text(m, r, names, n) + "]";
    out.push_back(line);
  } else {
    for (const Meld& m : after.table.all()) {
      const Meld* was = meld_by_id(before, m.id);
      if (!was) {
        out.push_back(names.player(m.owner) + " " + w.lays + " " + names.meld(m.id) + ": " + meld_text(m, r, names, n));
      } else if (meld_text(*was, r, names, n) != meld_text(m, r, names, n)) {
        out.push_back(names.meld(m.id) + ": " + meld_text(*was, r, names, n) + " -> " + meld_text(m, r, names, n));
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
      out.push_back(names.player(p) + " " + w.penalty + " " + std::to_string(after.players[p].penalty - before.players[p].penalty) +
                    " (" + w.total + " " + std::to_string(after.players[p].total) + ")");
  }
  if (after.hand_over && !before.hand_over) {
    out.push_back(std::string(w.hand_over) + "; " +
                  (after.last_out != kNoPlayer ? names.player(after.last_out) + " " + w.went_out : w.nobody_out));
  } else if (!after.hand_over && (after.to_move != before.to_move || after.phase != before.phase || before.hand_over)) {
    out.push_back(names.player(after.to_move) + " " + w.to_move + " (" + phase_text(after.phase, w) + ")");
  }
  if (after.game_over && !before.game_over) out.push_back(w.game_over);
  if (out.empty()) out.push_back(w.no_change);
  return out;
}

// ---- the step in words -------------------------------------------------------------------

std::string groups_text(const TokenGroups& groups, const RuleSet& r, CardNames n) {
  std::string s;
  for (int g = 0; g < groups.groups(); ++g) {
    std::string set;
    for (const Token& t : groups.group(g)) set += (set.empty() ? "" : " ") + format_token(t, r.notation, n);
    s += (s.empty() ? "[" : " [") + set + "]";
  }
  return s;
}

std::string take_text(const TakeSpec& take, const RuleSet& r, const Words& w, CardNames n) {
  switch (take.kind) {
    case TakeSpec::Kind::kNone: return w.takes_top;
    case TakeSpec::Kind::kCount: return take.count == 1 ? w.takes_top : std::string(w.takes_newest) + " " + std::to_string(take.count);
    case TakeSpec::Kind::kAll: return w.takes_all;
    case TakeSpec::Kind::kDownTo: return std::string(w.takes_down_to) + " " + format_face(take.face, r.notation, n);
  }
  return w.takes_top;
}

// The step as a sentence in the report's language, its player first ("Bo swaps 7H for the
// joker in stege"); the file's own text stays in `text`.
std::string step_words(const Action& a, const GameState& before, const RuleSet& r, const WrittenNames& names,
                       const CheckSettings& settings) {
  const Words& w = words(settings);
  const CardNames n = names_of(settings);
  const std::string who = names.player(a.player) + " ";
  const auto card = [&](Face f) { return format_face(f, r.notation, n); };
  switch (a.kind) {
    case ActionKind::kDraw:
      return who + (r.notation == Notation::kTiles ? w.draws_tile : w.draws);
    case ActionKind::kTake: return who + take_text(a.take, r, w, n);
    case ActionKind::kMeld: return who + w.lays + " " + groups_text(a.cards, r, n);
    case ActionKind::kLayoff: return who + w.lays_off + " " + names.meld(a.meld_id) + ": " + groups_text(a.cards, r, n);
    case ActionKind::kSwap: return who + w.swaps + " " + card(a.card) + " " + w.for_joker_in + " " + names.meld(a.meld_id);
    case ActionKind::kDiscard: return who + (before.phase == Phase::kRow ? w.lays_in_row : w.discards) + " " + card(a.card);
    case ActionKind::kArrange: return who + w.arranges + " " + groups_text(a.cards, r, n);
    case ActionKind::kPass: return who + w.passes;
    case ActionKind::kTimeout: return who + w.times_out;
    case ActionKind::kClaim: {
      std::string s = who + w.claims + ": " + take_text(a.take, r, w, n);
      if (a.cards.groups() > 0)
        s += "; " + (a.claim_layoff ? std::string(w.lays_off) + " " + names.meld(a.meld_id) + ":" : std::string(w.lays)) + " " +
             groups_text(a.cards, r, n);
      return s;
    }
    case ActionKind::kNextHand: return w.next_hand;
  }
  return who;
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

json hand_end_json(const GameState& s, const RuleSet& r, const WrittenNames& names, const CheckSettings& settings) {
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
      if (l.why == ScoreWhy::kOthersHand) why += " " + names.player(l.from);
      if (l.meld_id) why += " (" + names.meld(l.meld_id) + ")";
      rows.push_back({{"card", l.card.is_none() ? json() : json(token_text(l.card, r))}, {"points", l.points}, {"why", why}});
    }
    json entry = {{"player", names.player(p)}, {"score", s.round_scores[p]}, {"total", s.players[p].total}, {"lines", rows}};
    // The breakdown is drawn beside the engine's scoring, not from it: a difference is said.
    if (sum != s.round_scores[p]) entry["mismatch"] = std::string(w.not_adding_up) + " (" + std::to_string(sum) + ")";
    scores.push_back(entry);
  }
  json winners = json::array();
  for (int p = 0; p < s.num_players; ++p)
    if ((s.winners >> p) & 1) winners.push_back(names.player(p));
  return {{"went_out", s.last_out != kNoPlayer ? json(names.player(s.last_out)) : json()},
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
    const Refusal c = apply_step(s, sc.rules, st);
    if (c != Refusal::kNone) {
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

json clause_json(const RuleSet& r, size_t index, const CheckSettings& settings) {
  const Clause& clause = r.catalog[index];
  json rule = {{"id", clause.id},
               {"text", settings.swedish && !clause.text_sv.empty() ? clause.text_sv : clause.text},
               {"source", clause.source}};
  if (!clause.resolution.empty()) rule["resolution"] = settings.swedish ? clause.resolution_sv : clause.resolution;
  return rule;
}

json rule_json(const RuleSet& r, Refusal c, const CheckSettings& settings) {
  const int idx = r.clause_of[int(c)];
  return idx < 0 ? json{{"id", r.rule_id(c)}} : clause_json(r, size_t(idx), settings);
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
    if (!read.scenario) row.na = settings.swedish ? in_swedish(read.error) : read.error;
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
              {"start", position_json(sc.start, r, sc.names, w)}};
  const Cells mine = replay_cells(sc);
  const std::vector<json> read = readings(sc, index, file, mine, library, settings);
  json steps = json::array();
  GameState s = sc.start;
  for (size_t i = 0; i < sc.steps.size(); ++i) {
    const Step& st = sc.steps[i];
    const GameState before = s;
    Action a = st.action;
    if (a.player == kNoPlayer) a.player = s.to_move;
    const Refusal c = apply_step(s, r, st);
    json step = {{"index", i + 1},
                 {"text", st.text},
                 {"words", step_words(a, before, r, sc.names, settings)},
                 {"player", sc.names.player(a.player)},
                 {"legal", c == Refusal::kNone}};
    step["verdict"] = c == Refusal::kNone ? "legal" : "refused";
    step["verdict_text"] = cell_text(c == Refusal::kNone ? "legal" : r.rule_id(c), w);
    if (c != Refusal::kNone) {
      s = before;  // a refusal changes nothing; the replay goes on from the same position
      step["rule"] = rule_json(r, c, settings);
      step["changes"] = json::array({w.no_change});
    } else {
      step["changes"] = changes(before, s, a, r, sc.names, settings);
      // What allowed it: the clauses it passes through, as a refusal names the one it broke.
      json allowed = json::array();
      for (size_t clause : hunt::clauses_passed(before, a, s, r)) allowed.push_back(clause_json(r, clause, settings));
      step["allowed_by"] = allowed;
    }
    step["readings"] = read[i];
    step["position"] = position_json(s, r, sc.names, w);
    if (c == Refusal::kNone && s.hand_over && !before.hand_over) step["hand_end"] = hand_end_json(s, r, sc.names, settings);
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
  if (settings.swedish)  // a file that cannot be read says why in Swedish too
    for (json& sc : scenarios)
      if (sc.contains("error")) sc["error"] = in_swedish(sc["error"].get<std::string>());
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
      // English keeps the file's own words for the step; Swedish says it in Swedish.
      const std::string step = sv ? st["words"].get<std::string>()
                                  : st["player"].get<std::string>() + " " + st["text"].get<std::string>();
      out << "  " << st["index"].get<int>() << ". " << step << ": " << verdict << "\n";
      auto write_clause = [&](const json& rule, const std::string& mark) {
        out << "       " << mark << rule["text"].get<std::string>() << " (" << rule["source"].get<std::string>() << ")\n";
        if (rule.contains("resolution"))
          out << "       " << (sv ? kSwedish : kEnglish).resolution << ": " << rule["resolution"].get<std::string>() << "\n";
      };
      if (st.contains("rule") && st["rule"].contains("text")) write_clause(st["rule"], "");
      if (st.contains("allowed_by"))
        for (const json& rule : st["allowed_by"])
          write_clause(rule, std::string((sv ? kSwedish : kEnglish).allowed_by) + " " + rule["id"].get<std::string>() + ": ");
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
          out << (sv ? "ej tillämpligt" : "n/a") << " (" << row["na"].get<std::string>() << ")\n";
          continue;
        }
        std::string cells;
        for (size_t i = 0; i < row["cells"].size(); ++i) {
          const std::string cell = row["cells"][i];  // "legal" or the refusing rule id
          cells += (i ? " | " : "") + std::to_string(i + 1) + " " + (cell == "legal" ? (sv ? kSwedish : kEnglish).legal : cell);
        }
        out << cells << "\n";
      }
    }
    out << "\n";
  }
}

}  // namespace meldcheck
