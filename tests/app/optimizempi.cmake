# sightline-cli optimize and frontier split over two MPI processes give the same strategy and figures
# as one process: the JSON documents are equal but for the search's time, its process count and its
# threads.
# The processes must really have been two (the document says so, and only the first one printed it),
# and a job that no process can load ends every process with status 1 instead of leaving one waiting,
# as a bad --out or --base ends them with status 2.
# Run as: cmake -DMPIEXEC=<mpirun> -DCLI=<sightline-cli> -DJOB=<job> -DWORK=<dir> -P optimizempi.cmake
cmake_minimum_required(VERSION 3.25)
file(MAKE_DIRECTORY "${WORK}")
set(mpirun "${MPIEXEC}" -np 2 --oversubscribe)

# Runs the command with one process and with two, and fails unless the JSON documents are equal but
# for the keys given as the timing's (the time taken, the processes, the threads).
function(compare_processes what timing)
    execute_process(COMMAND "${CLI}" ${ARGN} --json RESULT_VARIABLE one_rc OUTPUT_VARIABLE one ERROR_VARIABLE one_err
        TIMEOUT 120)
    if(NOT one_rc EQUAL 0)
        message(FATAL_ERROR "${what}, one process: status ${one_rc}: ${one_err}")
    endif()
    execute_process(COMMAND ${mpirun} "${CLI}" ${ARGN} --json RESULT_VARIABLE two_rc OUTPUT_VARIABLE two
        ERROR_VARIABLE two_err TIMEOUT 120)
    if(NOT two_rc EQUAL 0)
        message(FATAL_ERROR "${what}, two processes: status ${two_rc}: ${two_err}")
    endif()
    string(JSON processes ERROR_VARIABLE bad GET "${two}" processes)
    if(bad OR NOT processes EQUAL 2)
        message(FATAL_ERROR "${what}: the MPI run did not run as two processes (processes: ${processes} ${bad}):\n${two}")
    endif()
    foreach(key ${timing} processes threads)
        string(JSON one REMOVE "${one}" ${key})
        string(JSON two REMOVE "${two}" ${key})
    endforeach()
    string(JSON same EQUAL "${one}" "${two}")
    if(NOT same)
        message(FATAL_ERROR "${what}: one process and two disagree:\none: ${one}\ntwo: ${two}")
    endif()
endfunction()

compare_processes("optimize" search_seconds optimize "${JOB}" --out "${WORK}/best.json")
compare_processes("frontier" frontier_seconds frontier "${JOB}" --devices 2-8)
if(NOT EXISTS "${WORK}/best.json")
    message(FATAL_ERROR "the first process did not write --out")
endif()

execute_process(COMMAND ${mpirun} "${CLI}" optimize "${WORK}/absent.json" --json RESULT_VARIABLE missing_rc OUTPUT_VARIABLE missing
    ERROR_VARIABLE missing_err TIMEOUT 120)
if(NOT missing_rc EQUAL 1)
    message(FATAL_ERROR "a job no process can load: status ${missing_rc}, not 1: ${missing} ${missing_err}")
endif()
# Arguments that only some processes check (the first writes --out) or that each reads (--base) end
# every process with status 2, the first saying why, instead of leaving the others waiting.
foreach(bad "--out;${WORK}/no-such-folder/best.json;--out" "--base;${WORK}/absent-base.json;--base")
    list(GET bad 0 option)
    list(GET bad 1 value)
    list(GET bad 2 named)
    execute_process(COMMAND ${mpirun} "${CLI}" optimize "${JOB}" ${option} "${value}" RESULT_VARIABLE bad_rc
        OUTPUT_VARIABLE bad_out ERROR_VARIABLE bad_err TIMEOUT 120)
    if(NOT bad_rc EQUAL 2 OR NOT bad_err MATCHES "${named}|absent-base")
        message(FATAL_ERROR "a bad ${option}: status ${bad_rc}, not 2 with its reason: ${bad_out} ${bad_err}")
    endif()
endforeach()
# Processes that disagree: only the second is given an absent --base, or a memory limit no job fits.
# The first, which can read its arguments, stops with the second (status 2, and it says why), and
# keeps the least limit, failing to load the job as the second does (status 1), instead of waiting.
file(WRITE "${WORK}/second.sh" "#!/bin/sh\n# The command, with \$EXTRA's arguments in the second process only.\n"
    "if [ \"\${OMPI_COMM_WORLD_RANK}\" = 1 ]; then exec \"\$@\" \$EXTRA; fi\nexec \"\$@\"\n")
foreach(case "--base ${WORK}/absent-base.json|2|another process of the search could not read the --base file"
        "--max-memory-gb 0.000001|1|too-large")
    string(REPLACE "|" ";" case "${case}")
    list(GET case 0 extra)
    list(GET case 1 status)
    list(GET case 2 said)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env "EXTRA=${extra}" ${mpirun} -x EXTRA sh "${WORK}/second.sh" "${CLI}"
        optimize "${JOB}" RESULT_VARIABLE second_rc OUTPUT_VARIABLE second_out ERROR_VARIABLE second_err TIMEOUT 120)
    if(NOT second_rc EQUAL status OR NOT second_err MATCHES "${said}")
        message(FATAL_ERROR "only the second process given ${extra}: status ${second_rc}, not ${status} with '${said}': "
            "${second_out} ${second_err}")
    endif()
endforeach()
message(STATUS "one and two processes found the same strategy, frontier and figures")
