#include "engine/check.h"

#include <array>

namespace meldcheck {
namespace {

struct CheckInfo {
  std::string_view name;
  bool core;
};

constexpr std::array<CheckInfo, kNumChecks> kInfo = {{
    {"none", true},
#define MELDCHECK_INFO(name, text, core) {text, core},
    MELDCHECK_CHECKS(MELDCHECK_INFO)
#undef MELDCHECK_INFO
}};

}  // namespace

std::string_view check_name(Check c) { return kInfo[int(c)].name; }

bool is_core_check(Check c) { return kInfo[int(c)].core; }

std::optional<Check> check_from_name(std::string_view name) {
  for (int i = 1; i < kNumChecks; ++i)
    if (kInfo[i].name == name) return Check(i);
  return std::nullopt;
}

}  // namespace meldcheck
