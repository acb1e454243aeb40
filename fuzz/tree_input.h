// The structured inputs of scenario_mutate_fuzz and spec_fuzz: YAML documents carried as
// trees in the bytes, changed as trees by the custom mutators (files/yaml_mutation.h) and
// read without a YAML parser; the text is written only for a person (a finding, `meldcheck
// reproduce`). libprotobuf-mutator's way: the mutation is in meaning, and parsing text on
// every input was most of what these targets did. Bytes that are no such encoding are read
// as YAML text, so that the seed corpora are the files of scenarios/ and spec/ themselves.
//
// The encoding: "\0MT" (no YAML text starts with a NUL: the reader refuses control
// characters), then a count of documents and the documents, each node a kind byte (0 null,
// 1 plain scalar, 2 quoted scalar, 3 sequence, 4 mapping) and its contents: a scalar's
// length and bytes, a sequence's count and items, a mapping's count and entries (a key's
// length and bytes, then the value); counts and lengths as LEB128 varints. Decoding holds
// the documents to what the YAML reader accepts (files/yaml_doc.h): text without control
// characters, valid UTF-8, no key twice in a mapping, no plain scalar that YAML reads as
// null ("", "~", "null"), the same depth and node limits.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "files/yaml_doc.h"

namespace meldcheck::fuzz {

bool is_encoded(std::string_view bytes);
// `expected_size`: about how long the encoding will be (the input's, for a mutation of it).
std::string encode_docs(const std::vector<YamlNode>& docs, size_t expected_size = 0);
// nullopt when the bytes are no encoding, or one the YAML reader would not have given. Each
// node's mark is its place in the document's nodes in order (line) and its depth (column).
std::optional<std::vector<YamlNode>> decode_docs(std::string_view bytes);

// An input's documents: decoded when encoded (nullopt when the encoding is broken), else
// parsed as YAML text (throws InputError naming `file`, as parse_yaml does).
std::optional<std::vector<YamlNode>> input_docs(std::string_view bytes, const std::string& file);

// The same, shared with the custom mutator where it kept them (no copy of the documents an
// input: a target that only reads them, scenario_mutate_fuzz). nullptr when the encoding is broken.
std::shared_ptr<const std::vector<YamlNode>> shared_input_docs(std::string_view bytes, const std::string& file);
// The same, lent to a target that changes them in place and sets them back before it returns
// (spec_fuzz: the ruleset's id renamed, a house's patches set while RulesetSpec reads it).
std::shared_ptr<std::vector<YamlNode>> lent_input_docs(std::string_view bytes, const std::string& file);

// A custom mutator's output, `bytes` = encode_docs(docs), kept with its documents as
// decode_docs reads them back: libFuzzer runs the bytes a mutator wrote, then mutates them
// again (its mutations of an input follow one another), and neither the target nor the next
// mutation decodes them. One is kept, the last.
void keep_written(std::string_view bytes, std::vector<YamlNode> docs);
// The documents kept for `bytes`, lent as lent_input_docs lends them; nullptr when none are.
std::shared_ptr<std::vector<YamlNode>> written_docs(std::string_view bytes);
// input_docs for the mutator, about to change the documents: the ones kept are taken, not copied.
std::optional<std::vector<YamlNode>> take_input_docs(std::string_view bytes, const std::string& file);

// The same documents, marks aside.
bool same_tree(const YamlNode& a, const YamlNode& b);

// An input as a person reads it: its documents as YAML text (the bytes themselves when they
// are text already, empty when the encoding is broken).
std::string input_text(std::string_view bytes);

}  // namespace meldcheck::fuzz
