#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/invariants.h"
#include "files/scenario_writer.h"
#include "hunt/boundary.h"
#include "hunt/checks.h"
#include "hunt/config.h"
#include "hunt/explore.h"
#include "hunt/report.h"
#include "hunt/run.h"
#include "oracles/catalog.h"
#include "hunt/oracle_views.h"
#include "hunt/scenario_case.h"
#include "hunt/check_report.h"
#include "files/scenario.h"
#include "files/spec_files.h"
#include "hunt/json_schema_test.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

Report run_report(const ConfigSpace& space, RunSettings settings) {
  std::atomic<bool> interrupt{false};
  RunResult result = run(space, settings, interrupt, nullptr);
  Report r;
  r.seed = settings.seed;
  for (const RulesetSpec* spec : space.rulesets()) r.rulesets.push_back(spec->id());
  r.amount = double(settings.games);
  r.shard = settings.shard;
  r.shards = settings.shards;
  r.stats = std::move(result.stats);
  r.seconds = result.seconds;
  r.jobs = settings.jobs;
  for (const Bucket& b : result.findings)
    r.findings.push_back({b.first.finding.check, b.first.finding.message, "", b.first.game.index, b.key, b.games.size()});
  return r;
}

// A report without what depends on the machine: the timing and the rates.
nlohmann::json without_timing(const std::string& json) {
  nlohmann::json j = nlohmann::json::parse(json);
  j.erase("timing");
  j.erase("actions_per_second");
  j.erase("hands_per_second");
  return j;
}

RunSettings small_run(uint64_t seed, uint64_t games) {
  RunSettings s;
  s.seed = seed;
  s.games = games;
  return s;
}

TEST(Run, TheJobsChangeNothingButTheTime) {
  const ConfigSpace space(library(), {"rummy500", "femhundra-rummy", "femhundra-familj", "liverpool"}, std::nullopt, {}, 0);
  RunSettings one = small_run(5, 60), three = one;
  three.jobs = 3;
  const Report a = run_report(space, one), b = run_report(space, three);
  EXPECT_GT(a.stats.actions, 0);
  EXPECT_EQ(without_timing(to_json(a, library())), without_timing(to_json(b, library())));
}

TEST(Run, ShardsMergeIntoTheWholeRun) {
  const ConfigSpace space(library(), {}, std::nullopt, {}, 0);
  RunSettings whole = small_run(11, 25);
  whole.jobs = 2;
  std::vector<Report> parts;
  for (int k = 1; k <= 3; ++k) {
    RunSettings part = whole;
    part.shard = k;
    part.shards = 3;
    // Each part goes through its JSON, as shards run on other machines do.
    parts.push_back(report_from_json(to_json(run_report(space, part), library()), "shard"));
  }
  const Report merged = merge(parts);
  EXPECT_EQ(merged.stats.games, 25);
  EXPECT_EQ(without_timing(to_json(merged, library())), without_timing(to_json(run_report(space, whole), library())));
}

TEST(Run, MergingRefusesWhatIsNotOneRun) {
  Report a, b;
  a.shards = b.shards = 2;
  a.shard = 1;
  b.shard = 1;
  EXPECT_THROW(merge({a, b}), std::invalid_argument);  // shard 1 twice
  b.shard = 2;
  b.seed = 99;
  EXPECT_THROW(merge({a, b}), std::invalid_argument);  // another run
  b.seed = a.seed;
  EXPECT_THROW(merge({a}), std::invalid_argument);  // shard 2 missing
  EXPECT_NO_THROW(merge({a, b}));
}

TEST(Stats, HandLengthQuantilesAreExact) {
  Stats s;
  for (int len : {10, 20, 20, 30, 40, 50, 60, 70, 80, 1000}) ++s.hand_lengths[len];
  EXPECT_EQ(s.hand_length(0.5), 40);
  EXPECT_EQ(s.hand_length(0.9), 80);
  EXPECT_EQ(s.hand_length(1.0), 1000);
}

