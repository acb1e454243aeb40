#include "files/yaml_doc.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_set>

namespace meldcheck {
namespace {

std::string format_error(const std::string& file, Mark m, const std::string& message) {
  return file + ":" + std::to_string(m.line) + ":" + std::to_string(m.column) + ": " + message;
}

Mark to_mark(const YAML::Mark& m) { return m.is_null() ? Mark{} : Mark{m.line + 1, m.column + 1}; }

// Refuses bytes no scenario needs before the parser sees them: NUL and other control
// characters, and malformed UTF-8.
void check_text(std::string_view text, const std::string& file) {
  int line = 1, column = 1;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    int len = 1;
    if (c == '\n') {
      ++line, column = 1, ++i;
      continue;
    }
    if (c < 0x20 && c != '\t' && c != '\r') throw InputError(file, {line, column}, "control character in the file (not a text file?)");
    if (c == 0x7F) throw InputError(file, {line, column}, "control character in the file (not a text file?)");
    if (c >= 0x80) {
      len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
      if (len == 0 || i + len > text.size()) throw InputError(file, {line, column}, "invalid UTF-8");
      for (int k = 1; k < len; ++k)
        if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) throw InputError(file, {line, column}, "invalid UTF-8");
    }
    i += len;
    ++column;
  }
}

class Builder : public YAML::EventHandler {
 public:
  Builder(const std::string& file, YamlLimits limits) : file_(file), limits_(limits) {}

  std::vector<YamlNode> documents;

  void OnDocumentStart(const YAML::Mark&) override { stack_.clear(); }
  void OnDocumentEnd() override {
    if (has_root_) documents.push_back(std::move(root_));
    has_root_ = false;
    root_ = {};
  }
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    check_anchor(mark, anchor);
    YamlNode n;
    n.mark = to_mark(mark);
    add(std::move(n));
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw InputError(file_, to_mark(mark), "aliases (*name) are not supported");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, const std::string& value) override {
    check_anchor(mark, anchor);
    YamlNode n;
    n.kind = YamlNode::Kind::kScalar;
    n.mark = to_mark(mark);
    n.quoted = tag == "!";
    n.scalar = value;
    add(std::move(n));
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, YamlNode::Kind::kSequence);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, YamlNode::Kind::kMap);
  }
  void OnMapEnd() override {
    const YamlNode& map = stack_.back().node;
    if (stack_.back().pending_key) throw InputError(file_, map.mark, "mapping ends after a key without a value");
    close();
  }

 private:
  struct Frame {
    YamlNode node;
    bool pending_key = false;  // a map's key waits for its value
    YamlNode key;
    std::unordered_set<std::string> keys;
  };

  void check_anchor(const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor) throw InputError(file_, to_mark(mark), "anchors (&name) are not supported");
  }
  void count(const YAML::Mark& mark) {
    if (++nodes_ > limits_.max_nodes) throw InputError(file_, to_mark(mark), "too many nodes in the document");
  }
  void open(const YAML::Mark& mark, YAML::anchor_t anchor, YamlNode::Kind kind) {
    check_anchor(mark, anchor);
    count(mark);
    if (int(stack_.size()) >= limits_.max_depth)
      throw InputError(file_, to_mark(mark), "nesting deeper than " + std::to_string(limits_.max_depth) + " levels");
    Frame f;
    f.node.kind = kind;
    f.node.mark = to_mark(mark);
    stack_.push_back(std::move(f));
  }
  void close() {
    YamlNode n = std::move(stack_.back().node);
    stack_.pop_back();
    place(std::move(n));
  }
  void add(YamlNode n) {
    ++nodes_;
    if (nodes_ > limits_.max_nodes) throw InputError(file_, n.mark, "too many nodes in the document");
    place(std::move(n));
  }
  void place(YamlNode n) {
    if (stack_.empty()) {
      root_ = std::move(n);
      has_root_ = true;
      return;
    }
    Frame& top = stack_.back();
    if (top.node.kind == YamlNode::Kind::kSequence) {
      top.node.items.push_back(std::move(n));
      return;
    }
    if (!top.pending_key) {
      if (!n.is_scalar()) throw InputError(file_, n.mark, "a mapping key must be a plain value");
      if (!top.keys.insert(n.scalar).second) throw InputError(file_, n.mark, "duplicate key '" + n.scalar + "'");
      top.key = std::move(n);
      top.pending_key = true;
      return;
    }
    top.node.entries.push_back(YamlEntry{std::move(top.key), std::move(n)});
    top.pending_key = false;
  }

  const std::string& file_;
  YamlLimits limits_;
  std::vector<Frame> stack_;
  YamlNode root_;
  bool has_root_ = false;
  size_t nodes_ = 0;
};

}  // namespace

