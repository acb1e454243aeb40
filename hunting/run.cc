#include "hunting/run.h"

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

namespace meldcheck::hunt {
namespace {

constexpr uint64_t kBatch = 8;  // games a job plays in order before taking more
constexpr uint64_t kUnlimited = ~uint64_t{0};

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

uint64_t shard_games(const RunSettings& s) {
  const uint64_t first = uint64_t(s.shard - 1), step = uint64_t(s.shards);
  return s.games > first ? (s.games - first + step - 1) / step : 0;
}

namespace {

// Waits for the threads, calling `report` (where given) a few times a second meanwhile;
// woken at once when the last is done.
void join_all(std::vector<std::thread>& threads, const std::function<void()>& report) {
  if (!report) {
    for (std::thread& t : threads) t.join();
    return;
  }
  std::mutex done_mutex;
  std::condition_variable done_signal;
  bool done = false;
  std::thread joiner([&] {
    for (std::thread& t : threads) t.join();
    std::lock_guard<std::mutex> lock(done_mutex);
    done = true;
    done_signal.notify_one();
  });
  std::unique_lock<std::mutex> lock(done_mutex);
  while (!done_signal.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; })) report();
  lock.unlock();
  joiner.join();
}

}  // namespace

RunResult run(const ConfigSpace& space, const RunSettings& settings, const std::atomic<bool>& interrupt,
              const std::function<void(const Progress&)>& progress) {
  const bool by_time = settings.budget == RunSettings::Budget::kSeconds;
  const uint64_t total = by_time ? kUnlimited : shard_games(settings);  // positions in this shard's sequence
  PlaySettings play = settings.play;
  play.whole_match = settings.budget == RunSettings::Budget::kMatches;

  std::atomic<uint64_t> next_batch{0}, games_done{0};
  std::atomic<int64_t> actions{0};
  // The position of the game that showed the last finding the run looks for, once shown.
  std::atomic<uint64_t> failed_at{kUnlimited};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::map<uint64_t, Stats> batches;  // by batch, merged at the end up to failed_at's
  Buckets findings;  // by position in the shard's sequence (the game's index when unsharded)
  double cpu = 0;
  const Clock::time_point start = Clock::now();

  auto job = [&] {
    const Clock::time_point job_start = Clock::now();
    while (!stop.load() && !interrupt.load()) {
      const uint64_t batch = next_batch.fetch_add(1);
      const uint64_t first = batch * kBatch;
      if (first >= total || first > failed_at.load()) break;
      Stats stats;
      for (uint64_t pos = first; pos < std::min(total, first + kBatch); ++pos) {
        if (pos > failed_at.load() || interrupt.load() || stop.load()) break;
        const uint64_t index = pos * uint64_t(settings.shards) + uint64_t(settings.shard - 1);
        const int64_t actions_before = stats.actions;
        std::optional<Failure> f = play_game(space.game(settings.seed, index), play, stats, &interrupt);
        actions += stats.actions - actions_before;
        ++games_done;
        if (f) {
          std::lock_guard<std::mutex> lock(mutex);
          f->game.index = pos;  // its place in this shard's sequence, for the order of findings
          findings.add(std::move(*f));
          if (settings.max_findings > 0) failed_at = findings.nth_first(settings.max_findings);
        }
        if (by_time && since(start) >= settings.seconds) stop = true;
      }
      std::lock_guard<std::mutex> lock(mutex);
      batches[batch].merge(stats);
    }
    std::lock_guard<std::mutex> lock(mutex);
    cpu += since(job_start);
  };

  std::vector<std::thread> threads;
  for (int j = 0; j < std::max(1, settings.jobs); ++j) threads.emplace_back(job);
  join_all(threads, progress ? std::function<void()>([&] {
    progress({games_done.load(), by_time ? 0 : total, actions.load(), since(start), settings.seconds});
  })
                             : std::function<void()>());

  RunResult out;
  out.seconds = since(start);
  out.cpu_seconds = cpu;
  out.interrupted = interrupt.load();
  // Every batch up to the last finding's: a later one may have been played meanwhile.
  const uint64_t last_batch = failed_at.load() == kUnlimited ? kUnlimited : failed_at.load() / kBatch;
  for (const auto& [batch, stats] : batches)
    if (batch <= last_batch) out.stats.merge(stats);
  if (failed_at.load() != kUnlimited) findings.keep_up_to(failed_at.load());
  out.findings = findings.sorted();
  for (Bucket& b : out.findings) {  // back to the games' own indices
    b.first.game.index = b.first.game.index * uint64_t(settings.shards) + uint64_t(settings.shard - 1);
    for (uint64_t& g : b.games) g = g * uint64_t(settings.shards) + uint64_t(settings.shard - 1);
  }
  return out;
}

}  // namespace meldcheck::hunt