TEST(ConfigSpace, BadChoicesAreNamed) {
  auto message = [](auto&& make) {
    try {
      make();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] { ConfigSpace(library(), {"canasta"}, std::nullopt, {}, 0); }).find("unknown ruleset 'canasta'"), std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"rummy500"}, std::vector<std::string>{"taget"}, {}, 0); }).find("not a variant of rummy500"),
            std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"rummy500"}, std::nullopt, {{"ace-runs", "sideways"}}, 0); }).find("no choice 'sideways'"),
            std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"rummy500"}, std::nullopt, {{"colour", "red"}}, 0); }).find("option 'colour'"),
            std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"liverpool"}, std::nullopt, {}, 2); }).find("not played by 2 players"),
            std::string::npos);
}

TEST(ConfigSpace, EveryMixOfVariantsAndEveryChoiceIsDrawn) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 0);
  std::set<std::string> mixes, choices;
  std::set<int> players;
  for (uint64_t i = 0; i < 2000; ++i) {
    const GameSpec g = space.game(3, i);
    std::string mix;
    for (const std::string& v : g.config->variants) mix += v + " ";
    mixes.insert(mix);
    choices.insert(g.config->options.at("ace-runs"));
    players.insert(g.players);
    EXPECT_EQ(g.deal_seed, space.game(3, i).deal_seed);  // the same game each time
  }
  EXPECT_EQ(mixes.size(), 16u);  // four variants
  EXPECT_EQ(choices.size(), 2u);
  EXPECT_EQ(players.size(), 7u);  // 2 to 8
}

TEST(Report, FollowsItsSchema) {
  nlohmann::json schema;
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "simulate-report.schema.json") schema = nlohmann::json::parse(f.text);
  ASSERT_FALSE(schema.is_null()) << "spec/simulate-report.schema.json is not embedded";
  const ConfigSpace space(library(), {"rummy500", "liverpool"}, std::nullopt, {{"deal-size", "ten"}}, 0);
  Report r = run_report(space, small_run(2, 12));
  r.findings.push_back({"hand-score", "A scored 3, the text gives 4", "findings/x.yaml", 7});
  r.cited["rummy500/deal"] = 4;
  std::vector<std::string> errors;
  validate_json(nlohmann::json::parse(to_json(r, library())), schema, "report", errors);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  // And the schema says something of every key: a key it does not list fails.
  nlohmann::json extra = nlohmann::json::parse(to_json(r, library()));
  extra["surprise"] = 1;
  errors.clear();
  validate_json(extra, schema, "report", errors);
  EXPECT_FALSE(errors.empty());
}

// The checker on a step that lays a meld no text allows: a set with a suit twice.
TEST(Checker, AMeldTheTextRefusesIsAFinding) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 0);
  const auto config = space.config(*library().find("rummy500"), {}, {});
  const Scenario sc = parse_scenarios(R"(
name: two decks
ruleset: rummy500
setup:
  players:
    A: { hand: [7S, 7S, 7H, 2C] }
    B: { hand: [KD] }
    C: { hand: [JC] }
    D: { hand: [10C] }
    E: { hand: [9C] }
  phase: play
)", "t.yaml", library()).at(0);
  GameState before = sc.start, after = sc.start;
  // What an engine that took the set would leave: the set on the table.
  Meld& m = after.table.melds[after.table.count++];
  m = Meld{};
  m.id = after.next_meld++;
  m.shape.kind = MeldKind::kSet;
  m.shape.size = 3;
  int slot = 0;
  for (Card c : before.hand(0)) {
    if (face_of(c).rank() != 7) continue;
    m.cards[size_t(slot)] = c;
    m.shape.faces[size_t(slot++)] = face_of(c);
    after.hand(0).erase(c);
  }
  Action a;
  a.kind = ActionKind::kMeld;
  Checker checker(config, CheckLevel::kAll);
  const std::optional<Finding> f = checker.after_step(before, a, false, Check::kNone, after);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->check, "table-meld") << f->message;
  EXPECT_EQ(f->verdict, "reject");
}

