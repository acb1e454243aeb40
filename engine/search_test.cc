// The candidate searches of engine/search.h: a contract's candidates searched for by kind.
#include "engine/search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/rng.h"

namespace meldcheck::detail {
namespace {

std::vector<std::pair<std::vector<Token>, MeldKind>> listed(const MeldList& list) {
  std::vector<std::pair<std::vector<Token>, MeldKind>> out;
  for (size_t i = 0; i < list.size(); ++i) out.emplace_back(std::vector<Token>(list[i].begin(), list[i].end()), list.kind(i));
  return out;
}

std::vector<std::pair<std::vector<Token>, MeldKind>> of_kinds(const MeldList& list, const ContractRound& want) {
  std::vector<std::pair<std::vector<Token>, MeldKind>> out;
  for (auto& [tokens, kind] : listed(list))
    if ((kind == MeldKind::kSet ? want.sets : want.runs) > 0) out.emplace_back(tokens, kind);
  return out;
}

// Hands of two decks and up to four jokers under every shape of meld rules: the melds a
// contract asks for, searched for by kind, are those of the whole search of those kinds,
// in its order (what a contract's listing combines: engine/legal.cc, contract_melds).
TEST(Search, AContractsMeldsSearchedForByKindAreTheWholeSearchsOfThoseKinds) {
  const std::vector<ContractRound> wants = {{2, 0}, {0, 2}, {1, 1}, {3, 0}, {0, 0}};
  SplitMix64 rng{7};
  int compared = 0, some = 0;
  for (int min_size = 1; min_size <= 4; ++min_size)
    for (int min_naturals = 0; min_naturals <= 2; ++min_naturals)
      for (SetStandin standin : {SetStandin::kCard, SetStandin::kRank, SetStandin::kDetermined})
        for (bool distinct : {true, false})
          for (int set_max : {0, 4})
            for (bool high : {true, false}) {
              MeldRules r;
              r.min_size = uint8_t(min_size);
              r.min_naturals = uint8_t(min_naturals);
              r.set_standin = standin;
              r.set_distinct_suits = distinct;
              r.set_max = uint8_t(set_max);
              r.ace_melding = r.ace_building = {high, !high};
              for (int hand = 0; hand < 6; ++hand) {
                CardSet cards;
                for (int i = 0; i < 12; ++i) cards.insert(Card(rng.next() % kFirstJoker));
                for (int j = int(rng.next() % 5); j-- > 0;) cards.insert(joker_card(j));
                const Pool pool(cards);
                const MeldList all = melds_from(r, pool);
                for (const ContractRound& want : wants) {
                  SCOPED_TRACE("min_size " + std::to_string(min_size) + ", min_naturals " + std::to_string(min_naturals) +
                               ", want " + std::to_string(want.sets) + " sets " + std::to_string(want.runs) + " runs");
                  const auto expected = of_kinds(all, want);
                  ASSERT_EQ(listed(melds_from(r, pool, &want)), expected);
                  ++compared;
                  some += !expected.empty();
                }
              }
            }
  EXPECT_GT(some, compared / 4);  // the hands form melds of the kinds asked, often
}

// What disjoint_melds emits, worked out plainly: every increasing tuple of candidates, in
// the order of a search that emits a tuple before going deeper, kept when the cards of its
// melds add up to no more than the hand holds, it has the size asked (exactly, or at most),
// and with `want` its number of sets, with `distinct` no two sets of one rank or runs of one
// suit.
std::vector<std::vector<int>> plain_combinations(const MeldList& melds, const FaceCounts& hand, int size, bool exact,
                                                 const ContractRound* want, bool distinct) {
  std::vector<std::vector<int>> out;
  std::vector<int> tuple;
  auto keep = [&] {
    FaceCounts used;
    int sets = 0;
    for (size_t a = 0; a < tuple.size(); ++a) {
      for (const Token& t : melds[size_t(tuple[a])]) ++used[t.face];
      sets += melds.kind(size_t(tuple[a])) == MeldKind::kSet;
      for (size_t b = 0; distinct && b < a; ++b) {
        const size_t x = size_t(tuple[a]), y = size_t(tuple[b]);
        if (melds.kind(x) == melds.kind(y) && melds.distinct_key(x) >= 0 && melds.distinct_key(x) == melds.distinct_key(y))
          return false;
      }
    }
    for (size_t f = 0; f < used.n.size(); ++f)
      if (used.n[f] > hand.n[f]) return false;
    const int runs = int(tuple.size()) - sets;
    if (want && (sets > want->sets || runs > want->runs)) return false;
    return true;
  };
  auto search = [&](auto&& self, size_t from) -> void {
    for (size_t i = from; i < melds.size() && int(tuple.size()) < size; ++i) {
      tuple.push_back(int(i));
      if (keep()) {
        const int sets = int(std::count_if(tuple.begin(), tuple.end(), [&](int m) { return melds.kind(size_t(m)) == MeldKind::kSet; }));
        if ((!exact || int(tuple.size()) == size) && (!want || sets == want->sets)) out.push_back(tuple);
        self(self, i + 1);
      }
      tuple.pop_back();
    }
  };
  search(search, 0);
  return out;
}

// Contracts and openings from hands of two decks and up to three jokers: disjoint_melds
// emits what the plain search keeps, in its order, up to the limit.
TEST(Search, DisjointMeldsEmitsTheCombinationsAPlainSearchKeeps) {
  MeldRules r;
  r.set_distinct_suits = false;
  r.set_standin = SetStandin::kCard;
  SplitMix64 rng{11};
  int emitted_some = 0;
  for (int hand = 0; hand < 200; ++hand) {
    CardSet cards;
    // Every other hand of four ranks alone, both copies of a card often held.
    for (int i = 0; i < 12; ++i)
      cards.insert(hand % 2 ? natural_card(Face::natural(int(rng.next() % kSuits), 1 + int(rng.next() % 4)), int(rng.next() % 2))
                            : Card(rng.next() % kFirstJoker));
    for (int j = int(rng.next() % 4); j-- > 0;) cards.insert(joker_card(j));
    const Pool pool(cards);
    const MeldList melds = melds_from(r, pool);
    const ContractRound want{uint8_t(rng.next() % 3), uint8_t(rng.next() % 3)};
    const bool distinct = rng.next() & 1, exact = rng.next() & 1, contract = rng.next() & 1;
    const int size = contract ? want.sets + want.runs : 1 + int(rng.next() % 3);
    const int limit = 1 + int(rng.next() % 300);
    std::vector<std::vector<int>> emitted;
    disjoint_melds(
        melds, pool.counts, size, exact, limit,
        [&](std::span<const int> chosen) {
          emitted.emplace_back(chosen.begin(), chosen.end());
          return 1;
        },
        contract ? &want : nullptr, distinct);
    std::vector<std::vector<int>> expected =
        plain_combinations(melds, pool.counts, size, exact, contract ? &want : nullptr, distinct);
    if (expected.size() > size_t(limit)) expected.resize(size_t(limit));
    ASSERT_EQ(emitted, expected) << "hand " << hand;
    emitted_some += !emitted.empty();
  }
  EXPECT_GT(emitted_some, 100);
}

}  // namespace
}  // namespace meldcheck::detail
