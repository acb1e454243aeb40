#include "harness/run_options.h"

#include <unistd.h>

#include <cstdlib>

namespace meldcheck {

bool glob_match(std::string_view pattern, std::string_view text) {
  // Greedy with backtracking to the last '*': linear in practice, no recursion.
  size_t p = 0, t = 0, star = std::string_view::npos, star_t = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p, ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++, star_t = t;
    } else if (star != std::string_view::npos) {
      p = star + 1, t = ++star_t;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

NameFilter::NameFilter(std::string_view spec) {
  bool negative = false;
  for (size_t start = 0; start <= spec.size();) {
    size_t end = std::min(spec.find(':', start), spec.size());
    std::string_view part = spec.substr(start, end - start);
    if (!part.empty() && part[0] == '-') negative = true, part.remove_prefix(1);
    if (!part.empty()) (negative ? negative_ : positive_).emplace_back(part);
    start = end + 1;
  }
  if (positive_.empty()) positive_.push_back("*");
}

namespace {

bool any_match(const std::vector<std::string>& patterns, std::initializer_list<std::string_view> names) {
  for (const std::string& p : patterns)
    for (std::string_view n : names)
      if (glob_match(p, n)) return true;
  return false;
}

}  // namespace

bool NameFilter::accepts(std::initializer_list<std::string_view> names) const {
  return any_match(positive_, names) && !any_match(negative_, names);
}

bool NameFilter::excludes(std::string_view name) const { return any_match(negative_, {name}); }

int job_count(int flag) { return flag > 0 ? flag : std::max(1, int(std::thread::hardware_concurrency())); }

bool colour_wanted(int fd) { return isatty(fd) && std::getenv("NO_COLOR") == nullptr; }

std::string coloured(std::string_view text, Colour c) {
  return std::string(c == Colour::kGreen ? "\033[32m" : "\033[31m") + std::string(text) + "\033[0m";
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t at; (at = s.find(sep, start)) != std::string::npos; start = at + 1) parts.push_back(s.substr(start, at - start));
  parts.push_back(s.substr(start));
  return parts;
}

}  // namespace meldcheck
