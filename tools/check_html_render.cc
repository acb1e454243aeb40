// check_html_render: the HTML view of a `meldcheck check` report (JSON, see
// disputes/check_html.h) written by hand or by `meldcheck check --format json`, for the tests.
//
//   check_html_render FILE|-              the page, on standard output
//   check_html_render --verdicts FILE|-   what the page must show, one line each: every
//                                         step's verdict_text and refusing rule id, every
//                                         across cell's rule id and n/a reason, every file error
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "disputes/check_html.h"

namespace {

using nlohmann::json;

std::string get(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

void print_verdicts(const json& report) {
  std::set<std::string> seen;
  auto say = [&](const std::string& line) {
    if (!line.empty() && seen.insert(line).second) std::cout << line << "\n";
  };
  for (const json& sc : report.value("scenarios", json::array())) {
    say(get(sc, "error"));
    for (const json& step : sc.value("steps", json::array())) {
      say(get(step, "verdict_text"));
      if (step.contains("rule") && step["rule"].is_object()) say(get(step["rule"], "id"));
    }
    if (!sc.contains("across") || !sc["across"].is_object()) continue;
    for (const json& row : sc["across"].value("rows", json::array())) {
      say(get(row, "na"));
      for (const json& cell : row.value("cells", json::array()))
        if (cell.is_string() && cell != "legal") say(cell.get<std::string>());
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool verdicts = argc == 3 && std::string(argv[1]) == "--verdicts";
  if (argc != 2 + verdicts) {
    std::cerr << "usage: check_html_render [--verdicts] FILE|-\n";
    return 2;
  }
  const std::string path = argv[argc - 1];
  std::ifstream file;
  if (path != "-") {
    file.open(path);
    if (!file) {
      std::cerr << path << ": cannot read\n";
      return 2;
    }
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::ostringstream text;  // read whole: parsing from a std::cin iterator does not end
  text << in.rdbuf();
  const json report = json::parse(text.str(), nullptr, false);
  if (report.is_discarded() || !report.is_object()) {
    std::cerr << path << ": not a JSON object\n";
    return 2;
  }
  if (verdicts)
    print_verdicts(report);
  else
    meldcheck::write_check_html(std::cout, report);
  return 0;
}
