// The invariants random play checks after every step, and the oracles it asks at the end
// of every hand: what `meldcheck simulate`, the properties and the fuzz targets share.
//
// Each check has an id (the `check` of a Finding). A finding says what the step should
// have done instead, from the invariant or the oracle, so that the scenario written from
// it fails on the engine that broke the rule and passes on one that keeps it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "files/yaml_doc.h"
#include "harness/config.h"
#include "hunting/check_id.h"
#include "hunting/model_setup.h"
#include "oracles/catalog.h"
#include "oracles/meld_oracle.h"
#include "oracles/score_oracle.h"

namespace meldcheck::hunt {

// How much a run checks. kSampled runs the per-step invariants on one step in
// kSampleEvery (and every step that ends a hand), the end-of-hand oracles always.
enum class CheckLevel : uint8_t { kNone, kSampled, kAll };
inline constexpr int kSampleEvery = 16;

struct Finding {
  CheckId check{};      // the invariant or oracle
  std::string message;  // what went wrong, for people
  // What the failing step should have done: its verdict ("ok", "reject", "{ reject: id }";
  // empty keeps the engine's), expectations after it (YAML lines of `then:`, unindented),
  // and whether the enumeration should list it.
  std::string verdict;
  std::string expect;
  std::optional<bool> listed;
  // The finding is about a state, not a step (a deal, the solver's best move): its
  // expectations belong at the end of a scenario that ends in that state.
  bool about_state = false;
  // A position cut from the game's state, when the finding is about that one.
  std::optional<GameState> position;
  // A comment kept with the failing step (`note:`): what another engine did there.
  std::string note;
  // What differs, without this game's cards: the clause or fact and the two answers
  // ("engine refuses take.whole-new-meld, catalog allows"). With the check and the kind of
  // step it tells findings apart (hunting/findings.h); empty where the check says it all.
  std::string about;
};

// The checks a Checker runs: all of them, or all but some a run may do without: costly ones
// (a fuzz target leaves the differential checks to the targets made for them), or the
// oracles of the games' texts, which judge a ruleset by the text its id names (spec_fuzz's
// mutated rulesets follow none).
class CheckSet {
 public:
  static CheckSet all() { return CheckSet(); }
  // Leaves out the catalog, the solver, the deal or the determinism check, or a text's
  // oracle: the table's melds, the jokers, the Rummikub table, the zero sum
  // (std::invalid_argument for any other: the engine's own invariants always run).
  CheckSet without(CheckId id) const;
  bool has(CheckId id) const { return !((off_ >> int(id)) & 1u); }
  bool catalog() const { return has(CheckId::kCatalog); }
  bool solver() const { return has(CheckId::kSolver); }
  bool deal() const { return has(CheckId::kDeal); }
  bool determinism() const { return has(CheckId::kDeterminism); }

 private:
  uint32_t off_ = 0;  // a bit a CheckId left out
};

// A hand dealt by the rules: from which seed, by which dealer.
struct DealInfo {
  uint64_t seed = 0;
  int dealer = 0;
};

// The ids of the checks, with one line each (for `meldcheck simulate --help` and reports).
struct CheckInfo {
  CheckId id;
  const char* what;
  bool every_step;  // a per-step invariant (sampled under kSampled), else end of hand
};
const std::vector<CheckInfo>& all_checks();

// Whether the meld oracle finds a meld on the table a meld: its cards, each joker as the
// card it stands for (one standing for a rank alone in any suit).
bool meld_oracle_accepts(const oracle::MeldDefinition& d, const Meld& m);


// `listed` for after_step, of an action not taken from the enumeration's list: whether the
// list holds it where that can be a finding (a listed action refused). Of an accepted one it
// is false, and the checker asks the list itself where it lists the kind in full (an
// accepted draw, take, discard or single meld not listed): the same findings, without a
// search of the list at every accepted step.
bool listed_if_refused(const GameState& before, const RuleSet& r, const Action& a, Refusal verdict);

// Checks one game, step by step. It keeps what the checks need across steps (the turns of
// the hand so far), so each game needs its own.
class Checker {
 public:
  // `oracle`: the oracle's reading of the configuration's house (its clauses, its meld text),
  // where the caller keeps one for many games (a fuzz target: one a configuration, not one
  // an input); else the checker reads it itself when first needed.
  Checker(std::shared_ptr<const Config> config, CheckLevel level, CheckSet checks = CheckSet::all(),
          std::shared_ptr<const oracle::Catalog> oracle = nullptr);

  // A hand begins: dealt by the rules (`dealt`), or from a setup (nullptr): `written`, the
  // setup as a scenario writes it, or else `s` written out as one. The oracle side starts
  // its own books here - the reference model from the deal oracle's deal, or from its own
  // reading of the setup (hunting/model_setup.h), and the dealer and round of the next hands'
  // deals - and never reads the engine's state again: every later position it works out
  // from the moves alone.
  std::optional<Finding> hand_starts(const GameState& s, const DealInfo* dealt, const YamlNode* written = nullptr);
  // The same from a setup the model has read already (model_setup): a fuzz target reads each
  // position it starts from once, not once an input.
  std::optional<Finding> hand_starts(const GameState& s, const ModelSetup& read);
  // The next hand of the game, set up as `written` (a scenario's next_hand with a setup):
  // what it leaves unsaid the model carries over from its own books.
  std::optional<Finding> next_hand_starts(const GameState& s, const YamlNode& written);

