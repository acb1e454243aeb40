#include "hunting/shrink.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "engine/invariants.h"
#include "engine/position.h"

#include "harness/replay.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"

namespace meldcheck::hunt {

std::optional<Finding> recheck(const Case& c, Judge& judge, CheckId check) {
  const RuleSet& r = c.config->rules;
  GameState s = c.start;
  std::optional<Finding> f = judge.starts(s, c.deal ? &*c.deal : nullptr);
  if (judge.halted()) return std::nullopt;
  if (c.actions.empty()) {
    if (!f) f = judge.at_rest(s);
    return f && f->check == check ? f : std::nullopt;
  }
  if (f) return std::nullopt;  // another failure first
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const bool last = i + 1 == c.actions.size();
    const GameState before = s;
    const Action& a = c.actions[i];
    if (last) {
      if (f = judge.probe_again(before, a); f && f->check == check) return f;
    }
    const bool listed = is_listed(before, r, a);
    const Refusal verdict = apply(s, r, a);
    f = judge.after(before, a, listed, verdict, s);
    if (judge.halted()) return std::nullopt;
    if (f) return last && f->check == check ? f : std::nullopt;
  }
  return std::nullopt;
}

std::optional<Finding> recheck(const Case& c, CheckId check) {
  CheckingJudge judge(c.config, CheckLevel::kAll, nullptr);
  return recheck(c, judge, check);
}

