// What a finding is about (Finding::check): each invariant and oracle of hunting/checks.h,
// and each way lockstep play finds another engine diverging (protocol/engine_lockstep.h).
// Reports, a finding scenario's file name and `simulate --skip` say it by its id
// ("conservation", "engine-verdict").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace meldcheck::hunt {

enum class CheckId : uint8_t {
  kConservation,
  kRefusal,
  kListed,
  kDeterminism,
  kDeal,
  kTableMeld,
  kJoker,
  kRummikubTable,
  kTermination,
  kStuck,
  kSolver,
  kCatalog,
  kHandScore,
  kZeroSum,
  kEngineStart,     // the engine refused the deal or the setup
  kEngineDeal,      // its deal differs from the contract's
  kEnginePosition,  // its position differs from meldcheck's after a step, or at the start
  kEngineVerdict,   // it accepted what meldcheck refuses, or the other way
  kEngineRule,      // both refused, by different rules
  kEngineRefusal,   // its refusal changed its state
  kEngineLegal,     // its list of legal actions differs
};

std::string to_string(CheckId id);
std::optional<CheckId> check_named(std::string_view id);

}  // namespace meldcheck::hunt
