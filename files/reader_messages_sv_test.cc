// Every message the scenario reader throws, provoked by a small bad file, has exactly one
// Swedish pattern, and its Swedish keeps the location and the contract's quoted words.
#include "files/reader_messages_sv.h"

#include <gtest/gtest.h>

#include <functional>
#include <regex>
#include <set>

#include "files/scenario.h"

namespace meldcheck {
namespace {

// Two players of rummy500 with a card each: the start of most bad files below.
const std::string kTwo = "ruleset: rummy500\nsetup:\n  players:\n    A: { hand: [7S] }\n    B: { hand: [8S] }\n";
const std::string kRummikub = "ruleset: rummikub\nsetup:\n  players:\n    A: { hand: [R1] }\n    B: { hand: [B1] }\n";
const std::string kLiverpool =
    "ruleset: liverpool\nsetup:\n  players:\n    A: { hand: [7S, JK] }\n    B: { hand: [8S] }\n    C: { hand: [9S] }\n";

std::string repeated(const std::string& item, int times, const std::string& separator) {
  std::string out;
  for (int i = 0; i < times; ++i) out += (i ? separator : "") + item;
  return out;
}

// Rummikub melds named `prefix`1, `prefix`2, ...: the first `count` of the 34 that one set
// of tiles holds (runs of three in each colour, twice, and two groups of 13s).
std::string rummikub_melds(const std::string& prefix, int count, const std::string& indent) {
  std::vector<std::string> melds;
  for (int copy = 0; copy < 2; ++copy) {
    for (char colour : std::string("RBOK"))
      for (int low = 1; low <= 10; low += 3) {
        std::string cards;
        for (int n = low; n < low + 3; ++n) cards += (n > low ? ", " : "") + std::string(1, colour) + std::to_string(n);
        melds.push_back(cards);
      }
    melds.push_back("R13, B13, O13");
  }
  std::string out;
  for (int i = 0; i < count; ++i)
    out += indent + "- { id: " + prefix + std::to_string(i + 1) + ", cards: [" + melds.at(size_t(i)) + "] }\n";
  return out;
}

struct BadFile {
  std::string says;  // a part of the English message the file is for
  std::string text;
};

// One or more bad files for each message of the reader, read by parse_scenarios.
std::vector<BadFile> bad_files() {
  return {
      // The file as text.
      {"file larger than 4194304 bytes", std::string((4 << 20) + 1, ' ')},
      {"control character in the file", "ruleset: rummy500\x01\n"},
      {"invalid UTF-8", "name: \xff\n"},
      // YAML as the project reads it.
      {"anchors (&name) are not supported", "name: &x a\n"},
      {"too many nodes in the document", "name: [" + repeated("1", 200001, ",") + "]\n"},
      {"nesting deeper than 64 levels", "name: " + std::string(70, '[') + std::string(70, ']') + "\n"},
      {"a mapping key must be a plain value", "? [a]\n: b\n"},
      {"duplicate key 'ruleset'", "ruleset: rummy500\nruleset: rummy500\n"},
      // YAML syntax.
      {"YAML directives must have exactly one argument", "%YAML 1.2 x\n---\na: 1\n"},
      {"bad YAML version: x", "%YAML x\n---\na: 1\n"},
      {"YAML major version too large", "%YAML 2.0\n---\na: 1\n"},
      {"repeated YAML directive", "%YAML 1.2\n%YAML 1.2\n---\na: 1\n"},
      {"TAG directives must have exactly two arguments", "%TAG !\n---\na: 1\n"},
      {"repeated TAG directive", "%TAG !a! tag:x\n%TAG !a! tag:y\n---\na: 1\n"},
      {"illegal character found while scanning tag handle", "a: !a.b!c x\n"},
      {"tag handle with no suffix", "a: !a! x\n"},
      {"end of verbatim tag not found", "a: !<tag:x x\n"},
      {"end of map not found", "a:\n  - b\n  c\n"},
      {"end of map flow not found", "a: {b: c\n"},
      {"end of sequence not found", "- - - \n  x: y\n z\n"},
      {"end of sequence flow not found", "a: [b\n"},
      {"cannot assign multiple tags to the same node", "a: !x !y b\n"},
      {"cannot assign multiple anchors to the same node", "a: &x &y b\n"},
      {"the referenced anchor is not defined", "a: *x\n"},
      {"bad character found while scanning hex number", "a: \"\\xZZ\"\n"},
      {"invalid unicode: 55296", "a: \"\\uD800\"\n"},
      {"unknown escape character: q", "a: \"\\q\"\n"},
      {"unknown token", "a: @\n"},
      {"illegal document indicator in scalar", "a: 'x\n---\n'\n"},
      {"illegal EOF in scalar", "a: 'x"},
      {"illegal tab when looking for indentation", "a: |\n x\n\tb\n"},
      {"illegal flow end", "]\n"},
      {"illegal block entry", "a: - b\n"},
      {"illegal map key", "a: ? b\n"},
      {"illegal map value", "a: b: c\n"},
      {"alias not found after *", "a: * x\n"},
      {"anchor not found after &", "a: & x\n"},
      {"illegal character found while scanning alias", "a: *x{\n"},
      {"illegal character found while scanning anchor", "a: &x{ b\n"},
      {"cannot set zero indentation for a block scalar", "a: |0\n  x\n"},
      {"unexpected character in block scalar", "a: |x\n  b\n"},
      // Values.
      {"a scenario must be a mapping", "- ruleset: rummy500\n"},
      {"setup must be a mapping", "ruleset: rummy500\nsetup: [a]\n"},
      {"player must be a mapping", "ruleset: rummy500\nsetup:\n  players:\n    A: 5\n    B: 6\n"},
      {"next_hand_player must be a mapping", kTwo + "steps:\n  - next_hand: { players: { A: 5, B: 6 } }\n"},
      {"meld must be a mapping", kTwo + "  table: [m1]\n"},
      {"step must be a mapping", kTwo + "steps: [[draw]]\n"},
      {"stock must be a list", kTwo + "  stock: 7H\n"},
      {"a list of cards must be a list", kTwo + "expect: { stock: 7H }\n"},
      {"ruleset must be a single value", "ruleset: [rummy500]\n"},
      {"a player must be a single value", kTwo + "  to_move: [A]\n"},
      {"total must be a whole number", kTwo + "    C: { hand: [9S], total: many }\n"},
      {"total must be a whole number, not a string in quotes", kTwo + "    C: { hand: [9S], total: \"5\" }\n"},
      {"total must be between -1000000 and 1000000", kTwo + "    C: { hand: [9S], total: 99999999 }\n"},
      {"a score must be between -1000000 and 1000000", kTwo + "  round_scores: { A: 99999999 }\n"},
      {"seed must be a whole number from 0 to 2^64-1", kTwo + "  seed: 18446744073709551616\n"},
      {"opened must be true or false", kTwo + "    C: { hand: [9S], opened: maybe }\n"},
      {"opened must be true or false, not a string in quotes", kTwo + "    C: { hand: [9S], opened: \"true\" }\n"},
      {"missing required key 'ruleset'", "name: no ruleset\n"},
      {"missing required key 'hand'", "ruleset: rummy500\nsetup:\n  players:\n    A: {}\n    B: { hand: [8S] }\n"},
      {"unknown key 'rset' in setup", kTwo + "  rset: out\n"},
      {"unknown key 'hnad' in player",
       "ruleset: rummy500\nsetup:\n  players:\n    A: { hnad: [7S] }\n    B: { hand: [8S] }\n"},
      {"unknown key 'reject_' in step_expect",
       kTwo + "steps:\n  - draw: stock\n    expect: { reject_: core/wrong-phase }\n"},
      {"unknown key 'nam' in scenario", kTwo + "nam: typo\n"},
      // Players.
      {"'Anna Lisa' is not a player's name",
       "ruleset: rummy500\nsetup:\n  players:\n    Anna Lisa: { hand: [7S] }\n    Bo: { hand: [8S] }\n"},
      {"'Cissi' is not a player of this file (Anna, Bo)",
       "ruleset: rummy500\nsetup:\n  players:\n    Anna: { hand: [7S] }\n    Bo: { hand: [8S] }\n  to_move: Cissi\n"},
      {"'Z' is not a player (A, B, C, ...)", kTwo + "  to_move: Z\n"},
      {"there is no player C in a game of 2 players", kTwo + "  to_move: C\n"},
      {"'Z' after @ is not a player of this game", kTwo + "  table: [{ id: m1, owner: A, cards: [7H, 7D, 7C@Z] }]\n"},
      {"rummy500 is played by 2 to 8 players, not 1", "ruleset: rummy500\nsetup:\n  players:\n    A: { hand: [7S] }\n"},
      // Cards and tiles.
      {"'Hj 7' is written in Swedish card names, but this file writes English ones (first at line 4",
       "ruleset: rummy500\nsetup:\n  players:\n    A: { hand: [7S, Hj 7] }\n    B: { hand: [8S] }\n"},
      {"'ZZ' is not a card (7H, 10S, QD, AC, JK)",
       "ruleset: rummy500\nsetup:\n  players:\n    A: { hand: [ZZ] }\n    B: { hand: [] }\n"},
      {"'ZZ' is not a card (Hj 7, Sp 10, Ru D, Kl E, JK)",
       "ruleset: rummy500\nsetup:\n  players:\n    A: { hand: [Hj 7, ZZ] }\n    B: { hand: [] }\n"},
      {"'ZZ' is not a tile (R5, B13, O1, K7, JK)",
       "ruleset: rummikub\nsetup:\n  players:\n    A: { hand: [ZZ] }\n    B: { hand: [] }\n"},
      {"more 7S than the deck has (1 for 2 players in rummy500)", kTwo + "  stock: [7S]\n"},
      // Melds.
      {"'zz' is not a meld id (m1, m2, ... or a name the setup's table gives)",
       kTwo + "steps:\n  - draw: stock\n  - layoff: { to: zz, cards: [7S] }\n"},
      {"'a b' is not a meld id (m1, m2, ... or a name of letters, digits, - and _)",
       kTwo + "  table: [{ id: a b, owner: A, cards: [7H, 7D, 7C] }]\n"},
      {"meld id too large", kTwo + "steps:\n  - draw: stock\n  - layoff: { to: m999, cards: [7S] }\n"},
      {"more named melds than a table holds",
       "ruleset: rummikub\nreachable: false\nsetup:\n  players:\n    A: { hand: [] }\n    B: { hand: [] }\n  table:\n" +
           rummikub_melds("s", 22, "    ") +
           "steps:\n  - next_hand:\n      players:\n        A: { hand: [] }\n        B: { hand: [] }\n      table:\n" +
           rummikub_melds("n", 34, "        ") + "        - { id: n35, cards: [JK, JK, K13] }\n"},
      {"meld id m1 is used twice", kTwo + "  table:\n"
                                          "    - { id: m1, owner: A, cards: [7H, 7D, 7C] }\n"
                                          "    - { id: m1, owner: A, cards: [9H, 9D, 9C] }\n"},
      {"too many cards for one meld",
       kTwo + "  table: [{ id: m1, owner: A, cards: [" + repeated("7H", 17, ", ") + "] }]\n"},
      {"not a valid meld in rummy500 (", kTwo + "  table: [{ id: m1, owner: A, cards: [7H, 8D, KC] }]\n"},
      // The setup.
      {"phase 'row' belongs to rulesets with an opening row", kTwo + "  phase: row\n"},
      {"phase must be draw, play or row", kTwo + "  phase: later\n"},
      {"the player to move holds no 9H", kTwo + "  phase: play\n  turn: { must_use: 9H }\n"},
      {"the player to move holds no more 7S", kTwo + "  phase: play\n  turn: { pile_meld_due: [7S, 7S] }\n"},
      {"freed jokers are owed only where a freed joker must go down the same turn (liverpool)",
       kLiverpool + "  phase: play\n  turn: { freed_jokers: 1 }\n"},
      {"the player to move holds fewer jokers",
       "options: { freed-joker: same-turn }\n" + kLiverpool + "  phase: play\n  turn: { freed_jokers: 2 }\n"},
      {"rummikub has no discard pile (a turn is one step)", kRummikub + "  discard: [R2]\n"},
      {"rummikub has no discard pile (a turn is one step), so no discard on offer",
       kRummikub + "  offer: { from: B }\n"},
      {"A owns a meld on the table, so has opened",
       "ruleset: rummy500\nsetup:\n  players:\n    A: { hand: [7S], opened: false }\n    B: { hand: [8S] }\n"
       "  table: [{ id: m1, owner: A, cards: [7H, 7D, 7C] }]\n"},
      {"rest must be stock or out", kTwo + "  rest: table\n"},
      {"rummikub has only the phase draw (a turn is one step)", kRummikub + "  phase: play\n"},
      {"'round' belongs to rulesets with contracts (liverpool)", kTwo + "  round: 2\n"},
      {"with contracts the hand's number is its 'round'", kLiverpool + "  hand_number: 2\n"},
      {"'first_lap' belongs to rulesets with a first lap (femhundra-rummy)", kTwo + "  first_lap: true\n"},
      {"rummikub has no turn in progress (a turn is one step)", kRummikub + "  turn: { melded: true }\n"},
      // A position no game reaches.
      {"B holds no card: a position no game reaches", "ruleset: rummy500\nsetup:\n  players:\n    A: { hand: [7S] }\n    B: { hand: [] }\n"},
      {"facts of a turn in progress at phase draw: a position no game reaches", kTwo + "  turn: { melded: true }\n"},
      {"the first lap with a meld on the table or a player opened: a position no game reaches",
       "ruleset: femhundra-rummy\nsetup:\n  players:\n    A: { hand: [7S], opened: true }\n    B: { hand: [8S] }\n  first_lap: true\n"},
      {"'reachable' speaks of a setup; a deal is always reachable", "ruleset: rummy500\nreachable: false\ndeal: { players: 2 }\n"},
      // Steps.
      {"take must be top, all, a number of cards, or a card", kTwo + "steps:\n  - take: some\n"},
      {"too many melds in one step", kTwo + "steps:\n  - meld: [" + repeated("[7S]", 49, ", ") + "]\n"},
      {"too many cards in one step", kTwo + "steps:\n  - meld: [" + repeated("7S", 129, ", ") + "]\n"},
      {"meld needs at least one card", kTwo + "steps:\n  - meld: []\n"},
      {"expect must be ok, reject, or { reject: <rule id> }", kTwo + "steps:\n  - draw: stock\n    expect: [ok]\n"},
      {"no catalog has the rule id 'rummy500/no.such-rule'", kTwo + "rules: [rummy500/no.such-rule]\n"},
      {"a step is one action; this one also has 'draw'", kTwo + "steps:\n  - { draw: stock, discard: 7S }\n"},
      {"step 2 names no action (draw, take, meld, layoff, ...)",
       kTwo + "steps:\n  - draw: stock\n  - note: thinking\n"},
      {"draw takes the value stock", kTwo + "steps:\n  - draw: pile\n"},
      {"pass takes no value", kTwo + "steps:\n  - pass: 3\n"},
      {"a claim melds or lays off, not both",
       kTwo + "steps:\n  - claim: { take: top, meld: [7S, 7H, 7D], layoff: { to: m1, cards: [7S] } }\n"},
      {"a next_hand without players takes only seed", kTwo + "steps:\n  - next_hand: { seed: 1, stock: [] }\n"},
      // Expectations.
      {"'best_move' belongs to rulesets with a freely rearranged table (rummikub)",
       kTwo + "expect: { best_move: { tiles: 1 } }\n"},
      // The scenario, its ruleset, variants and options.
      {"unknown ruleset 'canasta' (known: ", "ruleset: canasta\n"},
      {"unknown variant 'no-corner' of rummy500", "variants: [no-corner]\n" + kTwo},
      {"option 'ace-runs' has no choice 'sideways'", "options: { ace-runs: sideways }\n" + kTwo},
      {"unknown option 'speed' of rummy500", "options: { speed: fast }\n" + kTwo},
      {"a scenario has a setup or a deal, not both", kTwo + "deal: { players: 2 }\n"},
      {"a scenario needs a setup or a deal", "ruleset: rummy500\n"},
      {"the file holds no scenario", "---\n---\n"},
  };
}

// The English error (`file:line:column: message`) that `read` throws, or "" when it throws none.
std::string error_of(const std::function<void()>& read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Every error the bad files raise, each checked to be the one its file is for.
std::vector<std::string> provoked_errors() {
  std::vector<std::string> errors;
  const auto provoke = [&](const std::string& says, const std::function<void()>& read) {
    const std::string error = error_of(read);
    if (error.find(says) == std::string::npos)
      ADD_FAILURE() << "expected an error saying \"" << says << "\", got \"" << error << "\"";
    errors.push_back(error);
  };
  for (const BadFile& f : bad_files())
    provoke(f.says, [&] { parse_scenarios(f.text, "t.yaml", RulesetLibrary::embedded()); });
  // The two messages parse_scenarios never gives: a file that is not there, a step that is not one.
  provoke("cannot open the file", [] { load_scenarios("/nonexistent/t.yaml", RulesetLibrary::embedded()); });
  provoke("a step must be one document", [] {
    const RulesetLibrary& library = RulesetLibrary::embedded();
    parse_step("draw: stock\n---\npass\n", "t.yaml", library.find("rummy500")->base(), 2, library, {});
  });
  return errors;
}

// Messages no file can provoke, which the reader keeps in case its YAML parser or the
// engine's limits change: yaml-cpp looks an alias's anchor up (and fails) before it reports
// the alias, and an anchor is refused where it is written; a key without a value reads as
// a null value; a duplicate key is refused before a player's name can be given twice, and
// a letter beyond the number of players before a letter can be missing; and no deck has
// the cards for as many melds as a table holds.
const std::vector<std::string> kUnprovoked = {
    "t.yaml:1:1: aliases (*name) are not supported",
    "t.yaml:1:1: mapping ends after a key without a value",
    "t.yaml:1:1: player Anna is named twice",
    "t.yaml:1:1: players must be A, B, C, ... without gaps; B is missing",
    "t.yaml:1:1: too many melds on the table",
};

// The location of an error, `file:line:column: `.
std::string location_of(const std::string& error) {
  std::smatch m;
  return std::regex_search(error, m, std::regex(R"(^[\s\S]*?:\d+:\d+: )")) ? m.str() : "";
}

// The words an error quotes from the contract or the file: 'hand', `owner`.
std::vector<std::string> quoted_words(const std::string& error) {
  static const std::regex quoted(R"((?:^|[\s(])('[^']*'|`[^`]*`)(?=$|[\s),;:.]))");
  std::vector<std::string> out;
  for (std::sregex_iterator it(error.begin(), error.end(), quoted), end; it != end; ++it) out.push_back((*it)[1]);
  return out;
}

// (1) exactly one pattern for the error; (2) its Swedish differs, keeps the location and
// every quoted word.
void check_translation(const std::string& error) {
  const std::string location = location_of(error);
  ASSERT_FALSE(location.empty()) << error;
  const std::string message = error.substr(location.size());
  const auto matching = reader_messages_matching(message);
  ASSERT_FALSE(matching.empty()) << "the reader message \"" << message
                                 << "\" has no Swedish: add its pattern to files/reader_messages_sv.cc";
  for (size_t i = 1; i < matching.size(); ++i)
    ADD_FAILURE() << "\"" << message << "\" matches \"" << matching[0]->english << "\" and \"" << matching[i]->english
                  << "\"";
  const std::string swedish = in_swedish(error);
  EXPECT_NE(swedish, error);
  EXPECT_EQ(swedish.substr(0, location.size()), location) << swedish;
  for (const std::string& word : quoted_words(message))
    EXPECT_NE(swedish.find(word), std::string::npos) << swedish << " lacks " << word << " of " << error;
  EXPECT_EQ(in_swedish(message), swedish.substr(location.size())) << "the message without its location";
}

TEST(ReaderMessagesSv, EveryProvokedMessageHasOneSwedishPattern) {
  std::vector<std::string> errors = provoked_errors();
  errors.insert(errors.end(), kUnprovoked.begin(), kUnprovoked.end());
  std::set<std::string_view> used;
  for (const std::string& error : errors) {
    SCOPED_TRACE(error);
    check_translation(error);
    for (const ReaderMessage* m : reader_messages_matching(error.substr(location_of(error).size())))
      used.insert(m->english);
  }
  for (const ReaderMessage& m : reader_messages())
    EXPECT_TRUE(used.count(m.english)) << "no bad file provokes \"" << m.english << "\"";
}

TEST(ReaderMessagesSv, KeepsTheContractsWordsAndTranslatesTheProse) {
  EXPECT_EQ(in_swedish("t.yaml:3:1: duplicate key 'hand'"), "t.yaml:3:1: nyckeln 'hand' står två gånger");
  EXPECT_EQ(in_swedish("unknown key 'hnad' in player (expected one of: hand, total, opened, penalty, built_on_others)"),
            "okänd nyckel 'hnad' hos en spelare (giltiga: hand, total, opened, penalty, built_on_others)");
  EXPECT_EQ(in_swedish("a list of cards must be a list"), "en lista med kort måste vara en lista");
  EXPECT_EQ(in_swedish("meld must be a list"), "meld måste vara en lista");
  EXPECT_EQ(in_swedish("meld must be a mapping"), "en kombination måste vara en mappning (nyckel: värde)");
  EXPECT_EQ(in_swedish("the player to move holds no Hj 7"), "spelaren i tur har inte Hj 7 på handen");
  EXPECT_EQ(
      in_swedish(
          "'7H' is written in English card names, but this file writes Swedish ones (first at line 4, column 18); "
          "one file uses one notation"),
      "'7H' är skrivet med engelska kortnamn, men den här filen skriver svenska (först på rad 4, kolumn 18); en fil "
      "skriver korten på ett sätt");
}

// std::regex would walk this name with a stack frame a character, and run out of stack.
TEST(ReaderMessagesSv, TranslatesAMessageThatQuotesAMegabyteName) {
  const std::string name(1 << 20, 'x');
  const std::string error =
      error_of([&] { parse_scenarios("ruleset: " + name + "\n", "t.yaml", RulesetLibrary::embedded()); });
  ASSERT_EQ(error.rfind("t.yaml:1:10: unknown ruleset '" + name + "' (known: ", 0), 0u) << error.substr(0, 100);
  EXPECT_EQ(in_swedish(error).rfind("t.yaml:1:10: okänt regelverk '" + name + "' (kända: ", 0), 0u);
}

TEST(ReaderMessagesSv, KeepsTheLocationOfAFileWithColonsInItsName) {
  EXPECT_EQ(in_swedish("C:/tvister/a:b.yaml:12:5: rest must be stock or out"),
            "C:/tvister/a:b.yaml:12:5: rest måste vara stock eller out");
}

TEST(ReaderMessagesSv, LeavesAnUnknownMessageAsItIs) {
  EXPECT_EQ(in_swedish("t.yaml:1:1: something new went wrong"), "t.yaml:1:1: something new went wrong");
  EXPECT_EQ(in_swedish(""), "");
}

}  // namespace
}  // namespace meldcheck
