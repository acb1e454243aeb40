#include "fuzz/report_validity.h"

#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/ascii_words.h"

namespace meldcheck::fuzz {

std::string json_problem(const std::string& text) {
  // The same reader without the document built (the reports are tens of kilobytes, read on
  // every input); a text it refuses is read again for the reader's message.
  // Read through a pointer range: a reader of its own (the lexer is a template of its
  // input), built without comparison tracing (the top-level CMakeLists.txt), not serve's.
  if (nlohmann::json::accept(text.data(), text.data() + text.size())) return "";
  try {
    const nlohmann::json read = nlohmann::json::parse(text.data(), text.data() + text.size());  // rejects ill-formed UTF-8 in strings
    return read.is_discarded() ? "not JSON" : "";
  } catch (const nlohmann::json::exception& e) {
    return std::string("not JSON: ") + e.what();
  }
}

namespace {

// The character at text[i] (UTF-8, at most U+10FFFF, no surrogates), its length in n; -1 when
// the bytes are no character.
long next_char(const std::string& text, size_t i, size_t& n) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = b(i);
  n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > text.size()) return -1;
  long cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
  for (size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return -1;
    cp = cp << 6 | (b(i + k) & 0x3F);
  }
  const long least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  return cp;
}

bool xml_char(long cp) {
  return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
         (cp >= 0x10000 && cp <= 0x10FFFF);
}

}  // namespace

std::string xml_problem(const std::string& text) {
  // Characters first, then entities, then the tags in one pass.
  for (size_t i = 0, n = 0; i < text.size(); i += n) {
    if (i + 8 <= text.size() && printable_word(text.data() + i)) {  // the bulk: eight at once
      n = 8;
      continue;
    }
    const long cp = next_char(text, i, n);
    if (cp < 0) return "bytes that are not UTF-8 at " + std::to_string(i);
    if (!xml_char(cp)) return "a character XML does not allow at " + std::to_string(i);
  }
  std::vector<std::string> open;
  for (size_t i = 0; i < text.size();) {
    // To the next markup at once: the characters checked above hold no NUL.
    const char* markup = std::strpbrk(text.c_str() + i, "&<");
    if (!markup) break;
    i = size_t(markup - text.c_str());
    if (text[i] == '&') {
      const size_t semi = text.find(';', i);
      if (semi == std::string::npos) return "an '&' that starts no entity at " + std::to_string(i);
      const std::string name = text.substr(i + 1, semi - i - 1);
      const bool numeric = name.size() > 1 && name[0] == '#' && name.find_first_not_of("0123456789", 1) == std::string::npos;
      if (!numeric && name != "amp" && name != "lt" && name != "gt" && name != "quot" && name != "apos")
        return "an unknown entity '&" + name + ";'";
      i = semi + 1;
      continue;
    }
    if (text.compare(i, 5, "<?xml") == 0) {
      const size_t end = text.find("?>", i);
      if (end == std::string::npos || i != 0) return "a declaration that is not the first thing";
      i = end + 2;
      continue;
    }
    const bool closing = i + 1 < text.size() && text[i + 1] == '/';
    size_t k = i + (closing ? 2 : 1);
    const size_t name_start = k;
    while (k < text.size() && (isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_' || text[k] == '-')) ++k;
    const std::string name = text.substr(name_start, k - name_start);
    if (name.empty()) return "a '<' that starts no tag at " + std::to_string(i);
    // Attributes: name="value", the value without '<' or '"'.
    while (k < text.size() && text[k] != '>' && !(text[k] == '/' && k + 1 < text.size() && text[k + 1] == '>')) {
      if (text[k] == '"') {
        const size_t end = text.find('"', k + 1);
        if (end == std::string::npos) return "an attribute value without its closing quote";
        if (text.find('<', k + 1) < end) return "a '<' inside an attribute value";
        k = end + 1;
      } else {
        ++k;
      }
    }
    if (k >= text.size()) return "a tag without its end";
    const bool empty = text[k] == '/';
    i = k + (empty ? 2 : 1);
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + name + "> closes what is not open";
      open.pop_back();
    } else if (!empty) {
      open.push_back(name);
    }
  }
  if (!open.empty()) return "<" + open.back() + "> is never closed";
  return "";
}

}  // namespace meldcheck::fuzz
