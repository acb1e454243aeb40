#include "files/reader_messages_sv.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

namespace meldcheck {
namespace {

// Every message the scenario reader can throw, as its English with {placeholders} and its
// Swedish. A new `fail(` or `throw InputError` in files/scenario.cc or files/yaml_doc.cc, a
// new refusal of RulesetSpec::resolve (files/ruleset_loader.cc, which a scenario's variants
// and options meet), or a new wording of one, needs its pattern here: until then its
// message stays English, and files/reader_messages_sv_test.cc, which provokes every
// message, says which one.
//
// In the English a placeholder matches any text, a number ({number}, {lo}, {hi}, {min},
// {max}, {count}, {players}, {line}, {column}, {step}), a card ({card}) or a language of
// card names ({language}, {file_language}). In the Swedish `{name}` is the English words as
// they are (they are the contract's, or the file's own), and `{name:form}` puts them into
// Swedish:
//   thing    - what the reader says must be so ("a card": "ett kort"; a key stays a key);
//   part     - a part of the file whose keys are checked ("player": "en spelare"), else a thing;
//   in_part  - the same after a preposition ("hos en spelare", "i setup");
//   language - Swedish, English: svenska, engelska.
// Other braces are text.
constexpr ReaderMessage kMessages[] = {
    // The file as text (files/yaml_doc.cc).
    {"cannot open the file", "kan inte öppna filen"},
    {"file larger than {number} bytes", "filen är större än {number} byte"},
    {"control character in the file (not a text file?)", "styrtecken i filen (är det inte en textfil?)"},
    {"invalid UTF-8", "ogiltig UTF-8"},

    // YAML as the project reads it (files/yaml_doc.cc).
    {"aliases (*name) are not supported", "alias (*namn) stöds inte"},
    {"anchors (&name) are not supported", "ankare (&namn) stöds inte"},
    {"mapping ends after a key without a value", "mappningen slutar efter en nyckel utan värde"},
    {"too many nodes in the document", "för många noder i dokumentet"},
    {"nesting deeper than {number} levels", "nästlat djupare än {number} nivåer"},
    {"a mapping key must be a plain value", "en nyckel i en mappning måste vara ett enkelt värde"},
    {"duplicate key '{key}'", "nyckeln '{key}' står två gånger"},

    // YAML syntax, as yaml-cpp's parser words it (its ErrorMsg).
    {"YAML directives must have exactly one argument", "ett YAML-direktiv ska ha exakt ett argument"},
    {"bad YAML version: {version}", "felaktig YAML-version: {version}"},
    {"YAML major version too large", "YAML-versionens huvudnummer är för högt"},
    {"repeated YAML directive", "YAML-direktivet står flera gånger"},
    {"TAG directives must have exactly two arguments", "ett TAG-direktiv ska ha exakt två argument"},
    {"repeated TAG directive", "TAG-direktivet står flera gånger"},
    {"illegal character found while scanning tag handle", "otillåtet tecken i en tagg"},
    {"tag handle with no suffix", "tagg utan fortsättning"},
    {"end of verbatim tag not found", "taggen <...> avslutas aldrig"},
    {"end of map not found", "mappningen avslutas inte där den borde (indraget?)"},
    {"end of map flow not found", "mappningen {...} avslutas aldrig med }"},
    {"end of sequence not found", "listan avslutas inte där den borde (indraget?)"},
    {"end of sequence flow not found", "listan [...] avslutas aldrig med ]"},
    {"cannot assign multiple tags to the same node", "flera taggar på samma värde"},
    {"cannot assign multiple anchors to the same node", "flera ankare på samma värde"},
    {"the referenced anchor is not defined", "ankaret som det hänvisas till finns inte"},
    {"bad character found while scanning hex number", "felaktigt tecken i ett hexadecimalt tal"},
    {"invalid unicode: {number}", "ogiltigt unicode-tecken: {number}"},
    {"unknown escape character: {char}", "okänd escape-sekvens: {char}"},
    {"unknown token", "okänt tecken"},
    {"illegal document indicator in scalar", "dokumentavgränsare mitt i ett värde"},
    {"illegal EOF in scalar", "filen tar slut mitt i ett värde (ett citattecken avslutas aldrig?)"},
    {"illegal tab when looking for indentation", "tabb i indraget (dra in med mellanslag)"},
    {"illegal flow end", "] eller } utan början"},
    {"illegal block entry", "listpunkt (-) där ingen lista kan börja"},
    {"illegal map key", "nyckel (?) där ingen nyckel kan stå"},
    {"illegal map value", "kolon (:) där inget värde kan stå"},
    {"alias not found after *", "inget alias efter *"},
    {"anchor not found after &", "inget ankare efter &"},
    {"illegal character found while scanning alias", "otillåtet tecken i ett alias"},
    {"illegal character found while scanning anchor", "otillåtet tecken i ett ankare"},
    {"cannot set zero indentation for a block scalar", "ett blockvärde kan inte ha indraget noll"},
    {"unexpected character in block scalar", "oväntat tecken i ett blockvärde"},

    // Values (YamlReader, and the scenario's reader over it).
    {"{what} must be a mapping", "{what:part} måste vara en mappning (nyckel: värde)"},
    {"{what} must be a list", "{what:thing} måste vara en lista"},
    {"{what} must be a single value", "{what:thing} måste vara ett enda värde"},
    {"{what} must be a whole number", "{what:thing} måste vara ett heltal"},
    {"{what} must be a whole number, not a string in quotes",
     "{what:thing} måste vara ett heltal, inte en text inom citattecken"},
    {"{what} must be between {lo} and {hi}", "{what:thing} måste vara mellan {lo} och {hi}"},
    {"{what} must be a whole number from 0 to 2^64-1", "{what:thing} måste vara ett heltal från 0 till 2^64-1"},
    {"{what} must be true or false", "{what:thing} måste vara true eller false"},
    {"{what} must be true or false, not a string in quotes",
     "{what:thing} måste vara true eller false, inte en text inom citattecken"},
    {"missing required key '{key}'", "nyckeln '{key}' saknas men krävs"},
    {"unknown key '{key}' in {part} (expected one of: {keys})",
     "okänd nyckel '{key}' {part:in_part} (giltiga: {keys})"},

    // Players.
    {"'{name}' is not a player's name (A, B, C, ... or a name of letters and digits)",
     "'{name}' är inget spelarnamn (A, B, C, ... eller ett namn av bokstäver och siffror)"},
    {"player {name} is named twice", "spelaren {name} står två gånger"},
    {"'{name}' is not a player of this file ({names})", "'{name}' är ingen spelare i den här filen ({names})"},
    {"'{name}' is not a player (A, B, C, ...)", "'{name}' är ingen spelare (A, B, C, ...)"},
    {"there is no player {name} in a game of {count} players", "det finns ingen spelare {name} när {count} spelar"},
    {"'{name}' after @ is not a player of this game", "'{name}' efter @ är ingen spelare i det här spelet"},
    {"{ruleset} is played by {min} to {max} players, not {count}",
     "{ruleset} spelas av {min} till {max} spelare, inte {count}"},
    {"players must be A, B, C, ... without gaps; {name} is missing",
     "players måste vara A, B, C, ... utan luckor; {name} saknas"},

    // Cards and tiles.
    {"'{text}' is written in {language} card names, but this file writes {file_language} ones (first at line {line}, "
     "column {column}); one file uses one notation",
     "'{text}' är skrivet med {language:language} kortnamn, men den här filen skriver {file_language:language} (först på "
     "rad {line}, kolumn {column}); en fil skriver korten på ett sätt"},
    {"'{text}' is not a card ({examples})", "'{text}' är inget kort ({examples})"},
    {"'{text}' is not a tile (R5, B13, O1, K7, JK)", "'{text}' är ingen bricka (R5, B13, O1, K7, JK)"},
    {"more {card} than the deck has ({count} for {players} players in {ruleset})",
     "fler {card} än det finns ({count} när {players} spelar {ruleset})"},

    // Melds.
    {"'{id}' is not a meld id (m1, m2, ... or a name the setup's table gives)",
     "'{id}' är inget kombinations-id (m1, m2, ... eller ett namn från table i setup)"},
    {"'{id}' is not a meld id (m1, m2, ... or a name of letters, digits, - and _)",
     "'{id}' är inget kombinations-id (m1, m2, ... eller ett namn av bokstäver, siffror, - och _)"},
    {"meld id too large", "för stort kombinations-id"},
    {"more named melds than a table holds", "fler namngivna kombinationer än bordet rymmer"},
    {"meld id {id} is used twice", "kombinations-id {id} används två gånger"},
    {"too many cards for one meld", "för många kort i en kombination"},
    {"not a valid meld in {ruleset} ({rule})", "ingen giltig kombination i {ruleset} ({rule})"},
    {"too many melds on the table", "för många kombinationer på bordet"},

    // The setup.
    {"phase 'row' belongs to rulesets with an opening row",
     "phase 'row' finns bara i regler där given börjar med en rad"},
    {"phase must be draw, play or row", "phase måste vara draw, play eller row"},
    {"the player to move holds no {card}", "spelaren i tur har inte {card} på handen"},
    {"the player to move holds no more {card}", "spelaren i tur har inte fler {card} på handen"},
    {"freed jokers are owed only where a freed joker must go down the same turn ({ruleset})",
     "frigjorda jokrar kan bara stå som skuld där en frigjord joker måste läggas ut samma tur ({ruleset})"},
    {"the player to move holds fewer jokers", "spelaren i tur har färre jokrar på handen"},
    {"{ruleset} has no discard pile (a turn is one step)", "{ruleset} har ingen slänghög (en tur är ett enda steg)"},
    {"{ruleset} has no discard pile (a turn is one step), so no discard on offer",
     "{ruleset} har ingen slänghög (en tur är ett enda steg), så inget slängt kort att ta"},
    {"{player} owns a meld on the table, so has opened",
     "{player} äger en kombination på bordet och har alltså öppnat"},
    {"rest must be stock or out", "rest måste vara stock eller out"},
    {"{ruleset} has only the phase draw (a turn is one step)",
     "{ruleset} har bara fasen draw (en tur är ett enda steg)"},
    {"'round' belongs to rulesets with contracts (liverpool)", "'round' finns bara i regler med beting (liverpool)"},
    {"with contracts the hand's number is its 'round'", "med beting anges givens nummer med 'round'"},
    {"'first_lap' belongs to rulesets with a first lap (femhundra-rummy)",
     "'first_lap' finns bara i regler med ett första varv (femhundra-rummy)"},
    {"{ruleset} has no turn in progress (a turn is one step)",
     "{ruleset} har ingen pågående tur (en tur är ett enda steg)"},
    // A position no game reaches (engine/invariants.h).
    {"{player} holds no card: a position no game reaches: while the hand goes on every player holds a card (say "
     "'reachable: false' beside the setup to ask about it all the same)",
     "{player} har inga kort: en ställning som inget spel når: medan given pågår har varje spelare minst ett kort (skriv "
     "'reachable: false' bredvid setup för att fråga om den ändå)"},
    {"facts of a turn in progress at phase {phase}: a position no game reaches: the facts of a turn in progress belong "
     "to its play phase, none at draw (say 'reachable: false' beside the setup to ask about it all the same)",
     "fakta om en pågående tur i fasen {phase}: en ställning som inget spel når: en pågående turs fakta hör till dess "
     "spelfas, inga vid draw (skriv 'reachable: false' bredvid setup för att fråga om den ändå)"},
    {"the first lap with a meld on the table or a player opened: a position no game reaches: nobody melds or opens in "
     "the first lap (say 'reachable: false' beside the setup to ask about it all the same)",
     "första varvet med en kombination på bordet eller en spelare som öppnat: en ställning som inget spel når: ingen "
     "mäller eller öppnar under första varvet (skriv 'reachable: false' bredvid setup för att fråga om den ändå)"},
    {"'reachable' speaks of a setup; a deal is always reachable",
     "'reachable' gäller en setup; en utdelning (deal) är alltid nåbar"},

    // Steps.
    {"take must be top, all, a number of cards, or a card", "take måste vara top, all, ett antal kort eller ett kort"},
    {"too many melds in one step", "för många kombinationer i ett steg"},
    {"too many cards in one step", "för många kort i ett steg"},
    {"meld needs at least one card", "meld behöver minst ett kort"},
    {"expect must be ok, reject, or { reject: <rule id> }",
     "expect måste vara ok, reject eller { reject: <regel-id> }"},
    {"no catalog has the rule id '{rule}'", "ingen katalog har regel-id:t '{rule}'"},
    {"a step is one action; this one also has '{action}'", "ett steg är ett enda drag; det här har också '{action}'"},
    {"step {step} names no action (draw, take, meld, layoff, ...)",
     "steg {step} anger inget drag (draw, take, meld, layoff, ...)"},
    {"draw takes the value stock", "draw ska ha värdet stock"},
    {"{action} takes no value", "{action} ska inte ha något värde"},
    {"a claim melds or lays off, not both", "en claim mäler eller bygger vidare, inte båda"},
    {"a next_hand without players takes only seed", "en next_hand utan players har bara seed"},
    {"a step must be one document", "ett steg måste vara ett enda dokument"},

    // Expectations.
    {"'best_move' belongs to rulesets with a freely rearranged table (rummikub)",
     "'best_move' finns bara i regler där bordet fritt får läggas om (rummikub)"},

    // The scenario, its ruleset, variants and options (these two also from RulesetSpec::resolve).
    {"unknown ruleset '{ruleset}' (known: {rulesets})", "okänt regelverk '{ruleset}' (kända: {rulesets})"},
    {"unknown variant '{variant}' of {ruleset}", "okänd variant '{variant}' av {ruleset}"},
    {"option '{option}' has no choice '{choice}'", "valet '{option}' har inget alternativ '{choice}'"},
    {"unknown option '{option}' of {ruleset}", "okänt val '{option}' för {ruleset}"},
    {"a scenario has a setup or a deal, not both", "ett scenario har setup eller deal, inte båda"},
    {"a scenario needs a setup or a deal", "ett scenario behöver setup eller deal"},
    {"the file holds no scenario", "filen innehåller inget scenario"},
};

// What the reader says must be so, in its own words (the `what` of YamlReader's helpers);
// the rest are keys of the contract.
const std::map<std::string_view, std::string_view> kThings = {
    {"a scenario", "ett scenario"},
    {"a player", "en spelare"},
    {"a card", "ett kort"},
    {"a list of cards", "en lista med kort"},
    {"a meld", "en kombination"},
    {"a meld id", "ett kombinations-id"},
    {"a rule id", "ett regel-id"},
    {"a variant id", "ett variant-id"},
    {"an option's choice", "ett alternativ för ett val"},
    {"a score", "en poäng"},
};

// The parts of a scenario whose keys the reader checks, by the names it gives them
// (keys_of in files/scenario.cc); the others are named by their key.
struct Part {
  std::string_view swedish, swedish_in;
};
const std::map<std::string_view, Part> kParts = {
    {"scenario", {"scenariot", "i scenariot"}},
    {"player", {"en spelare", "hos en spelare"}},
    {"next_hand_player", {"en spelare i next_hand", "hos en spelare i next_hand"}},
    {"meld", {"en kombination", "i en kombination"}},
    {"step", {"ett steg", "i ett steg"}},
    {"step_expect", {"ett stegs expect", "i ett stegs expect"}},
};

std::string thing(const std::string& english) {
  const auto it = kThings.find(english);
  return it == kThings.end() ? english : std::string(it->second);
}

const std::map<std::string_view, std::string (*)(const std::string&)> kForms = {
    {"thing", thing},
    {"part",
     [](const std::string& english) {
       const auto part = kParts.find(english);
       return part == kParts.end() ? thing(english) : std::string(part->second.swedish);
     }},
    {"in_part",
     [](const std::string& english) {
       const auto part = kParts.find(english);
       return part == kParts.end() ? "i " + thing(english) : std::string(part->second.swedish_in);
     }},
    {"language",
     [](const std::string& english) -> std::string { return english == "Swedish" ? "svenska" : "engelska"; }},
};

enum class Capture { kText, kNumber, kCard, kLanguage };

Capture capture_of(std::string_view name) {
  static const std::map<std::string_view, Capture> kNarrow = {
      {"number", Capture::kNumber},
      {"lo", Capture::kNumber},
      {"hi", Capture::kNumber},
      {"min", Capture::kNumber},
      {"max", Capture::kNumber},
      {"count", Capture::kNumber},
      {"players", Capture::kNumber},
      {"line", Capture::kNumber},
      {"column", Capture::kNumber},
      {"step", Capture::kNumber},
      {"card", Capture::kCard},
      {"language", Capture::kLanguage},
      {"file_language", Capture::kLanguage},
  };
  const auto it = kNarrow.find(name);
  return it == kNarrow.end() ? Capture::kText : it->second;
}

bool fits(Capture kind, std::string_view text) {
  switch (kind) {
    case Capture::kText:
      return true;
    case Capture::kNumber: {
      const std::string_view digits = text.starts_with('-') ? text.substr(1) : text;
      return !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
    }
    case Capture::kCard:
      return !text.empty() && !text.starts_with("more ");  // "holds no more 7H" is its own message
    case Capture::kLanguage:
      return text == "Swedish" || text == "English";
  }
  return false;
}

// A piece of a pattern: text, or a placeholder (`name`, with `form` in the Swedish).
struct Piece {
  std::string text;
  bool placeholder = false;
  std::string name, form;
  Capture capture = Capture::kText;
};

bool is_name(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
}

std::vector<Piece> pieces_of(std::string_view pattern) {
  constexpr size_t npos = std::string_view::npos;
  std::vector<Piece> out;
  const auto add_text = [&](std::string_view text) {
    if (text.empty()) return;
    if (out.empty() || out.back().placeholder) out.emplace_back();
    out.back().text += text;
  };
  size_t text_from = 0;
  for (size_t open = pattern.find('{'); open != npos; open = pattern.find('{', open + 1)) {
    const size_t close = pattern.find('}', open);
    if (close == npos) break;
    const std::string_view inside = pattern.substr(open + 1, close - open - 1);
    const size_t colon = inside.find(':');
    const std::string_view name = inside.substr(0, colon), form = colon == npos ? "" : inside.substr(colon + 1);
    if (!is_name(name) || (colon != npos && !is_name(form))) continue;  // a brace of the text
    add_text(pattern.substr(text_from, open - text_from));
    Piece p;
    p.placeholder = true;
    p.name = name;
    p.form = form;
    p.capture = capture_of(name);
    out.push_back(std::move(p));
    text_from = close + 1;
    open = close;
  }
  add_text(pattern.substr(text_from));
  return out;
}

struct Compiled {
  const ReaderMessage* message;
  std::vector<Piece> english, swedish;
};

Compiled compile(const ReaderMessage& m) {
  Compiled c{&m, pieces_of(m.english), pieces_of(m.swedish)};
  for (size_t i = 1; i < c.english.size(); ++i)
    if (c.english[i].placeholder && c.english[i - 1].placeholder)
      throw std::logic_error("reader_messages_sv: two placeholders side by side in \"" + std::string(m.english) + "\"");
  for (const Piece& p : c.swedish) {
    if (!p.placeholder) continue;
    if (std::none_of(c.english.begin(), c.english.end(), [&](const Piece& e) { return e.name == p.name; }))
      throw std::logic_error("reader_messages_sv: {" + p.name + "} is not in \"" + std::string(m.english) + "\"");
    if (!p.form.empty() && !kForms.count(p.form))
      throw std::logic_error("reader_messages_sv: unknown form {" + p.name + ":" + p.form + "}");
  }
  return c;
}

const std::vector<Compiled>& compiled() {
  static const std::vector<Compiled> all = [] {
    std::vector<Compiled> out;
    for (const ReaderMessage& m : kMessages) out.push_back(compile(m));
    return out;
  }();
  return all;
}

using Captures = std::map<std::string, std::string_view>;

// Whether `message` from `at` on is `pieces`, each placeholder taking as much as it can
// (up to the last place the text after it stands). Not a regular expression: a message
// quotes the file, whose keys may be megabytes long, which std::regex walks with a stack
// frame per character. `budget` counts the characters looked at, so that no message, however
// made, takes more than a few passes over it.
bool match(std::string_view message, size_t at, std::span<const Piece> pieces, Captures& captures, int64_t& budget) {
  if (pieces.empty()) return at == message.size();
  const Piece& first = pieces.front();
  if (!first.placeholder) {
    budget -= int64_t(first.text.size()) + 1;
    return budget >= 0 && message.substr(at).starts_with(first.text) &&
           match(message, at + first.text.size(), pieces.subspan(1), captures, budget);
  }
  if (pieces.size() == 1) {
    if (!fits(first.capture, message.substr(at))) return false;
    captures[first.name] = message.substr(at);
    return true;
  }
  const std::string& next = pieces[1].text;
  // The places `next` starts at, from the last back to `at`.
  for (size_t searched_to = message.size(); searched_to > at;) {
    const size_t found = message.substr(at, searched_to - 1 - at + next.size()).rfind(next);
    const size_t end = found == std::string_view::npos ? at : at + found;
    budget -= int64_t(searched_to - end) + 1;
    if (found == std::string_view::npos || budget < 0) return false;
    if (fits(first.capture, message.substr(at, end - at)) && match(message, end, pieces.subspan(1), captures, budget)) {
      captures[first.name] = message.substr(at, end - at);
      return true;
    }
    searched_to = end;
  }
  return false;
}

std::optional<Captures> captures_of(const Compiled& c, std::string_view message) {
  Captures captures;
  int64_t budget = 8 * (int64_t(message.size()) + 256);
  if (match(message, 0, c.english, captures, budget)) return captures;
  return std::nullopt;
}

std::string fill(const Compiled& c, const Captures& captures) {
  std::string out;
  for (const Piece& p : c.swedish) {
    if (!p.placeholder) {
      out += p.text;
      continue;
    }
    const std::string english(captures.at(p.name));
    out += p.form.empty() ? english : kForms.at(p.form)(english);
  }
  return out;
}

// The Swedish of a message without its location, if a pattern knows it.
std::optional<std::string> translated(std::string_view message) {
  for (const Compiled& c : compiled())
    if (const std::optional<Captures> captures = captures_of(c, message)) return fill(c, *captures);
  return std::nullopt;
}

// Where a message starts after its location, `file:line:column: `; 0 without one. The
// first `:digits:digits: ` ends it: a file's name may hold colons of its own.
size_t message_start(std::string_view error) {
  const auto after_digits = [&](size_t at) {
    while (at < error.size() && error[at] >= '0' && error[at] <= '9') ++at;
    return at;
  };
  for (size_t colon = error.find(':'); colon != std::string_view::npos; colon = error.find(':', colon + 1)) {
    const size_t line_end = after_digits(colon + 1);
    if (line_end == colon + 1 || line_end == error.size() || error[line_end] != ':') continue;
    const size_t column_end = after_digits(line_end + 1);
    if (column_end > line_end + 1 && error.substr(column_end).starts_with(": ")) return column_end + 2;
  }
  return 0;
}

}  // namespace

std::string in_swedish(std::string_view message) {
  const size_t start = message_start(message);
  if (start > 0)
    if (const std::optional<std::string> sv = translated(message.substr(start)))
      return std::string(message.substr(0, start)) + *sv;
  return translated(message).value_or(std::string(message));
}

std::span<const ReaderMessage> reader_messages() { return kMessages; }

std::vector<const ReaderMessage*> reader_messages_matching(std::string_view message) {
  std::vector<const ReaderMessage*> out;
  for (const Compiled& c : compiled())
    if (captures_of(c, message)) out.push_back(c.message);
  return out;
}

}  // namespace meldcheck
