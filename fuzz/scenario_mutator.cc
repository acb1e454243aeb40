#include "fuzz/scenario_mutator.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "files/spec_files.h"
#include "files/yaml_mutation.h"
#include "fuzz/tree_input.h"

// libFuzzer's own byte-level mutation: linked only under libFuzzer, not in the replayer.
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size) __attribute__((weak));

namespace meldcheck::fuzz {
namespace {

const char* const kScenarioSeeds[] = {
    R"(name: seed rummy500
ruleset: rummy500
setup:
  players:
    A: { hand: [7H, 7S, 7D, 8H, 9H, KC, JK] }
    B: { hand: [2C, 3C, 4C, QD, QS] }
    C: { hand: [5D, 6D, AS] }
  stock: [10H, 5S, 4H]
  discard: [6H, 2S, 9C]
  rest: out
steps:
  - draw: stock
  - meld: [7H, 7S, 7D]
  - layoff: { to: m1, cards: [JK] }
  - discard: KC
  - take: 2
  - meld: [2C, 3C, 4C]
)",
    R"(name: seed femhundra-rummy
ruleset: femhundra-rummy
setup:
  players:
    A: { hand: [QH, QS, QD, 3C, 4C, 5C, 9S] }
    B: { hand: [8S, 8H, JK, KD] }
  table:
    - { id: m1, owner: B, cards: [4S, 5S, 6S, 7S] }
  stock: [2D, AH]
  discard: [9D, 10C]
  rest: out
steps:
  - take: all
  - meld: [[QH, QS, QD], [3C, 4C, 5C]]
  - layoff: { to: m1, cards: [9S] }
  - discard: 10C
  - draw: stock
  - swap: { meld: m1, card: 8S }
)",
    R"(name: seed femhundra-familj
ruleset: femhundra-familj
deal: { players: 3, seed: 7 }
steps:
  - discard: 7H
  - draw: stock
  - take: top
)",
    R"(name: seed liverpool
ruleset: liverpool
setup:
  round: 1
  players:
    A: { hand: [4S, 4H, 4D, 9C, 9H, 9S, KD, 2C] }
    B: { hand: [7C, 8C, JK, QS] }
    C: { hand: [3D, 3H] }
  stock: [KS, 6C, 5H]
  discard: [8H]
  rest: out
steps:
  - draw: stock
  - claim: { take: top }
    player: C
  - meld: [[4S, 4H, 4D], [9C, 9H, 9S]]
  - discard: KD
)",
    R"(name: seed rummikub
ruleset: rummikub
setup:
  players:
    A: { hand: [R5, B5, O5, K5, R6, R7, JK], opened: true }
    B: { hand: [K2, K3, K4, O9] }
  table:
    - { id: m1, cards: [B9, B10, B11] }
  stock: [O13, B13, R1]
  rest: out
steps:
  - arrange: [[B9, B10, B11], [R5, B5, O5, K5]]
  - draw: stock
  - arrange: [[B9, B10, B11, JK], [K2, K3, K4]]
  - pass
  - timeout
)",
};

// ---- libFuzzer's side -------------------------------------------------------------------------

size_t put(uint8_t* data, size_t size, size_t max_size, std::string_view out) {
  if (out.size() > max_size) return size;
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

// An input that is neither an encoding nor YAML text: libFuzzer's byte-level mutation may
// mend it, else a seed document replaces it.
size_t start_again(uint8_t* data, size_t size, size_t max_size, unsigned seed, std::string_view replacement) {
  if (LLVMFuzzerMutate && seed % 2 == 0) return LLVMFuzzerMutate(data, size, max_size);
  return put(data, size, max_size, replacement);
}

// A ruleset's prose (the texts and resolutions of its clauses, variants and options, in
// either language; not the sources, which the loader holds to a form), each put as a word:
// the loader reads them as any text and nothing plays by them, but they were most of an
// input's bytes and of the strings copied, encoded and read on every input. A finding's
// ruleset shows its prose as this word.
constexpr std::string_view kProse = "prose";

void drop_prose(YamlNode& n) {
  static constexpr std::string_view kProseKeys[] = {"text", "text_sv", "resolution", "resolution_sv"};
  for (YamlEntry& e : n.entries) {
    if (e.second.is_scalar() && std::find(std::begin(kProseKeys), std::end(kProseKeys), e.first.scalar) != std::end(kProseKeys))
      e.second.scalar = kProse, e.second.quoted = false;
    drop_prose(e.second);
  }
  for (YamlNode& i : n.items) drop_prose(i);
}

void drop_prose(std::vector<YamlNode>& docs) {
  for (YamlNode& d : docs) drop_prose(d);
}

// The input's documents (fuzz/tree_input.h), a few draws of a change to them, the first that
// changes the input and fits wins, written as the encoding; else the input unchanged.
// Documents read from text first go through `from_text`.
size_t mutate_with(uint8_t* data, size_t size, size_t max_size, unsigned seed,
                   bool (*mutate)(std::vector<YamlNode>&, unsigned), std::string_view replacement,
                   void (*from_text)(std::vector<YamlNode>&) = nullptr) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::optional<std::vector<YamlNode>> docs;
  try {
    docs = take_input_docs(bytes, "input.yaml");
  } catch (const InputError&) {
  }
  if (!docs) return start_again(data, size, max_size, seed, replacement);
  if (from_text && !is_encoded(bytes)) from_text(*docs);
  // The documents are changed only by a draw that succeeds; one whose result is the input
  // again, or too long, is changed further by the next.
  for (unsigned attempt = 0; attempt < 4; ++attempt) {
    if (!mutate(*docs, seed + attempt * 0x9E3779B9u)) return start_again(data, size, max_size, seed, replacement);
    const std::string out = encode_docs(*docs, bytes.size());
    if (out != bytes && out.size() <= max_size) {
      keep_written(out, std::move(*docs));
      return put(data, size, max_size, out);
    }
  }
  return size;
}

// The seed documents, encoded once.
std::string_view encoded(const std::vector<std::string>& encodings, unsigned seed) { return encodings[seed % encodings.size()]; }

const std::vector<std::string>& encoded_scenarios() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> out;
    for (const char* text : kScenarioSeeds) out.push_back(encode_docs(parse_yaml(text, "seed.yaml")));
    return out;
  }();
  return all;
}

const std::vector<std::string>& encoded_specs() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> out;
    for (const EmbeddedFile& f : spec_files())
      if (f.name.ends_with(".yaml")) {
        std::vector<YamlNode> docs = parse_yaml(f.text, std::string(f.name));
        drop_prose(docs);
        out.push_back(encode_docs(docs));
      }
    return out;
  }();
  return all;
}

}  // namespace

std::string_view seed_scenario(unsigned seed) { return kScenarioSeeds[seed % std::size(kScenarioSeeds)]; }

size_t mutate_scenario(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  return mutate_with(data, size, max_size, seed, mutate_scenario_docs, encoded(encoded_scenarios(), seed / 2));
}

size_t mutate_spec(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  return mutate_with(data, size, max_size, seed, mutate_spec_docs, encoded(encoded_specs(), seed / 2), drop_prose);
}

}  // namespace meldcheck::fuzz
