# The lint's own check: run layering.cmake on a fixture tree that breaks every rule, and require it to
# fail reporting exactly the violations the tree's expected.txt lists. A lint script that is broken (a
# syntax error, a rule that no longer fires, one that fires on everything) fails this test, where a
# plain "must fail" would pass.
# Run as: cmake -DLINT=<layering.cmake> -DFIXTURE=<tree> -P expectviolations.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${FIXTURE} -P ${LINT}
    RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(report "${out}${err}")
if(result EQUAL 0)
    message(FATAL_ERROR "the lint passed a tree that breaks every rule:\n${report}")
endif()
file(STRINGS "${FIXTURE}/expected.txt" expected)
list(LENGTH expected wanted)
foreach(line ${expected})
    string(FIND "${report}" "  ${line}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the lint did not report: ${line}\nIt said:\n${report}")
    endif()
endforeach()
if(NOT report MATCHES "layering violations \\(([0-9]+)\\)")
    message(FATAL_ERROR "the lint's report has no count of violations:\n${report}")
endif()
if(NOT CMAKE_MATCH_1 EQUAL wanted)
    message(FATAL_ERROR "the lint reported ${CMAKE_MATCH_1} violations where the tree has ${wanted}:\n${report}")
endif()
message(STATUS "the lint reports the ${wanted} violations of the fixture tree")
