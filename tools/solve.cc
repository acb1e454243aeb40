#include "tools/solve.h"

#include "engine/solver.h"
#include "files/scenario.h"

namespace meldcheck {

int solve_file(std::ostream& out, std::ostream& err, const std::string& path, const RulesetLibrary& library,
               std::optional<SolverGoal> goal) {
  std::vector<Scenario> scenarios;
  try {
    scenarios = load_scenarios(path, library);
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  }
  for (const Scenario& sc : scenarios) {
    const RuleSet& r = sc.rules;
    if (!r.table.free_rearrangement) {
      err << path << ":" << sc.mark.line << ":" << sc.mark.column << ": " << r.id
          << " does not rearrange the table; solve is for rulesets like rummikub\n";
      return 2;
    }
    const GameState& s = sc.start;
    const Placement best = best_arrangement(s, r, goal.value_or(r.table.best_move));
    out << "# " << sc.name << "\n";
    if (!best.found) {
      out << "# " << player_name(s.to_move) << " cannot lay a tile" << (s.players[s.to_move].opened ? "" : " (no opening of " + std::to_string(r.opening.points) + " points)")
          << "\n";
      continue;
    }
    out << "# " << player_name(s.to_move) << " lays " << best.rack_tiles << " tile" << (best.rack_tiles == 1 ? "" : "s")
        << " from the rack, worth " << best.rack_value << "\n- arrange:\n";
    for (int g = 0; g < best.sets.groups(); ++g) {
      out << "    - [";
      const auto set = best.sets.group(g);
      for (size_t i = 0; i < set.size(); ++i) out << (i ? ", " : "") << format_token(set[i], r.notation);
      out << "]\n";
    }
  }
  return 0;
}

}  // namespace meldcheck
