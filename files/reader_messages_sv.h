// The scenario reader's errors in Swedish, for players who check a file with `--lang sv`.
// The reader (files/scenario.cc, files/yaml_doc.cc, and the ruleset's variants and options
// as a scenario names them) keeps writing English; this turns its messages into Swedish
// afterwards, keeping as they are the contract's own words (keys, values, step names, rule,
// ruleset and variant ids) and the file's (cards, players, meld ids).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace meldcheck {

// One message of the reader: its English with {placeholders} for what varies, and its
// Swedish with the same placeholders (reader_messages_sv.cc says how they are written).
struct ReaderMessage {
  std::string_view english, swedish;
};

// `message` in Swedish: a reader message (`duplicate key 'hand'`) or a whole error
// (`file:line:column: duplicate key 'hand'`, the location kept as it is). A message that no
// pattern knows comes back unchanged.
std::string in_swedish(std::string_view message);

// Every message pattern, for tests.
std::span<const ReaderMessage> reader_messages();

// The patterns a reader message (without its location) matches: exactly one for every
// message the reader throws.
std::vector<const ReaderMessage*> reader_messages_matching(std::string_view message);

}  // namespace meldcheck
