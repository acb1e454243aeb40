# The sources of `meldcheck check` and what they stand on, and nothing that starts processes
# or speaks the engine protocol: hunt's library builds them among the rest, the dispute board
# builds them alone for the browser (board/wasm.cmake). Paths relative to hunt/.
set(MELDCHECK_CHECK_SOURCES check_report.cc config.cc coverage.cc house.cc replay.cc run_options.cc)
