// Houses: parsed, checked against the rulesets, written back canonically, resolved.
#include "harness/house.h"

#include "files/rules_listing.h"

#include <gtest/gtest.h>

#include <set>

namespace meldcheck {
namespace {

const RulesetLibrary& lib() { return RulesetLibrary::embedded(); }

std::string error_of(const std::string& text) {
  try {
    parse_house(text, lib());
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(House, ParsesVariantsAndOptions) {
  House h = parse_house("femhundra-rummy+taget+no-corner,pile-meld=meld-or-layoff", lib());
  EXPECT_EQ(h.ruleset, "femhundra-rummy");
  EXPECT_EQ(h.variants, (std::vector<std::string>{"no-corner", "taget"}));  // the ruleset's order
  EXPECT_EQ(h.options, (std::map<std::string, std::string>{{"pile-meld", "meld-or-layoff"}}));
  EXPECT_EQ(format_house(h), "femhundra-rummy+no-corner+taget,pile-meld=meld-or-layoff");
  EXPECT_EQ(format_house(parse_house("rummy500", lib())), "rummy500");
}

TEST(House, CanonicalTextRoundTrips) {
  // Option order and default choices do not change the rules, nor the text.
  EXPECT_EQ(format_house(parse_house("rummy500,ace-runs=round-the-corner,deep-card-use=meld-only", lib())),
            format_house(parse_house("rummy500,deep-card-use=meld-only,ace-runs=round-the-corner", lib())));
  EXPECT_EQ(format_house(parse_house("rummy500,ace-runs=low-or-high", lib())), "rummy500");
  for (const House& h : all_houses(lib())) EXPECT_EQ(parse_house(format_house(h), lib()), h) << format_house(h);
}

TEST(House, RefusesWhatTheRulesetsDoNotHave) {
  EXPECT_NE(error_of("canasta").find("unknown ruleset 'canasta' (rulesets: "), std::string::npos) << error_of("canasta");
  EXPECT_NE(error_of("rummy500+taget").find("'taget' is not a variant of rummy500 (its variants: no-jokers"), std::string::npos)
      << error_of("rummy500+taget");
  EXPECT_NE(error_of("rummy500,ace-runs=sideways").find("has no choice 'sideways'"), std::string::npos);
  EXPECT_NE(error_of("rummy500,deep=two").find("option 'deep'"), std::string::npos) << error_of("rummy500,deep=two");
  for (const char* malformed : {"", "rummy500+", "+floating", "rummy500,", "rummy500,ace-runs", "rummy500,=x",
                                "rummy500+floating+floating", "rummy500,ace-runs=low-or-high,ace-runs=round-the-corner"})
    EXPECT_EQ(error_of(malformed).rfind("bad house '" + std::string(malformed) + "': ", 0), 0u) << malformed << ": " << error_of(malformed);
}

TEST(House, ResolvesLikeTheSpec) {
  const RulesetSpec& spec = *lib().find("rummy500");
  RuleSet corner = resolve_house(parse_house("rummy500,ace-runs=round-the-corner", lib()), lib());
  EXPECT_TRUE(corner.meld.ace_melding.wrap);
  EXPECT_FALSE(spec.base().meld.ace_melding.wrap);
  EXPECT_TRUE(resolve_house(parse_house("rummy500+floating", lib()), lib()).going_out.empty_hand_floats);
  EXPECT_THROW(resolve_house({"rummy500", {"taget"}, {}}, lib()), std::invalid_argument);
}

TEST(House, AllHousesAreEachDepartureAlone) {
  std::vector<House> houses = all_houses(lib(), {"rummy500"});
  std::set<std::string> names;
  for (const House& h : houses) names.insert(format_house(h));
  EXPECT_EQ(names, (std::set<std::string>{"rummy500", "rummy500+no-jokers", "rummy500+5-10-15", "rummy500+floating",
                                          "rummy500+dead-last-discard", "rummy500,deep-card-use=meld-only",
                                          "rummy500,deep-card-when=first-play", "rummy500,ace-runs=round-the-corner"}));
  EXPECT_EQ(houses.size(), names.size());
  size_t total = 0;
  for (const auto& spec : lib().all()) {
    total += 1 + spec->variants().size();
    for (const OptionInfo& o : spec->options()) total += o.choices.size() - 1;
  }
  EXPECT_EQ(all_houses(lib()).size(), total);
  EXPECT_THROW(all_houses(lib(), {"canasta"}), std::invalid_argument);
}

// `rules diff` compares spec_parameters: every variant and option choice of the spec must
// show there, or the diff would call two different houses the same.
TEST(RulesDiff, EveryDepartureFromTheBaseShows) {
  for (const House& h : all_houses(lib())) {
    const RuleSet base = resolve_house({h.ruleset, {}, {}}, lib());
    const RulesDiff d = diff_rules(base, resolve_house(h, lib()));
    EXPECT_EQ(d.parameters.empty(), h.variants.empty() && h.options.empty()) << format_house(h);
    EXPECT_TRUE(d.clauses.empty()) << format_house(h);  // variants patch no catalog
  }
}

TEST(RulesDiff, NamesParametersAsTheSpecDoes) {
  const RulesDiff d = diff_rules(lib().find("rummy500")->base(), resolve_house(parse_house("rummy500,ace-runs=round-the-corner", lib()), lib()));
  ASSERT_EQ(d.parameters.size(), 2u);
  EXPECT_EQ(d.parameters[0].name, "meld.ace_melding.wrap");
  EXPECT_EQ(d.parameters[0].a, "false");
  EXPECT_EQ(d.parameters[0].b, "true");
  EXPECT_EQ(d.parameters[1].name, "meld.ace_building.wrap");
}

TEST(RulesDiff, ClausesMeetByTheirIdsWithinTheRuleset) {
  const RuleSet& a = lib().find("rummy500")->base();
  const RuleSet& b = lib().find("liverpool")->base();
  const RulesDiff d = diff_rules(a, b);
  auto find = [&](const std::string& id) -> const RulesDiff::ClauseChange* {
    for (const auto& c : d.clauses)
      if (c.id == id) return &c;
    return nullptr;
  };
  const auto* players = find("players");  // in both, other texts
  ASSERT_NE(players, nullptr);
  EXPECT_TRUE(players->a && players->b);
  const auto* any_depth = find("take.any-depth");  // rummy500 alone
  ASSERT_NE(any_depth, nullptr);
  EXPECT_TRUE(any_depth->a && !any_depth->b);
  size_t only_b = 0;
  for (const auto& c : d.clauses) only_b += !c.a;
  EXPECT_GT(only_b, 0u);
  EXPECT_TRUE(diff_rules(a, a).clauses.empty() && diff_rules(a, a).parameters.empty());
}

}  // namespace
}  // namespace meldcheck
