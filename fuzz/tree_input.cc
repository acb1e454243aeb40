#include "fuzz/tree_input.h"

#include "fuzz/ascii_words.h"

#include <cstdint>
#include <cstring>
#include <mutex>

#include "files/yaml_mutation.h"

namespace meldcheck::fuzz {
namespace {

constexpr std::string_view kMagic{"\0MT", 3};
constexpr int kMaxDepth = YamlLimits{}.max_depth;
constexpr size_t kMaxNodes = YamlLimits{}.max_nodes;

enum Kind : uint8_t { kNull = 0, kPlain = 1, kQuoted = 2, kSequence = 3, kMap = 4 };

// A count or a length as a LEB128 varint at `out`; the number of bytes it took.
size_t write_varint(char* out, size_t v) {
  size_t n = 0;
  while (v >= 0x80) {
    out[n++] = char(uint8_t(v) | 0x80);
    v >>= 7;
  }
  out[n++] = char(uint8_t(v));
  return n;
}

void put_varint(std::string& out, size_t v) {
  char bytes[10];
  out.append(bytes, write_varint(bytes, v));
}

// A node's head, its kind byte and then a count or a length, in one append, not one a
// byte: the encoding is written after every mutation.
void put_head(std::string& out, uint8_t kind, size_t v) {
  char head[11];
  head[0] = char(kind);
  out.append(head, 1 + write_varint(head + 1, v));
}

void put_string(std::string& out, const std::string& s) {
  put_varint(out, s.size());
  out += s;
}

void put_node(std::string& out, const YamlNode& n) {
  switch (n.kind) {
    case YamlNode::Kind::kNull: out += char(kNull); return;
    case YamlNode::Kind::kScalar:
      put_head(out, n.quoted ? kQuoted : kPlain, n.scalar.size());
      out += n.scalar;
      return;
    case YamlNode::Kind::kSequence:
      put_head(out, kSequence, n.items.size());
      for (const YamlNode& i : n.items) put_node(out, i);
      return;
    case YamlNode::Kind::kMap:
      put_head(out, kMap, n.entries.size());
      for (const YamlEntry& e : n.entries) {
        put_string(out, e.first.scalar);
        put_node(out, e.second);
      }
      return;
  }
}

// Text the YAML reader lets through (files/yaml_doc.cc's check_text): no control
// characters but tab, line feed and carriage return, and valid UTF-8.
bool readable_text(std::string_view s) {
  if (printable_ascii(s)) return true;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return false;
    size_t len = 1;
    if (c >= 0x80) {
      len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 && c < 0xF0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
      if (len == 0 || i + len > s.size()) return false;
      for (size_t k = 1; k < len; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

// Reads the structure of an encoding; what the YAML reader would refuse in it is left to
// AsRead, which judges mutated trees too.
class Decoder {
 public:
  explicit Decoder(std::string_view bytes) : in_(bytes) {}

  bool varint(size_t& v) {
    v = 0;
    for (int shift = 0; shift < 63; shift += 7) {
      if (at_ >= in_.size()) return false;
      const uint8_t b = uint8_t(in_[at_++]);
      v |= size_t(b & 0x7F) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  }
  bool string(std::string& s) {
    size_t n = 0;
    if (!varint(n) || n > in_.size() - at_) return false;
    s.assign(in_.substr(at_, n));
    at_ += n;
    return true;
  }
  // The limits hold here too, before the tree is whole: no recursion deeper, no more nodes.
  bool node(YamlNode& n, int depth) {
    if (depth > kMaxDepth || ++nodes_ > kMaxNodes || at_ >= in_.size()) return false;
    const uint8_t kind = uint8_t(in_[at_++]);
    size_t count = 0;
    switch (kind) {
      case kNull: return true;
      case kPlain:
      case kQuoted:
        n.kind = YamlNode::Kind::kScalar;
        n.quoted = kind == kQuoted;
        return string(n.scalar);
      case kSequence:
        n.kind = YamlNode::Kind::kSequence;
        if (!varint(count) || count > in_.size() - at_) return false;  // a byte at least an item
        n.items.resize(count);
        for (YamlNode& i : n.items)
          if (!node(i, depth + 1)) return false;
        return true;
      case kMap:
        n.kind = YamlNode::Kind::kMap;
        if (!varint(count) || count > (in_.size() - at_) / 2) return false;  // two bytes at least an entry
        n.entries.resize(count);
        for (YamlEntry& e : n.entries) {
          e.first.kind = YamlNode::Kind::kScalar;
          if (!string(e.first.scalar) || !node(e.second, depth + 1)) return false;
        }
        return true;
      default: return false;
    }
  }
  bool done() const { return at_ == in_.size(); }

 private:
  std::string_view in_;
  size_t at_ = kMagic.size();
  size_t nodes_ = 0;
};

// Marks a tree as a decoded one is marked (a node's place among the document's nodes in
// order as its line, its depth as its column), drops what the encoding does not carry (a
// key's quotes, a null's text), and says whether the YAML reader would have given the tree.
class AsRead {
 public:
  bool node(YamlNode& n, int depth) {
    if (depth > kMaxDepth || ++nodes_ > kMaxNodes) return false;
    n.mark = Mark{int(nodes_), depth + 1};
    switch (n.kind) {
      case YamlNode::Kind::kNull:
        n.quoted = false;
        n.scalar.clear();
        return true;
      case YamlNode::Kind::kScalar:
        return readable_text(n.scalar) && (n.quoted || !reads_as_null(n.scalar));  // the reader's null is a null node
      case YamlNode::Kind::kSequence:
        for (YamlNode& i : n.items)
          if (!node(i, depth + 1)) return false;
        return true;
      case YamlNode::Kind::kMap:
        for (size_t k = 0; k < n.entries.size(); ++k) {
          YamlNode& key = n.entries[k].first;
          key.mark = Mark{int(++nodes_), depth + 2};
          key.quoted = false;
          if (!readable_text(key.scalar)) return false;
          for (size_t j = 0; j < k; ++j)
            if (n.entries[j].first.scalar == key.scalar) return false;  // the reader refuses a key twice
          if (!node(n.entries[k].second, depth + 1)) return false;
        }
        return true;
    }
    return false;
  }

 private:
  size_t nodes_ = 0;
};

bool as_read(std::vector<YamlNode>& docs) {
  AsRead marker;
  for (YamlNode& d : docs)
    if (!marker.node(d, 0)) return false;
  return true;
}

// The documents the custom mutator wrote last, with their encoding (see keep_written).
struct Written {
  std::mutex mutex;
  std::string bytes;
  std::shared_ptr<std::vector<YamlNode>> docs;  // shared with the target running the bytes
};

Written& written() {
  static Written w;
  return w;
}

}  // namespace

bool same_tree(const YamlNode& a, const YamlNode& b) {
  if (a.kind != b.kind || a.scalar != b.scalar || a.quoted != b.quoted || a.items.size() != b.items.size() ||
      a.entries.size() != b.entries.size())
    return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!same_tree(a.items[i], b.items[i])) return false;
  for (size_t i = 0; i < a.entries.size(); ++i)
    if (!same_tree(a.entries[i].first, b.entries[i].first) || !same_tree(a.entries[i].second, b.entries[i].second)) return false;
  return true;
}

bool is_encoded(std::string_view bytes) { return bytes.substr(0, kMagic.size()) == kMagic; }

std::string encode_docs(const std::vector<YamlNode>& docs, size_t expected_size) {
  std::string out;
  out.reserve(expected_size + expected_size / 8 + 64);  // grown once at most, not a dozen times
  out = kMagic;
  put_varint(out, docs.size());
  for (const YamlNode& d : docs) put_node(out, d);
  return out;
}

std::optional<std::vector<YamlNode>> decode_docs(std::string_view bytes) {
  if (!is_encoded(bytes)) return std::nullopt;
  Decoder in(bytes);
  size_t count = 0;
  if (!in.varint(count) || count > bytes.size()) return std::nullopt;
  std::vector<YamlNode> docs(count);
  for (YamlNode& d : docs)
    if (!in.node(d, 0)) return std::nullopt;
  if (!in.done() || !as_read(docs)) return std::nullopt;
  return docs;
}

void keep_written(std::string_view bytes, std::vector<YamlNode> docs) {
  Written& w = written();
  const std::lock_guard lock(w.mutex);
  w.bytes.clear();  // none kept when decode_docs would refuse the bytes: input_docs decodes them
  if (!as_read(docs)) return;
  w.bytes = bytes;
  w.docs = std::make_shared<std::vector<YamlNode>>(std::move(docs));
}

std::shared_ptr<std::vector<YamlNode>> written_docs(std::string_view bytes) {
  Written& w = written();
  const std::lock_guard lock(w.mutex);
  if (w.bytes.empty() || bytes != w.bytes) return nullptr;
  return w.docs;
}

std::optional<std::vector<YamlNode>> input_docs(std::string_view bytes, const std::string& file) {
  const std::shared_ptr<const std::vector<YamlNode>> docs = shared_input_docs(bytes, file);
  if (!docs) return std::nullopt;
  return *docs;
}

std::shared_ptr<const std::vector<YamlNode>> shared_input_docs(std::string_view bytes, const std::string& file) {
  return lent_input_docs(bytes, file);
}

std::shared_ptr<std::vector<YamlNode>> lent_input_docs(std::string_view bytes, const std::string& file) {
  if (!is_encoded(bytes)) return std::make_shared<std::vector<YamlNode>>(parse_yaml(bytes, file));
  if (std::shared_ptr<std::vector<YamlNode>> kept = written_docs(bytes)) return kept;
  std::optional<std::vector<YamlNode>> decoded = decode_docs(bytes);
  return decoded ? std::make_shared<std::vector<YamlNode>>(std::move(*decoded)) : nullptr;
}

std::optional<std::vector<YamlNode>> take_input_docs(std::string_view bytes, const std::string& file) {
  if (!is_encoded(bytes)) return parse_yaml(bytes, file);
  Written& w = written();
  {
    const std::lock_guard lock(w.mutex);
    if (!w.bytes.empty() && bytes == w.bytes) {
      w.bytes.clear();
      std::shared_ptr<std::vector<YamlNode>> kept = std::move(w.docs);
      // Taken when no target holds them still (a run's targets are done with an input
      // before its next change), else copied.
      if (kept.use_count() == 1) return std::move(*kept);
      return *kept;
    }
  }
  return decode_docs(bytes);
}

std::string input_text(std::string_view bytes) {
  if (!is_encoded(bytes)) return std::string(bytes);
  const std::optional<std::vector<YamlNode>> docs = decode_docs(bytes);
  return docs ? yaml_text(*docs) : "";
}

}  // namespace meldcheck::fuzz
