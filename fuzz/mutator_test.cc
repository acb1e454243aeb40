// The custom mutators of scenario_mutate_fuzz and spec_fuzz keep most inputs valid, are
// the same for the same seed and never exceed the size they are given; scenarios map to
// the cases hunting/ checks (hunting/scenario_case.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "engine/random_play.h"
#include "files/scenario_writer.h"
#include "fuzz/position.h"
#include "fuzz/scenario_mutator.h"
#include "fuzz/tree_input.h"
#include "files/yaml_mutation.h"
#include "fuzz/targets.h"
#include "hunting/scenario_case.h"
#include "harness/replay.h"
#include "files/spec_files.h"

namespace meldcheck::fuzz {
namespace {

bool parses_as_scenarios(const std::string& text) {
  try {
    parse_scenarios(text, "mutated.yaml", RulesetLibrary::embedded());
    return true;
  } catch (const InputError&) {
    return false;
  }
}

// An input of scenario_mutate_fuzz's, text or trees, reads as scenarios.
bool reads_as_scenarios(const std::string& bytes) {
  try {
    std::optional<std::vector<YamlNode>> docs = input_docs(bytes, "mutated.yaml");
    return docs && !ScenarioFile(std::move(*docs), "mutated.yaml", RulesetLibrary::embedded()).scenarios().empty();
  } catch (const InputError&) {
    return false;
  }
}

bool loads_as_ruleset(const std::string& text) {
  try {
    std::vector<YamlNode> docs = parse_yaml(text, "mutated.yaml");
    if (docs.size() != 1) return false;
    RulesetSpec spec(std::move(docs[0]), "mutated.yaml");
    return true;
  } catch (const InputError&) {
    return false;
  }
}

std::vector<std::string> scenario_texts() {
  std::vector<std::string> out;
  for (const std::string& path : scenario_files(MELDCHECK_SCENARIOS_DIR)) out.push_back(read_text_file(path, 1 << 20));
  return out;
}

std::vector<std::string> spec_texts() {
  std::vector<std::string> out;
  for (const EmbeddedFile& f : spec_files())
    if (f.name.ends_with(".yaml")) out.emplace_back(f.text);
  return out;
}

// spec_fuzz's seeds are spec/'s rulesets as built in: a stale copy no longer loads once the
// loader requires a new key, and the target then never plays a hand (its seeds were, for a
// while, and its coverage fell by half).
TEST(SpecSeeds, AreTheRulesetsAsBuiltIn) {
  int seeds = 0;
  for (const EmbeddedFile& f : spec_files()) {
    if (!f.name.ends_with(".yaml")) continue;
    const std::string name(f.name);
    std::ifstream in(std::string(MELDCHECK_SPEC_SEEDS_DIR) + "/" + name, std::ios::binary);
    ASSERT_TRUE(in) << "no seed " << name;
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_TRUE(text.str() == f.text) << "fuzz/corpus/spec_fuzz/" << name << " is not spec/" << name << " as it stands";
    ++seeds;
  }
  EXPECT_EQ(seeds, 5);
}

TEST(ScenarioMutator, SeedScenariosAreValidAndClean) {
  for (unsigned i = 0; i < 5; ++i) {
    const std::string text(seed_scenario(i));
    EXPECT_TRUE(parses_as_scenarios(text)) << text;
    EXPECT_FALSE(scenario_mutate_fuzz(reinterpret_cast<const uint8_t*>(text.data()), text.size())) << text;
  }
}

// Mutates each text with seeds 0..seeds-1: the share of results `valid` accepts, and
// whether every result differs from its text.
struct Outcome {
  double valid = 0;
  bool all_changed = true;
};
Outcome mutations(const std::vector<std::string>& texts, unsigned seeds,
                  std::optional<std::string> (*mutate)(std::string_view, unsigned), bool (*valid)(const std::string&)) {
  int ok = 0, total = 0;
  Outcome o;
  for (const std::string& text : texts)
    for (unsigned seed = 0; seed < seeds; ++seed) {
      const std::optional<std::string> out = mutate(text, seed);
      ++total;
      ok += out && valid(*out);
      o.all_changed &= out && *out != text;
    }
  o.valid = double(ok) / total;
  return o;
}

TEST(ScenarioMutator, MostMutationsStayScenarios) {
  const Outcome o = mutations(scenario_texts(), 3, mutate_scenario_text, parses_as_scenarios);
  EXPECT_GE(o.valid, 0.75);
  EXPECT_TRUE(o.all_changed);
}

TEST(ScenarioMutator, SameSeedSameMutation) {
  const std::string text = scenario_texts().front();
  for (unsigned seed : {0u, 1u, 77u, 4000000000u}) EXPECT_EQ(mutate_scenario_text(text, seed), mutate_scenario_text(text, seed));
  EXPECT_NE(mutate_scenario_text(text, 1), mutate_scenario_text(text, 2));
}

TEST(ScenarioMutator, NeverBeyondMaxSize) {
  const std::string text(seed_scenario(0));
  std::vector<uint8_t> buf(text.begin(), text.end());
  buf.resize(text.size() + 64);
  for (unsigned seed = 0; seed < 50; ++seed) {
    std::memcpy(buf.data(), text.data(), text.size());
    const size_t n = mutate_scenario(buf.data(), text.size(), text.size() + 64, seed);
    EXPECT_LE(n, text.size() + 64);
  }
  // Nothing fits in fewer bytes than the shortest mutation: the input stays as it was.
  std::memcpy(buf.data(), text.data(), text.size());
  EXPECT_EQ(mutate_scenario(buf.data(), text.size(), 10, 3), text.size());
  EXPECT_EQ(std::string(buf.begin(), buf.begin() + long(text.size())), text);
}

TEST(ScenarioMutator, NoYamlStartsAgainFromASeedScenario) {
  // Without libFuzzer (this test) there is no byte-level mutation to fall back on.
  for (std::string junk : {std::string("[[{\x01 not: yaml: at all"), std::string("\0MT\x05\x04" "broken", 11)}) {
    std::vector<uint8_t> buf(4096);
    std::memcpy(buf.data(), junk.data(), junk.size());
    const size_t n = mutate_scenario(buf.data(), junk.size(), buf.size(), 1);
    EXPECT_TRUE(reads_as_scenarios(std::string(buf.begin(), buf.begin() + long(n))));
  }
}

// The mutators' output is the documents in the encoding of fuzz/tree_input.h, read back
// without a YAML parser; most of it still scenarios (rulesets), as with the text mutations.
TEST(ScenarioMutator, MutatedTreesMostlyStayScenarios) {
  int ok = 0, total = 0;
  for (const std::string& text : scenario_texts())
    for (unsigned seed = 0; seed < 3; ++seed) {
      std::vector<uint8_t> buf(text.begin(), text.end());
      buf.resize(text.size() * 2 + 4096);
      const size_t n = mutate_scenario(buf.data(), text.size(), buf.size(), seed);
      const std::string out(buf.begin(), buf.begin() + long(n));
      EXPECT_TRUE(is_encoded(out));
      ++total;
      ok += reads_as_scenarios(out);
      // And mutated again from there.
      buf.resize(out.size() * 2 + 4096);
      const size_t m = mutate_scenario(buf.data(), n, buf.size(), seed + 100);
      EXPECT_TRUE(decode_docs(std::string_view(reinterpret_cast<const char*>(buf.data()), m)));
    }
  EXPECT_GE(double(ok) / total, 0.75);
}

TEST(SpecMutator, MutatedTreesMostlyStayRulesets) {
  int ok = 0, total = 0;
  for (const std::string& text : spec_texts())
    for (unsigned seed = 0; seed < 20; ++seed) {
      std::vector<uint8_t> buf(text.begin(), text.end());
      buf.resize(text.size() * 2);
      const size_t n = mutate_spec(buf.data(), text.size(), buf.size(), seed);
      const std::optional<std::vector<YamlNode>> docs = decode_docs(std::string_view(reinterpret_cast<const char*>(buf.data()), n));
      ASSERT_TRUE(docs);
      ++total;
      ok += loads_as_ruleset(yaml_text(*docs));
    }
  EXPECT_GE(double(ok) / total, 0.5);
}

// The prose of a ruleset read from its text (the texts and resolutions of clauses, variants
// and options) is a word in what the mutator writes: the bytes an input carries are its rules.
TEST(SpecMutator, PutsARulesetsProseAsAWord) {
  auto prose_left = [](auto&& self, const YamlNode& n) -> int {
    int left = 0;
    for (const YamlEntry& e : n.entries) {
      const std::string& k = e.first.scalar;
      if ((k == "text" || k == "text_sv" || k == "resolution" || k == "resolution_sv") && e.second.is_scalar())
        left += e.second.scalar != "prose";
      left += self(self, e.second);
    }
    for (const YamlNode& i : n.items) left += self(self, i);
    return left;
  };
  for (const std::string& text : spec_texts()) {
    EXPECT_GT(prose_left(prose_left, parse_yaml(text, "spec.yaml").at(0)), 50);
    std::vector<uint8_t> buf(text.begin(), text.end());
    const size_t n = mutate_spec(buf.data(), text.size(), buf.size(), 1);
    const std::optional<std::vector<YamlNode>> docs = decode_docs(std::string_view(reinterpret_cast<const char*>(buf.data()), n));
    ASSERT_TRUE(docs);
    EXPECT_EQ(prose_left(prose_left, docs->at(0)), 0);
  }
}

// A document read from its encoding is the document read from its text, and the targets
// find the same in both: every scenario of scenarios/ and every ruleset of spec/.
TEST(TreeInput, TheEncodingReadsAsTheText) {
  for (const std::string& text : scenario_texts()) {
    const std::vector<YamlNode> docs = parse_yaml(text, "t.yaml");
    const std::string bytes = encode_docs(docs);
    const std::optional<std::vector<YamlNode>> back = decode_docs(bytes);
    ASSERT_TRUE(back);
    ASSERT_EQ(back->size(), docs.size());
    for (size_t i = 0; i < docs.size(); ++i) EXPECT_TRUE(same_tree((*back)[i], docs[i]));
    const Found from_text = scenario_mutate_fuzz(reinterpret_cast<const uint8_t*>(text.data()), text.size());
    const Found from_tree = scenario_mutate_fuzz(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    EXPECT_EQ(from_text.message(), from_tree.message());
  }
  for (const std::string& text : spec_texts()) {
    const std::string bytes = encode_docs(parse_yaml(text, "spec.yaml"));
    const Found found = spec_fuzz(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    EXPECT_FALSE(found) << found.message();
  }
}

// The same marks throughout two trees of one shape (same_tree).
bool same_marks(const YamlNode& a, const YamlNode& b) {
  if (a.mark.line != b.mark.line || a.mark.column != b.mark.column) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!same_marks(a.items[i], b.items[i])) return false;
  for (size_t i = 0; i < a.entries.size(); ++i)
    if (!same_marks(a.entries[i].first, b.entries[i].first) || !same_marks(a.entries[i].second, b.entries[i].second)) return false;
  return true;
}

// What a target reads of the bytes a mutator wrote (the documents the mutator kept) is what
// the bytes decode to, along chains of mutations of every scenario and ruleset.
TEST(TreeInput, TheDocumentsKeptAreTheBytesDecoded) {
  std::vector<std::pair<std::string, size_t (*)(uint8_t*, size_t, size_t, unsigned)>> inputs;
  for (const std::string& text : scenario_texts()) inputs.emplace_back(text, mutate_scenario);
  for (const std::string& text : spec_texts()) inputs.emplace_back(text, mutate_spec);
  int compared = 0;
  for (const auto& [text, mutate] : inputs) {
    std::vector<uint8_t> buf(text.begin(), text.end());
    size_t n = buf.size();
    for (unsigned seed = 0; seed < 6; ++seed) {
      buf.resize(n * 2 + 4096);
      n = mutate(buf.data(), n, buf.size(), seed);
      const std::string_view bytes(reinterpret_cast<const char*>(buf.data()), n);
      const std::optional<std::vector<YamlNode>> read = input_docs(bytes, "in.yaml");
      const std::optional<std::vector<YamlNode>> decoded = decode_docs(bytes);
      ASSERT_EQ(read.has_value(), decoded.has_value());
      if (!read) continue;
      ASSERT_EQ(read->size(), decoded->size());
      for (size_t i = 0; i < read->size(); ++i)
        EXPECT_TRUE(same_tree((*read)[i], (*decoded)[i]) && same_marks((*read)[i], (*decoded)[i]));
      ++compared;
    }
  }
  EXPECT_GT(compared, 100);
}

TEST(TreeInput, BrokenEncodingsAreRefused) {
  const std::string good = encode_docs(parse_yaml(std::string(seed_scenario(0)), "s.yaml"));
  ASSERT_TRUE(decode_docs(good));
  for (size_t cut = 3; cut < good.size(); ++cut) EXPECT_FALSE(decode_docs(good.substr(0, cut))) << cut;
  EXPECT_FALSE(decode_docs(good + "x"));
  // What no YAML text reads as: a control character, a key twice.
  EXPECT_FALSE(decode_docs(std::string("\0MT\x01\x01\x02" "a\x01", 8)));
  EXPECT_FALSE(decode_docs(std::string("\0MT\x01\x04\x02\x01k\x00\x01k\x00", 12)));
  EXPECT_TRUE(decode_docs(std::string("\0MT\x01\x04\x02\x01k\x00\x01j\x00", 12)));
  // A plain scalar that YAML reads as null is a null node in a text, never a scalar.
  EXPECT_FALSE(decode_docs(std::string("\0MT\x01\x01\x04null", 10)));
  EXPECT_FALSE(decode_docs(std::string("\0MT\x01\x01\x00", 6)));
  EXPECT_TRUE(decode_docs(std::string("\0MT\x01\x02\x04null", 10)));
  // A long scalar is read eight bytes at a time: a control character, a DEL or a broken
  // UTF-8 sequence anywhere in it is refused all the same.
  auto scalar_doc = [](const std::string& text) { return std::string("\0MT\x01\x01", 5) + char(text.size()) + text; };
  for (const char* bad : {"\x01", "\x1f", "\x7f", "\xc3", "\xff"})
    for (size_t at = 0; at < 24; ++at) {
      std::string text(24, 'a');
      text.replace(at, 1, bad);
      EXPECT_FALSE(decode_docs(scalar_doc(text))) << at;
    }
  EXPECT_TRUE(decode_docs(scalar_doc("a line,\tand \xc3\xa5 another\r\n~ ~")));
}

TEST(SpecMutator, MostMutationsStayRulesets) {
  EXPECT_GE(mutations(spec_texts(), 20, mutate_spec_text, loads_as_ruleset).valid, 0.5);
}

TEST(SpecFuzz, TheRulesetsOfSpecPlayCleanly) {
  for (const std::string& text : spec_texts()) {
    const Found found = spec_fuzz(reinterpret_cast<const uint8_t*>(text.data()), text.size());
    EXPECT_FALSE(found) << found.message();
  }
}

TEST(ScenarioCases, ANextHandWithASetupStartsACase) {
  const std::string text = R"(ruleset: rummy500
setup:
  players:
    A: { hand: [4C] }
    B: { hand: [6D, 7D] }
  stock: [9D]
  discard: [AD]
  phase: play
  rest: out
steps:
  - next_hand: { seed: 1 }
    expect: reject
  - discard: 4C
  - next_hand:
      players:
        A: { hand: [2H, 3H] }
        B: { hand: [KC] }
      stock: [QS]
      rest: out
  - draw: stock
)";
  const std::vector<hunt::ScenarioCases> cases = hunt::parse_cases(text, "cases.yaml", RulesetLibrary::embedded());
  ASSERT_EQ(cases.size(), 1u);
  ASSERT_EQ(cases[0].cases.size(), 2u);
  const hunt::Case& first = cases[0].cases[0];
  EXPECT_FALSE(first.deal);
  ASSERT_EQ(first.actions.size(), 2u);
  EXPECT_EQ(first.actions[0].kind, ActionKind::kNextHand);  // refused: the plain next_hand
  EXPECT_EQ(first.actions[1].player, 0);                    // the player to move, named
  const hunt::Case& second = cases[0].cases[1];
  EXPECT_EQ(second.start.hand(1).size(), 1);
  ASSERT_EQ(second.actions.size(), 1u);
  EXPECT_EQ(second.actions[0].player, 1);  // the deal passed to A: B plays first
  EXPECT_EQ(second.config->options.size(), RulesetLibrary::embedded().find("rummy500")->options().size());
}

TEST(ScenarioCases, ADealIsKept) {
  const std::string text = "ruleset: liverpool\ndeal: { players: 4, seed: 9, dealer: B }\nsteps:\n  - draw: stock\n";
  const std::vector<hunt::ScenarioCases> cases = hunt::parse_cases(text, "deal.yaml", RulesetLibrary::embedded());
  ASSERT_EQ(cases.size(), 1u);
  ASSERT_TRUE(cases[0].cases[0].deal);
  EXPECT_EQ(cases[0].cases[0].deal->seed, 9u);
  EXPECT_EQ(cases[0].cases[0].deal->dealer, 1);
  EXPECT_EQ(cases[0].cases[0].actions[0].player, 2);  // the player after the dealer
}

// A tree with each mapping's entries in the order of their keys: a YAML mapping's order is
// no part of what it holds.
YamlNode keys_sorted(YamlNode n) {
  for (YamlNode& item : n.items) item = keys_sorted(std::move(item));
  for (auto& [key, value] : n.entries) value = keys_sorted(std::move(value));
  std::sort(n.entries.begin(), n.entries.end(), [](const auto& a, const auto& b) { return a.first.scalar < b.first.scalar; });
  return n;
}

// What the differential targets hand the reference model for a position is what its setup,
// written and read back, holds (hunt::model_setup_of's reading), along random games of
// every ruleset.
TEST(SetupNode, IsTheWrittenSetupReadBack) {
  int positions = 0;
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    const RuleSet& r = spec->base();
    for (int players = r.players.min; players <= std::min<int>(r.players.max, r.players.min + 2); ++players) {
      GameState s = new_match(r, players, uint64_t(players), players - 1);
      RandomPlayer player(uint64_t(players) * 7);
      for (int step = 0; step < 300 && !s.game_over; ++step) {
        if (step % 7 == 0) {
          const std::vector<YamlNode> read = parse_yaml(write_setup(s, r, 0), "setup");
          ASSERT_EQ(read.size(), 1u);
          EXPECT_TRUE(same_tree(keys_sorted(setup_node(s, r)), keys_sorted(read[0]))) << spec->id() << " step " << step << "\n" << write_setup(s, r, 0);
          ++positions;
        }
        if (r.draw.empty_stock == EmptyStock::kMustPlay && s.stock.empty()) break;  // each step a solver proof
        const Action* a = player.legal(s, r, true);
        if (!a) break;
        apply(s, r, *a);
      }
    }
  }
  EXPECT_GT(positions, 100);
}

}  // namespace
}  // namespace meldcheck::fuzz
