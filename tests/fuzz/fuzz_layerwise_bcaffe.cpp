// libFuzzer harness of LayerwiseProfile::parseBCaffeLog: the input as a B-Caffe communication log (glog
// lines ending in [param_id, size, compute_time, communication_time]), then the job built from it (see
// layerwisefuzz.h). The file name says 2 measured workers, as "tmp2comm.log" does.

#include "layerwisefuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return sightline::fuzzLayerwise(&sightline::LayerwiseProfile::parseBCaffeLog, "tmp2comm.log", data, size);
}
