# The sources of `meldcheck check` and what they stand on, and nothing that starts processes
# or speaks the engine protocol: the dispute board builds them alone for the browser
# (board/wasm.cmake). Paths relative to the project's root.
set(MELDCHECK_CHECK_SOURCES disputes/check_report.cc harness/config.cc harness/coverage.cc harness/house.cc harness/replay.cc
    harness/run_options.cc)
