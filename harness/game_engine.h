// One engine as the harness plays it: meldcheck's own in process (InProcessEngine), or
// another behind the engine protocol (ProtocolEngine, protocol/engine_replay.h). Scenarios are
// replayed through it by one driver (replay_on), whichever engine answers; random play
// against another engine (lockstep) and `serve` speak to it by actions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "files/scenario.h"
#include "files/yaml_doc.h"

namespace meldcheck {

// An engine's answer to a start or a step.
struct EngineAnswer {
  enum class Kind {
    kOk,
    kRefused,      // a step refused (or a setup the engine will not play)
    kUnsupported,  // a house or a setup the engine does not play: the scenario is skipped
    kNoEngine,     // no engine to ask
    kTrouble,      // no usable answer: what went wrong is in `detail`
  };
  Kind kind = Kind::kOk;
  std::string rule;    // a refusal's rule id, as the engine names it ("" when it names none)
  std::string reason;  // a refusal's reason in the engine's own words, where it gives one
  std::string said;    // the answer as a report shows it: "ok", "reject (reason, rule)"
  std::string detail;  // kTrouble, kUnsupported, kNoEngine: why; kRefused start: the engine's message
  // The engine broke its own contract on this step, whatever the scenario expects: what
  // should have held (a refusal changes nothing, the invariants hold) and what happened.
  std::string promise, broke;

  static EngineAnswer of(Kind kind, std::string detail) {
    EngineAnswer a;
    a.kind = kind;
    a.detail = std::move(detail);
    return a;
  }
};

class GameEngine {
 public:
  virtual ~GameEngine() = default;
  // Starts the scenario's game: its setup or deal (`doc`: the scenario as written).
  virtual EngineAnswer start(const Scenario& sc, const YamlNode& doc) = 0;
  // Whether the engine lists step `index` of the scenario among the legal steps; nullopt
  // when it does not say.
  virtual std::optional<bool> lists(size_t index) = 0;
  // Whether the engine lists every legal step (else a step missing from its list is no finding).
  virtual bool lists_every_step() const = 0;
  virtual EngineAnswer apply(size_t index) = 0;
  // The steps the engine lists now; nullopt with `why` set when it fails to tell them. A
  // step that names no player is left to kNoPlayer: the mover's.
  virtual std::optional<std::vector<Action>> legal(std::string& why) = 0;
  // An action as the next step (random play: the engine's step is meldcheck's action).
  virtual EngineAnswer apply(const Action& a) = 0;
  // The position now; nullopt with `why` set when the engine fails to tell it. `expected`
  // (meldcheck's position, when the caller has it) lets an engine that writes its position
  // skip reading it back where it plainly is that one.
  virtual std::optional<GameState> position(std::string& why, const GameState* expected = nullptr) = 0;
  // Whether the engine tells its position at all (else expectations go unchecked).
  virtual bool tells_positions() const = 0;
  // Whether the expectations meldcheck answers from its own engine (the solver's best_move,
  // can_move) are the engine's to meet: only meldcheck's own; another is never asked them.
  virtual bool answers_meldchecks_own_expectations() const { return false; }
  // Whether a refusal's rule id is held to the one the scenario expects.
  virtual bool rule_ids_compared() const = 0;
  // A refusal's rule for a report (its paraphrase, where the engine is meldcheck's).
  virtual std::string rule_text(const EngineAnswer& a) const { return a.rule; }
};

// meldcheck's engine: the scenario's own rules, from its start.
class InProcessEngine : public GameEngine {
 public:
  EngineAnswer start(const Scenario& sc, const YamlNode& doc) override;
  std::optional<bool> lists(size_t index) override;
  bool lists_every_step() const override { return true; }
  EngineAnswer apply(size_t index) override;
  std::optional<std::vector<Action>> legal(std::string& why) override;
  EngineAnswer apply(const Action& a) override;
  // A step read on its own (serve's `apply`): a next hand may come with its setup.
  EngineAnswer apply(const Step& step);
  std::optional<GameState> position(std::string&, const GameState* = nullptr) override { return state_; }
  bool tells_positions() const override { return true; }
  bool answers_meldchecks_own_expectations() const override { return true; }
  bool rule_ids_compared() const override { return true; }
  std::string rule_text(const EngineAnswer& a) const override;

 private:
  // The answer to a step taken from `before`, held to the engine's own promises.
  EngineAnswer judged(const GameState& before) const;

  const Scenario* sc_ = nullptr;
  GameState state_;
  Refusal last_ = Refusal::kNone;
};

}  // namespace meldcheck
