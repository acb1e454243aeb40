#include "hunting/check_id.h"

#include <array>

namespace meldcheck::hunt {

namespace {

constexpr std::array<std::string_view, 21> kNames = {
    "conservation", "refusal",      "listed",         "determinism",    "deal",        "table-meld",     "joker",
    "rummikub-table", "termination", "stuck",          "solver",         "catalog",     "hand-score",     "zero-sum",
    "engine-start", "engine-deal",  "engine-position", "engine-verdict", "engine-rule", "engine-refusal", "engine-legal",
};
static_assert(kNames.size() == size_t(CheckId::kEngineLegal) + 1, "a name for each check");

}  // namespace

std::string to_string(CheckId id) { return std::string(kNames[size_t(id)]); }

std::optional<CheckId> check_named(std::string_view id) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == id) return CheckId(i);
  return std::nullopt;
}

}  // namespace meldcheck::hunt