namespace {

// Something the setup holds that the failure may not need: a card in a hand, the stock or
// the pile, or a whole meld on the table.
struct Item {
  enum class Where : uint8_t { kHand, kStock, kDiscard, kMeld } where;
  uint8_t player = 0;  // kHand
  Card card = kNoCard;  // kHand, kStock, kDiscard
  uint8_t meld_id = 0;  // kMeld
};

// The setup without the items: their cards are out of play.
GameState without(const RuleSet& r, const GameState& start, const std::vector<Item>& items) {
  StatedPosition s = state_position(start);
  for (const Item& it : items) {
    switch (it.where) {
      case Item::Where::kHand: s.seats[it.player].hand.erase(it.card); break;
      case Item::Where::kStock: std::erase(s.stock, it.card); break;
      case Item::Where::kDiscard: std::erase(s.discard, it.card); break;
      case Item::Where::kMeld: std::erase_if(s.table, [&](const Meld& m) { return m.id == it.meld_id; }); break;
    }
  }
  if (s.discard.empty()) s.offer = Offer{};
  return make_position(r, s);
}

std::vector<Item> removable(const GameState& s) {
  CardSet owed = s.turn.pile_meld_due | s.turn.freed_jokers;
  if (s.turn.must_use != kNoCard) owed.insert(s.turn.must_use);
  if (s.turn.no_discard != kNoCard) owed.insert(s.turn.no_discard);
  std::vector<Item> items;
  for (const Meld& m : s.table.all()) items.push_back({Item::Where::kMeld, 0, kNoCard, m.id});
  for (Card c : s.stock.cards()) items.push_back({Item::Where::kStock, 0, c, 0});
  for (Card c : s.discard.cards())
    if (!owed.contains(c)) items.push_back({Item::Where::kDiscard, 0, c, 0});
  for (int p = 0; p < s.num_players; ++p)
    for (Card c : s.hand(p))
      if (!owed.contains(c)) items.push_back({Item::Where::kHand, uint8_t(p), c, 0});
  return items;
}

// Delta debugging (Zeller's ddmin): removes chunks of the items, halving them, while the
// failure stays. `fails(removed)` tells whether it stays with these items removed.
template <typename T, typename Fails>
std::vector<T> ddmin_remove(std::vector<T> items, Fails&& fails) {
  std::vector<T> removed;
  size_t n = 2;
  while (!items.empty()) {
    const size_t chunk = (items.size() + n - 1) / n;
    bool reduced = false;
    for (size_t start = 0; start < items.size(); start += chunk) {
      std::vector<T> trial = removed;
      trial.insert(trial.end(), items.begin() + long(start), items.begin() + long(std::min(items.size(), start + chunk)));
      if (!fails(trial)) continue;
      removed = std::move(trial);
      items.erase(items.begin() + long(start), items.begin() + long(std::min(items.size(), start + chunk)));
      n = std::max<size_t>(n - 1, 2);
      reduced = true;
      break;
    }
    if (!reduced) {
      if (n >= items.size()) break;
      n = std::min(items.size(), 2 * n);
    }
  }
  return removed;
}

// The fewest steps of a game from its deal that still end in the failure: delta debugging
// over all steps but the last.
Case fewer_steps(Case c, const Recheck& still_fails) {
  constexpr size_t kMostSteps = 300;  // beyond this the game is written whole
  if (c.actions.size() < 2 || c.actions.size() > kMostSteps) return c;
  const Action last = c.actions.back();
  std::vector<size_t> steps(c.actions.size() - 1);
  for (size_t i = 0; i < steps.size(); ++i) steps[i] = i;
  auto kept_without = [&](const std::vector<size_t>& drop) {
    Case t = c;
    t.actions.clear();
    for (size_t i = 0; i + 1 < c.actions.size(); ++i)
      if (std::find(drop.begin(), drop.end(), i) == drop.end()) t.actions.push_back(c.actions[i]);
    t.actions.push_back(last);
    return t;
  };
  const std::vector<size_t> drop = ddmin_remove(steps, [&](const std::vector<size_t>& d) {
    return still_fails(kept_without(d)).has_value();
  });
  return kept_without(drop);
}

std::string verdict_text(const RuleSet& r, Refusal c) {
  if (c == Refusal::kNone) return "ok";
  const std::string id = r.rule_id(c);
  return id.find("/unmapped.") == std::string::npos ? "{ reject: " + id + " }" : "reject";
}

std::string indented(const std::string& lines, int by) {
  std::string out, pad(size_t(by), ' ');
  size_t start = 0;
  while (start < lines.size()) {
    const size_t end = lines.find('\n', start);
    out += pad + lines.substr(start, end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

std::string text_of(const Case& c, const Finding& finding, const Origin& origin, SetupForm form) {
  const Config& cfg = *c.config;
  const RuleSet& r = cfg.rules;
  std::map<std::string, std::string> options;
  if (const RulesetSpec* spec = RulesetLibrary::embedded().find(cfg.ruleset))
    for (const OptionInfo& o : spec->options())
      if (auto it = cfg.options.find(o.id); it != cfg.options.end() && it->second != o.default_choice) options[o.id] = it->second;
  std::string comment = "Found by " + origin.how + ": " + finding.message + ".";
  if (origin.steps_before > 0)
    comment += " Shrunk from " + std::to_string(origin.steps_before) + " steps to " + std::to_string(c.actions.size()) + ".";
  std::string text = write_head({to_string(finding.check) + ": " + finding.message, cfg.ruleset, cfg.variants, options, comment});
  if (c.deal) {
    text += "deal: { players: " + std::to_string(c.start.num_players) + ", seed: " + std::to_string(c.deal->seed) +
            ", dealer: " + player_name(c.deal->dealer) + " }\n";
  } else {
    text += "setup:\n" + write_setup(c.start, r, 2, form);
  }
  GameState s = c.start;
  if (!c.actions.empty()) text += "steps:\n";
  for (size_t i = 0; i < c.actions.size(); ++i) {
    const Action& a = c.actions[i];
    text += "  - " + write_step(a, r, s.to_move) + "\n";
    const Refusal verdict = apply(s, r, a);
    const bool last = i + 1 == c.actions.size();
    const std::string v = last && !finding.verdict.empty() ? finding.verdict : verdict_text(r, verdict);
    if (v != "ok") text += "    expect: " + v + "\n";
    if (last && finding.listed) text += std::string("    listed: ") + (*finding.listed ? "true" : "false") + "\n";
    if (last && !finding.note.empty()) text += "    note: " + yaml_quoted(finding.note) + "\n";
    if (last && !finding.about_state && !finding.expect.empty()) text += "    then:\n" + indented(finding.expect, 6);
  }
  if (finding.about_state && !finding.expect.empty()) text += "expect:\n" + indented(finding.expect, 2);
  return text;
}

// Whether the scenario text reads back and fails on this engine, as a finding must.
bool fails_when_replayed(const std::string& text) {
  try {
    const std::vector<Scenario> scenarios = parse_scenarios(text, "finding.yaml", RulesetLibrary::embedded());
    for (const Scenario& sc : scenarios)
      if (replay(sc).status == ScenarioResult::Status::kFail) return true;
  } catch (const InputError&) {
  }
  return false;
}

// The case under another configuration of its ruleset, the cards its deck has and the
// setup does not name out of play; nullopt when the setup holds a card that deck lacks.
std::optional<Case> under(const Case& c, std::shared_ptr<const Config> config) {
  Case t = c;
  try {  // the same cards where they lie, the rest of the other deck out of play
    t.start = make_position(config->rules, state_position(c.start));
  } catch (const std::invalid_argument&) {
    return std::nullopt;  // a card the other deck does not have
  }
  t.config = std::move(config);
  return t;
}

// The variants the failure does not need, dropped, and the options it does not need back
// at their defaults.
Case plainer_config(Case best, const Recheck& still_fails) {
  const RulesetSpec* spec = RulesetLibrary::embedded().find(best.config->ruleset);
  if (!spec || best.deal) return best;
  auto try_config = [&](const std::vector<std::string>& variants, const std::map<std::string, std::string>& options) {
    auto config = std::make_shared<Config>();
    config->ruleset = best.config->ruleset;
    config->variants = variants;
    config->options = options;
    try {
      config->rules = spec->resolve(variants, options);
    } catch (const std::exception&) {
      return;
    }
    if (auto t = under(best, config); t && still_fails(*t)) best = *t;
  };
  for (const std::string& v : std::vector<std::string>(best.config->variants)) {
    std::vector<std::string> fewer;
    for (const std::string& w : best.config->variants)
      if (w != v) fewer.push_back(w);
    try_config(fewer, best.config->options);
  }
  for (const OptionInfo& o : spec->options()) {
    auto it = best.config->options.find(o.id);
    if (it == best.config->options.end() || it->second == o.default_choice) continue;
    std::map<std::string, std::string> options = best.config->options;
    options[o.id] = o.default_choice;
    try_config(best.config->variants, options);
  }
  return best;
}

// Whether a player who owned a meld at `from` has opened and owns none at `start`: a setup
// the contract reads (`opened: true` says so) but no game of melds that stay on the table
// reaches, and where another engine that keeps no `opened` of its own answers otherwise.
bool lost_last_meld(const GameState& start, const GameState& from, const RuleSet& r) {
  if (r.table.free_rearrangement) return false;
  auto owns = [](const GameState& s, int p) {
    return std::any_of(s.table.all().begin(), s.table.all().end(), [&](const Meld& m) { return m.owner == p; });
  };
  for (int p = 0; p < start.num_players && p < from.num_players; ++p)
    if (start.players[p].opened && !owns(start, p) && owns(from, p)) return true;
  return false;
}

// The game as it was played, from its deal or its setup.
Case as_played(const Failure& failure) {
  std::optional<DealInfo> deal;
  if (!failure.from_setup) deal = DealInfo{failure.game.deal_seed, failure.game.players - 1};
  return Case{failure.game.config, deal, failure.trace.start, failure.trace.actions};
}

}  // namespace

Case shrink(const Failure& failure) {
  const CheckId check = failure.finding.check;
  return shrink(failure, [&](const Case& c) { return recheck(c, check); });
}

Case shrink(const Failure& failure, const Recheck& given) {
  const CheckId check = failure.finding.check;
  const RuleSet& r = failure.game.config->rules;
  // A shrunk setup stays a position the rules can reach (engine/invariants.h): a finding
  // from one no game reaches says nothing of the game (C-Reduce keeps a reduced case a
  // valid program for the same reason).
  // And it stays the same finding: about the same clause or fact (a shrunk case that fails
  // another way is another finding, C-Reduce's interestingness test).
  const Recheck still_fails = [&](const Case& c) -> std::optional<Finding> {
    if (!c.deal && (unreachable(c.start, c.config->rules) || lost_last_meld(c.start, failure.at, c.config->rules))) return std::nullopt;
    std::optional<Finding> f = given(c);
    return f && f->about == failure.finding.about ? f : std::nullopt;
  };
  Case from_deal = as_played(failure);
  if (failure.trace.actions.empty() && !failure.from_setup) return from_deal;  // the deal itself

  // The deal replaced by the state the failure is about, with the failing step alone.
  Case cut{.config = failure.game.config, .start = failure.at};
  if (!failure.finding.about_state && !failure.trace.actions.empty()) cut.actions.push_back(failure.trace.actions.back());
  if (check == CheckId::kTermination) {  // at the bound's last turn
    StatedPosition at = state_position(cut.start);
    at.facts.turns = uint16_t(r.max_turns - 1);
    cut.start = make_position(r, at);
  }
  Case best = still_fails(cut) ? cut : fewer_steps(from_deal, still_fails);
  if (best.deal) return best;
  best = plainer_config(best, still_fails);

  // Every card the failure does not need, out of play.
  const std::vector<Item> gone = ddmin_remove(removable(best.start), [&](const std::vector<Item>& items) {
    Case t = best;
    t.start = without(best.config->rules, best.start, items);
    return still_fails(t).has_value();
  });
  best.start = without(best.config->rules, best.start, gone);

  // Numbers the failure does not need, back to their defaults.
  for (int p = 0; p < best.start.num_players; ++p) {
    StatedPosition s = state_position(best.start);
    if (s.seats[p].total == s.seats[p].penalty) continue;
    s.seats[p].total = s.seats[p].penalty;
    Case t = best;
    t.start = make_position(best.config->rules, s);
    if (still_fails(t)) best = t;
  }
  if (check != CheckId::kTermination && best.start.turns != 0) {
    StatedPosition s = state_position(best.start);
    s.facts.turns = 0;
    Case t = best;
    t.start = make_position(best.config->rules, s);
    if (still_fails(t)) best = t;
  }
  return best;
}

std::string scenario_text(const Case& c, const Finding& finding, const Origin& origin,
                          const std::function<bool(const std::string&)>& shows) {
  if (!c.deal) {
    const std::string compact = text_of(c, finding, origin, SetupForm::kCompact);
    if (shows ? shows(compact) : fails_when_replayed(compact)) return compact;
  }
  return text_of(c, finding, origin, SetupForm::kWhole);
}

Written write_finding(const Failure& failure, const Origin& origin, const std::string& dir) {
  const Case shrunk = shrink(failure);
  Finding finding = recheck(shrunk, failure.finding.check).value_or(failure.finding);
  std::string text = scenario_text(shrunk, finding, origin);
  if (!fails_when_replayed(text)) {
    finding = failure.finding;
    // The shrunk scenario does not show the failure by replay: the whole game instead.
    Case whole = as_played(failure);
    if (failure.finding.about_state && !whole.actions.empty()) whole.actions.clear(), whole.deal.reset(), whole.start = failure.at;
    Origin o = origin;
    o.steps_before = 0;
    text = scenario_text(whole, failure.finding, o);
  }
  const bool shows = fails_when_replayed(text);
  if (!shows)
    text = "# Replayed, this scenario does not fail: no expectation says what the check found (" + to_string(failure.finding.check) +
           ": " + failure.finding.message + ").\n" + text;
  std::filesystem::create_directories(dir);
  const std::string path = (std::filesystem::path(dir) / (to_string(failure.finding.check) + "-game-" + std::to_string(failure.game.index) + ".yaml")).string();
  std::ofstream(path) << text;
  return {path, finding, shows};
}

}  // namespace meldcheck::hunt
