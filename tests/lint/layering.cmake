# Layering lint: core/ is pure C++ (no Qt, no QCustomPlot); widgets/ and app/ never include the heavy
# template libraries that stay inside core .cpp files; public core headers do not include them either.
# Run as: cmake -DSOURCE_DIR=<repo> -P layering.cmake
if(NOT SOURCE_DIR)
    message(FATAL_ERROR "SOURCE_DIR is not set")
endif()

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

scan(core "Q[A-Za-z]|qcustomplot|qt[a-z]*/" "core/ must not use Qt")
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
        list(APPEND violations "${rel}: ${line} (public core headers must not include heavy template libraries)")
    endforeach()
endforeach()

list(LENGTH violations count)
if(count GREATER 0)
    list(JOIN violations "\n  " text)
    message(FATAL_ERROR "layering violations:\n  ${text}")
endif()
message(STATUS "layering: ok")
