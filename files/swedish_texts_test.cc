// Every clause, option and variant of spec/ paraphrases its rule in Swedish too, and the
// loader refuses a ruleset that leaves the Swedish text out.
#include <gtest/gtest.h>

#include "files/ruleset_loader.h"
#include "files/spec_files.h"

namespace meldcheck {
namespace {

TEST(SwedishTexts, EveryClauseOptionAndVariantHasOne) {
  int clauses = 0;
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    const auto check = [&](const std::string& what, const std::string& text, const std::string& text_sv) {
      EXPECT_FALSE(text_sv.empty()) << what;
      EXPECT_NE(text_sv, text) << what << " has its English text as the Swedish one";
    };
    for (const Clause& c : spec->base().catalog) check(c.id, c.text, c.text_sv), ++clauses;
    for (const OptionInfo& o : spec->options()) check(spec->id() + " option " + o.id, o.text, o.text_sv);
    for (const VariantInfo& v : spec->variants()) check(spec->id() + " variant " + v.id, v.text, v.text_sv);
  }
  EXPECT_GT(clauses, 150);
}

std::string rummy500_spec() {
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "rummy500.yaml") return std::string(f.text);
  ADD_FAILURE() << "spec/rummy500.yaml is not embedded";
  return "";
}

// The error of loading rummy500 without the first `text_sv:` after `after`.
std::string error_without_swedish_after(const std::string& after) {
  std::string text = rummy500_spec();
  const size_t at = text.find("    text_sv:", text.find(after));
  text.erase(at, text.find('\n', at) + 1 - at);
  try {
    RulesetSpec spec(std::move(parse_yaml(text, "rummy500.yaml").at(0)), "rummy500.yaml");
  } catch (const InputError& e) {
    return e.message();
  }
  return "";
}

TEST(SwedishTexts, AreRequired) {
  EXPECT_EQ(error_without_swedish_after("\ncatalog:"), "missing required key 'text_sv'");
  EXPECT_EQ(error_without_swedish_after("\noptions:"), "missing required key 'text_sv'");
  EXPECT_EQ(error_without_swedish_after("\nvariants:"), "missing required key 'text_sv'");
}

}  // namespace
}  // namespace meldcheck