// The catalog read against the scenarios, which are transcribed from the texts: every step
// of every scenario (up to a next hand set up by hand) judged as the engine judges it, and
// an accepted step deciding what the engine decided. A disagreement here is a catalog bug
// the scenarios already settle.
TEST(Catalog, AgreesWithEveryScenarioStep) {
  int steps = 0, next_hands = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(MELDCHECK_SCENARIOS_DIR)) {
    if (entry.path().extension() != ".yaml") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const ScenarioCases& sc : parse_cases(text, entry.path().string(), library())) {
      // The model reads each setup as written, and works a next hand set up by hand out of
      // the hand before it.
      Checker checker(sc.cases.front().config, CheckLevel::kAll);
      for (const Case& c : sc.cases) {
        next_hands += c.next_hand;
        if (const std::optional<Finding> f = start_case(checker, c)) {
          ADD_FAILURE() << entry.path() << ": " << sc.name << ", the start: " << f->message;
          break;
        }
        GameState s = c.start;
        for (size_t i = 0; i < c.actions.size(); ++i) {
          const GameState before = s;
          const Action& a = c.actions[i];
          const Check verdict = apply(s, c.config->rules, a);
          const std::optional<Finding> f = checker.against_catalog(before, a, verdict, s);
          EXPECT_FALSE(f) << entry.path() << ": " << sc.name << ", step " << i + 1 << " of a case: " << f->message;
          ++steps;
        }
      }
    }
  }
  EXPECT_GT(steps, 1000);
  EXPECT_GT(next_hands, 5);  // next hands set up by hand, carried over by the model
}

// A scenario's `rules:` name what it pins down: each cited clause refuses one of its steps,
// or judges an accepted one (Catalog::judging: it forbids that step, or lists an event the
// step makes, one small change away - a card changed, another depth or player, a stock or
// pile otherwise, another house), or lists an event of the scenario's start (the deal, its
// variants, the best move it asks for).
TEST(Catalog, EveryCitedClauseIsExercisedByItsScenario) {
  int cited = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(MELDCHECK_SCENARIOS_DIR)) {
    if (entry.path().extension() != ".yaml") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::vector<Scenario> scenarios = parse_scenarios(text, entry.path().string(), library());
    const std::vector<ScenarioCases> all = parse_cases(text, entry.path().string(), library());
    for (size_t k = 0; k < scenarios.size(); ++k) {
      const Scenario& sc = scenarios[k];
      std::set<std::string> exercised, events;
      // The scenario's house with one variant or option choice changed: a clause that
      // answers a step otherwise there judges it here too.
      const RulesetSpec& spec = *library().find(sc.ruleset);
      std::vector<oracle::Catalog> houses;
      auto house = [&](std::vector<std::string> variants, std::map<std::string, std::string> options) {
        Config h{sc.ruleset, variants, options, spec.resolve(variants, options)};
        houses.emplace_back(game_of(h));
      };
      const std::shared_ptr<const Config> own = scenario_config(sc, library());
      for (const VariantInfo& v : spec.variants()) {
        std::vector<std::string> variants = own->variants;
        auto at = std::find(variants.begin(), variants.end(), v.id);
        if (at == variants.end()) variants.push_back(v.id);
        else variants.erase(at);
        house(variants, own->options);
      }
      for (const OptionInfo& o : spec.options())
        for (const std::string& choice : o.choices)
          if (own->options.at(o.id) != choice) {
            std::map<std::string, std::string> options = own->options;
            options[o.id] = choice;
            house(own->variants, options);
          }
      for (const std::string& v : sc.variants) events.insert("variant:" + v);
      Checker checker(all[k].cases.front().config, CheckLevel::kAll);
      for (const Case& c : all[k].cases) {
        const oracle::Catalog catalog(game_of(*c.config));
        if (start_case(checker, c)) break;
        events.insert("deal");  // a deal or a setup: the deck's cards, dealt
        if (sc.expect && (sc.expect->best_move_tiles || sc.expect->best_move_value)) events.insert("arrange");
        GameState s = c.start;
        for (const Action& a : c.actions) {
          const GameState before = s;
          const Check verdict = apply(s, c.config->rules, a);
          if (verdict != Check::kNone) {
            exercised.insert(c.config->rules.rule_id(verdict));
            if (checker.against_catalog(before, a, verdict, s)) break;
            continue;
          }
          const oracle::Position model_before = *checker.model();
          if (checker.against_catalog(before, a, verdict, s)) break;
          for (const std::string& e : catalog.events(model_before, move_of(a), *checker.model())) events.insert(e);
          for (const std::string& id : catalog.judging(model_before, move_of(a))) exercised.insert(id);
          for (const oracle::Catalog& h : houses)
            for (const std::string& id : h.forbidding(model_before, move_of(a))) exercised.insert(id);
        }
        for (const Clause& clause : c.config->rules.catalog)
          for (const std::string& e : clause.events)
            if (events.count(e)) exercised.insert(clause.id);
      }
      for (const std::string& id : sc.cites) {
        ++cited;
        EXPECT_TRUE(exercised.count(id)) << sc.file << ": " << sc.name << " cites " << id
                                         << ", which refuses none of its steps, judges none and lists none of their events";
      }
    }
  }
  EXPECT_GT(cited, 500);
}

