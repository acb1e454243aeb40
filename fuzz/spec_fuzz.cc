// Ruleset files (spec/*.yaml) mutated by mutate_spec (fuzz/scenario_mutator.h) as trees
// (fuzz/tree_input.h: no YAML text is parsed but the corpus's own files), their prose put as
// a word: the bytes load as a ruleset or fail with an InputError that has a place; a
// ruleset that loads plays one hand of random play, every step checked. A crash, a hang or
// a broken invariant on a ruleset the loader accepted is a finding.
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "engine/random_play.h"
#include "engine/rng.h"
#include "fuzz/driven_play.h"
#include "fuzz/targets.h"
#include "fuzz/tree_input.h"
#include "hunting/checks.h"
#include "files/spec_files.h"

namespace meldcheck::fuzz {

namespace {

// One hand, cut short: a ruleset may make hands long (Liverpool's stock is reshuffled, and
// most of its hands outlast 200 steps). 150: ten-minute runs from the seeds reached the
// coverage of 200 steps, within what runs differ by, at a sixth more rulesets a second (the
// README, on db86ba6); of the hands of a late corpus that ended within 200 steps, 78% ended
// within 150 (41% within 100), and the mutator shortens hands itself (decks, deals).
constexpr int kMostSteps = 150;
constexpr int kArbitraryEvery = 8;  // about one step in this many is an arbitrary action

uint64_t fnv1a(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// The ruleset is one of spec/'s files as built in, as read: the oracles' texts are its rules.
bool pristine(const YamlNode& root) {
  static const std::vector<YamlNode> built_in = [] {
    std::vector<YamlNode> out;
    for (const EmbeddedFile& f : spec_files())
      if (f.name.ends_with(".yaml")) out.push_back(parse_yaml(f.text, std::string(f.name)).at(0));
    return out;
  }();
  for (const YamlNode& r : built_in)
    if (same_tree(r, root)) return true;
  return false;
}

// The checks a ruleset is held to: every check for spec/'s own, as built in; for a mutated
// one, those whose verdict holds for any ruleset, the engine against itself and the rules it
// was given. The others (the meld, joker and Rummikub table oracles, the zero sum, the deal)
// read the texts of the five games by the ruleset's id, and would judge a mutated ruleset by
// a text it no longer follows: a disagreement there is the mutation itself. They are left
// out, not run and ignored: one that fired first hid the checks after it at that step.
hunt::CheckSet checks_for(bool pristine) {
  using enum hunt::CheckId;
  const hunt::CheckSet checks = hunt::CheckSet::all().without(kCatalog).without(kSolver);
  if (pristine) return checks;
  return checks.without(kDeal).without(kTableMeld).without(kJoker).without(kRummikubTable).without(kZeroSum);
}

// The oracles know rulesets by id, and the score oracle has no scores for an id it does not
// know. An id that is none of spec/'s is renamed to one of them (it only names the clauses)
// while the input runs: the tree is lent (lent_input_docs), and set back when this goes.
class KnownId {
 public:
  explicit KnownId(YamlNode& root) {
    if (!root.is_map()) return;
    const YamlNode* notation = root.find("notation");
    const bool tiles = notation && notation->is_scalar() && notation->scalar == "tiles";
    for (YamlEntry& e : root.entries)
      if (e.first.scalar == "id" && e.second.is_scalar() && !RulesetLibrary::embedded().find(e.second.scalar)) {
        renamed_ = &e.second;
        was_ = std::exchange(e.second.scalar, tiles ? "rummikub" : "rummy500");
      }
  }
  ~KnownId() {
    if (renamed_) renamed_->scalar = std::move(was_);
  }
  KnownId(const KnownId&) = delete;
  KnownId& operator=(const KnownId&) = delete;

 private:
  YamlNode* renamed_ = nullptr;
  std::string was_;
};

// A variant mix and option choices picked by the hash; the ruleset's base when the mix does
// not resolve (a loaded ruleset vouches for each variant and choice alone; a mix, when it is
// resolved: one that makes a check no clause names reachable is refused then).
std::shared_ptr<hunt::Config> choose(const RulesetSpec& spec, SplitMix64& mix, Found& found) {
  auto c = std::make_shared<hunt::Config>();
  c->ruleset = spec.id();
  for (const VariantInfo& v : spec.variants())
    if (mix.next() & 1) c->variants.push_back(v.id);
  for (const OptionInfo& o : spec.options()) c->options[o.id] = o.choices[mix.next() % o.choices.size()];
  try {
    c->rules = spec.resolve(c->variants, c->options);
  } catch (const InputError& e) {
    if (e.mark().line < 1 || e.mark().column < 1) found.problem = std::string("an error without a place: ") + e.what();
    c->variants.clear();
    for (const OptionInfo& o : spec.options()) c->options[o.id] = o.default_choice;
    c->rules = spec.base();
  }
  return c;
}

}  // namespace

size_t spec_fuzz_mutate(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  const size_t written = mutate_spec(data, size, max_size, seed);
  // Its catalog read here, outside the run, when a run has read it before: most of what
  // mutate_spec writes keeps the catalog of a ruleset run before, and the run would read it
  // again (a catalog is most of a ruleset's reading). Kept from within the run, the memory
  // would be taken for a leak.
  if (const std::shared_ptr<std::vector<YamlNode>> docs = written_docs({reinterpret_cast<const char*>(data), written});
      docs && docs->size() == 1) {
    const KnownId known((*docs)[0]);  // named as the run will name it
    read_catalog_ahead((*docs)[0], "fuzz.yaml");
  }
  return written;
}

Found spec_fuzz(const uint8_t* data, size_t size) {
  Found found;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bool every_check = false;
  // The document as the mutator left it (fuzz/tree_input.h), or a text of the corpus; the
  // spec reads it in place.
  std::shared_ptr<std::vector<YamlNode>> docs;
  std::optional<KnownId> known;
  std::unique_ptr<RulesetSpec> spec;
  try {
    docs = lent_input_docs(text, "fuzz.yaml");
    if (!docs || docs->size() != 1) return found;  // a ruleset file holds one document
    YamlNode& root = (*docs)[0];
    every_check = pristine(root);
    known.emplace(root);
    spec = std::make_unique<RulesetSpec>(std::shared_ptr<YamlNode>(docs, &root), "fuzz.yaml");
  } catch (const InputError& e) {
    if (e.mark().line < 1 || e.mark().column < 1) found.problem = std::string("an error without a place: ") + e.what();
    return found;
  }

  SplitMix64 mix{fnv1a(text)};
  const std::shared_ptr<const hunt::Config> config = choose(*spec, mix, found);
  if (found) return found;
  const RuleSet& rules = config->rules;
  hunt::GameSpec game{0, config, rules.players.min, mix.next(), mix.next()};
  hunt::Checker checker(config, hunt::CheckLevel::kAll, checks_for(every_check));
  GameState s = new_match(rules, game.players, game.deal_seed, game.players - 1);
  hunt::Trace& trace = reused_trace(s, kMostSteps);
  auto failed = [&](hunt::Finding f, const GameState& at) {
    found.failure = hunt::Failure{game, trace, std::move(f), at};
    return found;
  };
  const hunt::DealInfo dealt{game.deal_seed, game.players - 1};
  if (auto f = checker.hand_starts(s, &dealt)) return failed(*f, s);

  // Mostly a listed action (of a kind picked first, as in play_fuzz), sometimes an
  // arbitrary one, which must be refused cleanly.
  RandomPlayer player(game.play_seed);
  static thread_local std::vector<Action> candidates;  // kept across inputs, as driven_game's list
  auto next_action = [&](bool listed) -> std::optional<Action> {
    if (!listed) return player.arbitrary(s, rules);
    return pick_some(s, rules, candidates, [&](size_t n) { return player.next() % n; });
  };
  for (int steps = 0; steps < kMostSteps && !s.hand_over; ++steps) {
    // As in play_fuzz: past an empty stock under must-play, each step costs a solver proof.
    if (rules.draw.empty_stock == EmptyStock::kMustPlay && s.stock.empty()) break;
    const bool listed = player.next() % kArbitraryEvery != 0;
    const std::optional<Action> a = next_action(listed);
    if (!a) {
      if (auto f = checker.stuck(s)) return failed(*f, s);
      break;
    }
    const GameState before = s;
    trace.verdicts.push_back(apply(s, rules, *a));
    trace.actions.push_back(*a);
    trace.listed.push_back(listed);
    const std::optional<hunt::Finding> f = checker.after_step(before, *a, listed, trace.verdicts.back(), s);
    if (f) return failed(*f, f->about_state ? s : before);
  }
  return found;
}

}  // namespace meldcheck::fuzz
