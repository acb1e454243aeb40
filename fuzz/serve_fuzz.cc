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

namespace {

// What the target asks of a reply, read without building the document (a reply to `state`
// or `legal` is kilobytes, read on every input): JSON throughout, an object at the top with
// a boolean `ok` and an `id`, and the code of its `error` object.
struct ReplyShape : nlohmann::json_sax<nlohmann::json> {
  bool object = false, has_id = false, ok_boolean = false;
  std::string error_code;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(true); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t& s) override {
    if (depth_ == 2 && in_error_ && key_ == "code") error_code = s;
    return value();
  }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    if (depth_ == 0) object = true;
    if (depth_ == 1) in_error_ = key_ == "error", note_key();
    ++depth_;
    return true;
  }
  bool end_object() override { return end(); }
  bool start_array(std::size_t) override {
    if (depth_ == 1) note_key();
    ++depth_;
    return true;
  }
  bool end_array() override { return end(); }
  bool key(string_t& k) override {
    key_ = k;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  int depth_ = 0;
  bool in_error_ = false;  // within the top object's `error`
  std::string key_;        // the last key read
  void note_key(bool is_boolean = false) {
    if (key_ == "id") has_id = true;
    if (key_ == "ok") ok_boolean = is_boolean;
  }
  bool value(bool is_boolean = false) {
    if (depth_ == 1) note_key(is_boolean);
    return true;
  }
  bool end() {
    if (--depth_ == 1) in_error_ = false;
    return true;
  }
};

}  // namespace

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
    // Read once: the strict reader's message only for a reply it refuses. Through a pointer
    // range, as every reader built without comparison tracing (CMakeLists.txt).
    ReplyShape r;
    if (!nlohmann::json::sax_parse(reply.data(), reply.data() + reply.size(), &r)) {
      found.problem = "reply " + std::to_string(replies + 1) + ": " + json_problem(reply);
      return found;
    }
    if (!r.object || !r.ok_boolean || !r.has_id) {
      found.problem = "reply " + std::to_string(replies + 1) + " is no reply: " + reply.substr(0, 200);
      return found;
    }
    // serve failing on its own is a bug of meldcheck's, whatever the request was.
    if (r.error_code == "internal") {
      found.problem = "reply " + std::to_string(replies + 1) + " is an internal error: " + reply.substr(0, 300);
      return found;
    }
  }
  // Every line answered, but those after a quit.
  auto is_quit = [](const std::string& line) {
    const nlohmann::json j = nlohmann::json::parse(line.data(), line.data() + line.size(), nullptr, false);
    return j.is_object() && j.contains("cmd") && j["cmd"] == "quit";
  };
  if (replies > asked.size() || (replies < asked.size() && (replies == 0 || !is_quit(asked[replies - 1]))))
    found.problem = std::to_string(asked.size()) + " requests, " + std::to_string(replies) + " replies";
  return found;
}

}  // namespace meldcheck::fuzz
