// Runs a fuzz target over files and folders of inputs, for regression tests under any
// compiler (the fuzz preset links the same targets with libFuzzer instead). An input that
// crashes is named on stderr, as libFuzzer names it. With --times first, each input's run
// time in microseconds and its path, a line each: which inputs of a corpus take a target's time.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::string current;

void name_the_input(int sig) {
  const char* lead = "meldcheck fuzz: the input that failed: ";
  (void)!write(STDERR_FILENO, lead, std::strlen(lead));
  (void)!write(STDERR_FILENO, current.data(), current.size());
  (void)!write(STDERR_FILENO, "\n", 1);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  for (int sig : {SIGABRT, SIGSEGV, SIGFPE, SIGILL, SIGBUS}) std::signal(sig, name_the_input);
  int runs = 0;
  const bool times = argc > 1 && std::strcmp(argv[1], "--times") == 0;
  for (int i = times ? 2 : 1; i < argc; ++i) {
    std::vector<fs::path> files;
    if (fs::is_directory(argv[i])) {
      for (const auto& e : fs::recursive_directory_iterator(argv[i]))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(argv[i]);
    }
    for (const fs::path& f : files) {
      std::ifstream in(f, std::ios::binary);
      std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      current = f.string();
      const auto start = std::chrono::steady_clock::now();
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      if (times)
        std::printf("%lld %s\n",
                    static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count()),
                    current.c_str());
      ++runs;
    }
  }
  std::printf("%d inputs run\n", runs);
  return runs > 0 ? 0 : 1;
}
