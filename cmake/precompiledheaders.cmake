# Precompiled headers. On two cores most of a clean build is the compiler parsing the same standard
# library and Qt headers again for every file: a test of the widgets spends 8 of its 13 s there. A target
# parses them once into a precompiled header, and every file of the target starts from it.
#
# Only headers from outside the project go in (the C++ standard library, Qt, QCustomPlot), so every file
# still includes what it uses itself; the fuzz preset turns precompiled headers off
# (CMAKE_DISABLE_PRECOMPILE_HEADERS) and so checks that core compiles without them.

set(SIGHTLINE_PCH_STD <algorithm> <array> <cmath> <cstddef> <cstdint> <functional> <limits> <map> <memory>
    <optional> <set> <span> <string> <string_view> <unordered_map> <utility> <vector>)

# sightline_pch(TARGET FLAVOUR): the headers of one flavour for TARGET's files: "std" for core, "core" for
# QtCore programs (the classes most files use; all of QtCore would take longer to build than it saves),
# "widgets" for the window's code (QtWidgets and QCustomPlot, whose headers pull in most of it anyway).
function(sightline_pch target flavour)
    set(headers ${SIGHTLINE_PCH_STD})
    if(flavour STREQUAL "core")
        list(APPEND headers <QByteArray> <QDir> <QFile> <QFileInfo> <QJsonArray> <QJsonDocument> <QJsonObject>
            <QString> <QStringList> <QTemporaryDir>)
    elseif(flavour STREQUAL "widgets")
        list(APPEND headers <QtWidgets> <qcustomplot.h>)
    elseif(NOT flavour STREQUAL "std")
        message(FATAL_ERROR "sightline_pch: unknown flavour ${flavour}")
    endif()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# Tests take QtTest as well. A precompiled header holds only for the macros it was built with, and Qt's
# headers read the folder's QT_TESTCASE_BUILDDIR and the definitions that the project's libraries and
# Qt's modules pass on (QT_WIDGETS_LIB, QT_NO_URL_CAST_FROM_STRING). So the tests of one folder that link
# the same of those libraries form a group that can share one: the first builds it, the others reuse it.
# Other libraries (TBB, zlib) pass on no such macro. Building one takes 20-35 s, so only a group of at
# least SIGHTLINE_TEST_PCH_MIN tests gets one; a smaller group would spend more than it saves.
set(SIGHTLINE_TEST_PCH_MIN 8)

# sightline_test_pch(TARGET LIBS...): puts the test TARGET, linked with LIBS, in its group.
function(sightline_test_pch target)
    set(libs ${ARGN})
    list(FILTER libs INCLUDE REGEX "^(sightline_|Qt6::)")
    list(SORT libs)
    string(MAKE_C_IDENTIFIER "${CMAKE_CURRENT_SOURCE_DIR}_${libs}" key)
    set_property(GLOBAL APPEND PROPERTY SIGHTLINE_TEST_PCH_GROUPS ${key})
    set_property(GLOBAL APPEND PROPERTY SIGHTLINE_TEST_PCH_${key} ${target})
    if(libs MATCHES "sightline_widgets|sightline_app|Qt6::Widgets")
        set_property(GLOBAL PROPERTY SIGHTLINE_TEST_PCH_${key}_FLAVOUR widgets)
    else()
        set_property(GLOBAL PROPERTY SIGHTLINE_TEST_PCH_${key}_FLAVOUR core)
    endif()
endfunction()

# sightline_test_pch_assign(): once every test is added, gives each large enough group its header.
# AUTOMOC's mocs_compilation.cpp of a test is empty (each test includes its own .moc), and would spend
# seconds only loading the header, so it goes without.
function(sightline_test_pch_assign)
    get_property(groups GLOBAL PROPERTY SIGHTLINE_TEST_PCH_GROUPS)
    list(REMOVE_DUPLICATES groups)
    foreach(key IN LISTS groups)
        get_property(targets GLOBAL PROPERTY SIGHTLINE_TEST_PCH_${key})
        list(LENGTH targets count)
        if(count LESS SIGHTLINE_TEST_PCH_MIN)
            continue()
        endif()
        get_property(flavour GLOBAL PROPERTY SIGHTLINE_TEST_PCH_${key}_FLAVOUR)
        list(POP_FRONT targets host)
        sightline_pch(${host} ${flavour})
        target_precompile_headers(${host} PRIVATE <QtTest>)
        foreach(target IN LISTS targets)
            target_precompile_headers(${target} REUSE_FROM ${host})
        endforeach()
        foreach(target IN ITEMS ${host} ${targets})
            get_target_property(dir ${target} BINARY_DIR)
            set_source_files_properties(${dir}/${target}_autogen/mocs_compilation.cpp TARGET_DIRECTORY ${target}
                PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
        endforeach()
    endforeach()
endfunction()
