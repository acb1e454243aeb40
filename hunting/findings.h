// The findings of a run grouped as syzkaller and ClusterFuzz group crashes: every distinct
// finding once, first found first, with the games that met it. Two findings are one when
// they are the same check at the same kind of step about the same clause or fact
// (Finding::about), whatever the cards; each is shrunk and written once.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "hunting/play.h"
#include "hunting/report.h"

namespace meldcheck::hunt {

// The bucket of a finding at a step (nullptr: at the start or about a state): "catalog ·
// take · engine refuses femhundra-rummy/take.whole-new-meld, catalog allows".
std::string bucket_key(const Finding& f, const Action* step);
// The same of a failure, at its last step.
std::string bucket_of(const Failure& f);

struct Bucket {
  std::string key;
  Failure first;                // the game of the smallest index that met it
  std::vector<uint64_t> games;  // every game that met it, by index
};

// The findings of a run; not thread-safe (a run adds under its lock).
class Buckets {
 public:
  // Adds a failure to its bucket: true when it opens a new one.
  bool add(Failure f);
  // The index of the game in which the n-th distinct finding first showed (n from 1), or
  // UINT64_MAX while there are fewer: a run that stops at n findings plays no game after it.
  uint64_t nth_first(size_t n) const;
  // Forgets what games after `last` brought (played past the stop by other jobs).
  void keep_up_to(uint64_t last);
  size_t size() const { return by_key_.size(); }
  // The buckets, first found first.
  std::vector<Bucket> sorted() const;

 private:
  std::map<std::string, Bucket> by_key_;
};

// Each finding of a run (`how`: its command line, for the scenarios' comments) shrunk and
// written under `dir`, first found first: the report's entries. A scenario that does not
// fail when replayed (no expectation says what the check found) is said on `warnings`.
std::vector<FindingEntry> write_findings(const std::vector<Bucket>& findings, const std::string& how, const std::string& dir,
                                         const RulesetLibrary& library, std::vector<std::string>& warnings);

}  // namespace meldcheck::hunt
