// The engine on the rulesets of spec/: dealing, refusals, and whole games played through
// the legal-action enumeration.
#include "engine/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>

#include "engine/position.h"
#include "engine/random_play.h"
#include "files/ruleset_loader.h"
#include "files/scenario.h"
#include "files/spec_files.h"
#include "files/yaml_doc.h"
#include "files/yaml_mutation.h"

namespace meldcheck {
namespace {

const RuleSet& rules(const std::string& id) { return RulesetLibrary::embedded().find(id)->base(); }

Action discard(int player, const char* card) {
  Action a;
  a.kind = ActionKind::kDiscard;
  a.player = uint8_t(player);
  a.card = *parse_face(card, Notation::kCards);
  return a;
}

// A ruleset whose hands could not start is refused where it says so: an opening row (each
// player discards) on a freely rearranged table, which has no discard (spec_fuzz: Rummikub
// with pile_start: row, every hand stuck at its first step).
TEST(Loader, AnOpeningRowWithoutDiscardsIsRefusedWithItsPlace) {
  std::string text;
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "rummikub.yaml") text = std::string(f.text);
  ASSERT_NE(text.find("\npile_start: none\n"), std::string::npos);
  EXPECT_NO_THROW(RulesetSpec(parse_yaml(text, "rummikub.yaml").at(0), "rummikub.yaml"));
  text.replace(text.find("\npile_start: none\n"), 18, "\npile_start: row\n");
  try {
    RulesetSpec spec(parse_yaml(text, "rummikub.yaml").at(0), "rummikub.yaml");
    ADD_FAILURE() << "loaded";
  } catch (const InputError& e) {
    EXPECT_GT(e.mark().line, 1);
    EXPECT_NE(std::string(e.what()).find("opening row"), std::string::npos) << e.what();
  }
}

// The catalog is read once a ruleset, for all its variants and options, but for one whose
// patch sets the catalog itself: that house has the catalog it sets.
TEST(Loader, AVariantThatSetsTheCatalogHasItsOwn) {
  std::string text;
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "rummy500.yaml") text = std::string(f.text);
  YamlNode root = parse_yaml(text, "rummy500.yaml").at(0);
  YamlNode variant = parse_yaml("id: own-catalog\ntext: t\ntext_sv: t\nset: { catalog: [] }\n", "v.yaml").at(0);
  YamlNode& catalog = variant.entries.back().second.entries.at(0).second;
  catalog = *root.find("catalog");
  for (YamlEntry& e : catalog.items.at(0).entries)
    if (e.first.scalar == "text") e.second.scalar = "the variant's own words";
  for (YamlEntry& e : root.entries)
    if (e.first.scalar == "variants") e.second.items.push_back(variant);
  const RulesetSpec spec(root, "rummy500.yaml");
  EXPECT_EQ(spec.resolve({"own-catalog"}, {}).catalog[0].text, "the variant's own words");
  EXPECT_NE(spec.resolve({}, {}).catalog[0].text, "the variant's own words");
  EXPECT_NE(spec.base().catalog[0].text, "the variant's own words");
}

YamlNode spec_tree(std::string_view file) {
  for (const EmbeddedFile& f : spec_files())
    if (f.name == file) return parse_yaml(f.text, std::string(file)).at(0);
  ADD_FAILURE() << "no spec/" << file;
  return {};
}

void set_scalar(YamlNode& map, std::string_view key, const std::string& value) {
  for (YamlEntry& e : map.entries)
    if (e.first.scalar == key) e.second.scalar = value;
}

YamlNode& first_clause(YamlNode& root) {
  for (YamlEntry& e : root.entries)
    if (e.first.scalar == "catalog") return e.second.items.at(0);
  throw std::logic_error("no catalog");
}

