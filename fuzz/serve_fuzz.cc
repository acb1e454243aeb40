// The request stream of `meldcheck serve` as untrusted bytes: every line is answered with
// one line of JSON (a reply or a bad-request, never an internal error), the loop goes on
// until quit or the end, and nothing crashes, hangs or reaches a sanitizer.
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/report_validity.h"
#include "fuzz/targets.h"
#include "protocol/protocol.h"

namespace meldcheck::fuzz {

Found serve_fuzz(const uint8_t* data, size_t size) {
  Found found;
  const std::string requests(reinterpret_cast<const char*>(data), size);
  std::istringstream in(requests);
  std::ostringstream out;
  serve(in, out, RulesetLibrary::embedded());
  // The lines serve reads and answers (those not blank), and the replies.
  std::vector<std::string> asked;
  std::istringstream lines(requests);
  for (std::string line; std::getline(lines, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos) asked.push_back(line);
  size_t replies = 0;
  std::istringstream answers(out.str());
  for (std::string reply; std::getline(answers, reply); ++replies) {
    // Read once: the strict reader's message only for a reply it refuses.
    const nlohmann::json r = nlohmann::json::parse(reply, nullptr, false);
    if (r.is_discarded()) {
      found.problem = "reply " + std::to_string(replies + 1) + ": " + json_problem(reply);
      return found;
    }
    if (!r.is_object() || !r.contains("ok") || !r["ok"].is_boolean() || !r.contains("id")) {
      found.problem = "reply " + std::to_string(replies + 1) + " is no reply: " + reply.substr(0, 200);
      return found;
    }
    // serve failing on its own is a bug of meldcheck's, whatever the request was.
    if (r.contains("error") && r["error"].is_object() && r["error"].value("code", "") == "internal") {
      found.problem = "reply " + std::to_string(replies + 1) + " is an internal error: " + reply.substr(0, 300);
      return found;
    }
  }
  // Every line answered, but those after a quit.
  auto is_quit = [](const std::string& line) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    return j.is_object() && j.contains("cmd") && j["cmd"] == "quit";
  };
  if (replies > asked.size() || (replies < asked.size() && (replies == 0 || !is_quit(asked[replies - 1]))))
    found.problem = std::to_string(asked.size()) + " requests, " + std::to_string(replies) + " replies";
  return found;
}

}  // namespace meldcheck::fuzz