// `meldcheck check`'s score lines at every hand's end of scenarios/ add up, player by
// player, to the scores the reference model's score oracle gives from its own books.
TEST(Check, ScoreLinesAddUpToTheScoreOracle) {
  int hand_ends = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(MELDCHECK_SCENARIOS_DIR)) {
    if (entry.path().extension() != ".yaml") continue;
    const std::vector<Scenario> scenarios = load_scenarios(entry.path().string(), library());
    const std::vector<nlohmann::json> checked = check_file(entry.path().string(), library(), {}, NameFilter());
    ASSERT_EQ(checked.size(), scenarios.size()) << entry.path();
    for (size_t k = 0; k < scenarios.size(); ++k) {
      const Scenario& sc = scenarios[k];
      Checker checker(scenario_config(sc, library()), CheckLevel::kAll);
      GameState s = sc.start;
      if (checker.hand_starts(s, nullptr)) continue;  // AgreesWithEveryScenarioStep says why
      for (size_t i = 0; i < sc.steps.size() && !sc.steps[i].next_hand_setup; ++i) {
        const GameState before = s;
        Action a = sc.steps[i].action;
        if (a.player == kNoPlayer) a.player = s.to_move;
        const Check verdict = apply(s, sc.rules, a);
        if (checker.against_catalog(before, a, verdict, s)) break;
        const nlohmann::json& step = checked[k]["steps"][i];
        if (!step.contains("hand_end")) continue;
        ++hand_ends;
        const std::vector<int>& want = checker.model()->round_scores;
        for (size_t p = 0; p < step["hand_end"]["scores"].size(); ++p) {
          int sum = 0;
          for (const nlohmann::json& line : step["hand_end"]["scores"][p]["lines"]) sum += line["points"].get<int>();
          EXPECT_EQ(sum, want[p]) << sc.file << ": " << sc.name << ", step " << i + 1 << ", player " << player_name(int(p));
        }
      }
    }
  }
  EXPECT_GT(hand_ends, 100);
}

// Every house a spec can make: the ruleset alone, each variant, all variants, each choice.
std::vector<std::pair<std::string, RuleSet>> houses(const RulesetSpec& spec) {
  std::vector<std::pair<std::string, RuleSet>> out{{spec.id(), spec.resolve({}, {})}};
  std::vector<std::string> all;
  for (const VariantInfo& v : spec.variants()) {
    out.emplace_back(spec.id() + " +" + v.id, spec.resolve({v.id}, {}));
    all.push_back(v.id);
  }
  if (all.size() > 1) out.emplace_back(spec.id() + " with every variant", spec.resolve(all, {}));
  for (const OptionInfo& o : spec.options())
    for (const std::string& c : o.choices) out.emplace_back(spec.id() + " " + o.id + "=" + c, spec.resolve({}, {{o.id, c}}));
  return out;
}

// The way scenarios/ fails on an uncited clause: a clause the engine can refuse with and
// the executable catalog (oracles/catalog.h) cannot is a gap in the differential check.
TEST(Catalog, EveryClauseTheEngineCanRaiseHasAPredicate) {
  for (const auto& spec : library().all()) {
    const std::vector<std::string> known = oracle::clauses_with_predicates(spec->id());
    for (const auto& [house, r] : houses(*spec)) {
      const CheckMask reach = r.reachable_checks();
      for (int c = 1; c < kNumChecks; ++c) {
        if (!reach.has(Check(c))) continue;
        const std::string id = r.rule_id(Check(c));
        EXPECT_NE(std::find(known.begin(), known.end(), id), known.end())
            << house << ": the engine can refuse with " << id << " (check " << check_name(Check(c)) << "), the catalog has no predicate for it";
      }
    }
  }
}

