// libFuzzer harness of LayerwiseProfile::parseCsv: the input as a comma-, semicolon- or tab-separated
// layer-wise profile with directives, then the job built from it (see layerwisefuzz.h).

#include "layerwisefuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return sightline::fuzzLayerwise(&sightline::LayerwiseProfile::parseCsv, "profile.csv", data, size);
}
