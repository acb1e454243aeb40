// An engine process spoken to through the engine protocol (spec/engine-protocol.md): one
// request a line on its input, one answer a line from its output, each within a time
// limit. An engine that exits, hangs, writes what is not JSON or answers another request
// is reported as such, and the process is gone: the caller starts another.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace meldcheck {

class EngineProcess {
 public:
  // Starts `command` with /bin/sh -c. Throws std::runtime_error when it cannot.
  EngineProcess(std::string command, std::chrono::milliseconds timeout);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  struct Reply {
    std::optional<nlohmann::json> answer;  // the answer, when there is one
    std::string failure;                   // else what went wrong: "exited (status 1)", "no answer within 5000 ms", ...
  };
  // Sends a request (its "id" is set here) and waits for its answer.
  Reply request(nlohmann::json request);

  // An engine that is no process: whatever it is asked, it answers with the lines of
  // `output` in order, then has closed its output (tests, and fuzzing the client on any bytes).
  static std::unique_ptr<EngineProcess> recorded(std::string output, std::chrono::milliseconds timeout);

  bool alive() const { return recorded_ ? open_ : pid_ > 0; }
  // The time spent on requests, each from its writing to its answer read (or the engine given
  // up): the engine's share of a run.
  std::chrono::duration<double> waited() const { return waited_; }
  void set_timeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }
  const std::string& command() const { return command_; }

 private:
  EngineProcess(std::chrono::milliseconds timeout, std::string output);
  void stop();
  std::string command_;
  std::chrono::milliseconds timeout_;
  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_;  // what was read past the last line
  long next_id_ = 1;
  std::chrono::duration<double> waited_{};
  bool recorded_ = false, open_ = false;
};

}  // namespace meldcheck
