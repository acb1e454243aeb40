#include "hunting/explore.h"

#include <chrono>
#include <thread>
#include <unordered_set>

#include "engine/rng.h"
#include "hunting/nearby.h"

namespace meldcheck::hunt {
namespace {

using Clock = std::chrono::steady_clock;

// A position of the search: the steps that reach it from the start.
struct Node {
  std::vector<Action> path;
  GameState state;
};

// What expanding one position found: the positions its listed steps lead to, or a finding
// (with the steps to it, the last the failing one).
struct Expansion {
  std::vector<Node> children;
  uint64_t steps = 0, edges = 0;
  std::optional<Finding> finding;
  std::vector<Action> failing_path;
  GameState before, after;
};

// The judge as it stands at a node: told the start (judged once, before the search:
// explore()), then each step of the path.
CheckingJudge judge_at(const ExploreStart& start, const std::vector<Action>& path) {
  const RuleSet& r = start.config->rules;
  CheckingJudge judge(start.config, CheckLevel::kAll, nullptr);
  judge.starts(start.state, start.deal ? &*start.deal : nullptr);
  GameState s = start.state;
  for (const Action& a : path) {
    const GameState before = s;
    const bool listed = is_listed(before, r, a);
    const Refusal verdict = apply(s, r, a);
    judge.after(before, a, listed, verdict, s);
  }
  return judge;
}

Expansion expand(const ExploreStart& start, const Node& node, const ExploreLimits& limits) {
  const RuleSet& r = start.config->rules;
  const GameState& s = node.state;
  Expansion out;
  if (s.hand_over) return out;
  auto found = [&](Finding f, const Action* a, const GameState& after) {
    out.finding = std::move(f);
    out.failing_path = node.path;
    if (a) out.failing_path.push_back(*a);
    out.before = s;
    out.after = after;
    return out;
  };
  const CheckingJudge base = judge_at(start, node.path);
  std::vector<Action> listed;
  legal_actions(s, r, listed);
  if (listed.empty()) {
    CheckingJudge judge = base;
    if (std::optional<Finding> f = judge.stuck(s)) return found(std::move(*f), nullptr, s);
    return out;
  }
  {  // simulate's probes at this position (its step checks follow, step by step)
    CheckingJudge judge = base;
    if (std::optional<Checker::Probe> p = judge.probe(s, listed.front(), &listed, 1)) {
      GameState after = s;
      apply(after, r, p->action);
      return found(std::move(p->finding), &p->action, after);
    }
  }
  // Every listed step, and steps near each.
  std::vector<std::pair<Action, bool>> tried;
  for (const Action& a : listed) tried.push_back({a, true});
  SplitMix64 rng{hash_state(s)};
  for (const Action& a : listed)
    for (int k = 0; k < limits.near; ++k) tried.push_back({nearby(s, a, rng.next()), false});
  for (const auto& [a, from_list] : tried) {
    GameState after = s;
    const Refusal verdict = apply(after, r, a);
    const bool is_listed_now = from_list || (verdict == Refusal::kNone && is_listed(s, r, a));
    CheckingJudge judge = base;
    ++out.steps;
    if (std::optional<Finding> f = judge.after(s, a, is_listed_now, verdict, after)) return found(std::move(*f), &a, after);
    if (from_list && verdict == Refusal::kNone) {
      ++out.edges;
      Node child{node.path, after};
      child.path.push_back(a);
      out.children.push_back(std::move(child));
    }
  }
  return out;
}

// The finding as a game from the start, for the shrinker.
Failure failure_of(const ExploreStart& start, Expansion& e) {
  const RuleSet& r = start.config->rules;
  Failure f;
  f.game = GameSpec{0, start.config, start.state.num_players, start.deal ? start.deal->seed : 0, 0};
  f.trace.start = start.state;
  f.from_setup = !start.deal;
  GameState s = start.state;
  for (const Action& a : e.failing_path) {
    f.trace.listed.push_back(is_listed(s, r, a));
    f.trace.verdicts.push_back(apply(s, r, a));
    f.trace.actions.push_back(a);
  }
  f.at = e.finding->position ? *e.finding->position : e.finding->about_state ? e.after : e.before;
  f.finding = std::move(*e.finding);
  return f;
}

}  // namespace

ExploreResult explore(const ExploreStart& start, const ExploreLimits& limits, const std::atomic<bool>& stop,
                      const std::function<void(int, uint64_t)>& progress) {
  const Clock::time_point began = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - began).count(); };
  auto out_of_time = [&] { return stop.load() || (limits.seconds && elapsed() >= *limits.seconds); };
  ExploreResult result;
  // The start is judged first (a deal against the deal oracle, a setup read by the model):
  // a finding there is the explore's finding, before any step.
  {
    CheckingJudge judge(start.config, CheckLevel::kAll, nullptr);
    if (std::optional<Finding> f = judge.starts(start.state, start.deal ? &*start.deal : nullptr)) {
      Expansion e;
      e.finding = std::move(f);
      e.before = e.after = start.state;
      result.failure = failure_of(start, e);
      result.positions.push_back(1);
      result.complete = false;
      result.seconds = elapsed();
      return result;
    }
  }
  std::unordered_set<uint64_t> seen{hash_state(start.state)};
  std::vector<Node> frontier{Node{{}, start.state}};
  result.positions.push_back(1);
  for (int depth = 0; depth < limits.depth && !frontier.empty(); ++depth) {
    // The frontier's positions expanded on the jobs, each into its own slot: the counts and
    // the first finding are those of one job.
    std::vector<Expansion> expansions(frontier.size());
    std::atomic<size_t> next{0};
    std::atomic<bool> cut{false};
    auto job = [&] {
      for (size_t i; (i = next++) < frontier.size();) {
        if (out_of_time()) {
          cut = true;
          break;
        }
        expansions[i] = expand(start, frontier[i], limits);
      }
    };
    std::vector<std::thread> threads;
    for (int j = 1; j < std::max(1, limits.jobs); ++j) threads.emplace_back(job);
    job();
    for (std::thread& t : threads) t.join();

    std::vector<Node> deeper;
    for (Expansion& e : expansions) {
      result.steps += e.steps;
      result.edges += e.edges;
      if (e.finding) {
        result.failure = failure_of(start, e);
        result.seconds = elapsed();
        result.complete = false;
        return result;
      }
      for (Node& child : e.children) {
        if (seen.size() >= limits.nodes) {
          result.complete = false;
          break;
        }
        if (seen.insert(hash_state(child.state)).second) deeper.push_back(std::move(child));
      }
    }
    result.positions.push_back(deeper.size());
    if (progress) progress(depth + 1, seen.size());
    if (cut) {
      result.complete = false;
      break;
    }
    frontier = std::move(deeper);
  }
  result.seconds = elapsed();
  return result;
}

}  // namespace meldcheck::hunt
