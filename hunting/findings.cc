#include "hunting/findings.h"

#include <algorithm>
#include <limits>

#include "files/scenario.h"
#include "hunting/shrink.h"

namespace meldcheck::hunt {

std::string bucket_key(const Finding& f, const Action* step) {
  std::string key = to_string(f.check) + " · " + (step && !f.about_state ? step_kind_name(step->kind) : "start");
  if (!f.about.empty()) key += " · " + f.about;
  return key;
}

std::string bucket_of(const Failure& f) { return bucket_key(f.finding, f.trace.actions.empty() ? nullptr : &f.trace.actions.back()); }

bool Buckets::add(Failure f) {
  const std::string key = bucket_of(f);
  auto [it, opened] = by_key_.try_emplace(key);
  Bucket& b = it->second;
  const uint64_t index = f.game.index;
  b.games.insert(std::upper_bound(b.games.begin(), b.games.end(), index), index);
  if (opened || index < b.first.game.index) {
    b.key = key;
    b.first = std::move(f);
  }
  return opened;
}

uint64_t Buckets::nth_first(size_t n) const {
  std::vector<uint64_t> firsts;
  for (const auto& [key, b] : by_key_) firsts.push_back(b.games.front());
  if (n == 0 || firsts.size() < n) return std::numeric_limits<uint64_t>::max();
  std::nth_element(firsts.begin(), firsts.begin() + long(n - 1), firsts.end());
  return firsts[n - 1];
}

void Buckets::keep_up_to(uint64_t last) {
  for (auto it = by_key_.begin(); it != by_key_.end();) {
    std::vector<uint64_t>& games = it->second.games;
    games.erase(std::upper_bound(games.begin(), games.end(), last), games.end());
    // A first game past `last` means a bucket no game up to it met (a game's index, once
    // met, is its smallest).
    if (games.empty()) it = by_key_.erase(it);
    else ++it;
  }
}

std::vector<Bucket> Buckets::sorted() const {
  std::vector<Bucket> out;
  for (const auto& [key, b] : by_key_) out.push_back(b);
  std::sort(out.begin(), out.end(), [](const Bucket& a, const Bucket& b) { return a.games.front() < b.games.front(); });
  return out;
}

std::vector<FindingEntry> write_findings(const std::vector<Bucket>& findings, const std::string& how, const std::string& dir,
                                         const RulesetLibrary& library, std::vector<std::string>& warnings) {
  std::vector<FindingEntry> out;
  for (const Bucket& b : findings) {
    const Failure& fail = b.first;
    const RulesetSpec* spec = library.find(fail.game.config->ruleset);
    const std::string origin = how + ", game " + std::to_string(fail.game.index) + " (" +
                               (spec ? describe(*fail.game.config, *spec) : fail.game.config->ruleset) + ", " +
                               std::to_string(fail.game.players) + " players)";
    const Written written = write_finding(fail, {origin, fail.trace.actions.size()}, dir);
    out.push_back({to_string(written.finding.check), written.finding.message, written.path, fail.game.index, b.key, b.games.size()});
    if (!written.fails_on_replay)
      warnings.push_back(written.path + " does not fail when replayed (no expectation says what " + to_string(written.finding.check) + " found)");
  }
  return out;
}

}  // namespace meldcheck::hunt
