cmake_minimum_required(VERSION 3.25)
# Inlines the board's parts into one self-contained page:
#   cmake -DPAGE_DIR=board/page -DENGINE=meldcheck_board.js -DOUT=meldcheck-board.html -P assemble_page.cmake
# board.html marks where the style, the engine (emscripten's script with the wasm inside) and
# the page's script go. A part that would end its <script> or <style> early stops the build.
file(READ "${PAGE_DIR}/board.html" page)
file(READ "${PAGE_DIR}/board.css" style)
file(READ "${ENGINE}" engine)
file(READ "${PAGE_DIR}/board.js" script)
foreach(part style engine script)
  string(TOLOWER "${${part}}" lower)
  if(lower MATCHES "</(script|style)")
    message(FATAL_ERROR "the board's ${part} holds </script or </style, which would end it inside the page")
  endif()
  string(FIND "${page}" "<!--@${part}@-->" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${PAGE_DIR}/board.html has no <!--@${part}@--> mark")
  endif()
endforeach()
string(REPLACE "<!--@style@-->" "<style>\n${style}</style>" page "${page}")
string(REPLACE "<!--@engine@-->" "<script>\n${engine}</script>" page "${page}")
string(REPLACE "<!--@script@-->" "<script>\n${script}</script>" page "${page}")
file(WRITE "${OUT}.tmp" "${page}")
file(RENAME "${OUT}.tmp" "${OUT}")
