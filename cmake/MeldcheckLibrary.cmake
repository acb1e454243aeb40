# meldcheck_library(NAME SOURCES ... [PROJECT_DEPS ...] [EXTERNAL_DEPS ...] [VERSIONED] [FAULT_HOOKS])
#
# Adds the library NAME and its twin NAME_faulty, which links the faulty twins of
# PROJECT_DEPS, so that the faults of engine/fault.h can be switched on at run time
# (MELDCHECK_FAULT=<name>) to show each check catching the bug it guards against.
# FAULT_HOOKS: the sources call fault() (the engine's), and the twin compiles them again with
# MELDCHECK_FAULTS. Any other library's sources are compiled once (NAME_objects) and both
# twins are those objects, linked to different libraries below: a second compilation would
# make the same objects, and made a third of the build's time.
# EXTERNAL_DEPS are linked privately by both. VERSIONED: the sources read the project's
# version (MELDCHECK_VERSION).
#
# A fuzz build (MELDCHECK_FUZZ) adds a third twin, NAME_untraced, which links the untraced
# twins of PROJECT_DEPS: the same code with no comparison traced (-fno-sanitize-coverage=
# trace-cmp), for the targets whose custom mutators never use what libFuzzer learns from
# traced comparisons. A library in MELDCHECK_UNTRACED traces none in any target, and its
# twin is its own objects; any other is compiled again for it, when a target links the twin.
function(meldcheck_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "VERSIONED;FAULT_HOOKS" "" "SOURCES;PROJECT_DEPS;EXTERNAL_DEPS")
  list(TRANSFORM arg_PROJECT_DEPS APPEND _faulty OUTPUT_VARIABLE faulty_deps)
  if(arg_FAULT_HOOKS)
    add_library(${name} ${arg_SOURCES})
    add_library(${name}_faulty ${arg_SOURCES})
    target_compile_definitions(${name}_faulty PRIVATE MELDCHECK_FAULTS)
    set(compiled ${name} ${name}_faulty)
  else()
    # A source with fault hooks here would lose them in the twin: its faults would never fire.
    foreach(source IN LISTS arg_SOURCES)
      if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${source})
        file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/${source} hooks REGEX "#include \"engine/fault\\.h\"")
        if(hooks)
          message(FATAL_ERROR "${source} includes engine/fault.h: ${name} needs FAULT_HOOKS (cmake/MeldcheckLibrary.cmake)")
        endif()
      endif()
    endforeach()
    add_library(${name}_objects OBJECT ${arg_SOURCES})
    target_link_libraries(${name}_objects PUBLIC ${arg_PROJECT_DEPS} PRIVATE ${arg_EXTERNAL_DEPS})
    add_library(${name} $<TARGET_OBJECTS:${name}_objects>)
    add_library(${name}_faulty $<TARGET_OBJECTS:${name}_objects>)
    set(compiled ${name}_objects)
  endif()
  set(twins ${name} ${name}_faulty)
  if(MELDCHECK_FUZZ)
    list(TRANSFORM arg_PROJECT_DEPS APPEND _untraced OUTPUT_VARIABLE untraced_deps)
    if(NOT name IN_LIST MELDCHECK_UNTRACED)
      add_library(${name}_untraced_objects OBJECT EXCLUDE_FROM_ALL ${arg_SOURCES})
      target_compile_options(${name}_untraced_objects PRIVATE -fno-sanitize-coverage=trace-cmp)
      target_link_libraries(${name}_untraced_objects PUBLIC ${untraced_deps} PRIVATE ${arg_EXTERNAL_DEPS})
      add_library(${name}_untraced EXCLUDE_FROM_ALL $<TARGET_OBJECTS:${name}_untraced_objects>)
      list(APPEND compiled ${name}_untraced_objects)
    else()
      foreach(target IN LISTS compiled)
        target_compile_options(${target} PRIVATE -fno-sanitize-coverage=trace-cmp)
      endforeach()
      if(NOT arg_FAULT_HOOKS)
        add_library(${name}_untraced EXCLUDE_FROM_ALL $<TARGET_OBJECTS:${name}_objects>)
      elseif(NOT arg_PROJECT_DEPS)  # the library itself, which links nothing traced
        add_library(${name}_untraced INTERFACE)
        target_link_libraries(${name}_untraced INTERFACE ${name})
      else()
        message(FATAL_ERROR "${name}: an untraced library with fault hooks and dependencies needs a twin compiled (cmake/MeldcheckLibrary.cmake)")
      endif()
    endif()
    get_target_property(type ${name}_untraced TYPE)
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      target_link_libraries(${name}_untraced PUBLIC ${untraced_deps} PRIVATE ${arg_EXTERNAL_DEPS})
      list(APPEND twins ${name}_untraced)
    endif()
  endif()
  foreach(target IN LISTS compiled twins)
    target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
  endforeach()
  foreach(target IN LISTS compiled)
    if(arg_VERSIONED)
      target_compile_definitions(${target} PRIVATE MELDCHECK_VERSION="${PROJECT_VERSION}")
    endif()
  endforeach()
  target_link_libraries(${name} PUBLIC ${arg_PROJECT_DEPS} PRIVATE ${arg_EXTERNAL_DEPS})
  target_link_libraries(${name}_faulty PUBLIC ${faulty_deps} PRIVATE ${arg_EXTERNAL_DEPS})
  set_target_properties(${name} ${name}_faulty PROPERTIES MELDCHECK_COMPILED_BY "${compiled}")
endfunction()

# meldcheck_compile_options(NAME OPTIONS...): compile options of the library NAME's sources,
# in whichever targets compile them (NAME_objects, or both twins of a FAULT_HOOKS library).
function(meldcheck_compile_options name)
  get_target_property(compiled ${name} MELDCHECK_COMPILED_BY)
  foreach(target IN LISTS compiled)
    target_compile_options(${target} PRIVATE ${ARGN})
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
