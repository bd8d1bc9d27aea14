# Builds the .deb from a build folder and checks what it holds: the executables, the desktop file,
# the metainfo, the MIME type and the icons. Run by ctest: cmake -DBUILD_DIR=... -P checkdeb.cmake
set(out ${BUILD_DIR}/package-check)
file(REMOVE_RECURSE ${out})
execute_process(COMMAND ${CMAKE_CPACK_COMMAND} -G DEB -B ${out} WORKING_DIRECTORY ${BUILD_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cpack failed:\n${log}")
endif()
file(GLOB debs ${out}/*.deb)
list(LENGTH debs count)
if(NOT count EQUAL 1)
    message(FATAL_ERROR "expected one .deb in ${out}, found: ${debs}")
endif()
execute_process(COMMAND dpkg-deb -c ${debs} RESULT_VARIABLE rc OUTPUT_VARIABLE contents)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "dpkg-deb cannot read ${debs}")
endif()
foreach(path
        ./usr/bin/sightline ./usr/bin/sightline-cli
        ./usr/share/applications/io.github.sightline.Sightline.desktop
        ./usr/share/metainfo/io.github.sightline.Sightline.metainfo.xml
        ./usr/share/mime/packages/sightline.xml
        ./usr/share/icons/hicolor/scalable/apps/sightline.svg
        ./usr/share/icons/hicolor/16x16/apps/sightline.png
        ./usr/share/icons/hicolor/48x48/apps/sightline.png
        ./usr/share/icons/hicolor/256x256/apps/sightline.png)
    string(FIND "${contents}" "${path}" found)
    if(found EQUAL -1)
        message(FATAL_ERROR "${debs} lacks ${path}:\n${contents}")
    endif()
endforeach()
execute_process(COMMAND dpkg-deb -f ${debs} Package Depends OUTPUT_VARIABLE fields)
message(STATUS "${debs}\n${fields}")
