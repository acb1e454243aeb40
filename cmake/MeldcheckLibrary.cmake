# meldcheck_library(NAME SOURCES ... [PROJECT_DEPS ...] [EXTERNAL_DEPS ...] [VERSIONED])
#
# Adds the library NAME and its twin NAME_faulty: the same sources built with
# MELDCHECK_FAULTS, so that the faults of engine/fault.h can be switched on at run time
# (MELDCHECK_FAULT=<name>) to show each property catching the bug it guards against. The
# twin links the faulty twins of PROJECT_DEPS; EXTERNAL_DEPS are linked privately by both.
# VERSIONED: the sources read the project's version (MELDCHECK_VERSION).
function(meldcheck_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "VERSIONED" "" "SOURCES;PROJECT_DEPS;EXTERNAL_DEPS")
  list(TRANSFORM arg_PROJECT_DEPS APPEND _faulty OUTPUT_VARIABLE faulty_deps)
  foreach(variant IN ITEMS "" "_faulty")
    set(target ${name}${variant})
    add_library(${target} ${arg_SOURCES})
    target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
    target_link_libraries(${target} PRIVATE ${arg_EXTERNAL_DEPS})
    if(variant STREQUAL "")
      target_link_libraries(${target} PUBLIC ${arg_PROJECT_DEPS})
    else()
      target_link_libraries(${target} PUBLIC ${faulty_deps})
      target_compile_definitions(${target} PRIVATE MELDCHECK_FAULTS)
    endif()
    if(arg_VERSIONED)
      target_compile_definitions(${target} PRIVATE MELDCHECK_VERSION="${PROJECT_VERSION}")
    endif()
  endforeach()
endfunction()

# meldcheck_tests(NAME SOURCES ... LINKS ...): a folder's GoogleTest executable, its tests
# labelled unit, told where the scenarios and the project's sources are.
function(meldcheck_tests name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LINKS")
  add_executable(${name} ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE ${arg_LINKS} nlohmann_json::nlohmann_json GTest::gtest_main)
  target_compile_definitions(${name} PRIVATE MELDCHECK_SCENARIOS_DIR="${PROJECT_SOURCE_DIR}/scenarios"
                                             MELDCHECK_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  gtest_discover_tests(${name} PROPERTIES LABELS unit)
endfunction()
