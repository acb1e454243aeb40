# `cmake --install` and CPack: the command, the rulesets and schemas of spec/, the protocol
# document, the scenarios as the conformance suite (with its VERSION), the Python engine as
# an example of the protocol, a bash completion and
# a man page both made by the command from its own definition; `cpack -G DEB` packs them
# into a .deb whose dependencies dpkg-shlibdeps reads off the command (Debian's packages).
include(GNUInstallDirs)

option(MELDCHECK_INSTALL_FAULTY "Install meldcheck_faulty too (the engine with its faults, engine/fault.h)" OFF)
install(TARGETS meldcheck RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(MELDCHECK_INSTALL_FAULTY)
  install(TARGETS meldcheck_faulty RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

set(MELDCHECK_SHARE ${CMAKE_INSTALL_DATADIR}/meldcheck)
file(GLOB spec_files ${PROJECT_SOURCE_DIR}/spec/*.yaml ${PROJECT_SOURCE_DIR}/spec/*.json ${PROJECT_SOURCE_DIR}/spec/*.md)
install(FILES ${spec_files} DESTINATION ${MELDCHECK_SHARE}/spec)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/scenarios/ DESTINATION ${MELDCHECK_SHARE}/conformance
        FILES_MATCHING PATTERN "*.yaml")
# The suite's version is the project's: an engine team pins the suite it passed.
file(WRITE ${PROJECT_BINARY_DIR}/conformance/VERSION "${PROJECT_VERSION}\n")
install(FILES ${PROJECT_BINARY_DIR}/conformance/VERSION DESTINATION ${MELDCHECK_SHARE}/conformance)

# The independent Python Rummikub engine, as a worked example of the engine protocol that an
# engine team can run against the installed suite (python3 engine.py; standard library only).
foreach(f engine.py game.py rules.py solver.py README.md)
  install(FILES ${PROJECT_SOURCE_DIR}/oracles/rummikub-py/${f} DESTINATION ${MELDCHECK_SHARE}/engines/rummikub-py)
endforeach()

set(generated ${PROJECT_BINARY_DIR}/generated)
add_custom_command(OUTPUT ${generated}/meldcheck.bash ${generated}/meldcheck.1
                   COMMAND ${CMAKE_COMMAND} -E make_directory ${generated}
                   COMMAND meldcheck completion bash > ${generated}/meldcheck.bash
                   COMMAND meldcheck man > ${generated}/meldcheck.1
                   DEPENDS meldcheck
                   COMMENT "The bash completion and the man page, from the command's definition")
add_custom_target(meldcheck_completion_and_man ALL DEPENDS ${generated}/meldcheck.bash ${generated}/meldcheck.1)
install(FILES ${generated}/meldcheck.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME meldcheck)
install(FILES ${generated}/meldcheck.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

set(CPACK_PACKAGE_NAME meldcheck)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "rules verification and fuzz testing for rummy-family game engines")
set(CPACK_PACKAGE_CONTACT "meldcheck maintainers <meldcheck@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # libyaml-cpp0.7, libstdc++6, libc6 ... as Debian names them
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3, chromium")
set(CPACK_GENERATOR DEB)
include(CPack)
