# The dispute board's WebAssembly build, configured with emscripten's toolchain (the `wasm`
# preset, or board/CMakeLists.txt's sub-build of the default build): the engine, the files
# library and check's part of disputes/ and harness/, compiled by em++ into one script with the wasm inside,
# then inlined with the page's HTML, CSS and JS into one self-contained meldcheck-board.html.
# Nothing else of the project is built here.

# yaml-cpp from Debian's source package, which setup.sh unpacks there.
set(MELDCHECK_YAML_CPP_SOURCE /usr/local/src/meldcheck/yaml-cpp CACHE PATH "yaml-cpp's source, compiled for wasm")
# The folder that holds nlohmann/json.hpp (header-only); the host's own, without the rest of
# the host's include folder, whose C library headers would shadow emscripten's.
set(MELDCHECK_NLOHMANN_DIR /usr/include CACHE PATH "the folder holding nlohmann/json.hpp")

if(NOT EXISTS ${MELDCHECK_YAML_CPP_SOURCE}/CMakeLists.txt)
  message(FATAL_ERROR "no yaml-cpp source in ${MELDCHECK_YAML_CPP_SOURCE}: run ./setup.sh")
endif()

set(MELDCHECK_TESTS OFF)
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG")
# The engine's refusals of bad input are exceptions (files/yaml_doc.h's InputError); emscripten
# leaves them uncatchable unless asked. Linking runs emscripten's JS optimizer, which looks for
# its acorn parser in Debian's node module folder.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
set(CMAKE_CXX_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)

set(YAML_CPP_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(YAML_CPP_BUILD_TOOLS OFF CACHE BOOL "" FORCE)
set(YAML_CPP_BUILD_CONTRIB OFF CACHE BOOL "" FORCE)
set(YAML_CPP_INSTALL OFF CACHE BOOL "" FORCE)
set(YAML_BUILD_SHARED_LIBS OFF CACHE BOOL "" FORCE)
add_subdirectory(${MELDCHECK_YAML_CPP_SOURCE} yaml-cpp EXCLUDE_FROM_ALL)

set(nlohmann_include ${CMAKE_BINARY_DIR}/nlohmann-include)
file(MAKE_DIRECTORY ${nlohmann_include})
file(CREATE_LINK ${MELDCHECK_NLOHMANN_DIR}/nlohmann ${nlohmann_include}/nlohmann SYMBOLIC)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${nlohmann_include})

include(${PROJECT_SOURCE_DIR}/cmake/MeldcheckLibrary.cmake)
add_subdirectory(engine EXCLUDE_FROM_ALL)
add_subdirectory(files EXCLUDE_FROM_ALL)

include(${PROJECT_SOURCE_DIR}/disputes/check_sources.cmake)
list(TRANSFORM MELDCHECK_CHECK_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/)
add_executable(meldcheck_board board/board_api.cc board/board_wasm.cc ${MELDCHECK_CHECK_SOURCES})
target_include_directories(meldcheck_board PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(meldcheck_board PRIVATE meldcheck_files nlohmann_json::nlohmann_json)
target_compile_definitions(meldcheck_board PRIVATE MELDCHECK_VERSION="${PROJECT_VERSION}")
target_compile_options(meldcheck_board PRIVATE -Wall -Wextra -Wpedantic)
# One script with the wasm inside (SINGLE_FILE), made by createMeldcheckEngine(): no file to
# fetch, so the page works from file://.
target_link_options(meldcheck_board PRIVATE
  -sMODULARIZE=1 -sEXPORT_NAME=createMeldcheckEngine -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1
  -sENVIRONMENT=web,node -sEXPORTED_RUNTIME_METHODS=ccall
  -sEXPORTED_FUNCTIONS=_board_rulesets,_board_check,_board_yaml_json)
set_target_properties(meldcheck_board PROPERTIES SUFFIX .js)

set(page_parts ${PROJECT_SOURCE_DIR}/board/page/board.html ${PROJECT_SOURCE_DIR}/board/page/board.css
               ${PROJECT_SOURCE_DIR}/board/page/board.js)
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/meldcheck-board.html
  COMMAND ${CMAKE_COMMAND} -DPAGE_DIR=${PROJECT_SOURCE_DIR}/board/page -DENGINE=$<TARGET_FILE:meldcheck_board>
          -DOUT=${CMAKE_BINARY_DIR}/meldcheck-board.html -P ${PROJECT_SOURCE_DIR}/board/assemble_page.cmake
  DEPENDS meldcheck_board ${page_parts} ${PROJECT_SOURCE_DIR}/board/assemble_page.cmake
  COMMENT "Assembling meldcheck-board.html")
add_custom_target(board_page ALL DEPENDS ${CMAKE_BINARY_DIR}/meldcheck-board.html)