// And the other way: a predicate keyed by a clause its catalog does not have is misfiled.
TEST(Catalog, EveryPredicateIsAClauseOfItsRuleset) {
  for (const auto& spec : library().all()) {
    const RuleSet r = spec->resolve({}, {});
    for (const std::string& id : oracle::clauses_with_predicates(spec->id())) {
      if (id.rfind("core/", 0) == 0) continue;
      EXPECT_TRUE(std::any_of(r.catalog.begin(), r.catalog.end(), [&](const Clause& c) { return c.id == id; }))
          << id << " has a predicate but no clause in spec/" << spec->id() << ".yaml";
    }
  }
}

// Boundary positions are positions the contract accepts: every card of the deck in one
// place, the engine's invariants kept, and written as a setup they read back to themselves.
// Every boundary is reached.
TEST(Boundary, PositionsKeepTheContractAndReadBack) {
  const ConfigSpace space(library(), {}, std::nullopt, {}, 0);
  std::set<std::string> reached;
  for (uint64_t i = 0; i < 400; ++i) {
    const GameSpec game = space.game(5, i);
    const RuleSet& r = game.config->rules;
    const BoundaryPosition b = boundary_position(game);
    for (Boundary kind : b.bends) reached.insert(boundary_name(kind));
    Card bad = kNoCard;
    ASSERT_TRUE(cards_conserved(b.state, r, &bad)) << "game " << i << ": card " << int(bad);
    ASSERT_EQ(invariant_violation(b.state, r), "") << "game " << i;
    std::string text = "name: boundary\nruleset: " + game.config->ruleset + "\nvariants: [";
    for (size_t k = 0; k < game.config->variants.size(); ++k) text += (k ? ", " : "") + game.config->variants[k];
    text += "]\noptions: {";
    for (const auto& [o, choice] : game.config->options) text += o + ": " + choice + ", ";
    text += "}\nsetup:\n" + write_setup(b.state, r, 2);
    const std::vector<Scenario> read = parse_scenarios(text, "boundary.yaml", library());
    ASSERT_EQ(read.size(), 1u);
    EXPECT_TRUE(read[0].start == b.state) << "game " << i << ": " << state_difference(read[0].start, b.state) << "\n" << text;
  }
  for (int k = 0; k < int(Boundary::kCount); ++k) EXPECT_TRUE(reached.count(boundary_name(Boundary(k)))) << boundary_name(Boundary(k));
}

// A tie at the hand's end: with no stock left, the hand scored as it stands, or ended by the
// player to move discarding their one card, leaves two leaders tied at the match's end (at
// or about the target, or in the last round), who went out among them; in Rummikub two
// racks hold one tile each, twins.
TEST(Boundary, TieAtEndTiesTheLeadersAsTheHandEnds) {
  const ConfigSpace space(library(), {}, std::nullopt, {}, 0);
  int seen = 0, by_going_out = 0;
  for (uint64_t i = 0; i < 3000; ++i) {
    const GameSpec game = space.game(7, i);
    const RuleSet& r = game.config->rules;
    const BoundaryPosition b = boundary_position(game);
    if (b.bends.empty() || b.bends.back() != Boundary::kTieAtEnd) continue;
    ++seen;
    const GameState& s = b.state;
    EXPECT_TRUE(s.stock.empty()) << "game " << i;
    EXPECT_TRUE(b.bends_the_match());
    if (r.scoring.method == ScoringMethod::kZeroSum) {
      std::map<Face, int> lone;  // the faces of one-tile racks
      for (int p = 0; p < s.num_players; ++p)
        if (s.hand(p).size() == 1) ++lone[face_of(*s.hand(p).begin())];
      EXPECT_TRUE(std::any_of(lone.begin(), lone.end(), [](const auto& f) { return f.second >= 2; })) << "game " << i;
      continue;
    }
    // The leaders' totals once the hand is scored, and whether they tie.
    auto leaders_tie = [&](const GameState& g, const std::array<int32_t, kMaxPlayers>& scores, int out) {
      std::vector<int32_t> ends;
      for (int p = 0; p < g.num_players; ++p) ends.push_back(g.players[p].total + scores[p] - g.players[p].penalty);
      const int32_t lead = r.match.lowest_wins ? *std::min_element(ends.begin(), ends.end()) : *std::max_element(ends.begin(), ends.end());
      const bool near = r.match.goal != MatchGoal::kTarget || lead >= r.match.target - 1;
      return near && std::count(ends.begin(), ends.end(), lead) >= 2 && (out < 0 || ends[size_t(out)] == lead);
    };
    std::array<int32_t, kMaxPlayers> scores{};
    score_hand(s, r, scores);
    bool tied = leaders_tie(s, scores, -1);
    if (!tied && s.phase == Phase::kPlay && s.hand(s.to_move).size() == 1) {
      GameState g = s;
      Action discard;
      discard.kind = ActionKind::kDiscard;
      discard.player = s.to_move;
      discard.card = face_of(*s.hand(s.to_move).begin());
      ASSERT_EQ(apply(g, r, discard), Check::kNone) << "game " << i;
      ASSERT_TRUE(g.hand_over) << "game " << i;
      // The bent totals, and the scores of the hand so ended (a discard takes no penalty).
      for (int p = 0; p < s.num_players; ++p) scores[p] = g.round_scores[p];
      tied = leaders_tie(s, scores, s.to_move);
      by_going_out += tied;
    }
    EXPECT_TRUE(tied) << "game " << i;
    if (r.match.goal == MatchGoal::kRounds)
      EXPECT_EQ(s.round, r.opening.contracts.empty() ? std::max<int>(r.match.rounds, 1) : int(r.opening.contracts.size()));
  }
  EXPECT_GE(by_going_out, 10);
  EXPECT_GE(seen, 50);
}

}  // namespace
}  // namespace meldcheck::hunt

