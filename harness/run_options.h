// What commands that run many things share (`replay`, `check`): --filter picks which,
// --jobs how many at once, and PASS/FAIL are coloured on a terminal.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <initializer_list>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace meldcheck {

// '*' matches any run of characters ('/' too), '?' any one character.
bool glob_match(std::string_view pattern, std::string_view text);

// "a+b+" split at '+' -> {"a", "b", ""}: empty parts are kept, for the caller to refuse or drop.
std::vector<std::string> split(const std::string& s, char sep);

// A --filter in GoogleTest's style: positive patterns separated by ':', then '-' and the
// negative ones ("rummy500*:liverpool*:-*joker*"); no positive pattern means '*'. Ruleset,
// scenario and file names have dashes, so a '-' opens the negative part only at the start
// or right after a ':' ("*:-*slow*", "-*slow*"); elsewhere it is part of a pattern.
class NameFilter {
 public:
  explicit NameFilter(std::string_view spec = "");
  // Whether a thing known by these names (a scenario's name and its file's path) is
  // selected: one of them matches a positive pattern, and none matches a negative one.
  bool accepts(std::initializer_list<std::string_view> names) const;
  // Whether a negative pattern matches this name: whatever else it is known by, a thing so
  // named is out (a file need not be read).
  bool excludes(std::string_view name) const;

 private:
  std::vector<std::string> positive_, negative_;
};

// --jobs: 0 or less means one a core.
int job_count(int flag);

// f(0) ... f(n-1) on up to `jobs` threads (see job_count), the results in index order: the
// same output as with one job. An exception from f is rethrown (the lowest index's).
template <typename F>
auto parallel_map(size_t n, int jobs, F f) -> std::vector<decltype(f(size_t{}))> {
  std::vector<decltype(f(size_t{}))> out(n);
  std::vector<std::exception_ptr> errors(n);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < n;) try {
        out[i] = f(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
  };
  std::vector<std::thread> threads;
  for (size_t t = 1; t < std::min(n, size_t(job_count(jobs))); ++t) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
  return out;
}

// Colour on a stream only for a person: a terminal, and NO_COLOR not set (to anything).
bool colour_wanted(int fd);

enum class Colour { kGreen, kRed };

// The text in ANSI colour.
std::string coloured(std::string_view text, Colour c);

}  // namespace meldcheck
