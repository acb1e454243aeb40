#include "properties/support.h"

#include <filesystem>
#include <fstream>

#include "engine/position.h"
#include "engine/random_play.h"
#include "hunting/boundary.h"
#include "hunting/model_setup.h"
#include "hunting/oracle_views.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"

namespace meldcheck::props {

rc::Gen<Config> configs(std::vector<std::string> ids) {
  std::vector<const RulesetSpec*> specs;
  for (const auto& s : RulesetLibrary::embedded().all())
    if (ids.empty() || std::find(ids.begin(), ids.end(), s->id()) != ids.end()) specs.push_back(s.get());
  return rc::gen::map(rc::gen::tuple(uniform<size_t>(0, specs.size()), any<uint32_t>(), any<uint32_t>()),
                      [specs](const std::tuple<size_t, uint32_t, uint32_t>& t) {
                        const auto& [index, variant_mask, option_bits] = t;
                        const RulesetSpec& spec = *specs[index];
                        Config c;
                        c.ruleset = spec.id();
                        for (size_t i = 0; i < spec.variants().size(); ++i)
                          if ((variant_mask >> i) & 1) c.variants.push_back(spec.variants()[i].id);
                        uint32_t bits = option_bits;
                        for (const OptionInfo& o : spec.options()) {
                          c.options[o.id] = o.choices[bits % o.choices.size()];
                          bits /= uint32_t(o.choices.size());
                        }
                        c.rules = spec.resolve(c.variants, c.options);
                        return c;
                      });
}

rc::Gen<Game> games(std::vector<std::string> ids, int max_length, bool short_pools, bool boundaries) {
  // The length grows with the size (short games first), the rest is even.
  return rc::gen::map(rc::gen::tuple(configs(std::move(ids)), any<uint8_t>(), any<uint64_t>(), uniform(0, 24),
                                     rc::gen::nonEmpty(rc::gen::container<std::vector<uint32_t>>(any<uint32_t>())),
                                     rc::gen::inRange(1, max_length + 1), uniform(0, 2)),
                      [short_pools, boundaries](const auto& t) {
                        const auto& [config, seats, seed, pool, choices, length, bent] = t;
                        Game g;
                        g.config = config;
                        const PlayerRange range = config.rules.players;
                        g.players = range.min + seats % (range.max - range.min + 1);
                        g.deal_seed = seed;
                        g.pool = short_pools ? pool : -1;
                        g.boundary = boundaries && bent == 1;  // uniform's upper bound is excluded: bent is 0 or 1
                        g.choices = choices;
                        g.length = length;
                        return g;
                      });
}

namespace {

// A start the model reads itself: the position written out as a setup (never the engine's
// books taken over).
oracle::Position read_by_model(const Config& c, const GameState& start) {
  const hunt::ModelSetup read = hunt::model_setup_of(start, hunt::Config{c.ruleset, c.variants, c.options, c.rules});
  if (!read.position) throw std::logic_error("the model cannot read the start: " + read.problem);
  return *read.position;
}

}  // namespace

Books::Books(const Config& c, const GameState& start)
    : catalog_(hunt::game_of(hunt::Config{c.ruleset, c.variants, c.options, c.rules})), position_(read_by_model(c, start)) {}

Books::Books(const Game& g)
    : catalog_(hunt::game_of(hunt::Config{g.config.ruleset, g.config.variants, g.config.options, g.config.rules})),
      position_(g.pool >= 0 || g.boundary ? read_by_model(g.config, start_of(g))
                                          : catalog_.dealt(g.players, g.deal_seed, g.players - 1)) {}

void Books::step(const Action& a) { position_ = catalog_.next(position_, hunt::move_of(a)); }

std::string Books::expectations(Notation n) const {
  const oracle::Position& p = position_;
  std::string e = "  hand:\n";
  for (int q = 0; q < p.players; ++q) {
    std::vector<Token> hand;
    for (const Face& f : p.seats[size_t(q)].hand) hand.push_back({f});
    e += "    " + player_name(q) + ": " + token_list(hand, n) + "\n";
  }
  e += "  stock_size: " + std::to_string(p.stock.size()) + "\n  totals: {";
  for (int q = 0; q < p.players; ++q) e += (q ? ", " : " ") + player_name(q) + ": " + std::to_string(p.seats[size_t(q)].total);
  e += " }\n  round_over: " + std::string(p.hand_over ? "true" : "false") + "\n";
  if (p.hand_over) {
    e += "  round_scores: {";
    for (int q = 0; q < p.players; ++q) e += (q ? ", " : " ") + player_name(q) + ": " + std::to_string(p.round_scores[size_t(q)]);
    e += " }\n";
  }
  return e;
}

GameState start_of(const Game& g) {
  const RuleSet& r = g.config.rules;
  if (g.boundary) {
    auto config = std::make_shared<hunt::Config>(hunt::Config{g.config.ruleset, g.config.variants, g.config.options, r});
    return hunt::boundary_position(hunt::GameSpec{0, config, g.players, g.deal_seed, g.deal_seed ^ 0x5bd1e995u}).state;
  }
  GameState s = new_match(r, g.players, g.deal_seed, g.players - 1);
  if (g.pool < 0) return s;
  StatedPosition cut = state_position(s);  // the stock's bottom `pool` cards kept, the rest out
  if (cut.stock.size() > size_t(g.pool)) cut.stock.erase(cut.stock.begin(), cut.stock.end() - g.pool);
  return make_position(r, cut);
}

uint32_t choice_at(const Game& g, int i) {
  SplitMix64 mix{(uint64_t(g.choices[size_t(i) % g.choices.size()]) << 20) ^ uint64_t(i)};
  return uint32_t(mix.next());
}

std::optional<Action> pick(const GameState& s, const RuleSet& r, uint32_t choice, bool legal, std::vector<Action>& buffer) {
  if (!legal) return RandomPlayer(choice).arbitrary(s, r);
  legal_actions(s, r, buffer);
  if (buffer.empty()) return std::nullopt;
  return buffer[(choice >> 2) % buffer.size()];
}

Trace play(const Game& g, const std::function<bool(const GameState&, const Step&, const GameState&)>& visit, bool one_hand,
           int legal_in_three) {
  const RuleSet& r = g.config.rules;
  Trace t{start_of(g), {}};
  GameState s = t.start;
  std::vector<Action> buffer;
  for (int i = 0; i < g.length && !s.game_over && !(one_hand && s.hand_over); ++i) {
    const uint32_t c = choice_at(g, i);
    const bool legal = int(c % 3) < legal_in_three;
    std::optional<Action> a = pick(s, r, c, legal, buffer);
    if (!a) break;
    const GameState before = s;
    Step step{*a, apply(s, r, *a), legal};
    t.steps.push_back(step);
    if (!visit(before, step, s)) break;
  }
  return t;
}

std::string verdict_text(const RuleSet& r, Refusal c) {
  return c == Refusal::kNone ? "ok" : "{ reject: " + r.rule_id(c) + " }";
}

std::string describe(const Game& g) {
  std::string s = g.config.ruleset;
  for (const std::string& v : g.config.variants) s += " +" + v;
  for (const auto& [k, v] : g.config.options) s += " " + k + "=" + v;
  return s + ", " + std::to_string(g.players) + " players, deal seed " + std::to_string(g.deal_seed) +
         (g.pool >= 0 ? ", pool " + std::to_string(g.pool) : "") + (g.boundary ? ", from a boundary position" : "");
}

void showValue(const Game& g, std::ostream& os) {
  os << describe(g) << ", " << g.choices.size() << " choices, up to " << g.length << " actions";
}

namespace {

std::filesystem::path failure_path(const std::string& property) {
  const char* env = std::getenv("MELDCHECK_FAILURE_DIR");
  return std::filesystem::absolute(env ? env : "property-failures") / (property + ".yaml");
}

// Keeps the smallest failure of each property that this process has seen.
bool smaller_than_before(const std::string& property, size_t size) {
  static std::map<std::string, size_t> smallest;
  auto it = smallest.find(property);
  if (it != smallest.end() && it->second < size) return false;
  smallest[property] = size;
  return true;
}

void save(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

std::string failure_head(const std::string& property, const std::string& why, const Config& c, const std::string& origin) {
  return write_head({"property " + property + " fails: " + why, c.ruleset, c.variants, c.options,
                     "Written by properties/ (" + origin + "). Replay: meldcheck replay " + failure_path(property).string()});
}

std::string token_list(const std::vector<Token>& tokens, Notation notation) {
  std::string s = "[";
  for (size_t i = 0; i < tokens.size(); ++i) s += (i ? ", " : "") + format_token(tokens[i], notation);
  return s + "]";
}

std::string write_failure_text(const std::string& property, size_t size, const std::string& text) {
  const std::filesystem::path path = failure_path(property);
  if (smaller_than_before(property, size)) save(path, text);
  return path.string();
}

namespace {

// The scenario of a run: from the deal when it starts there (or `from_deal` says so), so
// that the deal is replayed too, else from its first state as a setup.
std::string run_text(const std::string& property, const Game& g, const Trace& t, const std::string& expect,
                     const std::string& why, const LastStep& last, bool from_deal) {
  std::vector<Action> actions;
  std::vector<std::string> verdicts;
  for (const Step& s : t.steps) {
    actions.push_back(s.action);
    verdicts.push_back(verdict_text(g.config.rules, s.verdict));
  }
  if (!verdicts.empty() && !last.verdict.empty()) verdicts.back() = last.verdict;
  if (!verdicts.empty()) verdicts.back() += last.extra;
  const bool deal = from_deal || (g.pool < 0 && !g.boundary && t.start == start_of(g));
  const std::string start = deal ? "deal: { players: " + std::to_string(g.players) + ", seed: " + std::to_string(g.deal_seed) + " }\n"
                                 : "setup:\n" + write_setup(t.start, g.config.rules, 2);
  return failure_head(property, why, g.config, describe(g)) + start + write_steps(t.start, g.config.rules, actions, verdicts) +
         (expect.empty() ? "" : "expect:\n" + expect);
}

}  // namespace

std::string write_failure(const std::string& property, const Game& g, const Trace& t, const std::string& expect,
                          const std::string& why, const LastStep& last) {
  return write_failure_runs(property, g, {{&t, expect, last}}, why);
}

std::string write_failure_runs(const std::string& property, const Game& g, const std::vector<Run>& runs, const std::string& why) {
  std::string text;
  size_t size = 0;
  for (const Run& run : runs) {
    text += (text.empty() ? "" : "---\n") + run_text(property, g, *run.trace, run.expect, why, run.last, run.from_deal);
    size += run.trace->steps.size();
  }
  return write_failure_text(property, size, text);
}

}  // namespace meldcheck::props