namespace meldcheck::hunt {
namespace {

// The deal check counts the dealer and the round itself, from the first deal on: an engine
// that deals the next hand from the wrong seat, or with the wrong round's deal size, fails
// it even with the catalog (and its model) off, as play_fuzz and spec_fuzz run it.
TEST(Checker, TheDealCheckKeepsItsOwnDealerAndRound) {
  auto next_hand_finding = [](const std::string& ruleset, std::map<std::string, std::string> options, int players, int engine_dealer,
                              int engine_round) {
    const ConfigSpace space(library(), {ruleset}, std::nullopt, options, players);
    const RulesetSpec& spec = *library().find(ruleset);
    for (const OptionInfo& o : spec.options()) options.emplace(o.id, o.default_choice);
    const auto config = space.config(spec, {}, options);
    Checker checker(config, CheckLevel::kAll, CheckSet::all().without("catalog").without("determinism"));
    GameState first = new_match(config->rules, players, 5, players - 1);
    const DealInfo dealt{5, players - 1};
    EXPECT_FALSE(checker.hand_starts(first, &dealt));
    first.hand_over = true;  // the hand as it ended: the deal check reads only the next one
    Action next;
    next.kind = ActionKind::kNextHand;
    next.seed = 9;
    GameState after = new_match(config->rules, players, 9, engine_dealer);
    after.round = uint16_t(engine_round);
    after.dealer = uint8_t(engine_dealer);
    const std::optional<Finding> f = checker.after_step(first, next, false, Check::kNone, after);
    EXPECT_TRUE(!f || f->check == "deal") << f->check << ": " << f->message;
    return f.has_value();
  };
  // The next dealer is the seat after the last one (A after the last player).
  EXPECT_FALSE(next_hand_finding("rummy500", {}, 3, 0, 2));
  EXPECT_TRUE(next_hand_finding("rummy500", {}, 3, 2, 2));  // the deal stayed with C
  EXPECT_TRUE(next_hand_finding("rummy500", {}, 3, 1, 2));  // it skipped A
}

// Liverpool with ten-then-twelve deals twelve cards from round 4: after round 3 (a setup the
// checker reads its round from), an engine that does not move on to round 4 deals ten, as
// its round says, and the deal check holds it to round 4 all the same.
TEST(Checker, TheDealCheckCountsTheRoundItself) {
  const Scenario sc = parse_scenarios(R"(name: round 3 ended
ruleset: liverpool
options: { deal-size: ten-then-twelve }
setup:
  players:
    A: { hand: [] }
    B: { hand: [2C, 9H] }
    C: { hand: [KD] }
  round: 3
  hand_over: true
  last_out: A
)", "t.yaml", library()).at(0);
  const auto config = scenario_config(sc, library());
  Action next;
  next.kind = ActionKind::kNextHand;
  next.seed = 9;
  next.player = sc.start.to_move;
  auto deal_finding = [&](const GameState& after) {
    Checker checker(config, CheckLevel::kAll, CheckSet::all().without("catalog").without("determinism"));
    EXPECT_FALSE(checker.hand_starts(sc.start, nullptr));
    const std::optional<Finding> f = checker.after_step(sc.start, next, false, Check::kNone, after);
    return f && f->check == "deal";
  };
  GameState right = sc.start;
  ASSERT_EQ(apply(right, config->rules, next), Check::kNone);
  EXPECT_EQ(right.hand(0).size(), 12);
  EXPECT_FALSE(deal_finding(right));
  GameState ten = new_match(config->rules, 3, 9, (sc.start.dealer + 1) % 3);  // ten cards each, as in round 3
  ten.round = 3;
  EXPECT_TRUE(deal_finding(ten));
}

}  // namespace
}  // namespace meldcheck::hunt

