#include "oracles/position.h"

namespace meldcheck::oracle {

const PlacedMeld* Position::meld(int id) const {
  for (const PlacedMeld& m : table)
    if (m.id == id) return &m;
  return nullptr;
}

std::vector<Token> Move::tokens() const {
  std::vector<Token> out;
  for (const auto& g : groups) out.insert(out.end(), g.begin(), g.end());
  return out;
}

int Move::take_size(const std::vector<Face>& pile) const {
  const int size = int(pile.size());
  if (take_all) return size;
  if (take_down_to) {
    for (int i = size; i-- > 0;)
      if (pile[size_t(i)] == *take_down_to) return size - i;
    return 0;
  }
  return take_count >= 1 && take_count <= size ? take_count : 0;
}

}  // namespace meldcheck::oracle
