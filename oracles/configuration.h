// What the oracles read of a configuration: whether a variant is on, an option's choice.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace meldcheck::oracle {

inline bool has(const std::vector<std::string>& variants, const std::string& id) {
  return std::find(variants.begin(), variants.end(), id) != variants.end();
}

inline std::string option(const std::map<std::string, std::string>& options, const std::string& id, const std::string& dflt) {
  auto it = options.find(id);
  return it == options.end() ? dflt : it->second;
}

}  // namespace meldcheck::oracle
