// The HTML view of `meldcheck check` on reports written by hand: what each part shows,
// escaping, and that the page needs nothing from outside.
#include "disputes/check_html.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace meldcheck {
namespace {

using nlohmann::json;

std::string render(const json& report) {
  std::ostringstream out;
  write_check_html(out, report);
  return out.str();
}

int count(const std::string& hay, const std::string& needle) {
  int n = 0;
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

json position(json players, json table, int stock, json discard) {
  return {{"players", std::move(players)}, {"table", std::move(table)}, {"stock_size", stock},
          {"discard", std::move(discard)}, {"to_move", "A"}, {"phase", "play"}, {"round", 1},
          {"hand_over", false}, {"game_over", false}};
}

json card_report() {
  json start = position(json::array({{{"name", "A"}, {"hand", {"KH", "AH", "2H", "10D", "QS", "JK"}}, {"total", 0}, {"opened", false}},
                                     {{"name", "B"}, {"hand", {"3C"}}, {"total", 15}, {"opened", true}}}),
                        json::array({{{"id", "m1"}, {"owner", "B"}, {"cards", {"4S", "5S", "JK=6S", "7S@A"}}}}), 30,
                        {"3S", "8D"});
  json refused = {{"index", 1},
                  {"text", "meld: [KH, AH, 2H]"},
                  {"player", "A"},
                  {"legal", false},
                  {"verdict", "refused"},
                  {"verdict_text", "refused by rummy500/meld.ace"},
                  {"rule",
                   {{"id", "rummy500/meld.ace"},
                    {"text", "An ace ends a run, never both at once (no K-A-2)."},
                    {"source", "002_e48a.txt, \"Hur man bildar en Meld\""},
                    {"resolution", "Round the corner only with ace-runs."}}},
                  {"readings",
                   {{{"option", "ace-runs"},
                     {"text", "Whether a run may go round the corner."},
                     {"answers",
                      {{{"choice", "low-or-high"}, {"verdict", "refused by rummy500/meld.ace"}, {"current", true}},
                       {{"choice", "round-the-corner"}, {"verdict", "legal"}}}}}}},
                  {"changes", json::array()},
                  {"position", start}};
  json legal = {{"index", 2}, {"text", "meld: [QH, KH, AH]"}, {"player", "A"}, {"legal", true}, {"verdict", "legal"},
                {"verdict_text", "legal"}, {"readings", json::array()}, {"changes", {"A melds m2: Q♥ K♥ A♥"}},
                {"position", start}};
  return {{"tool", "meldcheck check"},
          {"version", "0.1.0"},
          {"lang", "en"},
          {"scenarios",
           {{{"file", "scenarios/rummy500/corner.yaml"},
             {"name", "May I meld K-A-2?"},
             {"house", "rummy500"},
             {"ruleset", "rummy500"},
             {"ruleset_name", "Rummy 500"},
             {"notation", "cards"},
             {"start", start},
             {"steps", {refused, legal}}}}}};
}

TEST(CheckHtml, IsOneHtml5Document) {
  const std::string page = render(card_report());
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0), 0u);
  EXPECT_NE(page.find("<meta charset=\"utf-8\">"), std::string::npos);
  EXPECT_EQ(count(page, "<style>"), 1);
  EXPECT_EQ(count(page, "<script>"), 1);
  EXPECT_NE(page.find("</html>\n"), std::string::npos);
}

TEST(CheckHtml, RefusedStepShowsVerdictRuleAndReadings) {
  const std::string page = render(card_report());
  EXPECT_NE(page.find("<span class=\"verdict refused\""), std::string::npos);
  EXPECT_NE(page.find("<span class=\"vt\">refused by rummy500/meld.ace</span>"), std::string::npos);
  EXPECT_NE(page.find("<code class=\"rule-id\">rummy500/meld.ace</code>"), std::string::npos);
  EXPECT_NE(page.find("An ace ends a run, never both at once (no K-A-2)."), std::string::npos);
  EXPECT_NE(page.find("002_e48a.txt, &quot;Hur man bildar en Meld&quot;"), std::string::npos);
  EXPECT_NE(page.find("Round the corner only with ace-runs."), std::string::npos);
  EXPECT_NE(page.find("<code>ace-runs</code>"), std::string::npos);
  EXPECT_NE(page.find("<code>round-the-corner</code> → legal"), std::string::npos);
  EXPECT_NE(page.find("class=\"no cur\"><code>low-or-high</code> → refused by rummy500/meld.ace"), std::string::npos);
  // The legal step after it, and its change.
  EXPECT_NE(page.find("<span class=\"verdict legal\""), std::string::npos);
  EXPECT_NE(page.find("<li>A melds m2: Q♥ K♥ A♥</li>"), std::string::npos);
  // Every step has its article and its entry in the step list, the start position first.
  for (const char* id : {"s1-step0", "s1-step1", "s1-step2"}) {
    EXPECT_NE(page.find(std::string("id=\"") + id + "\""), std::string::npos) << id;
    EXPECT_NE(page.find(std::string("href=\"#") + id + "\""), std::string::npos) << id;
  }
  EXPECT_NE(page.find("<input type=\"range\" min=\"0\" max=\"2\""), std::string::npos);
}