// A catalog read ahead (spec_fuzz's mutator reads what it wrote), once a load has read it,
// is taken by a load of a tree with the same catalog, id and variants, and by no other: a
// load of a tree changed in any of the three reads its own (the clauses' prefix, their
// text, the variants their events may name).
TEST(Loader, ACatalogReadAheadIsTakenOnlyWhereTheCatalogIdAndVariantsAreTheSame) {
  YamlNode root = spec_tree("femhundra-rummy.yaml");
  set_scalar(first_clause(root), "text", "read ahead");  // this test's own catalog
  read_catalog_ahead(root, "f.yaml");  // none read by a load yet: not read ahead
  const RulesetSpec first(root, "f.yaml");
  read_catalog_ahead(root, "f.yaml");
  EXPECT_NE(&first.base().catalog[0], &RulesetSpec(root, "f.yaml").base().catalog[0]);
  const RulesetSpec a(root, "f.yaml");
  const RulesetSpec b(root, "f.yaml");
  EXPECT_EQ(&a.base().catalog[0], &b.base().catalog[0]);  // one reading, taken by both
  const RuleSet& built_in = rules("femhundra-rummy");
  ASSERT_EQ(a.base().catalog.size(), built_in.catalog.size());
  for (size_t i = 0; i < built_in.catalog.size(); ++i) {
    const Clause& c = a.base().catalog[i];
    const Clause& d = built_in.catalog[i];
    EXPECT_EQ(c.id, d.id);
    EXPECT_EQ(c.text, i == 0 ? "read ahead" : d.text);
    EXPECT_EQ(std::tie(c.kind, c.text_sv, c.source, c.resolution, c.checks, c.events, c.one_way),
              std::tie(d.kind, d.text_sv, d.source, d.resolution, d.checks, d.events, d.one_way));
  }
  EXPECT_EQ(a.base().clause_of, built_in.clause_of);

  YamlNode renamed = root;
  set_scalar(renamed, "id", "femhundra-annan");
  EXPECT_EQ(RulesetSpec(renamed, "f.yaml").base().catalog[0].id.rfind("femhundra-annan/", 0), 0u);
  YamlNode retold = root;
  set_scalar(first_clause(retold), "text", "told again");
  EXPECT_EQ(RulesetSpec(retold, "f.yaml").base().catalog[0].text, "told again");
  YamlNode fewer = root;  // no variant no-joker, which a clause's events name
  for (YamlEntry& e : fewer.entries)
    if (e.first.scalar == "variants") {
      ASSERT_EQ(e.second.items.at(0).find("id")->scalar, "no-joker");
      e.second.items.erase(e.second.items.begin());
    }
  try {
    RulesetSpec spec(fewer, "f.yaml");
    ADD_FAILURE() << "loaded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no variant 'no-joker'"), std::string::npos) << e.what();
  }
}

// The whole pile's rules (a meld due with its cards, a penalty when none can be made) are
// the top-or-all take's: where any depth may be taken, a take of every card is a deep take,
// and the ruleset's clauses (engine/ruleset.cc, reachable_checks) name no pile meld due.
// spec_fuzz found a refusal no clause named: femhundra-rummy's takes changed to any depth.
TEST(Apply, AWholePileTakenWhereAnyDepthMayBeOwesNoPileMeld) {
  // The deepest card (7H) melds at once with the hand: 5H 6H 7H.
  Scenario sc = parse_scenarios(R"(name: the whole pile by depth
ruleset: rummy500
setup:
  players:
    A: { hand: [5H, 6H] }
    B: { hand: [4C] }
  stock: [9D, 10D]
  discard: [7H, 2S]
  rest: out
)", "t.yaml", RulesetLibrary::embedded()).at(0);
  RuleSet& r = sc.rules;
  ASSERT_EQ(r.draw.take_sizes, TakeSizes::kAny);
  r.draw.whole_pile.meld_due = true;
  r.draw.whole_pile.unmeldable_penalty = -50;
  EXPECT_FALSE(r.reachable_checks().has(Refusal::kPileMeldDue));
  Action take;
  take.kind = ActionKind::kTake, take.player = 0, take.take.kind = TakeSpec::Kind::kCount, take.take.count = 2;
  GameState s = sc.start;
  ASSERT_EQ(apply(s, r, take), Refusal::kNone);
  EXPECT_TRUE(s.turn.pile_meld_due.empty());
  EXPECT_EQ(s.players[0].penalty, 0);
}

