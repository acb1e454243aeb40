#include "harness/config.h"

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "engine/rng.h"

namespace meldcheck::hunt {

struct ConfigSpace::Cache {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const Config>> built;
};

std::string describe(const Config& c, const RulesetSpec& spec) {
  std::string s = c.ruleset;
  for (const std::string& v : c.variants) s += " +" + v;
  for (const OptionInfo& o : spec.options()) {
    auto it = c.options.find(o.id);
    if (it != c.options.end() && it->second != o.default_choice) s += " " + o.id + "=" + it->second;
  }
  return s;
}

namespace {

bool has(const std::vector<std::string>& list, const std::string& x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

std::string list_of(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace

ConfigSpace::ConfigSpace(const RulesetLibrary& library, const std::vector<std::string>& rulesets,
                         const std::optional<std::vector<std::string>>& variants,
                         const std::map<std::string, std::string>& options, int players)
    : variants_(variants), options_(options), players_(players), cache_(std::make_shared<Cache>()) {
  std::vector<std::string> known;
  for (const auto& spec : library.all()) known.push_back(spec->id());
  if (rulesets.empty()) {
    for (const auto& spec : library.all()) specs_.push_back(spec.get());
  } else {
    for (const std::string& id : rulesets) {
      const RulesetSpec* spec = library.find(id);
      if (!spec) throw std::invalid_argument("unknown ruleset '" + id + "' (rulesets: " + list_of(known) + ")");
      specs_.push_back(spec);
    }
  }
  if (variants_) {
    for (const RulesetSpec* spec : specs_) {
      std::vector<std::string> ids;
      for (const VariantInfo& v : spec->variants()) ids.push_back(v.id);
      for (const std::string& v : *variants_)
        if (!has(ids, v))
          throw std::invalid_argument("'" + v + "' is not a variant of " + spec->id() +
                                      (ids.empty() ? " (it has none)" : " (its variants: " + list_of(ids) + ")"));
    }
  }
  for (const auto& [id, choice] : options_) {
    bool found = false;
    for (const RulesetSpec* spec : specs_)
      for (const OptionInfo& o : spec->options()) {
        if (o.id != id) continue;
        found = true;
        if (!has(o.choices, choice))
          throw std::invalid_argument("option '" + id + "' of " + spec->id() + " has no choice '" + choice +
                                      "' (choices: " + list_of(o.choices) + ")");
      }
    if (!found) throw std::invalid_argument("no chosen ruleset has an option '" + id + "'");
  }
  if (players_ != 0)
    for (const RulesetSpec* spec : specs_)
      if (!spec->base().players.contains(players_))
        throw std::invalid_argument(spec->id() + " is not played by " + std::to_string(players_) + " players (" +
                                    std::to_string(spec->base().players.min) + "-" +
                                    std::to_string(spec->base().players.max) + ")");
}

std::string Offered::refuses(const RulesetSpec& spec, const std::vector<std::string>& variants,
                             const std::map<std::string, std::string>& options) const {
  const auto rs = rulesets.find(spec.id());
  if (rs == rulesets.end()) return "the engine does not play " + spec.id();
  for (const std::string& v : variants)
    if (!has(rs->second.variants, v)) return "the engine does not play variant " + v;
  for (const auto& [id, choice] : options) {
    const auto listed = rs->second.options.find(id);
    if (listed != rs->second.options.end() ? has(listed->second, choice) : spec.default_choice(id) == choice) continue;
    return "the engine does not play option " + id + "=" + choice;
  }
  return "";
}

void ConfigSpace::restrict_to(const Offered& offered) {
  std::vector<std::string> refused;
  std::erase_if(specs_, [&](const RulesetSpec* spec) {
    std::map<std::string, std::string> fixed;
    for (const OptionInfo& o : spec->options())
      if (auto it = options_.find(o.id); it != options_.end()) fixed[o.id] = it->second;
    const std::string why = offered.refuses(*spec, variants_.value_or(std::vector<std::string>{}), fixed);
    if (!why.empty()) refused.push_back(why);
    return !why.empty();
  });
  if (specs_.empty())
    throw std::invalid_argument("nothing to play: " + (refused.empty() ? std::string("no ruleset") : list_of(refused)));
  offered_ = offered;
}

std::shared_ptr<const Config> ConfigSpace::config(const RulesetSpec& spec, const std::vector<std::string>& variants,
                                                  const std::map<std::string, std::string>& options) const {
  std::string key = spec.id();
  for (const std::string& v : variants) key += " +" + v;
  for (const auto& [k, v] : options) key += " " + k + "=" + v;
  std::lock_guard<std::mutex> lock(cache_->mutex);
  auto& slot = cache_->built[key];
  if (!slot) {
    auto c = std::make_shared<Config>();
    c->ruleset = spec.id();
    c->variants = variants;
    c->options = options;
    c->rules = spec.resolve(variants, options);
    slot = std::move(c);
  }
  return slot;
}

GameSpec ConfigSpace::game(uint64_t seed, uint64_t index) const {
  // Each game's choices come from a generator of its own, seeded by the run's seed and
  // the game's index: the same game whoever plays it.
  SplitMix64 mix{seed};
  mix.state ^= SplitMix64{index * 0xD1B54A32D192ED03ull + 0x8BB84B93962EACC9ull}.next();
  auto pick = [&](uint64_t n) { return n <= 1 ? 0 : mix.next() % n; };

  const RulesetSpec& spec = *specs_[pick(specs_.size())];
  // With an engine's offer, only what it plays: its variants, its choices of an option
  // (the default of one it does not list). The draws stay the same in number, so a game
  // keeps its seeds whatever is offered.
  const Offered::Ruleset* offer = offered_ ? &offered_->rulesets.at(spec.id()) : nullptr;
  std::vector<std::string> variants;
  if (variants_) {
    variants = *variants_;
  } else {
    for (const VariantInfo& v : spec.variants())
      if ((mix.next() & 1) && (!offer || has(offer->variants, v.id))) variants.push_back(v.id);
  }
  std::map<std::string, std::string> options;
  for (const OptionInfo& o : spec.options()) {
    std::vector<std::string> choices = o.choices;
    if (offer) {
      const auto listed = offer->options.find(o.id);
      std::erase_if(choices, [&](const std::string& c) {
        return listed != offer->options.end() ? !has(listed->second, c) : c != o.default_choice;
      });
      if (choices.empty()) choices = {o.default_choice};
    }
    auto fixed = options_.find(o.id);
    const uint64_t drawn = pick(o.choices.size());
    options[o.id] = fixed != options_.end() ? fixed->second : choices[drawn % choices.size()];
  }
  GameSpec g;
  g.index = index;
  g.config = config(spec, variants, options);
  const PlayerRange range = g.config->rules.players;
  g.players = players_ != 0 ? players_ : range.min + int(pick(uint64_t(range.max - range.min + 1)));
  g.deal_seed = mix.next();
  g.play_seed = mix.next();
  return g;
}

}  // namespace meldcheck::hunt