TEST(CheckHtml, CardsTableStockAndDiscardPile) {
  const std::string page = render(card_report());
  EXPECT_NE(page.find("class=\"card red\" title=\"KH\"><span class=\"ix\"><span class=\"r\">K</span><span class=\"s\">♥</span>"),
            std::string::npos);
  EXPECT_NE(page.find("class=\"card red\" title=\"10D\"><span class=\"ix\"><span class=\"r\">10</span><span class=\"s\">♦</span>"),
            std::string::npos);
  EXPECT_NE(page.find("class=\"card blk\" title=\"QS\""), std::string::npos);
  EXPECT_NE(page.find("class=\"card joker\" title=\"JK\""), std::string::npos);
  // A joker on the table shows its stand-in; a card laid off by another player its owner.
  EXPECT_NE(page.find("title=\"JK=6S\"><span class=\"jf\">★</span><span class=\"as\">=<span class=\"blk\">6♠</span>"),
            std::string::npos);
  EXPECT_NE(page.find("title=\"7S@A\"><span class=\"ix\"><span class=\"r\">7</span><span class=\"s\">♠</span></span><span class=\"pip\">♠</span><span class=\"own\">A</span>"),
            std::string::npos);
  EXPECT_NE(page.find("<div class=\"tag\">m1 · B</div>"), std::string::npos);
  EXPECT_NE(page.find("<div class=\"label\">Stock</div><div class=\"stock\"><span class=\"count\">30</span>"), std::string::npos);
  EXPECT_NE(page.find("Discard pile · 2</div><div class=\"fan\"><span class=\"card blk\" title=\"3S\">"), std::string::npos);
  EXPECT_NE(page.find("Table"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"badge\">✓ opened</span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"total\">Total <b>15</b></span>"), std::string::npos);
}

TEST(CheckHtml, EscapesEveryTextOfTheReport) {
  const std::string evil = "<script>alert('x')</script> & \"q\" <img src=x onerror=alert(1)>";
  json r = card_report();
  json& sc = r["scenarios"][0];
  sc["name"] = evil;
  sc["file"] = evil;
  sc["house"] = evil;
  sc["ruleset_name"] = evil;
  json& step = sc["steps"][0];
  step["text"] = evil;
  step["player"] = evil;
  step["verdict_text"] = evil;
  step["rule"]["id"] = evil;
  step["rule"]["text"] = evil;
  step["rule"]["source"] = evil;
  step["rule"]["resolution"] = evil;
  step["readings"][0]["option"] = evil;
  step["readings"][0]["text"] = evil;
  step["readings"][0]["answers"][0]["choice"] = evil;
  step["readings"][0]["answers"][0]["verdict"] = evil;
  step["changes"] = {evil};
  step["position"]["players"][0]["name"] = evil;
  step["position"]["players"][0]["hand"] = {evil, "7S@" + evil, "JK=" + evil};
  step["position"]["table"][0]["id"] = evil;
  step["position"]["to_move"] = evil;
  step["position"]["phase"] = evil;
  json line = {{"card", evil}, {"points", 1}, {"why", evil}};
  json score = {{"player", evil}, {"score", evil}, {"lines", json::array({line})}};
  step["hand_end"] = {{"went_out", evil}, {"winner", {evil}}, {"scores", json::array({score})}};
  sc["across"] = {{"steps", {evil}}, {"rows", {{{"houses", {evil}}, {"cells", {evil}}, {"na", nullptr}}, {{"houses", {evil}}, {"na", evil}}}}};
  r["scenarios"].push_back({{"file", evil}, {"name", evil}, {"error", evil}});
  r["version"] = evil;
  r["tool"] = evil;
  const std::string page = render(r);
  EXPECT_EQ(count(page, "<script"), 1);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("alert('x')"), std::string::npos);
  EXPECT_EQ(page.find("\"q\""), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; &lt;img src=x onerror=alert(1)&gt;"),
            std::string::npos);
  // Each place the text went; the page's own title too.
  EXPECT_GE(count(page, "&lt;script&gt;"), 25);
  EXPECT_NE(page.find("<h1>&lt;script&gt;"), std::string::npos);
}

