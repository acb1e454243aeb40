#include "hunting/scenario_case.h"

#include "harness/replay.h"

namespace meldcheck::hunt {

std::shared_ptr<const Config> scenario_config(const Scenario& sc, const RulesetLibrary& library) {
  auto c = std::make_shared<Config>();
  c->ruleset = sc.ruleset;
  c->variants = sc.variants;
  if (const RulesetSpec* spec = library.find(sc.ruleset))
    for (const OptionInfo& o : spec->options()) c->options[o.id] = o.default_choice;
  for (const auto& [id, choice] : sc.options) c->options[id] = choice;
  c->rules = sc.rules;
  return c;
}

std::vector<Case> scenario_cases(const Scenario& sc, const std::shared_ptr<const Config>& config,
                                 std::optional<DealInfo> deal, std::shared_ptr<const YamlNode> doc) {
  const RuleSet& r = config->rules;
  auto written = [&](const YamlNode* n) { return n ? std::shared_ptr<const YamlNode>(doc, n) : nullptr; };
  const YamlNode* steps = doc ? doc->find("steps") : nullptr;
  std::vector<Case> cases;
  cases.push_back(Case{.config = config,
                       .deal = deal,
                       .start = sc.start,
                       .written = written(doc && !deal ? doc->find("setup") : nullptr),
                       .next_hand = false});
  GameState s = sc.start;
  for (size_t i = 0; i < sc.steps.size(); ++i) {
    const Step& st = sc.steps[i];
    Action a = st.action;
    if (a.player == kNoPlayer) a.player = s.to_move;
    if (st.next_hand_setup && check_action(s, r, a) == Refusal::kNone) {
      Step named = st;
      named.action = a;
      apply_step(s, r, named);
      const YamlNode* setup = steps && i < steps->items.size() ? steps->items[i].find("next_hand") : nullptr;
      cases.push_back(Case{.config = config, .start = s, .written = written(setup), .next_hand = true});
      continue;
    }
    apply(s, r, a);
    cases.back().actions.push_back(a);
  }
  return cases;
}

std::optional<Finding> start_case(Checker& checker, const Case& c) {
  if (c.next_hand && c.written) return checker.next_hand_starts(c.start, *c.written);
  return checker.hand_starts(c.start, c.deal ? &*c.deal : nullptr, c.written.get());
}

namespace {

// The deal a scenario's `deal:` names, if its start is that deal (Scenario keeps only the
// state it dealt).
std::optional<DealInfo> deal_of(const YamlNode& doc, const Scenario& sc) {
  const YamlNode* deal = doc.find("deal");
  if (!deal) return std::nullopt;
  const YamlReader in(sc.file);
  const int players = sc.start.num_players;
  DealInfo d{0, players - 1};
  if (const YamlNode* seed = deal->find("seed")) d.seed = in.uint64(*seed, "seed");
  if (const YamlNode* dealer = deal->find("dealer")) d.dealer = dealer->scalar.empty() ? 0 : dealer->scalar[0] - 'A';
  if (d.dealer < 0 || d.dealer >= players || !(new_match(sc.rules, players, d.seed, d.dealer) == sc.start)) return std::nullopt;
  return d;
}

}  // namespace

std::vector<ScenarioCases> parse_cases(std::string_view text, const std::string& file, const RulesetLibrary& library) {
  return parse_cases(std::make_shared<const std::vector<YamlNode>>(parse_yaml(text, file)), file, library);
}

std::vector<ScenarioCases> parse_cases(std::shared_ptr<const std::vector<YamlNode>> docs, const std::string& file,
                                       const RulesetLibrary& library) {
  // Shared with the cases, which point into its documents for their setups as written.
  const auto read = std::make_shared<const ScenarioFile>(std::move(docs), file, library);
  const std::vector<Scenario>& scenarios = read->scenarios();
  // The documents too, for what a Scenario does not keep: whether it was dealt.
  std::vector<ScenarioCases> out;
  size_t next = 0;
  for (const YamlNode& doc : read->docs()) {
    if (doc.is_null()) continue;  // parse_scenarios skips these too
    const Scenario& sc = scenarios.at(next++);
    out.push_back({sc.name, scenario_cases(sc, scenario_config(sc, library), deal_of(doc, sc), {read, &doc})});
  }
  return out;
}

}  // namespace meldcheck::hunt