// Liverpool whose freed jokers go down again the same turn, with Rummy 500's lone taken card
// that may not be discarded: C took 6H alone from the pile, and a swap would leave 6H and the
// freed joker in hand. The joker can go down, but then 6H alone is left, which may not be
// discarded and goes nowhere: the swap is refused, as the hand would be stuck. spec_fuzz
// found the hand stuck (the engine had asked only whether the joker could go down).
TEST(Apply, ASwapIsRefusedWhereTheFreedJokerWouldLeaveOnlyTheLoneTakenCard) {
  Scenario sc = parse_scenarios(R"(name: a freed joker and the lone taken card
ruleset: liverpool
options: { freed-joker: same-turn }
setup:
  players:
    A: { hand: [2C, 5S] }
    B: { hand: [QS, 4S] }
    C: { hand: [6H, 8C] }
  table:
    - { id: m1, owner: A, cards: [7C, JK=8C, 9C, 10C] }
    - { id: m2, owner: C, cards: [3D, 4D, 5D, 6D] }
  stock: [9S, 10S]
  to_move: C
  phase: play
  rest: out
)", "t.yaml", RulesetLibrary::embedded()).at(0);
  RuleSet& r = sc.rules;
  ASSERT_TRUE(r.swap.joker_used_same_turn);
  r.draw.lone_taken_card_no_discard = true;
  Action swap;
  swap.kind = ActionKind::kSwap, swap.player = 2, swap.meld_id = 1, swap.card = *parse_face("8C", Notation::kCards);
  GameState free_to_discard = sc.start;
  EXPECT_EQ(apply(free_to_discard, r, swap), Refusal::kNone);  // 6H may go: the joker down, then 6H discarded
  GameState s = sc.start;
  s.turn.no_discard = s.hand(2).find(*parse_face("6H", Notation::kCards));
  const GameState before = s;
  EXPECT_EQ(apply(s, r, swap), Refusal::kJokerUnused);
  EXPECT_EQ(s, before);
}

// The points opening is one form of opening among three (OpeningForm): on a table rearranged
// freely, a ruleset whose opening is free owes no points and may build on the table at once.
// spec_fuzz found a mutated Rummikub with `opening.form: free` refusing a first move worth
// under 30 with initial-points, which no clause of it named (the arrange step asked only
// whether the player had opened, not whether the form owed anything).
TEST(Apply, AFreeOpeningOwesNoPointsOnATableRearrangedFreely) {
  Scenario sc = parse_scenarios(R"(name: a first move worth 6
ruleset: rummikub
setup:
  players:
    A: { hand: [R1, R2, R3, B9, K12] }
    B: { hand: [O1, O5] }
  table:
    - { id: m1, owner: B, cards: [K9, O9, R9] }
  stock: [B12, B11]
  rest: out
)", "t.yaml", RulesetLibrary::embedded()).at(0);
  auto arrange = [](std::initializer_list<std::initializer_list<const char*>> sets) {
    Action a;
    a.kind = ActionKind::kArrange, a.player = 0;
    for (const auto& set : sets) {
      a.cards.open_group();
      for (const char* tile : set) a.cards.add(Token{*parse_face(tile, Notation::kTiles)});
    }
    return a;
  };
  const Action from_rack = arrange({{"K9", "O9", "R9"}, {"R1", "R2", "R3"}});      // 6 points
  const Action building = arrange({{"K9", "O9", "R9", "B9"}, {"R1", "R2", "R3"}});  // and the table changed
  RuleSet& r = sc.rules;
  ASSERT_EQ(r.opening.form, OpeningForm::kPoints);
  EXPECT_EQ(check_action(sc.start, r, from_rack), Refusal::kInitialPoints);
  EXPECT_NE(check_action(sc.start, r, building), Refusal::kNone);
  r.opening.form = OpeningForm::kFree;
  EXPECT_EQ(check_action(sc.start, r, from_rack), Refusal::kNone);
  GameState s = sc.start;
  ASSERT_EQ(apply(s, r, building), Refusal::kNone);
  EXPECT_TRUE(s.players[0].opened);
  EXPECT_EQ(s.hand(0).size(), 1);  // K12
}

// A rack short of the points opening lists no arrangement (engine/legal.cc): the reach counts
// every number of the rack and each joker as the highest, 13. R1 R2 R3 and a joker reach 19
// at the most; laid as a run the joker stands for 4, worth 10. Up to 19 the arrangements are
// tried (and refused past 10); from 20 none is.
TEST(Apply, TheOpeningsReachCountsEveryNumberAndAJokerAsTheHighest) {
  Scenario sc = parse_scenarios(R"(name: a rack of 19 at the most
ruleset: rummikub
setup:
  players:
    A: { hand: [R1, R2, R3, JK] }
    B: { hand: [O1, O5] }
  stock: [B12, B11]
  rest: out
)", "t.yaml", RulesetLibrary::embedded()).at(0);
  RuleSet& r = sc.rules;
  CheckTally refused{};
  auto arrangements = [&] {
    std::vector<Action> legal;
    refused = {};
    legal_actions(sc.start, r, legal, &refused);
    return std::count_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind == ActionKind::kArrange; });
  };
  Action run;
  run.kind = ActionKind::kArrange, run.player = 0;
  run.cards.open_group();
  for (const char* tile : {"R1", "R2", "R3", "JK"}) run.cards.add(Token{*parse_face(tile, Notation::kTiles)});
  r.opening.points = 10;
  EXPECT_EQ(check_action(sc.start, r, run), Refusal::kNone);
  EXPECT_GT(arrangements(), 0);
  r.opening.points = 19;
  EXPECT_EQ(check_action(sc.start, r, run), Refusal::kInitialPoints);
  EXPECT_EQ(arrangements(), 0);
  EXPECT_GT(refused[size_t(Refusal::kInitialPoints)], 0u);  // tried, and refused
  r.opening.points = 20;
  EXPECT_EQ(check_action(sc.start, r, run), Refusal::kInitialPoints);
  EXPECT_EQ(arrangements(), 0);
  EXPECT_EQ(refused[size_t(Refusal::kInitialPoints)], 0u);  // past the reach: none tried
}

