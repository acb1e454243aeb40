// The rulesets of spec/: YAML files (embedded in the binary at build time, or read from a
// folder) turned into RuleSet values, with their variants and options applied.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "files/yaml_doc.h"

namespace meldcheck {

// `text` paraphrases in English, `text_sv` in Swedish.
struct VariantInfo {
  std::string id, text, text_sv, source;
};

// Each variant's `set`, by the variant's id.
using VariantPatches = std::map<std::string, const YamlNode*, std::less<>>;

struct OptionInfo {
  std::string id, text, text_sv, source, default_choice;
  std::vector<std::string> choices;
};

class RulesetSpec {
 public:
  // Parses one ruleset file; throws InputError.
  RulesetSpec(YamlNode root, const std::string& file);
  // The same, of a tree the caller may share: reading a house sets its patches in the tree
  // and takes them out again, so the tree is as it was whenever no call of the spec runs
  // (spec_fuzz reads each input's tree where the fuzzer's mutator keeps it, not a copy).
  RulesetSpec(std::shared_ptr<YamlNode> root, const std::string& file);

  const std::string& id() const { return id_; }
  const std::string& file() const { return file_; }
  const RuleSet& base() const { return base_; }
  const std::vector<VariantInfo>& variants() const { return variants_; }
  const std::vector<OptionInfo>& options() const { return options_; }
  const std::string& source() const { return source_; }
  // An option's default choice ("" for an option the ruleset does not have).
  std::string default_choice(const std::string& option) const;

  // The ruleset with these variants and option choices; throws std::invalid_argument
  // naming an unknown variant, option or choice.
  RuleSet resolve(const std::vector<std::string>& variants, const std::map<std::string, std::string>& options) const;

 private:
  RuleSet resolve_now(const std::vector<std::string>& variants, const std::map<std::string, std::string>& options) const;
  // The house these patches make, vouched for: `context` names it in an error.
  RuleSet house(const std::vector<const YamlNode*>& patches, const std::function<std::string()>& context) const;
  RuleSet build(const YamlNode& root) const;
  // The patches set in `root`, what each node held before kept in `undo` when given.
  void set_patches(YamlNode& root, const std::vector<const YamlNode*>& patches,
                   std::vector<std::pair<YamlNode*, YamlNode>>* undo) const;
  RuleSet build_patched(const std::vector<const YamlNode*>& patches) const;

  std::string id_, file_, source_;
  std::shared_ptr<YamlNode> root_;  // build_patched sets patches in it and takes them out again
  RuleSet base_;
  // A house whose patches set parameters alone is read from the base (build_patched), once
  // the base is read with these, the options' default choices.
  bool base_read_ = false;
  std::vector<const YamlNode*> default_patches_;
  std::vector<VariantInfo> variants_;
  std::vector<OptionInfo> options_;
  VariantPatches variant_patch_;
  std::map<std::string, std::map<std::string, const YamlNode*>> option_patch_;
  // The houses resolve() has built, by the variants and choices asked: every scenario read
  // resolves its house, and a house is built once (shared by copies of the spec, and by
  // threads: a mutex inside).
  struct Resolved;
  std::shared_ptr<Resolved> resolved_;
};

// Reads the catalog of a ruleset tree ahead of its load and keeps it, if a load has read
// that catalog before: a load of a ruleset with the same catalog, id and variant ids takes it
// as read. For a fuzzer's mutator, which writes rulesets that mostly keep the catalog of one
// run before, and reads it here outside the run it times (and checks for memory kept); a
// tree that does not read is let be.
void read_catalog_ahead(const YamlNode& root, const std::string& file);

class RulesetLibrary {
 public:
  // The spec files built into the binary.
  static const RulesetLibrary& embedded();
  // Every *.yaml ruleset in a folder; throws InputError.
  static RulesetLibrary from_dir(const std::string& dir);

  const RulesetSpec* find(const std::string& id) const;
  const std::vector<std::unique_ptr<RulesetSpec>>& all() const { return specs_; }
  // A rule id some catalog has, or a core id.
  bool knows_rule(const std::string& rule_id) const;

 private:
  void add(std::unique_ptr<RulesetSpec> spec);
  std::vector<std::unique_ptr<RulesetSpec>> specs_;
};

// A resolved ruleset's parameters and policies by the names a spec file gives them
// ("meld.ace_melding.wrap", "draw.take_sizes"), each with its value as a spec writes it, in
// the spec's order; unset ones at the engine's default. What `rules diff` compares.
std::vector<std::pair<std::string, std::string>> spec_parameters(const RuleSet& r);

}  // namespace meldcheck
