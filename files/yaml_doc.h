// The one place that reads YAML: a small document tree with 1-based line and column for
// every node, built from yaml-cpp's events with limits for untrusted input (size, depth,
// node count), no aliases, and duplicate keys refused.
#pragma once

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meldcheck {

struct Mark {
  int line = 1, column = 1;  // 1-based
};

// A bad scenario or ruleset file: reported as `file:line:column: message`.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, Mark mark, const std::string& message, std::string rule = "");
  const std::string& file() const { return file_; }
  Mark mark() const { return mark_; }
  const std::string& message() const { return message_; }
  // The rule id the input breaks, where a rule of the game is what it breaks (a table meld
  // that is no meld); empty for input that is merely malformed.
  const std::string& rule() const { return rule_; }

 private:
  std::string file_;
  Mark mark_;
  std::string message_;
  std::string rule_;
};

struct YamlEntry;

struct YamlNode {
  enum class Kind { kNull, kScalar, kSequence, kMap };
  Kind kind = Kind::kNull;
  Mark mark;
  bool quoted = false;  // a quoted scalar ("7", '10H')
  std::string scalar;
  std::vector<YamlNode> items;                          // kSequence
  std::vector<YamlEntry> entries;  // kMap, in document order

  bool is_null() const { return kind == Kind::kNull; }
  bool is_scalar() const { return kind == Kind::kScalar; }
  bool is_seq() const { return kind == Kind::kSequence; }
  bool is_map() const { return kind == Kind::kMap; }
  const YamlNode* find(std::string_view key) const;
};

struct YamlEntry {
  YamlNode first;   // the key
  YamlNode second;  // the value
};

struct YamlLimits {
  size_t max_bytes = 4 << 20;
  int max_depth = 64;
  size_t max_nodes = 200000;
};

// A plain (unquoted) scalar that YAML reads as null: "", "~", "null", "Null", "NULL".
bool reads_as_null(std::string_view plain);

// Parses every document of a text; throws InputError naming `file`.
std::vector<YamlNode> parse_yaml(std::string_view text, const std::string& file, YamlLimits limits = {});

// Reads a file whole; throws InputError when it cannot be read or exceeds `max_bytes`.
std::string read_text_file(const std::string& path, size_t max_bytes);

// Reads a file whole (at most `limits.max_bytes`) and parses it.
std::vector<YamlNode> load_yaml_file(const std::string& path, YamlLimits limits = {});

// Helpers that throw InputError at the node.
class YamlReader {
 public:
  explicit YamlReader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const YamlNode& at, const std::string& message, const std::string& rule = "") const;
  // A map whose keys are all among `allowed` (unknown keys are an error).
  void expect_map(const YamlNode& n, std::initializer_list<std::string_view> allowed, std::string_view what) const;
  void expect_map(const YamlNode& n, std::span<const std::string_view> allowed, std::string_view what) const;
  void expect_map(const YamlNode& n, std::string_view what) const;
  const YamlNode& require(const YamlNode& map, std::string_view key) const;
  const std::string& scalar(const YamlNode& n, std::string_view what) const;
  long long integer(const YamlNode& n, long long lo, long long hi, std::string_view what) const;
  unsigned long long uint64(const YamlNode& n, std::string_view what) const;
  bool boolean(const YamlNode& n, std::string_view what) const;
  void expect_seq(const YamlNode& n, std::string_view what) const;

 private:
  std::string file_;
};

}  // namespace meldcheck
