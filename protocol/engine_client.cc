#include "protocol/engine_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "files/json_text.h"

namespace meldcheck {

EngineProcess::EngineProcess(std::string command, std::chrono::milliseconds timeout)
    : command_(std::move(command)), timeout_(timeout) {
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid_ == 0) {
    setpgid(0, 0);  // its own group, so that stopping it stops what it started too
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);  // also here: whichever runs first
  close(in[0]);
  close(out[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
  fcntl(to_engine_, F_SETFD, FD_CLOEXEC);
  fcntl(from_engine_, F_SETFD, FD_CLOEXEC);
  signal(SIGPIPE, SIG_IGN);  // an engine that exits must not take meldcheck with it
}

EngineProcess::EngineProcess(std::chrono::milliseconds timeout, std::string output)
    : command_("(recorded)"), timeout_(timeout), buffer_(std::move(output)), recorded_(true), open_(true) {}

std::unique_ptr<EngineProcess> EngineProcess::recorded(std::string output, std::chrono::milliseconds timeout) {
  return std::unique_ptr<EngineProcess>(new EngineProcess(timeout, std::move(output)));
}

EngineProcess::~EngineProcess() { stop(); }

void EngineProcess::stop() {
  open_ = false;
  if (to_engine_ >= 0) close(to_engine_);
  if (from_engine_ >= 0) close(from_engine_);
  to_engine_ = from_engine_ = -1;
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  pid_ = -1;
}

EngineProcess::Reply EngineProcess::request(nlohmann::json req) {
  if (!alive()) return {std::nullopt, "the engine is not running"};
  const long id = next_id_++;
  req["id"] = id;
  const std::string line = json_text(req) + "\n";
  // From the request written to its answer read (or the engine given up): the engine's time.
  const auto began = std::chrono::steady_clock::now();
  auto answered = [&] { waited_ += std::chrono::steady_clock::now() - began; };
  auto fail = [&](std::string why) {
    answered();
    int status = 0;
    bool exited = false;
    for (int tries = 0; pid_ > 0 && !exited && tries < 20; ++tries) {  // an engine that closed its output is likely exiting
      exited = waitpid(pid_, &status, WNOHANG) == pid_;
      if (!exited) usleep(10000);
    }
    if (exited) {
      why = WIFEXITED(status) ? "the engine exited (status " + std::to_string(WEXITSTATUS(status)) + ")"
                              : "the engine was killed by signal " + std::to_string(WTERMSIG(status));
      pid_ = -1;
    }
    stop();
    return Reply{std::nullopt, why};
  };
  for (size_t sent = 0; !recorded_ && sent < line.size();) {
    const ssize_t n = write(to_engine_, line.data() + sent, line.size() - sent);
    if (n <= 0) return fail("the engine does not read its input");
    sent += size_t(n);
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  for (;;) {
    if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      answered();
      const std::string got = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      nlohmann::json answer;
      try {
        answer = nlohmann::json::parse(got);
      } catch (const nlohmann::json::exception&) {
        return fail("the engine answered with what is not JSON: " + got.substr(0, 200));
      }
      if (!answer.is_object() || !answer.contains("id") || answer["id"] != id)
        return fail("the engine answered another request: " + got.substr(0, 200));
      return {std::move(answer), ""};
    }
    if (recorded_) return fail("the engine closed its output");
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return fail("no answer within " + std::to_string(timeout_.count()) + " ms");
    pollfd p{from_engine_, POLLIN, 0};
    if (poll(&p, 1, int(left.count())) <= 0) continue;
    char chunk[65536];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n <= 0) return fail("the engine closed its output");
    buffer_.append(chunk, size_t(n));
    if (buffer_.size() > (64u << 20)) return fail("the engine wrote a line of more than 64 MiB");
  }
}

}  // namespace meldcheck
