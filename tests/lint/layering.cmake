# Layering lint: core/ is pure C++ (no Qt, no QCustomPlot, no MPI) and built in floors; widgets/ and app/ never
# include the heavy template libraries that stay inside core .cpp files; public core headers do not
# include them either.
# Run as: cmake -DSOURCE_DIR=<repo> -P layering.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
    message(FATAL_ERROR "SOURCE_DIR is not set")
endif()

# The floors of core/, lowest first. A folder includes its own headers and those of lower floors only:
# never a folder above it, nor another folder of its own floor.
set(floors
    "base"
    "model"
    "cost|graph|import"
    "align|exec"
    "replay"
    "analysis|memory"
    "strategy"
    "session"
    "search")

set(violations "")

function(scan dir pattern why)
    file(GLOB_RECURSE files "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.cpp")
    foreach(f ${files})
        file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](${pattern})")
        foreach(line ${lines})
            file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
            string(STRIP "${line}" line)
            list(APPEND violations "${rel}: ${line} (${why})")
        endforeach()
    endforeach()
    set(violations "${violations}" PARENT_SCOPE)
endfunction()

# The floor of a core folder, or -1 when it is on none.
function(floor_of folder out)
    set(index 0)
    foreach(floor ${floors})
        string(REPLACE "|" ";" members "${floor}")
        if(folder IN_LIST members)
            set(${out} ${index} PARENT_SCOPE)
            return()
        endif()
        math(EXPR index "${index} + 1")
    endforeach()
    set(${out} -1 PARENT_SCOPE)
endfunction()

scan(core "Q[A-Za-z]|qcustomplot|qt[a-z]*/" "core/ must not use Qt")
# MPI stays in app/mpi: core's search exchanges outcomes through CandidateExchange, and the window never
# starts processes.
scan(core "mpi\\.h" "MPI stays in app/mpi")
scan(widgets "mpi\\.h" "MPI stays in app/mpi")
scan(widgets "tbb/|oneapi/|boost/graph|simdjson" "keep TBB, Boost.Graph and simdjson inside core .cpp files")
scan(app "tbb/|oneapi/|boost/graph|simdjson" "keep TBB, Boost.Graph and simdjson inside core .cpp files")

# Public core headers (not _p.h) must not leak the heavy headers either.
file(GLOB_RECURSE headers "${SOURCE_DIR}/core/*.h")
foreach(h ${headers})
    if(h MATCHES "_p\\.h$")
        continue()
    endif()
    file(STRINGS "${h}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](tbb/|oneapi/|boost/graph|simdjson)")
    foreach(line ${lines})
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${h}")
        string(STRIP "${line}" line)
        list(APPEND violations "${rel}: ${line} (public core headers must not include heavy template libraries)")
    endforeach()
endforeach()

# The floors: every file in a folder of core/ against every core header it includes.
file(GLOB_RECURSE sources "${SOURCE_DIR}/core/*/*.h" "${SOURCE_DIR}/core/*/*.cpp")
foreach(f ${sources})
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
    string(REGEX REPLACE "^core/([^/]+)/.*" "\\1" folder "${rel}")
    floor_of("${folder}" own)
    if(own EQUAL -1)
        list(APPEND violations "${rel}: core/${folder} is on no floor (add it to the floors of tests/lint/layering.cmake)")
        continue()
    endif()
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"core/[^/]+/")
    foreach(line ${lines})
        string(REGEX REPLACE ".*\"core/([^/]+)/.*" "\\1" included "${line}")
        if(included STREQUAL folder)
            continue()
        endif()
        floor_of("${included}" theirs)
        string(STRIP "${line}" line)
        if(theirs EQUAL -1)
            list(APPEND violations "${rel}: ${line} (core/${included} is on no floor)")
        elseif(theirs GREATER own)
            list(APPEND violations "${rel}: ${line} (core/${folder} may not include core/${included}, a floor above it)")
        elseif(theirs EQUAL own)
            list(APPEND violations "${rel}: ${line} (core/${folder} may not include core/${included}, beside it on one floor)")
        endif()
    endforeach()
endforeach()

list(LENGTH violations count)
if(count GREATER 0)
    list(JOIN violations "\n  " text)
    message(FATAL_ERROR "layering violations (${count}):\n  ${text}")
endif()
message(STATUS "layering: ok")