// spec/rummy500.yaml's text with each `from` replaced by its `to` (each must be there).
std::string rummy500_with(const std::vector<std::pair<std::string, std::string>>& changes) {
  std::string text;
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "rummy500.yaml") text = std::string(f.text);
  for (const auto& [from, to] : changes) {
    EXPECT_NE(text.find(from), std::string::npos) << from;
    if (text.find(from) != std::string::npos) text.replace(text.find(from), from.size(), to);
  }
  return text;
}

// The error a ruleset's load gives, with its place; "" when it loads.
std::string load_error(const std::string& text) {
  try {
    const RulesetSpec spec(parse_yaml(text, "rummy500.yaml").at(0), "rummy500.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// A going-out discard that must be dead and a building turn that must end with a discard
// leave a player whose last card fits a table meld no step (spec_fuzz: a changed Rummy 500
// with its dead-last-discard variant, a hand stuck): a ruleset with both is refused where
// it sets them, when it loads, as each variant is vouched for.
TEST(Loader, ADeadLastDiscardWithBuildingThatNeedsADiscardIsRefused) {
  const std::string text = rummy500_with({{"  build_only_needs_discard: false\n", "  build_only_needs_discard: true\n"},
                                            {"    checks: [dead-discard]\n", "    checks: [dead-discard, out-needs-discard]\n"}});
  const std::string error = load_error(text);
  EXPECT_NE(error.find("rummy500.yaml:45:3: "), std::string::npos) << error;  // the going_out section
  EXPECT_NE(error.find("going_out.dead_last_discard"), std::string::npos) << error;
}

// Every check a house can raise names a clause, in any mix of variants and choices, not only
// for each variant or choice alone: here only two options together deal jokers, and with them
// the swap refusal, which no clause lists any more. The file loads (each choice alone is
// jokerless); the mix is refused with its place when resolved. spec_fuzz found the mix
// playing, its refusal named by no clause.
TEST(Loader, AMixWhoseChecksNoClauseNamesIsRefusedWhenResolved) {
  const std::string text = rummy500_with({{"      this-turn: {}\n", "      this-turn: { deck.jokers_per_deck: 0 }\n"},
                                            {"      low-or-high: {}\n", "      low-or-high: { deck.jokers_per_deck: 0 }\n"},
                                            {"    checks: [swap-not-allowed]\n", ""}});
  const RulesetSpec spec(parse_yaml(text, "rummy500.yaml").at(0), "rummy500.yaml");
  EXPECT_NO_THROW(spec.resolve({}, {{"deep-card-when", "first-play"}}));
  try {
    spec.resolve({}, {{"deep-card-when", "first-play"}, {"ace-runs", "round-the-corner"}});
    ADD_FAILURE() << "resolved";
  } catch (const InputError& e) {
    EXPECT_GE(e.mark().line, 1);
    EXPECT_NE(std::string(e.what()).find("swap-not-allowed"), std::string::npos) << e.what();
  }
}

// When it loads, a ruleset vouches for each variant and each option choice alone, and the
// error of one names it: here the choice that brings the jokers back, whose swap no clause
// names.
TEST(Loader, AChoiceWhoseChecksNoClauseNamesIsRefusedAtTheLoadNamingTheChoice) {
  const std::string text = rummy500_with({{"      this-turn: {}\n", "      this-turn: { deck.jokers_per_deck: 0 }\n"},
                                            {"    checks: [swap-not-allowed]\n", ""}});
  const std::string error = load_error(text);
  EXPECT_NE(error.find("swap-not-allowed' (option deep-card-when: first-play)"), std::string::npos) << error;
}

// A jokerless meld is refused for too few naturals when it may be shorter than min_naturals
// and still as long as min_size: meld.size does not name it first. spec_fuzz found rummy500
// without jokers, melds of two cards needing three naturals and joker.natural listing no check
// loading, and `meld: [[6C, 9C]]` refused by a rule no clause named.
TEST(Loader, AJokerlessHouseWhoseMeldsNeedMoreNaturalsThanCardsMapsTheCheck) {
  const std::string text = rummy500_with({{"  jokers_per_deck: 2\n", "  jokers_per_deck: 0\n"},
                                            {"  min_size: 3\n", "  min_size: 2\n"},
                                            {"  min_naturals: 1\n", "  min_naturals: 3\n"},
                                            {"    checks: [joker-natural]\n", ""}});
  try {
    const RulesetSpec spec(parse_yaml(text, "rummy500.yaml").at(0), "rummy500.yaml");
    ADD_FAILURE() << "loaded";
  } catch (const InputError& e) {
    EXPECT_GE(e.mark().line, 1);
    EXPECT_NE(std::string(e.what()).find("joker-natural"), std::string::npos) << e.what();
  }
  // As many naturals as min_size asks: meld.size names every shorter meld first.
  RuleSet r = RulesetLibrary::embedded().find("femhundra-familj")->base();
  ASSERT_FALSE(r.has_jokers());
  r.meld.min_naturals = r.meld.min_size;
  EXPECT_FALSE(r.reachable_checks().has(Refusal::kJokerNatural));
  ++r.meld.min_naturals;
  EXPECT_TRUE(r.reachable_checks().has(Refusal::kJokerNatural));
}

// Every house of the built-in rulesets resolves: each mix of variants with each choice of
// every option.
// Every mix of a ruleset's variants with every choice of every option.
template <typename F>
void for_each_house(const RulesetSpec& spec, F&& f) {
  const size_t mixes = size_t(1) << spec.variants().size();
  for (size_t mask = 0; mask < mixes; ++mask) {
    std::vector<std::string> variants;
    for (size_t i = 0; i < spec.variants().size(); ++i)
      if ((mask >> i) & 1) variants.push_back(spec.variants()[i].id);
    std::vector<size_t> choice(spec.options().size(), 0);
    for (bool more = true; more;) {
      std::map<std::string, std::string> options;
      for (size_t o = 0; o < choice.size(); ++o) options[spec.options()[o].id] = spec.options()[o].choices[choice[o]];
      f(variants, options);
      more = false;
      for (size_t o = 0; o < choice.size() && !more; ++o) {
        more = ++choice[o] < spec.options()[o].choices.size();
        if (!more) choice[o] = 0;
      }
    }
  }
}

TEST(Loader, EveryHouseOfTheBuiltInRulesetsResolves) {
  for (const auto& spec : RulesetLibrary::embedded().all())
    for_each_house(*spec, [&](const std::vector<std::string>& variants, const std::map<std::string, std::string>& options) {
      EXPECT_NO_THROW(spec->resolve(variants, options)) << spec->id() << " variants " << ::testing::PrintToString(variants);
    });
}

// A spec of a tree it shares reads every house in the tree itself, and leaves it as it was:
// each patch set while a house is read is taken out again (spec_fuzz reads the fuzzer's tree).
TEST(Loader, ASharedTreeIsAsItWasAfterEveryHouseIsRead) {
  for (const EmbeddedFile& f : spec_files()) {
    if (!f.name.ends_with(".yaml")) continue;
    const std::vector<YamlNode> read = parse_yaml(f.text, std::string(f.name));
    auto tree = std::make_shared<YamlNode>(read.at(0));
    const RulesetSpec spec(tree, std::string(f.name));
    for_each_house(spec, [&](const std::vector<std::string>& variants, const std::map<std::string, std::string>& options) {
      spec.resolve(variants, options);
    });
    EXPECT_EQ(yaml_text({*tree}), yaml_text(read)) << f.name;
    EXPECT_GT(spec.variants().size() + spec.options().size(), 0u) << f.name;
  }
}

// The node a dotted path names in a ruleset tree.
YamlNode& at_path(YamlNode& n, std::string_view path) {
  const std::string_view head = path.substr(0, path.find('.'));
  for (YamlEntry& e : n.entries)
    if (e.first.scalar == head) return head.size() == path.size() ? e.second : at_path(e.second, path.substr(head.size() + 1));
  throw std::logic_error("no " + std::string(path));
}

const YamlNode& item_with_id(const YamlNode& list, const std::string& id) {
  for (const YamlNode& item : list.items)
    if (item.find("id")->scalar == id) return item;
  throw std::logic_error("no " + id);
}

// A house is the ruleset with its variants' settings written into the file by hand and its
// option choices made the defaults, read as a file of its own: however the loader resolves
// a house (one that sets parameters alone is read from the base, the parameters it and the
// base's defaults set read again), it reads as the whole file would.
TEST(Loader, AHouseReadsAsTheFileWithItsSettingsWrittenIn) {
  int houses = 0;
  for (const EmbeddedFile& f : spec_files()) {
    if (!f.name.ends_with(".yaml")) continue;
    const YamlNode file = parse_yaml(f.text, std::string(f.name)).at(0);
    const RulesetSpec& spec = *RulesetLibrary::embedded().find(file.find("id")->scalar);
    for_each_house(spec, [&](const std::vector<std::string>& variants, const std::map<std::string, std::string>& options) {
      YamlNode written = file;
      auto write_in = [&](const YamlNode& set) {
        for (const YamlEntry& e : set.entries) at_path(written, e.first.scalar) = e.second;
      };
      for (const std::string& v : variants) write_in(*item_with_id(*file.find("variants"), v).find("set"));
      for (const OptionInfo& o : spec.options())
        for (YamlNode& item : at_path(written, "options").items)
          if (item.find("id")->scalar == o.id) at_path(item, "default").scalar = options.at(o.id);
      const RuleSet whole = RulesetSpec(std::move(written), std::string(f.name)).base();
      const RuleSet house = spec.resolve(variants, options);
      EXPECT_EQ(spec_parameters(house), spec_parameters(whole)) << spec.id() << " " << ::testing::PrintToString(variants) << " "
                                                                << ::testing::PrintToString(options);
      EXPECT_EQ(house.clause_of, whole.clause_of) << spec.id();
      ++houses;
    });
  }
  EXPECT_GT(houses, 500);
}

// A house read from the base reads as the file with its setting written in where the base
// had derived a parameter: Liverpool's contract opening sets the match's rounds, and an
// option that makes the opening free gives them back to the file (which names none).
TEST(Loader, AHouseThatDropsTheContractHasTheRoundsTheFileGives) {
  std::string text;
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "liverpool.yaml") text = std::string(f.text);
  const std::string option =
      "options:\n  - id: opening\n    text: t\n    text_sv: t\n    default: contract\n    choices:\n"
      "      contract: {}\n      free: { opening.form: free }\n";
  ASSERT_NE(text.find("options:\n"), std::string::npos);
  std::string with_option = text, written = text;
  with_option.replace(with_option.find("options:\n"), 9, option);
  ASSERT_NE(written.find("  form: contract\n"), std::string::npos);
  written.replace(written.find("  form: contract\n"), 17, "  form: free\n");
  const RulesetSpec spec(parse_yaml(with_option, "liverpool.yaml").at(0), "liverpool.yaml");
  const RuleSet house = spec.resolve({}, {{"opening", "free"}});
  const RuleSet whole = RulesetSpec(parse_yaml(written, "liverpool.yaml").at(0), "liverpool.yaml").base();
  EXPECT_EQ(house.match.rounds, 1);
  EXPECT_EQ(spec_parameters(house), spec_parameters(whole));
}

TEST(Deal, Rummy500DealsSevenEachAndTurnsUpACard) {
  const RuleSet& r = rules("rummy500");
  GameState s = new_match(r, 4, 7, 3);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(s.hand(p).size(), 7);
  EXPECT_EQ(s.discard.size(), 1);
  EXPECT_EQ(s.stock.size(), 54 - 28 - 1);
  EXPECT_EQ(s.to_move, 0);
  EXPECT_TRUE(cards_conserved(s, r));
  GameState two = new_match(r, 2, 7, 1);
  EXPECT_EQ(two.hand(0).size(), 13);
  GameState five = new_match(r, 5, 7, 4);
  EXPECT_EQ(five.stock.size() + five.discard.size() + 35, 108u);
}

TEST(Deal, TheSameSeedGivesTheSameDeal) {
  const RuleSet& r = rules("rummy500");
  EXPECT_EQ(hash_state(new_match(r, 3, 42, 2)), hash_state(new_match(r, 3, 42, 2)));
  EXPECT_NE(hash_state(new_match(r, 3, 42, 2)), hash_state(new_match(r, 3, 43, 2)));
}

// A card in two places, a card missing and a card of no deck of the ruleset each break
// conservation, and the lowest such card is named.
TEST(Conservation, NamesTheLowestCardMissingTwiceOrOfNoDeck) {
  const RuleSet& r = RulesetLibrary::embedded().find("rummy500")->base();
  const GameState dealt = new_match(r, 3, 4, 2);
  Card bad = kNoCard;
  ASSERT_TRUE(cards_conserved(dealt, r, &bad));
  const Card held = *dealt.players[0].hand.begin();
  const Card stock_top = dealt.stock.cards().back();

  GameState twice = dealt;
  twice.players[1].hand.insert(held);
  EXPECT_FALSE(cards_conserved(twice, r, &bad));
  EXPECT_EQ(bad, held);

  GameState missing = dealt;
  missing.players[0].hand.erase(held);
  EXPECT_FALSE(cards_conserved(missing, r, &bad));
  EXPECT_EQ(bad, held);

  GameState in_pile_too = dealt;
  in_pile_too.out.insert(stock_top);
  EXPECT_FALSE(cards_conserved(in_pile_too, r, &bad));
  EXPECT_EQ(bad, stock_top);

  const DeckRule* deck = r.deck_for(3);
  ASSERT_NE(deck, nullptr);
  const Card foreign = deck->decks < kMaxCopies ? natural_card(Face::natural(0, 5), deck->decks) : joker_card(deck->jokers);
  GameState extra = dealt;
  extra.players[2].hand.insert(foreign);
  EXPECT_FALSE(cards_conserved(extra, r, &bad));
  EXPECT_EQ(bad, foreign);
}

TEST(Apply, ARefusedActionChangesNothing) {
  const RuleSet& r = rules("rummy500");
  GameState s = new_match(r, 3, 5, 2);
  const GameState before = s;
  const uint64_t h = hash_state(s);
  EXPECT_EQ(apply(s, r, discard(0, "7H")), Refusal::kWrongPhase);  // must draw first
  EXPECT_EQ(apply(s, r, discard(1, "7H")), Refusal::kNotYourTurn);
  Action take;
  take.kind = ActionKind::kTake;
  take.take.kind = TakeSpec::Kind::kCount;
  take.take.count = 5;
  EXPECT_EQ(apply(s, r, take), Refusal::kBadTake);
  EXPECT_TRUE(s == before);
  EXPECT_EQ(hash_state(s), h);
}

TEST(Apply, RefusalsNameTheRulesetsClauses) {
  const RuleSet& r = rules("rummy500");
  EXPECT_EQ(r.rule_id(Refusal::kNotYourTurn), "core/not-your-turn");
  EXPECT_EQ(r.rule_id(Refusal::kDiscardTakenCard), "rummy500/take.lone-card");
  EXPECT_EQ(r.rule_id(Refusal::kSwapNotAllowed), "rummy500/joker.stays");
  RefusalMask both;
  both.add(Refusal::kSetSuits);
  both.add(Refusal::kMeldSize);
  EXPECT_EQ(r.first_failure(both), Refusal::kMeldSize);  // earlier in the catalog
}

// Plays a game with random legal actions, preferring to lay cards; returns the actions taken.
// Turns are counted here: a hand that the empty stock ends by its ruleset's text
// (draw.empty_stock pass-ends) must not reach the engine's bound of turns.
int play_random_game(const RuleSet& r, int players, uint64_t seed, bool whole_match) {
  std::mt19937_64 rng(seed);
  GameState s = new_match(r, players, seed, players - 1);
  std::vector<Action> legal;
  int actions = 0, turns = 0;
  for (; actions < 200000; ++actions) {
    if (s.hand_over && r.draw.empty_stock == EmptyStock::kPassEnds) {
      EXPECT_LT(turns, r.max_turns) << "a hand that the empty stock ends reached the bound of turns, seed " << seed;
    }
    if (s.hand_over) turns = 0;
    if (s.game_over || (s.hand_over && !whole_match)) return actions;
    legal_actions(s, r, legal);
    EXPECT_FALSE(legal.empty()) << "no legal action, seed " << seed;
    if (legal.empty()) return -1;
    std::vector<const Action*> laying;
    for (const Action& a : legal)
      if (a.player == s.to_move && (a.kind == ActionKind::kMeld || a.kind == ActionKind::kLayoff)) laying.push_back(&a);
    const Action& pick = !laying.empty() && rng() % 4 != 0 ? *laying[rng() % laying.size()] : legal[rng() % legal.size()];
    const int mover = s.to_move;
    const Phase phase = s.phase;
    const Refusal c = apply(s, r, pick);
    turns += pick.kind != ActionKind::kClaim && phase != Phase::kRow &&
             (s.to_move != mover || (s.phase == Phase::kDraw && phase != Phase::kDraw));
    EXPECT_EQ(c, Refusal::kNone) << "an enumerated action was refused: " << r.rule_id(c);
    if (c != Refusal::kNone) return -1;
    Card bad = 0;
    EXPECT_TRUE(cards_conserved(s, r, &bad)) << "card " << int(bad) << " misplaced, seed " << seed;
  }
  ADD_FAILURE() << "the game did not end, seed " << seed;
  return -1;
}

TEST(RandomGames, HandsOfEveryRulesetAndVariantEndThroughTheLegalActions) {
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    std::vector<std::vector<std::string>> variant_sets = {{}};
    for (const VariantInfo& v : spec->variants()) variant_sets.push_back({v.id});
    for (const auto& variants : variant_sets) {
      const RuleSet r = spec->resolve(variants, {});
      for (int players = r.players.min; players <= r.players.max; ++players)
        for (uint64_t seed = 1; seed <= 2; ++seed)
          EXPECT_GT(play_random_game(r, players, seed, false), 0) << spec->id() << " " << players << " players";
    }
  }
}

TEST(RandomGames, MatchesOfEveryRulesetEnd) {
  for (const auto& spec : RulesetLibrary::embedded().all())
    for (uint64_t seed = 1; seed <= 2; ++seed)
      EXPECT_GT(play_random_game(spec->base(), spec->base().players.min + 1, seed, true), 0) << spec->id();
}

// Every position of random games, stated and made again, is itself; a card taken out of the
// statement goes out of play; a card the deck lacks is refused.
TEST(Positions, StatedAndMadeAgainAreThemselves) {
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    const RuleSet& r = spec->base();
    const int players = r.players.min + 1;
    GameState s = new_match(r, players, 7, players - 1);
    RandomPlayer player(7);
    for (int step = 0; step < 400 && !s.hand_over; ++step) {
      const GameState again = make_position(r, state_position(s));
      ASSERT_TRUE(again == s) << spec->id() << ", step " << step << ": " << state_difference(again, s);
      EXPECT_EQ(hash_state(again), hash_state(s));
      StatedPosition fewer = state_position(s);
      const CardSet hand = fewer.seats[s.to_move].hand;
      if (!hand.empty()) {
        const Card gone = *hand.begin();
        fewer.seats[s.to_move].hand.erase(gone);
        const GameState made = make_position(r, fewer);
        EXPECT_TRUE(made.out.contains(gone)) << spec->id();
        Card bad = kNoCard;
        EXPECT_TRUE(cards_conserved(made, r, &bad)) << spec->id() << ": card " << int(bad);
        fewer.stock.push_back(gone);
        fewer.stock.push_back(gone);
        EXPECT_THROW(make_position(r, fewer), std::invalid_argument) << spec->id() << ": a card placed twice";
      }
      const Action* a = player.choose(s, r, Policy::kRandom);
      if (!a) break;
      apply(s, r, *a);
    }
  }
}

