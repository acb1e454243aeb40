#include "disputes/check_html.h"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "files/json_text.h"
#include "harness/json_fields.h"
#include "harness/replay_report.h"

namespace meldcheck {
namespace {

using nlohmann::json;

// The page's own words; everything else on the page comes from the report.
struct Words {
  const char* lang;
  const char* title;
  const char* scenarios;
  const char* file;
  const char* house;
  const char* error;
  const char* steps;
  const char* step;
  const char* move;
  const char* start;
  const char* legal;
  const char* refused;
  const char* rule;
  const char* source;
  const char* resolution;
  const char* readings;
  const char* current;
  const char* changes;
  const char* no_changes;
  const char* table;
  const char* nothing_melded;
  const char* stock;       // playing cards
  const char* pool;        // Rummikub's face-down tiles
  const char* discard;
  const char* to_move;
  const char* opened;
  const char* total;
  const char* round_score;
  const char* round;
  const char* phase;
  const char* hand_over;
  const char* game_over;
  const char* hand_end;
  const char* went_out;
  const char* winner;
  const char* player;
  const char* points;
  const char* card;
  const char* tile;
  const char* why;
  const char* across;
  const char* houses;
  const char* not_applicable;
  const char* previous;
  const char* next;
  const char* allowed_by;
};

constexpr Words kEnglish = {
    "en", "Rules check", "Scenarios", "File", "House", "Error", "Steps", "Step", "Move", "Start position",
    "Legal", "Refused", "Rule", "Source", "Resolution", "Other readings", "current", "Changes", "No change",
    "Table", "nothing melded", "Stock", "Pool", "Discard pile", "to move", "opened", "Total", "This hand",
    "Round", "Phase", "Hand over", "Game over", "Hand end", "went out", "Winner", "Player", "Points", "Card",
    "Tile", "Why", "Across houses", "Houses", "n/a", "Previous step", "Next step", "Allowed by"};

constexpr Words kSwedish = {
    "sv", "Regelkontroll", "Scenarier", "Fil", "Husregler", "Fel", "Steg", "Steg", "Drag", "Utgångsläge",
    "Laglig", "Otillåten", "Regel", "Källa", "Avgörande", "Andra tolkningar", "gällande", "Ändringar",
    "Ingen ändring", "Bordet", "inget utlagt", "Talongen", "Högen", "Slänghögen", "på tur", "har öppnat",
    "Totalt", "Den här given", "Omgång", "Fas", "Given är slut", "Partiet är slut", "Givens slut", "gick ut",
    "Vinnare", "Spelare", "Poäng", "Kort", "Bricka", "Varför", "Över husreglerna", "Husregler",
    "ej tillämplig", "Föregående steg", "Nästa steg", "Tillåtet enligt"};

// Markup escaped, and what is not UTF-8 (a scenario's own bytes) as U+FFFD.
std::string esc(std::string_view s) { return xml_text(std::string(s)); }

using namespace json_fields;

// --- cards and tiles ---

const char* suit_symbol(char s) {
  switch (s) {
    case 'S': return "♠";
    case 'H': return "♥";
    case 'D': return "♦";
    case 'C': return "♣";
  }
  return nullptr;
}
bool red_suit(char s) { return s == 'H' || s == 'D'; }
bool card_rank(std::string_view r) {
  if (r == "A" || r == "J" || r == "Q" || r == "K" || r == "10") return true;
  return r.size() == 1 && r[0] >= '2' && r[0] <= '9';
}
bool tile_colour(char c) { return c == 'R' || c == 'B' || c == 'O' || c == 'K'; }
bool tile_number(std::string_view n) {
  if (n.empty() || n.size() > 2 || n[0] == '0') return false;
  int v = 0;
  for (char c : n) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  return v >= 1 && v <= 13;
}

// What a joker stands for, small: "7♦" in red, a coloured tile number, or a bare rank.
std::string standin_html(std::string_view s, bool tiles) {
  if (!tiles && s.size() >= 2 && suit_symbol(s.back()) && card_rank(s.substr(0, s.size() - 1)))
    return std::string("<span class=\"") + (red_suit(s.back()) ? "red" : "blk") + "\">" +
           esc(s.substr(0, s.size() - 1)) + suit_symbol(s.back()) + "</span>";
  if (tiles && s.size() >= 2 && tile_colour(s[0]) && tile_number(s.substr(1)))
    return std::string("<span class=\"t") + s[0] + "\">" + esc(s.substr(1)) + "</span>";
  return esc(s);
}

// A contract token ("10H", "R5", "JK", "JK=7D", "7S@B") drawn as a card or tile. Tokens it
// cannot read are drawn as a blank card carrying the token's text.
std::string card_html(std::string_view token, bool tiles, const char* extra = "") {
  std::string_view face = token;
  std::string_view owner;
  if (auto at = face.rfind('@'); at != std::string_view::npos) {
    owner = face.substr(at + 1);
    face = face.substr(0, at);
  }
  const char* kind = tiles ? "tile" : "card";
  std::string cls, inner;
  if (face.substr(0, 2) == "JK" && (face.size() == 2 || face[2] == '=')) {
    cls = std::string(kind) + " joker";
    inner = tiles ? "<span class=\"jf\">☺</span>" : "<span class=\"jf\">★</span>";
    if (face.size() > 3)
      inner += "<span class=\"as\">=" + standin_html(face.substr(3), tiles) + "</span>";
    else if (!tiles)
      inner += "<span class=\"jw\">JOKER</span>";
  } else if (!tiles && face.size() >= 2 && suit_symbol(face.back()) && card_rank(face.substr(0, face.size() - 1))) {
    const std::string rank = esc(face.substr(0, face.size() - 1));
    const char* suit = suit_symbol(face.back());
    cls = std::string("card ") + (red_suit(face.back()) ? "red" : "blk");
    inner = "<span class=\"ix\"><span class=\"r\">" + rank + "</span><span class=\"s\">" + suit +
            "</span></span><span class=\"pip\">" + suit + "</span>";
  } else if (tiles && face.size() >= 2 && tile_colour(face[0]) && tile_number(face.substr(1))) {
    cls = std::string("tile t") + face[0];
    inner = "<span class=\"num\">" + esc(face.substr(1)) + "</span>";
  } else {
    cls = std::string(kind) + " unknown";
    inner = "<span class=\"u\">" + esc(face) + "</span>";
  }
  if (!owner.empty()) inner += "<span class=\"own\">" + esc(owner) + "</span>";
  return "<span class=\"" + cls + extra + "\" title=\"" + esc(token) + "\">" + inner + "</span>";
}

void write_cards(std::ostream& out, const json& cards, bool tiles) {
  for (const json& c : cards)
    if (c.is_string()) out << card_html(c.get<std::string>(), tiles);
}

// --- positions ---

void write_position(std::ostream& out, const json& pos, bool tiles, const Words& w) {
  out << "<div class=\"felt\">\n<div class=\"status\">";
  if (!field(pos, "round").is_null()) out << "<span>" << w.round << " " << esc(str(pos, "round")) << "</span>";
  const std::string phase = str(pos, "phase_text").empty() ? str(pos, "phase") : str(pos, "phase_text");
  if (!field(pos, "phase").is_null()) out << "<span>" << w.phase << ": " << esc(phase) << "</span>";
  if (!field(pos, "to_move").is_null() && !flag(pos, "hand_over"))
    out << "<span class=\"tomove\">▶ " << esc(str(pos, "to_move")) << " " << w.to_move << "</span>";
  if (flag(pos, "hand_over")) out << "<span class=\"over\">" << w.hand_over << "</span>";
  if (flag(pos, "game_over")) out << "<span class=\"over\">" << w.game_over << "</span>";
  out << "</div>\n<div class=\"centre\">\n<div class=\"piles\">";
  const json& stock = field(pos, "stock_size");
  if (stock.is_number_integer()) {
    const long n = stock.get<long>();
    out << "<div class=\"pile\"><div class=\"label\">" << (tiles ? w.pool : w.stock) << "</div><div class=\"stock"
        << (n == 0 ? " empty" : n < 4 ? " thin" : "") << (tiles ? " tiles" : "") << "\"><span class=\"count\">" << n
        << "</span></div></div>";
  }
  const json& discard = list(pos, "discard");
  if (!tiles || !discard.empty()) {
    out << "<div class=\"pile\"><div class=\"label\">" << w.discard << " · " << discard.size()
        << "</div><div class=\"fan" << (discard.size() > 10 ? " tight" : "") << "\">";
    write_cards(out, discard, tiles);
    if (discard.empty()) out << "<span class=\"" << (tiles ? "tile" : "card") << " slot\"></span>";
    out << "</div></div>";
  }
  out << "</div>\n<div class=\"board\"><div class=\"label\">" << w.table << "</div><div class=\"melds\">";
  const json& table = list(pos, "table");
  for (const json& m : table) {
    out << "<div class=\"meld\"><div class=\"cards\">";
    write_cards(out, list(m, "cards"), tiles);
    out << "</div>";
    const std::string id = str(m, "id"), owner = str(m, "owner");
    if (!id.empty() || !owner.empty())
      out << "<div class=\"tag\">" << esc(id) << (id.empty() || owner.empty() ? "" : " · ") << esc(owner) << "</div>";
    out << "</div>";
  }
  if (table.empty()) out << "<div class=\"nothing\">" << w.nothing_melded << "</div>";
  out << "</div></div>\n</div>\n<div class=\"seats\">\n";
  const std::string to_move = str(pos, "to_move");
  for (const json& p : list(pos, "players")) {
    const std::string name = str(p, "name");
    const bool moving = !name.empty() && name == to_move && !flag(pos, "hand_over");
    out << "<div class=\"seat" << (moving ? " moving" : "") << "\"><div class=\"who\"><span class=\"pname\">" << esc(name)
        << "</span>";
    if (moving) out << "<span class=\"badge move\">▶ " << w.to_move << "</span>";
    if (flag(p, "opened")) out << "<span class=\"badge\">✓ " << w.opened << "</span>";
    if (!field(p, "round_score").is_null())
      out << "<span class=\"badge\">" << w.round_score << ": " << esc(str(p, "round_score")) << "</span>";
    if (!field(p, "total").is_null())
      out << "<span class=\"total\">" << w.total << " <b>" << esc(str(p, "total")) << "</b></span>";
    out << "</div><div class=\"hand\">";
    write_cards(out, list(p, "hand"), tiles);
    out << "</div></div>\n";
  }
  out << "</div>\n</div>\n";
}

// --- steps ---

void write_rule(std::ostream& out, const json& rule, const Words& w, const char* label) {
  if (!rule.is_object()) return;
  out << "<div class=\"rule\"><div><span class=\"label\">" << label << "</span> <code class=\"rule-id\">"
      << esc(str(rule, "id")) << "</code></div>";
  if (!str(rule, "text").empty()) out << "<p class=\"para\">" << esc(str(rule, "text")) << "</p>";
  if (!str(rule, "source").empty())
    out << "<p class=\"src\"><span class=\"label\">" << w.source << "</span> " << esc(str(rule, "source")) << "</p>";
  if (!str(rule, "resolution").empty())
    out << "<p class=\"res\"><span class=\"label\">" << w.resolution << "</span> " << esc(str(rule, "resolution"))
        << "</p>";
  out << "</div>\n";
}

void write_readings(std::ostream& out, const json& readings, const Words& w) {
  if (readings.empty()) return;
  out << "<div class=\"readings\"><h4>" << w.readings << "</h4><ul>";
  for (const json& r : readings) {
    out << "<li><code>" << esc(str(r, "option")) << "</code>";
    if (!str(r, "text").empty()) out << " <span class=\"otext\">" << esc(str(r, "text")) << "</span>";
    out << "<ul class=\"answers\">";
    for (const json& a : list(r, "answers")) {
      const bool cur = flag(a, "current");
      const std::string verdict = str(a, "verdict");
      out << "<li class=\"" << (verdict == "legal" ? "ok" : "no") << (cur ? " cur" : "") << "\"><code>"
          << esc(str(a, "choice")) << "</code> → " << esc(verdict);
      if (cur) out << " <span class=\"curmark\">(" << w.current << ")</span>";
      out << "</li>";
    }
    out << "</ul></li>";
  }
  out << "</ul></div>\n";
}

void write_hand_end(std::ostream& out, const json& he, bool tiles, const Words& w) {
  if (!he.is_object()) return;
  out << "<div class=\"hand-end\"><h4>" << w.hand_end << "</h4><p class=\"outcome\">";
  if (!str(he, "went_out").empty()) out << "<b>" << esc(str(he, "went_out")) << "</b> " << w.went_out << ". ";
  const json& winners = list(he, "winner");
  if (!winners.empty()) {
    out << w.winner << ": ";
    for (size_t i = 0; i < winners.size(); ++i) out << (i ? ", " : "") << "<b>" << esc(text(winners[i])) << "</b>";
    out << ". ";
  }
  if (flag(he, "game_over")) out << "<span class=\"over\">" << w.game_over << "</span>";
  out << "</p>\n<div class=\"score-tables\">\n";
  for (const json& s : list(he, "scores")) {
    out << "<table class=\"scores\"><thead><tr class=\"who\"><th colspan=\"3\"><span class=\"pname\">"
        << esc(str(s, "player")) << "</span> <span class=\"sum\">" << w.points << " <b>" << esc(str(s, "score"))
        << "</b></span>";
    if (!field(s, "total").is_null())
      out << " <span class=\"sum\">" << w.total << " <b>" << esc(str(s, "total")) << "</b></span>";
    out << "</th></tr>\n<tr><th>" << (tiles ? w.tile : w.card) << "</th><th class=\"num\">" << w.points << "</th><th>"
        << w.why << "</th></tr></thead><tbody>\n";
    for (const json& line : list(s, "lines")) {
      const json& card = field(line, "card");
      out << "<tr><td>" << (card.is_string() ? card_html(card.get<std::string>(), tiles, " mini") : "—")
          << "</td><td class=\"num\">" << esc(str(line, "points")) << "</td><td>" << esc(str(line, "why"))
          << "</td></tr>\n";
    }
    out << "</tbody></table>\n";
  }
  out << "</div></div>\n";
}

// A rule id may break after its ruleset: "femhundra-rummy/<wbr>joker.discard".
std::string breakable(std::string s) {
  for (size_t at = s.find('/'); at != std::string::npos; at = s.find('/', at + 6)) s.insert(at + 1, "<wbr>");
  return s;
}

std::string step_id(int scenario, size_t i) { return "s" + std::to_string(scenario) + "-step" + std::to_string(i); }

void write_step(std::ostream& out, const json& step, int scenario, size_t i, bool tiles, const Words& w) {
  const bool legal = flag(step, "legal") || str(step, "verdict") == "legal";
  std::string index = str(step, "index");
  if (index.empty()) index = std::to_string(i);
  out << "<article class=\"step " << (legal ? "legal" : "refused") << "\" id=\"" << step_id(scenario, i)
      << "\">\n<header class=\"step-head\"><span class=\"stepno\">" << w.step << " " << esc(index) << "</span>";
  if (!str(step, "player").empty()) out << "<span class=\"player\">" << esc(str(step, "player")) << "</span>";
  // The file's own text, and in Swedish the step said in Swedish beside it.
  const std::string said = std::string(w.lang) == "sv" ? str(step, "words") : "";
  out << "<span class=\"label\">" << w.move << "</span><code class=\"move\">" << esc(str(step, "text")) << "</code>";
  if (!said.empty()) out << "<span class=\"said\">" << esc(said) << "</span>";
  out << "<span class=\"verdict " << (legal ? "legal" : "refused") << "\" title=\""
      << (legal ? w.legal : w.refused) << "\">" << (legal ? "✓ " : "✗ ") << "<span class=\"vt\">"
      << esc(str(step, "verdict_text")) << "</span></span></header>\n<div class=\"explain\">";
  write_rule(out, field(step, "rule"), w, w.rule);
  for (const json& rule : list(step, "allowed_by")) write_rule(out, rule, w, w.allowed_by);
  write_readings(out, list(step, "readings"), w);
  const json& changes = list(step, "changes");
  out << "<div class=\"changes\"><h4>" << w.changes << "</h4>";
  if (changes.empty()) out << "<p class=\"none\">" << w.no_changes << "</p>";
  else {
    out << "<ul>";
    for (const json& c : changes) out << "<li>" << esc(text(c)) << "</li>";
    out << "</ul>";
  }
  out << "</div></div>\n";
  write_hand_end(out, field(step, "hand_end"), tiles, w);
  if (!field(step, "position").is_null()) write_position(out, field(step, "position"), tiles, w);
  out << "</article>\n";
}

void write_across(std::ostream& out, const json& across, const Words& w) {
  if (!across.is_object()) return;
  const json& steps = list(across, "steps");
  const size_t columns = steps.empty() ? 1 : steps.size();
  out << "<div class=\"across\"><h3>" << w.across << "</h3><div class=\"scroll\"><table><thead><tr><th>" << w.houses
      << "</th>";
  for (size_t i = 0; i < steps.size(); ++i)
    out << "<th><span class=\"n\">" << (i + 1) << "</span><code>" << esc(text(steps[i])) << "</code></th>";
  out << "</tr></thead><tbody>\n";
  for (const json& row : list(across, "rows")) {
    out << "<tr><th class=\"houses\">";
    const json& houses = list(row, "houses");
    for (size_t i = 0; i < houses.size(); ++i) out << (i ? "<br>" : "") << "<code>" << esc(text(houses[i])) << "</code>";
    out << "</th>";
    if (!field(row, "na").is_null()) {
      out << "<td class=\"na\" colspan=\"" << columns << "\">" << w.not_applicable << ": " << esc(str(row, "na"))
          << "</td>";
    } else {
      for (const json& cell : list(row, "cells")) {
        const std::string c = text(cell);
        if (c == "legal")
          out << "<td class=\"ok\">✓ " << w.legal << "</td>";
        else
          out << "<td class=\"no\">✗&nbsp;<code>" << breakable(esc(c)) << "</code></td>";
      }
    }
    out << "</tr>\n";
  }
  out << "</tbody></table></div></div>\n";
}

void write_scenario(std::ostream& out, const json& sc, int n, const Words& w) {
  const bool tiles = str(sc, "notation") == "tiles";
  const std::string error = str(sc, "error");
  std::string name = str(sc, "name");
  if (name.empty()) name = str(sc, "file");
  out << "<section class=\"scenario" << (error.empty() ? "" : " error") << "\" id=\"s" << n
      << "\">\n<header class=\"sc-head\"><h2>" << esc(name) << "</h2><div class=\"meta\">";
  if (!str(sc, "file").empty())
    out << "<span><span class=\"label\">" << w.file << "</span> <code>" << esc(str(sc, "file")) << "</code></span>";
  if (!str(sc, "house").empty()) {
    out << "<span><span class=\"label\">" << w.house << "</span> <code>" << esc(str(sc, "house")) << "</code>";
    if (!str(sc, "ruleset_name").empty()) out << " (" << esc(str(sc, "ruleset_name")) << ")";
    out << "</span>";
  }
  const json& steps = list(sc, "steps");
  size_t legal = 0;
  for (const json& s : steps) legal += flag(s, "legal") || str(s, "verdict") == "legal";
  if (!steps.empty())
    out << "<span class=\"tally\"><span class=\"ok\">✓ " << w.legal << " " << legal << "</span> <span class=\"no\">✗ "
        << w.refused << " " << steps.size() - legal << "</span></span>";
  out << "</div></header>\n";
  if (!error.empty()) out << "<div class=\"error-box\"><strong>" << w.error << "</strong> <code>" << esc(error) << "</code></div>\n";

  const json& start = field(sc, "start");
  if (error.empty() && (start.is_object() || !steps.empty())) {
    // The step list: anchors without JS, the selection with it.
    out << "<div class=\"sc-body\">\n<nav class=\"steplist\" aria-label=\"" << w.steps << "\"><div class=\"controls\">"
        << "<button type=\"button\" class=\"prev\" title=\"" << w.previous << "\">◀</button><input type=\"range\" min=\"0\" max=\""
        << steps.size() << "\" value=\"0\" aria-label=\"" << w.step << "\"><button type=\"button\" class=\"next\" title=\""
        << w.next << "\">▶</button><output>0 / " << steps.size() << "</output></div>\n<h3>" << w.steps << "</h3><ol>\n";
    out << "<li class=\"start\"><a href=\"#" << step_id(n, 0) << "\"><span class=\"n\">0</span><span class=\"t\">"
        << w.start << "</span></a></li>\n";
    for (size_t i = 0; i < steps.size(); ++i) {
      const json& s = steps[i];
      const bool ok = flag(s, "legal") || str(s, "verdict") == "legal";
      std::string index = str(s, "index");
      if (index.empty()) index = std::to_string(i + 1);
      out << "<li class=\"" << (ok ? "legal" : "refused") << "\"><a href=\"#" << step_id(n, i + 1)
          << "\"><span class=\"n\">" << esc(index) << "</span><span class=\"t\">" << esc(str(s, "text"))
          << "</span><span class=\"chip\">" << (ok ? "✓ " : "✗ ") << (ok ? w.legal : w.refused) << "</span>";
      if (!str(s, "player").empty()) out << "<span class=\"by\">" << esc(str(s, "player")) << "</span>";
      out << "</a></li>\n";
    }
    out << "</ol></nav>\n<div class=\"steps\">\n<article class=\"step start\" id=\"" << step_id(n, 0)
        << "\">\n<header class=\"step-head\"><span class=\"stepno\">" << w.start << "</span></header>\n";
    if (start.is_object()) write_position(out, start, tiles, w);
    out << "</article>\n";
    for (size_t i = 0; i < steps.size(); ++i) write_step(out, steps[i], n, i + 1, tiles, w);
    out << "</div>\n</div>\n";
  }
  write_across(out, field(sc, "across"), w);
  out << "</section>\n";
}

constexpr const char* kStyle = R"css(
*{box-sizing:border-box}
html{font-family:"DejaVu Sans","Segoe UI",system-ui,sans-serif;font-size:15px;color:#1f2421;background:#e9e6df}
body{margin:0;padding:14px 18px 40px}
code{font-family:"DejaVu Sans Mono",ui-monospace,monospace;font-size:.92em}
h1{font-size:1.25rem;margin:0}
h2{font-size:1.2rem;margin:0 0 .3em}
h3{font-size:.95rem;margin:.2em 0 .5em;text-transform:uppercase;letter-spacing:.06em;color:#5d5a52}
h4{font-size:.8rem;margin:0 0 .3em;text-transform:uppercase;letter-spacing:.06em;color:#6a665c}
.page-head{display:flex;align-items:baseline;gap:1em;margin:0 0 12px;flex-wrap:wrap}
.page-head .ver{color:#777;font-size:.85em}
.contents{margin:0 0 12px;padding:8px 14px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.contents ol{margin:0;padding-left:1.4em;columns:2}
a{color:#1d5b8f}
.label{color:#77736a;font-size:.78em;text-transform:uppercase;letter-spacing:.05em}
.scenario{background:#fbfaf7;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.16);padding:14px 16px;margin:0 0 18px}
.sc-head .meta{display:flex;flex-wrap:wrap;gap:.4em 1.4em;align-items:baseline;font-size:.9em}
.tally .ok{color:#1d6b30}.tally .no{color:#a3261d}
.scenario.error{border-left:6px solid #b3261e}
.error-box{margin-top:10px;padding:10px 12px;background:#fde8e6;border:1px solid #e4a29b;border-radius:8px;color:#7b1a14}
.error-box code{white-space:pre-wrap;word-break:break-word}
.sc-body{display:grid;grid-template-columns:270px minmax(0,1fr);gap:16px;margin-top:10px;align-items:start}
.steplist{position:sticky;top:10px;max-height:calc(100vh - 20px);overflow:auto;background:#f1efe9;border-radius:10px;padding:8px}
.steplist ol{list-style:none;margin:0;padding:0}
.steplist li a{display:grid;grid-template-columns:1.8em 1fr auto;gap:0 .4em;align-items:baseline;padding:5px 6px;border-radius:6px;color:inherit;text-decoration:none;border-left:4px solid transparent}
.steplist li a:hover{background:#e4e0d6}
.steplist li.legal a{border-left-color:#3c9a55}
.steplist li.refused a{border-left-color:#c8463c}
.steplist li.current a{background:#2d3a33;color:#fff}
.steplist .n{font-weight:700;color:#8a867c;text-align:right}
.steplist li.current .n{color:#cfd8d2}
.steplist .t{font-family:"DejaVu Sans Mono",monospace;font-size:.8em;word-break:break-word}
.steplist .chip{grid-column:2;font-size:.72em;font-weight:700}
.steplist .legal .chip{color:#23793a}.steplist .refused .chip{color:#b3261e}
.steplist li.current .chip{color:#fff}
.steplist .by{grid-column:3;grid-row:1;font-size:.75em;color:#8a867c}
.controls{display:none;align-items:center;gap:6px;margin:0 0 8px}
.js .controls{display:flex}
.controls input{flex:1;min-width:0;accent-color:#2d6a45}
.controls button{border:1px solid #b9b4a8;background:#fff;border-radius:6px;padding:2px 8px;cursor:pointer;font-size:.9em}
.controls output{font-size:.8em;color:#5d5a52;min-width:3.6em;text-align:right}
.steps{min-width:0}
.step{margin:0 0 16px}
.js .step{display:none}
.js .step.current{display:block}
.step-head{display:flex;align-items:center;gap:.35em .7em;margin:0 0 8px}
.step-head>*{flex:none}
.stepno{font-weight:700;font-size:1.05em}
.player{background:#2d3a33;color:#fff;border-radius:999px;padding:1px 9px;font-size:.85em;font-weight:700}
.move{flex:0 1 auto;min-width:0;word-break:break-word;background:#efece4;border:1px solid #d9d4c8;border-radius:6px;padding:2px 7px}
.said{flex:0 1 auto;font-style:italic;color:#3d3a33}
.verdict{flex:none;border-radius:6px;padding:3px 10px;font-weight:700;margin-left:auto}
.verdict.legal{background:#dff2e2;color:#1b6a2e;border:1px solid #9fd1aa}
.verdict.refused{background:#fde5e2;color:#a3261d;border:1px solid #eba79f}
.explain{display:flex;flex-wrap:wrap;gap:8px 12px;margin:0 0 10px}
.explain>div{background:#fff;border:1px solid #e2ded4;border-radius:8px;padding:7px 10px;flex:1 1 240px}
.explain .rule{flex:2 1 380px;border-left:4px solid #c8463c}
.explain p{margin:.25em 0}
.rule-id{font-weight:700;color:#8d1f17}
.para{font-style:italic}
.src,.res{font-size:.88em;color:#4b4841}
.changes ul,.readings ul{margin:0;padding-left:1.1em}
.changes li{margin:.1em 0}
.changes .none{color:#8a867c;margin:0}
.answers{list-style:none;padding-left:.4em!important;font-size:.9em}
.answers .ok{color:#1b6a2e}.answers .no{color:#a3261d}
.answers .cur{font-weight:700}
.felt{background:radial-gradient(ellipse at 50% 40%,#2f7d4e 0%,#22603b 60%,#1a4d2f 100%);border:7px solid #6d4c30;border-radius:20px;box-shadow:inset 0 0 30px rgba(0,0,0,.35),0 2px 5px rgba(0,0,0,.3);padding:10px 14px 14px;color:#eef5ef}
.felt .label{color:#cfe5d4;font-size:.72em}
.status{display:flex;flex-wrap:wrap;gap:.3em 1.2em;font-size:.85em;color:#d8eadb;margin:0 0 8px}
.status .tomove{font-weight:700;color:#ffe9a8}
.over{background:#f3c94f;color:#3b2d00;border-radius:4px;padding:0 6px;font-weight:700}
.centre{display:flex;gap:22px;align-items:flex-start;flex-wrap:wrap;margin:0 0 12px}
.piles{display:flex;gap:18px}
.pile .label,.board>.label{margin:0 0 4px}
.stock{position:relative;width:2.6em;height:3.6em;margin:0 8px 8px 0;border-radius:.35em;border:2px solid #f4efe3;background:repeating-linear-gradient(45deg,#7b2030 0 4px,#9b3042 4px 8px);box-shadow:2px 2px 0 #efe9dc,3px 3px 0 #8c8576,5px 5px 0 #efe9dc,6px 6px 0 #8c8576,8px 8px 3px rgba(0,0,0,.35)}
.stock.tiles{background:repeating-linear-gradient(0deg,#d9cfb4 0 6px,#cfc4a6 6px 12px);border-color:#f3ecd9;border-radius:.45em}
.stock.thin{box-shadow:2px 2px 0 #efe9dc,3px 3px 0 #8c8576,5px 5px 3px rgba(0,0,0,.35)}
.stock.empty{background:none;border:2px dashed #a8c9b0;box-shadow:none}
.stock .count{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);min-width:1.9em;padding:0 .35em;text-align:center;line-height:1.5em;background:#fff;color:#222;border-radius:999px;font-weight:700;font-size:.85em;box-shadow:0 1px 2px rgba(0,0,0,.4)}
.fan{display:flex;align-items:flex-start;padding-right:4px}
.fan>.card:not(:first-child){margin-left:-1.15em}
.fan.tight>.card:not(:first-child){margin-left:-1.7em}
.fan>.card:last-child{box-shadow:0 2px 6px rgba(0,0,0,.55)}
.board{flex:1;min-width:240px}
.melds{display:flex;flex-wrap:wrap;gap:8px 14px}
.meld{background:rgba(0,0,0,.16);border:1px solid rgba(255,255,255,.14);border-radius:10px;padding:5px 6px 2px}
.meld .tag{font-size:.72em;color:#cfe5d4;text-align:center;margin-top:1px}
.nothing{color:#a9cbb2;font-style:italic;font-size:.9em;padding:.8em 0}
.seats{display:flex;flex-wrap:wrap;gap:10px}
.seat{background:rgba(0,0,0,.2);border:1px solid rgba(255,255,255,.12);border-radius:10px;padding:5px 8px 6px;flex:1 1 auto;min-width:250px}
.seat.moving{border-color:#f3d77a;box-shadow:0 0 0 2px rgba(243,215,122,.45)}
.seat .who{display:flex;align-items:center;gap:.5em;margin:0 0 4px;font-size:.85em}
.pname{font-weight:700;font-size:1.1em}
.badge{background:rgba(255,255,255,.16);border-radius:4px;padding:0 6px;font-size:.9em}
.badge.move{background:#f3d77a;color:#3b2d00;font-weight:700}
.seat .total{margin-left:auto}
.hand{display:flex;flex-wrap:wrap;gap:0;min-height:3.7em}
.card{position:relative;display:inline-block;flex:none;width:2.6em;height:3.6em;margin:1px 2px;border-radius:.35em;background:linear-gradient(160deg,#ffffff,#f6f2e8);border:1px solid #a9a397;box-shadow:0 1px 2px rgba(0,0,0,.45);color:#171717;vertical-align:top;line-height:1}
.card.red{color:#c8102e}
.card .ix{position:absolute;left:.22em;top:.2em;display:flex;flex-direction:column;align-items:center;font-weight:700;letter-spacing:-.04em}
.card .ix .r{font-size:1em}.card .ix .s{font-size:.85em;margin-top:.05em}
.card .pip{position:absolute;right:.2em;bottom:.12em;font-size:1.5em}
.card.joker{background:linear-gradient(160deg,#fffdf3,#f3e6ff);color:#6b2fa0}
.card.joker .jf{position:absolute;left:0;right:0;top:.35em;text-align:center;font-size:1.45em}
.card.joker .jw{position:absolute;left:0;right:0;bottom:.45em;text-align:center;font-size:.45em;font-weight:700;letter-spacing:.04em}
.card.joker .as,.tile.joker .as{position:absolute;left:0;right:0;bottom:.3em;text-align:center;font-size:.72em;font-weight:700;color:#444}
.card.slot{background:none;border:2px dashed #a8c9b0;box-shadow:none}
.card.unknown,.tile.unknown{display:inline-flex;align-items:center;justify-content:center;background:#eee;color:#555;font-size:.8em}
.own{position:absolute;top:-.45em;right:-.45em;width:1.45em;height:1.45em;border-radius:50%;background:#263238;color:#fff;font-size:.62em;font-weight:700;display:flex;align-items:center;justify-content:center;border:1px solid #fff;letter-spacing:0}
.red{color:#c8102e}.blk{color:#171717}
.tile{position:relative;display:inline-flex;flex:none;align-items:flex-start;justify-content:center;width:2.3em;height:3.1em;margin:1px 2px 4px;padding-top:.35em;border-radius:.4em;background:linear-gradient(180deg,#fffbf0,#efe5cb);border:1px solid #b9ad90;box-shadow:0 2px 0 #a3977b,0 3px 4px rgba(0,0,0,.4);font-weight:800;font-size:1.05em;vertical-align:top}
.tile .num{font-size:1.25em;line-height:1}
.tile::after{content:"";position:absolute;bottom:.45em;left:50%;width:.45em;height:.45em;margin-left:-.225em;border-radius:50%;background:currentColor;opacity:.55}
.tile.joker::after,.tile.unknown::after{display:none}
.tR,.tile.tR{color:#c62828}.tB,.tile.tB{color:#1556b0}.tO,.tile.tO{color:#e07000}.tK,.tile.tK{color:#1a1a1a}
.tile.joker .jf{font-size:1.35em;line-height:1;color:#c2185b}
.tile.joker .as{bottom:.2em}
.card.mini,.tile.mini{display:inline-flex;align-items:center;gap:.15em;width:auto;height:auto;min-width:2.3em;justify-content:center;margin:0;padding:.12em .4em;font-size:.85em;vertical-align:middle;box-shadow:0 1px 1px rgba(0,0,0,.3)}
.mini .ix{position:static;flex-direction:row;gap:.08em}
.mini .ix .s{font-size:1em;margin:0}
.mini .pip,.mini .jw,.tile.mini::after{display:none}
.mini .jf,.mini .as,.mini .num{position:static;font-size:1em}
.mini .own{position:static;width:1.5em;height:1.5em;margin-left:.2em;font-size:.7em}
.hand-end{background:#fffdf6;border:1px solid #e0d6b8;border-left:4px solid #d6a521;border-radius:8px;padding:8px 12px;margin:0 0 10px}
.hand-end .outcome{margin:.2em 0 .5em}
.score-tables{display:flex;flex-wrap:wrap;gap:8px 18px;align-items:flex-start}
.scores{border-collapse:collapse;flex:1 1 320px;font-size:.9em}
.scores th,.scores td{text-align:left;padding:2px 8px;border-bottom:1px solid #ece6d4;vertical-align:middle}
.scores thead th{font-size:.75em;text-transform:uppercase;letter-spacing:.05em;color:#77736a}
.scores thead tr.who th{background:#f4eedc;font-weight:400;font-size:1em;text-transform:none;letter-spacing:0;color:#1f2421;padding:4px 8px}
.scores .sum{margin-left:1.2em;font-size:.9em}
.scores .num{text-align:right;font-variant-numeric:tabular-nums;width:5em}
.scores td:first-child{width:4em}
.across{margin-top:14px}
.across .scroll{overflow-x:auto}
.across table{border-collapse:separate;border-spacing:3px;font-size:.88em}
.across th{text-align:left;vertical-align:bottom;font-weight:400;padding:4px 6px;max-width:12em}
.across thead th .n{display:block;font-weight:700;color:#77736a}
.across thead th code{font-size:.85em}
.across th.houses{background:#f1efe9;border-radius:6px;vertical-align:middle;white-space:nowrap;max-width:none}
.across td{padding:5px 8px;border-radius:6px;text-align:center}
.across td.ok{white-space:nowrap}
.across td.ok{background:#dff2e2;color:#1b6a2e;font-weight:700}
.across td.no{background:#fde5e2;color:#a3261d;min-width:13em}
.across td.na{background:#eeeae2;color:#5d5a52;font-style:italic;text-align:left;white-space:normal}
@media (max-width:800px){.sc-body{grid-template-columns:1fr}.steplist{position:static;max-height:none}}
@media print{.js .step{display:block}.controls{display:none!important}.steplist{display:none}.sc-body{display:block}}
)css";

// Adds the selection: the step list and slider pick the one step shown. Reads the page, never the report.
constexpr const char* kScript = R"js(
(function () {
  document.documentElement.classList.add('js');
  var sections = document.querySelectorAll('section.scenario');
  Array.prototype.forEach.call(sections, function (sec) {
    var steps = sec.querySelectorAll('article.step');
    if (!steps.length) return;
    var items = sec.querySelectorAll('nav.steplist li');
    var range = sec.querySelector('nav.steplist input[type=range]');
    var out = sec.querySelector('nav.steplist output');
    var cur = 0;
    function show(i) {
      i = Math.max(0, Math.min(steps.length - 1, i));
      cur = i;
      for (var k = 0; k < steps.length; k++) {
        steps[k].classList.toggle('current', k === i);
        if (items[k]) items[k].classList.toggle('current', k === i);
      }
      if (range) range.value = i;
      if (out) out.textContent = i + ' / ' + (steps.length - 1);
    }
    function select(i) {
      show(i);
      try { history.replaceState(null, '', '#' + steps[cur].id); } catch (e) {}
    }
    // A link to a step shows the step in its scenario, the title and step list in view.
    function fromHash() {
      var id = location.hash.slice(1);
      for (var k = 0; k < steps.length; k++) if (steps[k].id === id) { show(k); return true; }
      return false;
    }
    function reveal() {
      window.scrollTo(0, sec === sections[0] ? 0 : sec.getBoundingClientRect().top + window.pageYOffset - 8);
    }
    Array.prototype.forEach.call(items, function (li, k) {
      var a = li.querySelector('a');
      if (a) a.addEventListener('click', function (e) { e.preventDefault(); select(k); });
    });
    if (range) range.addEventListener('input', function () { select(+range.value); });
    var prev = sec.querySelector('nav.steplist .prev'), next = sec.querySelector('nav.steplist .next');
    if (prev) prev.addEventListener('click', function () { select(cur - 1); });
    if (next) next.addEventListener('click', function () { select(cur + 1); });
    sec.addEventListener('keydown', function (e) {
      if (e.target === range) return;
      if (e.key === 'ArrowLeft') select(cur - 1);
      else if (e.key === 'ArrowRight') select(cur + 1);
    });
    window.addEventListener('hashchange', function () { if (fromHash()) reveal(); });
    if (!fromHash()) show(0);
    else window.addEventListener('load', function () { setTimeout(reveal, 0); });
  });
})();
)js";

}  // namespace

void write_check_html(std::ostream& out, const nlohmann::json& report) {
  const Words& w = str(report, "lang") == "sv" ? kSwedish : kEnglish;
  const json& scenarios = list(report, "scenarios");
  std::string tool = str(report, "tool");
  if (tool.empty()) tool = "meldcheck check";
  std::string title = w.title;
  if (scenarios.size() == 1) {
    std::string name = str(scenarios[0], "name");
    if (name.empty()) name = str(scenarios[0], "file");
    if (!name.empty()) title = name + " — " + title;
  }
  out << "<!DOCTYPE html>\n<html lang=\"" << w.lang << "\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" << esc(title)
      << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<header class=\"page-head\"><h1>" << esc(tool)
      << "</h1>";
  if (!str(report, "version").empty()) out << "<span class=\"ver\">" << esc(str(report, "version")) << "</span>";
  out << "<span>" << w.title << "</span></header>\n";
  if (scenarios.size() > 1) {
    out << "<nav class=\"contents\"><h3>" << w.scenarios << "</h3><ol>\n";
    for (size_t i = 0; i < scenarios.size(); ++i) {
      std::string name = str(scenarios[i], "name");
      if (name.empty()) name = str(scenarios[i], "file");
      out << "<li><a href=\"#s" << (i + 1) << "\">" << esc(name) << "</a>"
          << (str(scenarios[i], "error").empty() ? "" : std::string(" — ") + w.error) << "</li>\n";
    }
    out << "</ol></nav>\n";
  }
  for (size_t i = 0; i < scenarios.size(); ++i) write_scenario(out, scenarios[i], int(i + 1), w);
  out << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace meldcheck