TEST(CheckHtml, TilesPosition) {
  json start = position(json::array({{{"name", "A"}, {"hand", {"R5", "B13", "O1", "K10", "JK"}}, {"total", 0}, {"opened", true}}}),
                        json::array({{{"id", "m1"}, {"owner", "A"}, {"cards", {"K7", "K8", "JK=K9"}}}}), 64, json::array());
  json r = {{"lang", "en"},
            {"scenarios", {{{"file", "r.yaml"}, {"name", "arrange"}, {"house", "rummikub"}, {"notation", "tiles"}, {"start", start},
                            {"steps", json::array()}}}}};
  const std::string page = render(r);
  EXPECT_NE(page.find("<span class=\"tile tR\" title=\"R5\"><span class=\"num\">5</span></span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"tile tB\" title=\"B13\"><span class=\"num\">13</span></span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"tile tO\" title=\"O1\"><span class=\"num\">1</span></span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"tile tK\" title=\"K10\"><span class=\"num\">10</span></span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"tile joker\" title=\"JK\"><span class=\"jf\">☺</span>"), std::string::npos);
  EXPECT_NE(page.find("title=\"JK=K9\"><span class=\"jf\">☺</span><span class=\"as\">=<span class=\"tK\">9</span>"), std::string::npos);
  EXPECT_NE(page.find("<div class=\"label\">Pool</div><div class=\"stock tiles\"><span class=\"count\">64</span>"), std::string::npos);
  // Rummikub has no discard pile, and no card is drawn.
  EXPECT_EQ(page.find("Discard pile"), std::string::npos);
  EXPECT_EQ(page.find("class=\"card "), std::string::npos);
}

TEST(CheckHtml, UnknownTokensAreDrawnAsTheirText) {
  json start = position(json::array({{{"name", "A"}, {"hand", {"1S", "R14", "XX"}}}}), json::array(), 0, json::array());
  json r = {{"scenarios", {{{"name", "odd"}, {"notation", "cards"}, {"start", start}}}}};
  const std::string page = render(r);
  EXPECT_NE(page.find("<span class=\"card unknown\" title=\"1S\"><span class=\"u\">1S</span></span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"card unknown\" title=\"R14\">"), std::string::npos);
  EXPECT_NE(page.find("<div class=\"stock empty\"><span class=\"count\">0</span>"), std::string::npos);
}

TEST(CheckHtml, HandEndScoreTable) {
  json r = card_report();
  r["scenarios"][0]["steps"][1]["hand_end"] = {
      {"went_out", "A"},
      {"scores",
       {{{"player", "A"},
         {"score", 85},
         {"total", 605},
         {"lines",
          {{{"card", "AH"}, {"points", 15}, {"why", "ace at the end of a run (high)"}},
           {{"card", nullptr}, {"points", 50}, {"why", "bonus: went out concealed"}}}}}}},
      {"game_over", true},
      {"winner", {"A"}}};
  const std::string page = render(r);
  EXPECT_NE(page.find("<div class=\"hand-end\"><h4>Hand end</h4>"), std::string::npos);
  EXPECT_NE(page.find("<b>A</b> went out. Winner: <b>A</b>. <span class=\"over\">Game over</span>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"pname\">A</span> <span class=\"sum\">Points <b>85</b></span> <span class=\"sum\">Total <b>605</b></span>"),
            std::string::npos);
  EXPECT_NE(page.find("<span class=\"card red mini\" title=\"AH\">"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"num\">15</td><td>ace at the end of a run (high)</td>"), std::string::npos);
  EXPECT_NE(page.find("<tr><td>—</td><td class=\"num\">50</td><td>bonus: went out concealed</td></tr>"), std::string::npos);
}

TEST(CheckHtml, AcrossTable) {
  json r = card_report();
  r["scenarios"][0]["across"] = {
      {"steps", {"meld: [KH, AH, 2H]", "meld: [QH, KH, AH]"}},
      {"rows",
       {{{"houses", {"rummy500", "rummy500,deep-card-use=meld-only"}}, {"cells", {"rummy500/meld.ace", "legal"}}, {"na", nullptr}},
        {{"houses", {"rummy500,ace-runs=round-the-corner"}}, {"cells", {"legal", "legal"}}, {"na", nullptr}},
        {{"houses", {"rummikub"}}, {"cells", json::array()}, {"na", "cannot load the setup: x.yaml:3:5: '7S' is not a tile"}}}}};
  const std::string page = render(r);
  EXPECT_NE(page.find("<h3>Across houses</h3>"), std::string::npos);
  EXPECT_NE(page.find("<th><span class=\"n\">1</span><code>meld: [KH, AH, 2H]</code></th>"), std::string::npos);
  EXPECT_NE(page.find("<code>rummy500</code><br><code>rummy500,deep-card-use=meld-only</code></th><td class=\"no\">✗&nbsp;<code>rummy500/<wbr>meld.ace</code></td><td class=\"ok\">✓ Legal</td></tr>"),
            std::string::npos);
  EXPECT_EQ(count(page, "<td class=\"ok\">"), 3);
  EXPECT_NE(page.find("<td class=\"na\" colspan=\"2\">n/a: cannot load the setup: x.yaml:3:5: &#39;7S&#39; is not a tile</td>"),
            std::string::npos);
}