// A hand far beyond a deal's (a boundary position: twins and a contract's cards given to one
// player) forms more than 65,535 tokens of candidate melds; the enumeration goes through
// them (found by simulate --start positions, which crashed there).
TEST(Enumeration, AHugeHandWithJokersIsEnumerated) {
  const RuleSet& r = rules("liverpool");
  StatedPosition st = state_position(new_match(r, 3, 11, 2));
  CardSet huge;
  for (int p = 0; p < 3; ++p) huge |= st.seats[p].hand;
  for (Card c : st.stock) huge.insert(c);
  for (int p = 1; p < 3; ++p) st.seats[p].hand.clear();
  st.seats[0].hand.clear();
  for (Card c : huge)
    if (is_joker(c) || face_of(c).suit() < 2) st.seats[0].hand.insert(c);
  st.stock.clear();
  for (Card c : huge)
    if (!st.seats[0].hand.contains(c)) st.stock.push_back(c);
  st.facts.round = 5;  // a set and two runs (not the last round, which takes every card)
  st.facts.to_move = 0;
  st.facts.phase = Phase::kPlay;
  const GameState s = make_position(r, st);
  std::vector<Action> legal;
  legal_actions(s, r, legal);
  // Each face held may be discarded (two suits' 26 and the joker); the contract search is
  // bounded (kMaxContractCombos), so a hand this size may not have its contracts listed.
  EXPECT_EQ(std::count_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind == ActionKind::kDiscard; }), 27);
}

}  // namespace
}  // namespace meldcheck
