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