TEST(CheckHtml, FileErrorScenario) {
  json r = card_report();
  r["scenarios"].push_back({{"file", "scenarios/bad.yaml"}, {"name", ""}, {"error", "scenarios/bad.yaml:5:21: '1S' is not a card"}});
  const std::string page = render(r);
  EXPECT_NE(page.find("<section class=\"scenario error\" id=\"s2\">"), std::string::npos);
  EXPECT_NE(page.find("<h2>scenarios/bad.yaml</h2>"), std::string::npos);
  EXPECT_NE(page.find("<div class=\"error-box\"><strong>Error</strong> <code>scenarios/bad.yaml:5:21: &#39;1S&#39; is not a card</code></div>"),
            std::string::npos);
  // Two scenarios: a list of them at the top, the failing one marked.
  EXPECT_NE(page.find("<li><a href=\"#s2\">scenarios/bad.yaml</a> — Error</li>"), std::string::npos);
  EXPECT_EQ(page.find("s2-step0"), std::string::npos);
}

TEST(CheckHtml, SwedishWords) {
  json r = card_report();
  r["lang"] = "sv";
  r["scenarios"][0]["steps"][0]["verdict_text"] = "otillåtet enligt rummy500/meld.ace";
  r["scenarios"][0]["steps"][1]["hand_end"] = {{"went_out", "A"}, {"scores", {{{"player", "A"}, {"score", 5}, {"lines", json::array()}}}}};
  const std::string page = render(r);
  EXPECT_NE(page.find("<html lang=\"sv\">"), std::string::npos);
  for (const char* word : {"Steg", "Drag", "Laglig", "Otillåten", "Poäng", "Bordet", "Talongen", "Slänghögen", "Utgångsläge",
                           "Regel", "Källa", "Ändringar", "Givens slut", "gick ut"})
    EXPECT_NE(page.find(word), std::string::npos) << word;
  EXPECT_NE(page.find("otillåtet enligt rummy500/meld.ace"), std::string::npos);
  for (const char* word : {">Table<", ">Stock<", "Discard pile", ">Legal", ">Refused", "Start position"})
    EXPECT_EQ(page.find(word), std::string::npos) << word;
}

TEST(CheckHtml, NeedsNothingFromOutside) {
  json r = card_report();
  r["scenarios"][0]["steps"][1]["hand_end"] = {{"went_out", "A"}, {"scores", json::array()}};
  const std::string page = render(r);
  for (const char* bad : {"http://", "https://", "src=", "<link", "@import", "url(", "<img", "<iframe", "<object", "<embed"})
    EXPECT_EQ(page.find(bad), std::string::npos) << bad;
  // No script but the page's own inline one.
  EXPECT_EQ(count(page, "<script"), 1);
  EXPECT_NE(page.find("<script>\n(function () {"), std::string::npos);
}

TEST(CheckHtml, MalformedReportsDoNotThrow) {
  for (const json& r : {json(nullptr), json::array(), json("x"), json{{"scenarios", 3}}, json{{"scenarios", {1, "x", nullptr}}},
                        json{{"scenarios", {{{"steps", 5}, {"start", "x"}, {"across", {{"rows", {{{"cells", 4}}}}}}}}}},
                        json{{"scenarios", {{{"steps", {{{"position", {{"players", {{{"hand", {1, nullptr, "AH"}}}}}, {"table", {7}}}}}}}}}}}}) {
    std::string page;
    EXPECT_NO_THROW(page = render(r)) << r.dump();
    EXPECT_NE(page.find("</html>"), std::string::npos);
  }
}

// The hand-written reports of testdata/check render, showing each step's verdict.
TEST(CheckHtml, TestdataReportsShowEveryVerdict) {
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(MELDCHECK_SOURCE_DIR "/tools/testdata/check")) {
    if (e.path().extension() != ".json") continue;
    ++files;
    std::ifstream in(e.path());
    const json r = json::parse(in);
    const std::string page = render(r);
    for (const json& sc : r["scenarios"])
      for (const json& step : sc.value("steps", json::array()))
        EXPECT_NE(page.find("<span class=\"vt\">" + step["verdict_text"].get<std::string>() + "</span>"), std::string::npos)
            << e.path() << " step " << step["index"];
  }
  EXPECT_GE(files, 4);
}

}  // namespace
}  // namespace meldcheck