namespace meldcheck::hunt {
namespace {

// The model reads a setup itself: an engine whose reading of the setup goes wrong (a
// default taken otherwise, a card put elsewhere) differs from it at the start.
TEST(Checker, TheModelReadsTheSetupItself) {
  const std::string text = R"(name: a setup
ruleset: rummy500
setup:
  players:
    A: { hand: [7S, 8S, 9S, KD] }
    B: { hand: [2C, 3C], total: 40 }
  table:
    - { id: m1, owner: B, cards: [QH, QD, QC] }
  discard: [4H]
  stock: [5D]
  to_move: A
)";
  const Scenario sc = parse_scenarios(text, "t.yaml", library()).at(0);
  const YamlNode doc = parse_yaml(text, "t.yaml").at(0);
  const auto config = scenario_config(sc, library());
  auto start_finding = [&](const GameState& engine) {
    Checker checker(config, CheckLevel::kAll);
    return checker.hand_starts(engine, nullptr, doc.find("setup"));
  };
  EXPECT_FALSE(start_finding(sc.start));
  GameState wrong = sc.start;
  wrong.players[1].opened = false;  // B owns m1: opened unless the setup says otherwise
  EXPECT_TRUE(start_finding(wrong));
  wrong = sc.start;
  wrong.players[1].total = 0;
  EXPECT_TRUE(start_finding(wrong));
  wrong = sc.start;
  wrong.offer = Offer{};  // the 4H on the pile is on offer from B, the player before A
  EXPECT_TRUE(start_finding(wrong));
}

}  // namespace
}  // namespace meldcheck::hunt

namespace meldcheck::hunt {
namespace {

// A hand still going past the steps its bound of turns allows is a finding, not a game
// dropped as clean (here a bound of no turns at all: the first step is one too many).
TEST(Play, AHandPastItsStepBoundIsAFinding) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 3);
  GameSpec game = space.game(1, 0);
  auto config = std::make_shared<Config>(*game.config);
  config->rules.max_turns = 0;
  game.config = config;
  Stats stats;
  PlaySettings play;
  const std::optional<Failure> f = play_game(game, play, stats);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->finding.check, "termination");
  EXPECT_EQ(f->finding.about, "steps past the bound");
}

}  // namespace
}  // namespace meldcheck::hunt

namespace meldcheck::hunt {
namespace {

// explore judges its start first: a dealt start that is not the deal it names is its
// finding, before any step (the search used to drop what the judge said of the start).
TEST(Explore, AFindingAtTheStartIsReported) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 3);
  ExploreStart start;
  start.name = "a start";
  start.config = space.game(1, 0).config;
  start.state = new_match(start.config->rules, 3, 11, 2);
  start.deal = DealInfo{12, 2};  // the state is seed 11's deal, not seed 12's
  ExploreLimits limits;
  limits.depth = 1;
  const std::atomic<bool> stop{false};
  const ExploreResult r = explore(start, limits, stop);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->finding.check, "deal");
  start.deal = DealInfo{11, 2};
  EXPECT_FALSE(explore(start, limits, stop).failure);
}

}  // namespace
}  // namespace meldcheck::hunt
