#pragma once

#include <QtGlobal>

// Whether the test runs in CI's sanitizer stage, where ctest sets SIGHTLINE_SANITIZED (tests/CMakeLists).
// There every item of a what-if costs about ten times its cycles, so the few tests whose heaviest inputs
// take minutes there check those inputs in the normal build only and say so; the code paths stay under
// the sanitizers through the lighter inputs. Run by hand, a sanitizer build's tests run in full.
inline bool inSanitizerStage()
{
    return qEnvironmentVariableIntValue("SIGHTLINE_SANITIZED") != 0;
}

// How much the corpus's bounds on a child process (time, resident memory) grow in the sanitizer stage,
// where the child runs several times slower and holds shadow memory. The heaviest run (tst_hostileinputs'
// tensor_partition at its minimum, 714 k pieces) takes 2.4 s in the normal build and 13.6 s under ASan,
// alone: 5.7 times, and more while a neighbouring test shares the two cores.
inline double sanitizerLimitScale()
{
    return inSanitizerStage() ? 6.0 : 1.0;
}