InputError::InputError(std::string file, Mark mark, const std::string& message, std::string rule)
    : std::runtime_error(format_error(file, mark, message)),
      file_(std::move(file)),
      mark_(mark),
      message_(message),
      rule_(std::move(rule)) {}

const YamlNode* YamlNode::find(std::string_view key) const {
  for (const auto& [k, v] : entries)
    if (k.scalar == key) return &v;
  return nullptr;
}

bool reads_as_null(std::string_view plain) {
  return plain.empty() || plain == "~" || plain == "null" || plain == "Null" || plain == "NULL";
}

std::vector<YamlNode> parse_yaml(std::string_view text, const std::string& file, YamlLimits limits) {
  if (text.size() > limits.max_bytes)
    throw InputError(file, {1, 1}, "file larger than " + std::to_string(limits.max_bytes) + " bytes");
  check_text(text, file);
  // YAML spends a byte of text at least on every node but a map's null value, so a text holds
  // no more nodes than twice its bytes; four times is a bound only a runaway parser meets.
  // yaml-cpp is one on a lone ',' (nulls without end): the limit alone let it build 200,000
  // nodes for one byte of input.
  limits.max_nodes = std::min(limits.max_nodes, 4 * text.size() + 16);
  std::istringstream in{std::string(text)};
  Builder builder(file, limits);
  try {
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const YAML::Exception& e) {
    throw InputError(file, to_mark(e.mark), e.msg);
  }
  return std::move(builder.documents);
}

std::string read_text_file(const std::string& path, size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, {1, 1}, "cannot open the file");
  std::string text;
  text.resize(max_bytes + 1);
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(size_t(in.gcount()));
  if (text.size() > max_bytes) throw InputError(path, {1, 1}, "file larger than " + std::to_string(max_bytes) + " bytes");
  return text;
}

std::vector<YamlNode> load_yaml_file(const std::string& path, YamlLimits limits) {
  return parse_yaml(read_text_file(path, limits.max_bytes), path, limits);
}

void YamlReader::fail(const YamlNode& at, const std::string& message, const std::string& rule) const {
  throw InputError(file_, at.mark, message, rule);
}

void YamlReader::expect_map(const YamlNode& n, std::string_view what) const {
  if (!n.is_map()) fail(n, std::string(what) + " must be a mapping");
}

void YamlReader::expect_map(const YamlNode& n, std::initializer_list<std::string_view> allowed, std::string_view what) const {
  expect_map(n, std::span(allowed.begin(), allowed.size()), what);
}

void YamlReader::expect_map(const YamlNode& n, std::span<const std::string_view> allowed, std::string_view what) const {
  expect_map(n, what);
  for (const auto& [k, v] : n.entries) {
    if (std::find(allowed.begin(), allowed.end(), std::string_view(k.scalar)) == allowed.end()) {
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      fail(k, "unknown key '" + k.scalar + "' in " + std::string(what) + " (expected one of: " + list + ")");
    }
  }
}

const YamlNode& YamlReader::require(const YamlNode& map, std::string_view key) const {
  const YamlNode* v = map.find(key);
  if (!v) fail(map, "missing required key '" + std::string(key) + "'");
  return *v;
}

const std::string& YamlReader::scalar(const YamlNode& n, std::string_view what) const {
  if (!n.is_scalar()) fail(n, std::string(what) + " must be a single value");
  return n.scalar;
}

long long YamlReader::integer(const YamlNode& n, long long lo, long long hi, std::string_view what) const {
  const std::string& s = scalar(n, what);
  size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
  if (s.size() == i || s.size() > 19) fail(n, std::string(what) + " must be a whole number");
  for (size_t k = i; k < s.size(); ++k)
    if (s[k] < '0' || s[k] > '9') fail(n, std::string(what) + " must be a whole number");
  long long v = std::stoll(s);
  if (v < lo || v > hi)
    fail(n, std::string(what) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi));
  return v;
}

unsigned long long YamlReader::uint64(const YamlNode& n, std::string_view what) const {
  const std::string& s = scalar(n, what);
  if (s.empty() || s.size() > 20) fail(n, std::string(what) + " must be a whole number from 0 to 2^64-1");
  unsigned long long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') fail(n, std::string(what) + " must be a whole number from 0 to 2^64-1");
    unsigned long long d = static_cast<unsigned long long>(c - '0');
    if (v > (~0ull - d) / 10) fail(n, std::string(what) + " must be a whole number from 0 to 2^64-1");
    v = v * 10 + d;
  }
  return v;
}

bool YamlReader::boolean(const YamlNode& n, std::string_view what) const {
  const std::string& s = scalar(n, what);
  if (s == "true") return true;
  if (s == "false") return false;
  fail(n, std::string(what) + " must be true or false");
}

void YamlReader::expect_seq(const YamlNode& n, std::string_view what) const {
  if (!n.is_seq()) fail(n, std::string(what) + " must be a list");
}

}  // namespace meldcheck