  // After a step: the state before it, the action, whether the enumeration listed it, the
  // verdict, the state after it. Of an action not taken from the list, `listed` matters
  // only when it was refused (see listed_if_refused).
  std::optional<Finding> after_step(const GameState& before, const Action& a, bool listed, Refusal verdict,
                                    const GameState& after);

  // The checks about a state rather than a step (the solver's best move), on their own.
  std::optional<Finding> state_checks(const GameState& s);

  // A hand still going in which the enumeration lists nothing: every position of a hand
  // has a legal step (a draw, a take, a discard, a pass, a timeout), so this is a finding.
  std::optional<Finding> stuck(const GameState& s);

  // An action near the legal ones whose verdict an oracle knows, tried on the state (not
  // taken): a set of one rank from the hand with every copy held, a suit twice included
  // (for Rummikub, laid beside the table as it stands). The probe, when the engine accepts
  // what the text refuses.
  struct Probe {
    Action action;
    Finding finding;
  };
  std::optional<Probe> probe(const GameState& s);

  // An action near `chosen` (another card, depth, meld, player or kind of step, a group a
  // card longer or shorter or left out, a joker's stand-in unsaid or doubled, jokers alone,
  // a Rummikub table as it lies), judged by
  // the engine and by the executable catalog (oracles/catalog.h), not taken: the probe,
  // when they differ. The engine's verdict in `judged`, when given.
  std::optional<Probe> near(const GameState& s, const Action& chosen, Refusal* judged = nullptr);
  // One of the candidates the enumeration proposed and the engine refused, against the
  // catalog: where the engine is stricter than the rules, the catalog allows it.
  std::optional<Probe> dropped(const GameState& s, const std::vector<Action>& candidates);

  // The differential check alone, on the next step of the game since hand_starts: the
  // engine's verdict against the catalog's and, accepted, the engine's whole position
  // (`after`) against the one the reference model works out.
  std::optional<Finding> against_catalog(const GameState& before, const Action& a, Refusal verdict,
                                         const GameState& after);
  // The engine's list of legal steps against the reference model's, where the list is
  // small (draws, takes, discards, layoffs onto each table meld, swaps, claims, passes), as
  // sets: an action one of them lists and the other does not, as the probe (kAll only).
  // `listed`: the engine's whole enumeration of the state, when the caller has it.
  std::optional<Probe> listing(const GameState& s, const std::vector<Action>* listed = nullptr);
  // The reference model's position, once the game has started (hand_starts).
  const oracle::Position* model() const { return model_ ? &*model_ : nullptr; }
  // The clauses the executable catalog says forbid the action in the model's position (the
  // game's position since hand_starts; none: it may be taken).
  std::vector<std::string> catalog_forbids(const Action& a);

 private:
  bool sampled_now() const;
  // A step as the invariants see it: the position before, the action, whether the engine
  // listed it, its verdict, the position after.
  struct Step {
    const GameState& before;
    const Action& a;
    bool listed;
    Refusal verdict;
    const GameState& after;
  };
  // The invariants of a step, in the order of hunting/checks.cc's kStepInvariants: the
  // first that fails is the finding.
  std::optional<Finding> step_invariants(const Step& step);
  std::optional<Finding> conserved(const Step& step);
  std::optional<Finding> refusal_changes_nothing(const Step& step);
  std::optional<Finding> refused_listed(const Step& step);
  std::optional<Finding> rummikub_table_valid(const Step& step);
  std::optional<Finding> table_melds_valid(const Step& step);
  std::optional<Finding> swap_allowed(const Step& step);
  std::optional<Finding> joker_not_for_a_table_card(const Step& step);
  std::optional<Finding> model_agrees(const Step& step);
  std::optional<Finding> deterministic(const Step& step);
  std::optional<Finding> accepted_listed(const Step& step);
  std::optional<Finding> within_turn_bound(const Step& step);
  std::optional<Finding> solver(const GameState& before);
  std::optional<Finding> solver_on_part(const GameState& s);
  std::optional<Finding> catalog_verdict(const Action& a, Refusal verdict);
  // The engine's position against the model's, fact by fact.
  std::optional<Finding> books(const GameState& engine);
  std::optional<Finding> books_at_start(const GameState& engine);  // books(), a finding about the start
  // The model's position after an accepted action.
  void step_model(const Action& a);

  std::shared_ptr<const Config> config_;
  // The ruleset as the executable catalog reads it, made when first asked (a run without
  // the catalog check never pays for it).
  const oracle::Catalog& catalog();
  std::shared_ptr<const oracle::Catalog> catalog_;
  // The reference model's position: the game's, as the catalog works it out.
  std::optional<oracle::Position> model_;
  oracle::Position scratch_, engine_view_;  // storage the model's steps and the comparisons reuse
  oracle::Move scratch_move_;
  std::vector<Action> listed_;  // the engine's list, its storage kept from step to step
  std::vector<std::pair<uint64_t, const Action*>> engine_keys_;  // listing()'s, kept likewise
  std::vector<uint64_t> engine_sorted_keys_, allowed_keys_;
  CheckLevel level_;
  CheckSet checks_;
  CardSet deck_;  // the deck's cards for deck_players_: conservation is checked at every step
  int deck_players_ = 0;
  int deal_dealer_ = 0, deal_round_ = 1;  // of the hand being played, as the oracle side counts them
  uint64_t steps_ = 0;
  int turns_ = 0, start_turns_ = 0;
};

}  // namespace meldcheck::hunt
