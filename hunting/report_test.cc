// A run's report follows spec/simulate-report.schema.json.
#include <gtest/gtest.h>

#include "files/spec_files.h"
#include "harness/json_schema_test.h"
#include "hunting/run_test_support.h"

namespace meldcheck::hunt {
namespace {

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

}  // namespace
}  // namespace meldcheck::hunt
