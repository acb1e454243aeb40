#include "engine/refusal.h"

#include <array>

namespace meldcheck {
namespace {

struct CheckInfo {
  std::string_view name;
  bool core;
};

constexpr std::array<CheckInfo, kNumRefusals> kInfo = {{
    {"none", true},
#define MELDCHECK_INFO(name, text, core) {text, core},
    MELDCHECK_REFUSALS(MELDCHECK_INFO)
#undef MELDCHECK_INFO
}};

}  // namespace

std::string_view refusal_name(Refusal c) { return kInfo[int(c)].name; }

bool is_core_refusal(Refusal c) { return kInfo[int(c)].core; }

std::optional<Refusal> refusal_named(std::string_view name) {
  for (int i = 1; i < kNumRefusals; ++i)
    if (kInfo[i].name == name) return Refusal(i);
  return std::nullopt;
}

}  // namespace meldcheck
